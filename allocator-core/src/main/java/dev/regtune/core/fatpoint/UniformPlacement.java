package dev.regtune.core.fatpoint;

import dev.regtune.core.analysis.BlockFrequency;
import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.analysis.UniformityAnalysis;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.spill.SpillGuidance;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides the class each vreg is allocated in. A general-purpose value the uniformity analysis
 * proves warp-uniform goes to UR (class 3) on architectures with uniform registers, as ptxas
 * places such values on sm_75 and later (knob {@code RegTuneUniformRegisters}). When the UR
 * candidates need more than the uniform register file at some point, the cheapest of them
 * (fewest frequency-weighted occurrences) go back to R until they fit. Predicates stay in P.
 */
final class UniformPlacement {
    private UniformPlacement() {
    }

    /** Effective class id per vreg; 0 for a vreg that never occurs. */
    static int[] place(KernelFunction fn, LiveRanges ranges, UniformityAnalysis uniformity, BlockFrequency freq,
            ArchProfile arch, Knobs knobs) {
        int n = fn.vregCount();
        int[] cls = new int[n];
        for (int v = 0; v < n; v++) {
            cls[v] = ranges.segmentCount(v) > 0 ? fn.vregClassId(v) : 0;
        }
        if (uniformity == null || !arch.hasUniformRegisters() || !knobs.getBool(KnobCatalogue.UNIFORM_REGISTERS)) {
            return cls;
        }
        int urBudget = arch.uniformRegisters();
        int points = ranges.pointCount();
        int[] diff = new int[points + 1];
        List<Integer> placed = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            if (cls[v] == RegClass.R.id() && uniformity.isUniform(v)) {
                cls[v] = RegClass.UR.id();
                placed.add(v);
                for (int k = 0; k < ranges.segmentCount(v); k++) {
                    diff[ranges.segStart(v, k)] += fn.vregSlots(v);
                    diff[ranges.segEnd(v, k) + 1] -= fn.vregSlots(v);
                }
            }
        }
        int[] excess = new int[points];
        int run = 0;
        boolean over = false;
        for (int p = 0; p < points; p++) {
            run += diff[p];
            excess[p] = run - urBudget;
            over |= excess[p] > 0;
        }
        if (!over) {
            return cls;
        }
        double[] weight = new double[n];
        for (int i = 0; i < fn.instrCount(); i++) {
            double f = freq.freq(fn.blockOf(i));
            for (int k = 0; k < fn.defCount(i); k++) {
                weight[fn.def(i, k)] += f;
            }
            for (int k = 0; k < fn.useCount(i); k++) {
                weight[fn.use(i, k)] += f;
            }
        }
        List<SpillGuidance.Candidate> candidates = new ArrayList<>();
        for (int v : placed) {
            int c = ranges.segmentCount(v);
            int[] s = new int[2 * c];
            int len = 0;
            for (int k = 0; k < c; k++) {
                s[2 * k] = ranges.segStart(v, k);
                s[2 * k + 1] = ranges.segEnd(v, k);
                len += s[2 * k + 1] - s[2 * k] + 1;
            }
            candidates.add(new SpillGuidance.Candidate(v, s, new int[0], fn.vregSlots(v), weight[v], len));
        }
        for (int v : SpillGuidance.choose(excess, candidates, Integer.MAX_VALUE)) {
            cls[v] = RegClass.R.id();
        }
        return cls;
    }
}
