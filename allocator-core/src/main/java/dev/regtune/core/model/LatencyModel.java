package dev.regtune.core.model;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import org.jspecify.annotations.Nullable;

/**
 * Estimated cycles of one thread's run: an in-order scoreboard schedule per basic block (see the
 * package documentation), weighted by block frequency. Stateless; scratch arrays are per call.
 */
public final class LatencyModel {
    private static final InstrKind[] KINDS = InstrKind.values();

    /** The last table's latencies by kind ordinal (read only): the tables are one value per SM generation. */
    private static volatile Latencies last = new Latencies(null, new int[0]);

    private record Latencies(@Nullable LatencyTable table, int[] byKind) {
    }

    private LatencyModel() {
    }

    /** {@code table}'s latency per kind ordinal, looked up once per table rather than once per estimate. */
    private static int[] latencies(LatencyTable table) {
        Latencies l = last;
        if (l.table() != table) {
            int[] latency = new int[KINDS.length];
            for (InstrKind k : KINDS) {
                latency[k.ordinal()] = table.of(k);
            }
            l = new Latencies(table, latency);
            last = l;
        }
        return l.byKind();
    }

    /**
     * @param freq block frequency per block
     * @param localLoadLatency cycles of a spill reload from local memory (knob or table)
     * @param storeIssue issue cycles of a spill store
     */
    public static long estimate(KernelFunction fn, LatencyTable table, double[] freq, SpillTraffic spills,
            int localLoadLatency, int storeIssue) {
        int[] latency = latencies(table);
        long[] ready = new long[fn.vregCount()];
        int[] stamp = new int[fn.vregCount()];
        double total = 0;
        for (int b = 0; b < fn.blockCount(); b++) {
            int mark = b + 1;
            long clock = 0;
            long end = 0;
            for (int i = fn.blockStart(b); i < fn.blockEnd(b); i++) {
                // A copy of an unrolled loop body stands for iterations the first copy already counts.
                if (spills.removed(i) || fn.instrHas(i, InstrFlags.UNROLLED_COPY)) {
                    continue;
                }
                long issue = clock;
                int local = spills.localReloadsBefore(i);
                int shared = spills.sharedReloadsBefore(i);
                // Reloads issue one per cycle from `clock`; the last one's value is ready its
                // latency after it issued.
                if (local > 0) {
                    issue = Math.max(issue + local, clock + local - 1 + localLoadLatency);
                }
                if (shared > 0) {
                    issue = Math.max(issue + shared, clock + local + shared - 1 + table.sharedLoadLatency());
                }
                for (int k = 0; k < fn.useCount(i); k++) {
                    int v = fn.use(i, k);
                    if (stamp[v] == mark && ready[v] > issue) {
                        issue = ready[v];
                    }
                }
                long done = issue + latency[fn.instrKind(i).ordinal()];
                for (int k = 0; k < fn.defCount(i); k++) {
                    int v = fn.def(i, k);
                    stamp[v] = mark;
                    ready[v] = done;
                }
                clock = issue + 1 + (long) spills.storesAfter(i) * storeIssue;
                end = Math.max(end, Math.max(clock, done));
            }
            total += end * freq[b];
        }
        return Math.round(total);
    }
}
