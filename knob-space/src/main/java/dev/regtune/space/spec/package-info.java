/**
 * Space specs: the JSON files (see {@code spaces/} at the repository root) that describe a
 * {@link dev.regtune.space.KnobSpace}, read and validated by
 * {@link dev.regtune.space.spec.SpaceSpecReader}.
 *
 * <pre>
 * {
 *   "name": "quickstart",                         optional
 *   "description": "...",                         optional
 *   "archs": ["sm_80", "sm_90"],                  optional: the arch dimension
 *   "maxrregcount": [0, 64, 32],                  optional: the register budget dimension (0..255, 0 = no limit)
 *   "launch_bounds": ["256", "256x2"],            optional: launch bounds replacing the kernel's own (THREADS[xBLOCKS])
 *   "ptxas": [                                    optional: public controls of the real ptxas (see ControlEntries)
 *     {"control": "register-usage-level", "values": [0, 5, 10]},
 *     {"control": "Ofast-compile"}                a choice, boolean or flag control with no domain: every value
 *   ],
 *   "knobs": [                                    the knob dimensions, by name or seed number
 *     {"knob": "RegAllocThresholdForDiscardConflicts", "min": 10, "max": 100000, "scale": "log", "points": 6},
 *     {"knob": 639, "min": 1, "max": 16, "step": 3},
 *     {"knob": "RegAllocBudgetCoeffA", "min": 0.0, "max": 1.0},
 *     {"knob": "RegAllocSmemSpilling"},           a boolean knob with no domain: both values
 *     {"knob": "allocator", "values": ["fatpoint", "briggs"]},   a choice knob: its choices by name
 *     {"knob": "RegAllocCoalesceMaxWidth", "values": [1, 2, 4]},
 *     {"knob": "RegTuneUniformPolicy", "value": 3},
 *     {"knob": "RegAllocSpillWeight", "min": 1, "max": 100, "when": "RegAllocSmemSpilling == true"},
 *     {"knob": "BriggsMaxRounds", "min": 4, "max": 32, "when": "allocator == 'briggs'"}
 *   ],
 *   "constraints": ["RegAllocBudgetCoeffA &lt;= RegAllocBudgetCoeffB"]
 * }
 * </pre>
 *
 * A knob's domain is one of: {@code min} and {@code max} (integer knobs: optional {@code step},
 * default 1, or {@code "scale": "log"}; real knobs: {@code "scale": "linear"} (default) or
 * {@code "log"}; both: optional grid {@code points}, 2 to {@value dev.regtune.space.spec.SpaceSpecReader#MAX_POINTS}),
 * {@code values} (categorical), {@code value} (fixed), or nothing for a boolean knob (both values)
 * or a choice knob (every choice). A choice knob ({@code allocator}) takes its choices by name, as
 * JSON strings, in {@code values} and {@code value}, and no range. Every value must lie in the
 * knob's valid range in the catalogue. {@code when} makes the knob
 * conditional. Conditions and constraints use the language of {@link dev.regtune.space.expr}
 * over knob names and {@code maxrregcount}; a choice knob is compared with a quoted choice name,
 * {@code allocator == 'briggs'}.
 *
 * <p>The {@code "ptxas"} list sweeps public controls of the real ptxas
 * ({@link dev.regtune.space.controls.PtxasControls}), each a dimension named {@code ptxas_...}: by
 * {@code values}, a {@code value}, {@code min} and {@code max} (with an optional {@code step}) for an
 * integer control, or nothing for every value of a boolean, flag or choice control. The model
 * ignores them; {@code -maxrregcount} and the launch bounds are the {@code maxrregcount} and
 * {@code launch_bounds} dimensions, which both evaluators read. Expressions cannot name controls.
 *
 * <p>Validation is complete before a space exists: unknown keys, knobs and choices (with a "did you mean"),
 * values outside the catalogue's ranges, empty ranges, bad steps and scales, duplicates, expressions
 * that do not parse or name knobs outside the space, cycles of conditions, and spaces whose first
 * few thousand grid and random points are all infeasible. Every error is one sentence.
 */
package dev.regtune.space.spec;
