package dev.regtune.job.select;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The configurations no other configuration beats on all of total spill bytes, geometric-mean
 * latency and mean registers at once (all lower is better), among the configurations evaluated OK
 * on every kernel considered — so that every point's figures are over the same kernels.
 * Configurations with equal figures are all on the front. Points are sorted by spill bytes, then
 * latency, then registers, then {@code config_id}.
 *
 * @param kernels how many kernels the figures are over
 * @param candidates how many configurations were evaluated OK on all of them
 * @param points the front
 */
public record ParetoFront(int kernels, int candidates, List<ParetoPoint> points) {
    private static final Comparator<ParetoPoint> ORDER = Comparator.comparingLong(ParetoPoint::totalSpillBytes)
            .thenComparingDouble(ParetoPoint::geomeanLatencyCycles)
            .thenComparingDouble(ParetoPoint::meanRegisters)
            .thenComparing(p -> p.config().configId());

    public ParetoFront {
        points = List.copyOf(points);
    }

    /** The front over the kernels {@code kernels} (indices) of {@code table}. */
    static ParetoFront of(ResultTable table, List<Integer> kernels) {
        int configs = table.configs().size();
        int[] ok = new int[configs];
        long[] spill = new long[configs];
        double[] logLatency = new double[configs];
        long[] registers = new long[configs];
        for (int k : kernels) {
            for (int r = table.firstRow(k); r < table.endRow(k); r++) {
                Evaluation e = table.evaluation(r);
                if (e.ok()) {
                    int c = e.config();
                    ok[c]++;
                    spill[c] += e.spillBytes();
                    logLatency[c] += Math.log(Math.max(0, e.estLatencyCycles()) + RatioScores.OFFSET);
                    registers[c] += e.registers();
                }
            }
        }
        List<ParetoPoint> all = new ArrayList<>();
        for (int c = 0; c < configs; c++) {
            if (!kernels.isEmpty() && ok[c] == kernels.size()) {
                all.add(new ParetoPoint(table.configs().get(c), spill[c],
                        Math.exp(logLatency[c] / kernels.size()) - RatioScores.OFFSET,
                        (double) registers[c] / kernels.size()));
            }
        }
        all.sort(ORDER);
        // a point can only be dominated by one before it in this order, and if by any, by one on the front
        List<ParetoPoint> front = new ArrayList<>();
        for (ParetoPoint p : all) {
            if (front.stream().noneMatch(q -> q.dominates(p))) {
                front.add(p);
            }
        }
        return new ParetoFront(kernels.size(), all.size(), front);
    }
}
