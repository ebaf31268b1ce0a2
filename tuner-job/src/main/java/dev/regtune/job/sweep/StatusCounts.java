package dev.regtune.job.sweep;

import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.job.results.ResultStatus;
import java.io.Serializable;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.spark.SparkContext;
import org.apache.spark.util.LongAccumulator;

/**
 * Rows of one staged chunk by status, counted by the tasks as they produce them (one Spark
 * accumulator per status). The write is the action of its tasks, so each successful task's counts
 * are merged once, whatever was retried: the driver learns a chunk's counts with no second pass
 * over its files, and the run record can show progress chunk by chunk.
 */
final class StatusCounts implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final int STATUS = ResultSchema.fileIndexOf(ResultColumns.STATUS);
    private static final ResultStatus[] STATUSES = ResultStatus.values();

    private final LongAccumulator[] counts = new LongAccumulator[STATUSES.length];

    StatusCounts(SparkContext sc) {
        for (ResultStatus s : STATUSES) {
            counts[s.ordinal()] = sc.longAccumulator("rows " + s.name());
        }
    }

    /** Counts a row built to {@link ResultSchema#fileSchema()}. */
    void count(Object[] row) {
        counts[ResultStatus.valueOf((String) row[STATUS]).ordinal()].add(1);
    }

    /** The counts merged on the driver so far, statuses with no row left out. */
    SortedMap<String, Long> snapshot() {
        SortedMap<String, Long> out = new TreeMap<>();
        for (ResultStatus s : STATUSES) {
            long n = counts[s.ordinal()].value();
            if (n > 0) {
                out.put(s.name(), n);
            }
        }
        return out;
    }
}
