/**
 * The knob space: search-space specifications over the knobs of
 * {@link dev.regtune.core.knobs.KnobCatalogue}, their validation, samplers, adaptive search
 * strategies and the tuned-profile formats.
 *
 * <p>This root package holds the shared contracts and the space model: {@link dev.regtune.space.Configuration}
 * (one point, as text), {@link dev.regtune.space.UnitSpace} (a space seen as the unit hypercube, what
 * samplers and search strategies work in) and {@link dev.regtune.space.KnobSpace}, its
 * implementation over {@link dev.regtune.space.Dimension}s with {@link dev.regtune.space.Domain}s,
 * conditions and constraints; {@link dev.regtune.space.Utf8Files} reads the text files of specs,
 * profiles and selections, naming the line and column of a byte that is not UTF-8. Sub-packages: {@code spec} reads JSON specs into a {@code KnobSpace},
 * {@code expr} is the condition and constraint language, {@code sample} the grid, random, Latin
 * hypercube and Sobol samplers, {@code search} the adaptive strategies, {@code profile} the
 * tuned-profile formats.
 *
 * <p>This module takes knob names, ids, types, defaults and ranges from the catalogue only, and
 * must contain neither allocation logic nor Spark code.
 */
package dev.regtune.space;
