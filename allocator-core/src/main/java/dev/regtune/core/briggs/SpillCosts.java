package dev.regtune.core.briggs;

import dev.regtune.core.analysis.Loops;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;

/**
 * Seed 002's spill cost, computed in one place: {@code defs x uses x memory_latency x
 * loop_base^loop_depth}, where defs and uses count the instructions that define and use the
 * value and the depth is the deepest loop any of them sits in.
 */
final class SpillCosts {
    private SpillCosts() {
    }

    static double[] compute(KernelFunction fn, Loops loops, double memoryLatency, double loopBase) {
        int n = fn.vregCount();
        int[] defs = new int[n];
        int[] uses = new int[n];
        int[] depth = new int[n];
        int[] lastDef = new int[n];
        int[] lastUse = new int[n];
        Arrays.fill(lastDef, -1);
        Arrays.fill(lastUse, -1);
        for (int i = 0; i < fn.instrCount(); i++) {
            int d = loops.depth(fn.blockOf(i));
            for (int k = 0; k < fn.defCount(i); k++) {
                int v = fn.def(i, k);
                if (lastDef[v] != i) {
                    lastDef[v] = i;
                    defs[v]++;
                }
                depth[v] = Math.max(depth[v], d);
            }
            for (int k = 0; k < fn.useCount(i); k++) {
                int v = fn.use(i, k);
                if (lastUse[v] != i) {
                    lastUse[v] = i;
                    uses[v]++;
                }
                depth[v] = Math.max(depth[v], d);
            }
        }
        double[] cost = new double[n];
        for (int v = 0; v < n; v++) {
            cost[v] = (double) defs[v] * uses[v] * memoryLatency * Math.pow(loopBase, depth[v]);
        }
        return cost;
    }
}
