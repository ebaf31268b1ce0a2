/**
 * The public controls of the real ptxas (13.0.88) as a kind of dimension distinct from the model's
 * knobs: {@link dev.regtune.space.controls.PtxasControls} catalogues each with its option, its
 * valid values and what it does; a space spec sweeps them in its {@code "ptxas"} list, and a
 * configuration carries them as {@code ptxas_...} dimensions next to the knobs. The model does not
 * read them (it reads only the register budget and the launch bounds, which ptxas shares); the
 * ptxas evaluator of the sweep passes them on the command line.
 *
 * <p>No process is started here: whether the installed ptxas knows an option is checked by the
 * sweep, which runs it.
 */
package dev.regtune.space.controls;
