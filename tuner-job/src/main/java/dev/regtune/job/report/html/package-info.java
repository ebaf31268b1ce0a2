/**
 * Self-contained HTML and inline SVG for reports: XML escaping, axis scales with nice ticks
 * (linear, and logarithmic where values span decades), scatter, line and grouped-bar charts with
 * legends and colour bars, and the page that holds them (inline CSS, no script, no external
 * reference), so that a report reads the same offline in any browser.
 *
 * <p>Output is deterministic: the same calls give the same bytes (numbers are formatted with
 * {@link java.util.Locale#ROOT} and rounded to a tenth of a pixel, nothing depends on the clock or
 * on hash order). Presentation only: this package knows nothing of result tables, knobs or Spark;
 * callers hand it the figures to draw.
 */
package dev.regtune.job.report.html;
