package dev.regtune.core.fatpoint;

import dev.regtune.core.analysis.BlockFrequency;
import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.analysis.Loops;
import dev.regtune.core.analysis.UniformityAnalysis;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.OccupancyCalculator;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.spill.SpillGuidance;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Decides the class each vreg is allocated in. On architectures with uniform registers (sm_75
 * and later) a general-purpose value the uniformity analysis proves warp-uniform may leave the
 * GPR file for UR (class 3) or the constant bank; knob {@code RegTuneUniformPolicy} says which
 * values do: none; those read directly from parameters, constants and uniform special registers;
 * every uniform value; or (the default) uniform values on demand, cheapest first, only as far as
 * needed to bring the GPR pressure down to the target — the register budget when one is given,
 * otherwise the nearest occupancy cliff below the demand (knob {@code RegTuneOccupancyTarget}),
 * and only if the cliff is reached. The default matches ptxas 13.0 best on the corpus: ptxas
 * computes most uniform arithmetic in the GPR file but lands on occupancy cliffs.
 *
 * <p>When the UR values need more than the uniform register file at some point, the cheapest
 * (fewest frequency-weighted occurrences) go back to R until they fit, unless SMEM spilling
 * (knob 619) is on and the function does not use the ABI: then the UR class spills its overflow
 * to shared memory. Predicates stay in P. Before sm_75 there is no uniform register file, and a
 * value declared in UR is allocated in R.
 */
final class UniformPlacement {
    private UniformPlacement() {
    }

    static final int POLICY_NONE = 0;
    static final int POLICY_DIRECT = 1;
    static final int POLICY_ALL = 2;
    static final int POLICY_ON_DEMAND = 3;

    private static final OccupancyCalculator OCCUPANCY = new OccupancyCalculator();

    /**
     * Vregs every def of which reads a kernel parameter, a constant or a uniform special register
     * directly ({@code ld.param}, {@code ld.const}, {@code mov %ctaid.x}), or converts such a value
     * ({@code cvta}): the values ptxas keeps in the constant bank or UR instead of the GPR file.
     */
    static boolean[] directUniformSources(KernelFunction fn) {
        int n = fn.vregCount();
        boolean[] direct = new boolean[n];
        boolean[] other = new boolean[n];
        for (int i = 0; i < fn.instrCount(); i++) {
            InstrKind kind = fn.instrKind(i);
            boolean source = kind == InstrKind.LOAD_PARAM || kind == InstrKind.LOAD_CONST
                    || fn.instrHas(i, InstrFlags.READS_UNIFORM_SPECIAL);
            if (!source && kind == InstrKind.CONVERT && fn.useCount(i) == 1) {
                source = direct[fn.use(i, 0)] && !other[fn.use(i, 0)];
            }
            for (int k = 0; k < fn.defCount(i); k++) {
                int v = fn.def(i, k);
                if (source) {
                    direct[v] = true;
                } else {
                    other[v] = true;
                }
            }
        }
        for (int v = 0; v < n; v++) {
            direct[v] &= !other[v];
        }
        return direct;
    }

    /**
     * Effective class id per vreg; 0 for a vreg that never occurs.
     *
     * @param uniformity the uniformity analysis, or null without one; under the default policy it
     *     is computed only when the GPR pressure is over the target, the only case where it decides
     * @param gprTarget GPR slots available under an explicit register limit, or -1 without one
     * @param reserved registers ptxas counts beyond the allocated ones
     * @param loops the loops and liveness, for the pointers held in UR across a loop
     *     ({@link UniformLoopPointers}, knob {@code RegTuneUniformLoopPointers})
     */
    static int[] place(KernelFunction fn, LiveRanges ranges, @Nullable Supplier<UniformityAnalysis> uniformity,
            BlockFrequency freq, ArchProfile arch, Knobs knobs, int gprTarget, int reserved, int threadsPerBlock,
            Supplier<Loops> loops, Supplier<Liveness> liveness) {
        int[] cls = declaredClasses(fn, ranges, arch.hasUniformRegisters());
        int policy = knobs.getInt(KnobCatalogue.UNIFORM_POLICY);
        if (uniformity == null || !arch.hasUniformRegisters() || policy == POLICY_NONE) {
            return cls;
        }
        double @Nullable [] weight = null;
        List<Integer> placed = new ArrayList<>();
        if (knobs.getBool(KnobCatalogue.UNIFORM_LOOP_POINTERS)) {
            boolean[] pointers = UniformLoopPointers.of(fn, loops.get(), liveness.get(), arch,
                    knobs.getInt(KnobCatalogue.WIDE_ADDEND_UNIFORM_BELOW_SM));
            pointersToUniform(cls, pointers, placed);
        }
        if (policy != POLICY_ON_DEMAND) {
            UniformityAnalysis uniform = uniformity.get();
            boolean @Nullable [] direct = policy == POLICY_ALL ? null : directUniformSources(fn);
            uniformToUniform(cls, uniform, direct, placed);
        } else {
            int[] excess = pressure(fn, ranges, cls, RegClass.R.id());
            int peak = max(excess);
            int target = gprTarget;
            if (target < 0 && knobs.getBool(KnobCatalogue.OCCUPANCY_TARGET)) {
                int cliff = OCCUPANCY.cliffBelow(arch, peak + reserved, threadsPerBlock);
                target = cliff > 0 ? cliff - reserved : -1;
            }
            // At or under the target no uniform value moves: which values are uniform does not matter.
            if (target > 0 && peak > target) {
                List<Integer> onDemand = uniformGprValues(cls, uniformity.get());
                if (!onDemand.isEmpty()) {
                    lower(excess, target);
                    weight = occurrenceWeights(fn, freq);
                    List<Integer> chosen = SpillGuidance.choose(excess, candidates(fn, ranges, onDemand, weight),
                            Integer.MAX_VALUE);
                    // Without a limit the move only pays when it reaches the occupancy cliff.
                    if (gprTarget >= 0 || SpillGuidance.overCount(excess) == 0) {
                        for (int v : chosen) {
                            cls[v] = RegClass.UR.id();
                            placed.add(v);
                        }
                    }
                }
            }
        }
        if (knobs.getBool(KnobCatalogue.SMEM_SPILLING) && !fn.usesAbi()) {
            // Under knob 619 the UR class keeps its values and spills its overflow to shared memory.
            return cls;
        }
        if (placed.isEmpty()) {
            // Only the values placed here may go back to R: none, nothing to weigh.
            return cls;
        }
        int[] urExcess = pressure(fn, ranges, cls, RegClass.UR.id());
        if (lower(urExcess, Math.min(arch.uniformRegisters(), knobs.getInt(KnobCatalogue.UNIFORM_REGISTER_LIMIT)))) {
            if (weight == null) {
                weight = occurrenceWeights(fn, freq);
            }
            for (int v : SpillGuidance.choose(urExcess, candidates(fn, ranges, placed, weight), Integer.MAX_VALUE)) {
                cls[v] = RegClass.R.id();
            }
        }
        return cls;
    }

