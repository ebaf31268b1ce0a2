/**
 * The knob space: search-space specifications over the knobs of
 * {@link dev.regtune.core.knobs.KnobCatalogue}, their validation, samplers, adaptive search
 * strategies and the tuned-profile formats.
 *
 * <p>This module takes knob names, ids, types, defaults and ranges from the catalogue only, and
 * must contain neither allocation logic nor Spark code.
 */
package dev.regtune.space;
