package dev.regtune.job.select;

import dev.regtune.space.Configuration;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A configuration of the result table: its id and its values as a point of a knob space — the
 * knobs that differ from their catalogue default, {@value Configuration#REGISTER_BUDGET} when the
 * budget is not 0 and {@value Configuration#LAUNCH_BOUNDS} when launch bounds were imposed. The
 * default configuration is therefore the empty one.
 *
 * @param configId the {@code config_id} column
 * @param configuration the values, reconstructed from the row's knob columns
 */
public record ConfigInfo(String configId, Configuration configuration) {
    /** Whether this is the default configuration: every knob at its default, no budget, no launch bounds. */
    public boolean isDefault() {
        return configuration.values().isEmpty();
    }

    /** How many values differ from the default configuration (knobs, budget, launch bounds). */
    public int changeCount() {
        return configuration.values().size();
    }

    /** "Name=Value, ..." of every value, sorted by name, or "defaults" for the default configuration. */
    public String changes() {
        if (isDefault()) {
            return "defaults";
        }
        return configuration.values().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", "));
    }

    /** The values as name to text, sorted by name. */
    public Map<String, String> values() {
        return configuration.values();
    }
}
