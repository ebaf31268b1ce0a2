package dev.regtune.job.report.html;

/** A labelled mark on an axis at {@code value} (in data units). */
public record Tick(double value, String label) {
}
