/**
 * RegTune's application layer: the {@code regtune} command line and the harnesses it drives
 * (allocation reports, the allocation benchmark, the fidelity comparison with the real
 * {@code ptxas}).
 *
 * <p>Everything here consumes {@code allocator-core}; no allocation algorithm, cost model or knob
 * definition lives in this module. Sub-packages: {@code cli} (Picocli commands, argument checking,
 * exit codes), {@code allocate} (running the allocator over PTX files and writing its reports),
 * {@code bench} (timing protocol), {@code fidelity} (ground truth, baseline and metrics),
 * {@code report} (plain-text tables shared by the commands), {@code report.html} (self-contained
 * HTML and SVG charts) and {@code report.sweep} (the HTML report of a sweep's results).
 */
package dev.regtune.job;
