package dev.regtune.job.report.sweep;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the Pareto plot draws: every candidate configuration's figures (from
 * {@link ConfigurationFigures}), which of them selection put on the front, and the default and
 * tuned configurations to name on the plot.
 *
 * @param kernels how many kernels the figures are over
 * @param candidates the candidates, sorted by {@code config_id}
 * @param front the {@code config_id}s on the front, as selection found them
 * @param descriptions what each configuration changes from the defaults, by {@code config_id} (for tooltips)
 * @param defaultConfigId the default configuration, when the rows have it
 * @param tunedConfigId the tuned configuration, when selection chose one
 */
public record ParetoView(long kernels, List<ConfigurationFigures> candidates, List<String> front,
        Map<String, String> descriptions, Optional<String> defaultConfigId, Optional<String> tunedConfigId) {
    public ParetoView {
        candidates = List.copyOf(candidates);
        front = front.stream().sorted().toList();
        descriptions = java.util.Collections.unmodifiableMap(new TreeMap<>(descriptions));
    }
}