    /**
     * Per vreg, the class it is declared in (R for UR without a uniform register file, before
     * sm_75); 0 for a vreg that is never live. The stage's loops live in methods of their own, so
     * that C2 compiles each on its own instead of the whole of {@link #place} once per loop it
     * enters by on-stack replacement.
     */
    private static int[] declaredClasses(KernelFunction fn, LiveRanges ranges, boolean hasUniform) {
        int n = fn.vregCount();
        int[] cls = new int[n];
        for (int v = 0; v < n; v++) {
            int c = ranges.segmentCount(v) > 0 ? fn.vregClassId(v) : 0;
            if (!hasUniform && (c == RegClass.UR.id() || c == RegClass.UR_EXT.id())) {
                c = RegClass.R.id(); // no uniform register file before sm_75
            }
            cls[v] = c;
        }
        return cls;
    }

    /** Moves the GPR values flagged in {@code pointers} to UR, listing them in {@code placed}. */
    private static void pointersToUniform(int[] cls, boolean[] pointers, List<Integer> placed) {
        for (int v = 0; v < cls.length; v++) {
            if (pointers[v] && cls[v] == RegClass.R.id()) {
                cls[v] = RegClass.UR.id();
                placed.add(v);
            }
        }
    }

    /** Moves the uniform GPR values ({@code direct} ones only unless null) to UR, listing them in {@code placed}. */
    private static void uniformToUniform(int[] cls, UniformityAnalysis uniform, boolean @Nullable [] direct,
            List<Integer> placed) {
        for (int v = 0; v < cls.length; v++) {
            if (cls[v] == RegClass.R.id() && uniform.isUniform(v) && (direct == null || direct[v])) {
                cls[v] = RegClass.UR.id();
                placed.add(v);
            }
        }
    }

    /** The uniform values in the GPR class, ascending. */
    private static List<Integer> uniformGprValues(int[] cls, UniformityAnalysis uniform) {
        List<Integer> out = new ArrayList<>();
        for (int v = 0; v < cls.length; v++) {
            if (cls[v] == RegClass.R.id() && uniform.isUniform(v)) {
                out.add(v);
            }
        }
        return out;
    }

    /** Lowers every entry of {@code excess} by {@code target}; whether one is still above 0. */
    private static boolean lower(int[] excess, int target) {
        boolean over = false;
        for (int p = 0; p < excess.length; p++) {
            excess[p] -= target;
            over |= excess[p] > 0;
        }
        return over;
    }

    private static int max(int[] a) {
        int m = 0;
        for (int e : a) {
            m = Math.max(m, e);
        }
        return m;
    }

    private static int[] pressure(KernelFunction fn, LiveRanges ranges, int[] cls, int classId) {
        int points = ranges.pointCount();
        int[] diff = new int[points + 1];
        for (int v = 0; v < fn.vregCount(); v++) {
            if (cls[v] != classId) {
                continue;
            }
            for (int k = 0; k < ranges.segmentCount(v); k++) {
                diff[ranges.segStart(v, k)] += fn.vregSlots(v);
                diff[ranges.segEnd(v, k) + 1] -= fn.vregSlots(v);
            }
        }
        int[] p = new int[points];
        int run = 0;
        for (int i = 0; i < points; i++) {
            run += diff[i];
            p[i] = run;
        }
        return p;
    }

    private static double[] occurrenceWeights(KernelFunction fn, BlockFrequency freq) {
        double[] weight = new double[fn.vregCount()];
        for (int i = 0; i < fn.instrCount(); i++) {
            double f = freq.freq(fn.blockOf(i));
            for (int k = 0; k < fn.defCount(i); k++) {
                weight[fn.def(i, k)] += f;
            }
            for (int k = 0; k < fn.useCount(i); k++) {
                weight[fn.use(i, k)] += f;
            }
        }
        return weight;
    }

    private static List<SpillGuidance.Candidate> candidates(KernelFunction fn, LiveRanges ranges, List<Integer> vregs,
            double[] weight) {
        List<SpillGuidance.Candidate> out = new ArrayList<>();
        for (int v : vregs) {
            out.add(new SpillGuidance.Candidate(v, ranges.segments(v), new int[0], fn.vregSlots(v), weight[v],
                    ranges.livePointCount(v)));
        }
        return out;
    }
}
