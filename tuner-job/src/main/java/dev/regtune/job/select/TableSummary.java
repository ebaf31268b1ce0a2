package dev.regtune.job.select;

import dev.regtune.job.results.ResultStatus;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What a selection was made from, without the rows.
 *
 * @param source the folder, runs and model version
 * @param evaluations the rows read (duplicates merged)
 * @param kernels the kernels
 * @param configurations the configurations
 * @param statuses rows per status, every status present (0 when none)
 * @param archs the architectures, sorted
 * @param notes what reading noticed, one sentence each
 */
public record TableSummary(TableSource source, int evaluations, int kernels, int configurations,
        Map<ResultStatus, Integer> statuses, List<String> archs, List<String> notes) {
    public TableSummary {
        statuses = Collections.unmodifiableMap(new EnumMap<>(statuses));
        archs = List.copyOf(archs);
        notes = List.copyOf(notes);
    }

    static TableSummary of(ResultTable t) {
        Map<ResultStatus, Integer> s = new EnumMap<>(ResultStatus.class);
        for (ResultStatus status : ResultStatus.values()) {
            s.put(status, t.count(status));
        }
        return new TableSummary(t.source(), t.size(), t.kernels().size(), t.configs().size(), s, t.archs(),
                t.notes());
    }
}
