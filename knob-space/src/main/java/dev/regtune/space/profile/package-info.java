/**
 * Tuned knob profiles ({@link dev.regtune.space.profile.KnobProfile}) and their three file
 * formats ({@link dev.regtune.space.profile.ProfileFormat}): JSON, a ptxas-style knobs file and
 * CSV. Every writer is deterministic — no creation time, fields in a fixed order, knobs in
 * catalogue order, {@code \n} line ends, doubles as {@link java.lang.Double#toString(double)} —
 * so the same profile gives the same bytes; every reader validates against the {@link
 * dev.regtune.core.knobs.KnobCatalogue} and reports one sentence naming file and line (JSON:
 * and column). A profile read back equals the profile written, in every format.
 *
 * <p>Writers write only the knobs that differ from their default; readers also accept full lists,
 * knob numbers for names ({@code 684} for {@code RegAllocThresholdForDiscardConflicts}) and names
 * in any case. PASSIVE knobs (MAC pre-allocation, loop-invariant hoisting) are written like any
 * other: RegTune does not model them, but ptxas understands them, so a profile that sets one
 * passes it on. Knobs RegTune named itself (id -1) are written too, so that the file round-trips;
 * strip them before handing a knobs file to a ptxas that does not know them.
 *
 * <h2>JSON ({@code .json})</h2>
 * <pre>{@code
 * {
 *   "format": "regtune-profile",
 *   "version": 1,
 *   "arch": "sm_90",
 *   "maxrregcount": 64,
 *   "objective": "lex:spill,latency,registers",
 *   "knobs": {
 *     "RegAllocThresholdForDiscardConflicts": 70,
 *     "RegAllocCoalescing": false,
 *     "RegAllocEstimatedLoopIterations": 12.5
 *   },
 *   "provenance": {"corpus": "datasets/corpus", "run_id": "sweep-7", "model_version": "0.1.0"},
 *   "scores": {"train": {"kernels": 120, "objective": 1.25}, "test": {"kernels": 30}}
 * }
 * }</pre>
 * (written with one field per line). Knob values are typed by the catalogue; a choice knob's value
 * is its choice's name as a string ({@code "allocator": "briggs"}); unknown fields are errors.
 *
 * <h2>Knobs file ({@code .knobs}, {@code .txt})</h2>
 * <pre>
 * # RegTune knob profile
 * # format: regtune-profile
 * # version: 1
 * # arch: sm_90
 * # maxrregcount: 64
 * # objective: lex:spill,latency,registers
 * # corpus: datasets/corpus
 * # run_id: sweep-7
 * # model_version: 0.1.0
 * # train.kernels: 120
 * # train.objective: 1.25
 * # test.kernels: 30
 * [knobs]
 * RegAllocThresholdForDiscardConflicts=70
 * RegAllocCoalescing=false
 * </pre>
 * A comment {@code # key: value} whose key is one of the above (or {@code train.NAME},
 * {@code test.NAME}) is metadata; other comments and blank lines are ignored. arch and objective
 * are required; format and version are checked when present. Settings accept white space around
 * {@code =} and knob numbers ({@code 684=70}); anything else, and a missing {@code [knobs]}
 * header, is an error. A choice knob's value is its choice's name, {@code allocator=briggs}, here
 * and in the CSV layout.
 *
 * <h2>CSV ({@code .csv})</h2>
 * <pre>
 * kind,name,id,value,default
 * profile,format,,regtune-profile,
 * profile,version,,1,
 * profile,arch,,sm_90,
 * profile,maxrregcount,,64,
 * profile,objective,,"lex:spill,latency,registers",
 * provenance,corpus,,datasets/corpus,
 * provenance,run_id,,sweep-7,
 * provenance,model_version,,0.1.0,
 * train,kernels,,120,
 * train,objective,,1.25,
 * test,kernels,,30,
 * knob,RegAllocThresholdForDiscardConflicts,684,70,50
 * knob,RegAllocCoalescing,618,false,true
 * </pre>
 * One table, so pandas reads it in one call; {@code id} is -1 for unnumbered knobs and is checked
 * when filled; {@code default} is informational.
 *
 * <p>This package must not contain allocation logic, sampling or search: it only turns profiles
 * into bytes and back.
 */
package dev.regtune.space.profile;
