package dev.regtune.job.report.html;

import java.util.List;
import java.util.Optional;

/**
 * One axis of a chart: its label (quantity and unit, e.g. "estimated latency (cycles)"), its scale,
 * and optionally ticks of its own instead of the scale's (for an axis with a category such as
 * "none" next to the numbers). A logarithmic scale adds "log scale" to the label.
 */
public record Axis(String label, Scale scale, Optional<List<Tick>> customTicks) {
    public Axis {
        customTicks = customTicks.map(List::copyOf);
    }

    public Axis(String label, Scale scale) {
        this(label, scale, Optional.empty());
    }

    /** This axis with {@code ticks} in place of the scale's. */
    public Axis withTicks(List<Tick> ticks) {
        return new Axis(label, scale, Optional.of(ticks));
    }

    /** The ticks to draw. */
    public List<Tick> ticks() {
        return customTicks.orElseGet(scale::ticks);
    }

    /** The label as drawn: "(log scale)" appended for a logarithmic scale. */
    public String displayLabel() {
        return scale.logarithmic() ? label + " (log scale)" : label;
    }
}
