package dev.regtune.core.promote;

import dev.regtune.core.analysis.Loops;
import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.LocalAccess;
import dev.regtune.core.ir.LocalArray;
import dev.regtune.core.ir.LocalMemory;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;

/**
 * Promotes the function's constant-indexed, non-escaping {@code .local} arrays to registers, as
 * ptxas does before it allocates, and the small dynamically indexed ones ptxas keeps there too (see
 * the package documentation for the probed rules); the others stay in memory, where they count in
 * the stack frame. Tells the listener
 * what it decided for each array and why. A function that makes a call keeps its arrays in memory:
 * ptxas 13.0.88 gives an entry with a 4-byte constant-indexed array that calls a {@code .func} a
 * frame of 8 + the callee's ({@code PtxasCallProbeTest}, {@code frame_4_f40}: 48 bytes).
 */
public final class LocalArrayPromotionStage implements Stage<AllocationState> {
    /**
     * The decision for one array.
     *
     * @param promoted whether the array goes to registers
     * @param dynamic whether it does with dynamically indexed accesses, which become selections
     *     among its elements and keep their index
     * @param reason why, in a few words
     */
    record Decision(boolean promoted, boolean dynamic, String reason) {
        static Decision memory(String reason) {
            return new Decision(false, false, reason);
        }
    }

    @Override
    public String name() {
        return "local-array promotion";
    }

    @Override
    public boolean runsFor(AllocationState state) {
        return state.knobs().get(KnobCatalogue.LOCAL_ARRAY_PROMOTION) != 0
                && !state.function().localMemory().arrays().isEmpty() && !state.function().usesAbi();
    }

    @Override
    public void run(AllocationState state) {
        KernelFunction f = state.function();
        Decision[] decisions = decide(f, state.knobs(), state.analyses().loops());
        boolean[] promoted = new boolean[decisions.length];
        boolean any = false;
        for (int a = 0; a < decisions.length; a++) {
            promoted[a] = decisions[a].promoted();
            any |= promoted[a];
            if (state.explaining()) {
                LocalArray array = f.localMemory().arrays().get(a);
                state.report(new AllocationEvent.LocalArrayDecided(array.name(), array.bytes(), promoted[a],
                        decisions[a].reason()));
            }
        }
        if (any) {
            boolean[] dynamic = new boolean[decisions.length];
            for (int a = 0; a < decisions.length; a++) {
                dynamic[a] = decisions[a].dynamic();
            }
            state.transform(LocalArrayPromotion.promote(f, promoted, dynamic));
        }
    }

    /**
     * Per array of {@code f} ({@link LocalMemory#arrays()} order): whether ptxas keeps it in
     * registers, and why. {@code loops} are {@code f}'s, for the weight of a dynamically indexed
     * store in a loop ptxas unrolls.
     */
    static Decision[] decide(KernelFunction f, Knobs knobs, Loops loops) {
        LocalMemory memory = f.localMemory();
        int maxBytes = knobs.getInt(KnobCatalogue.LOCAL_PROMOTION_MAX_BYTES);
        int minElement = knobs.getInt(KnobCatalogue.LOCAL_PROMOTION_MIN_ELEMENT_BYTES);
        int maxElement = knobs.getInt(KnobCatalogue.LOCAL_PROMOTION_MAX_ELEMENT_BYTES);
        int n = memory.arrays().size();
        Decision[] out = new Decision[n];
        int[] element = new int[n];
        boolean[] constant = new boolean[n];
        int[] dynamicLine = new int[n];
        long[] dynamicStores = new long[n];
        for (int a = 0; a < n; a++) {
            LocalArray array = memory.arrays().get(a);
            if (array.escapes()) {
                out[a] = Decision.memory("its address escapes");
            } else if (array.bytes() > maxBytes) {
                out[a] = Decision.memory("larger than RegTuneLocalPromotionMaxBytes (" + maxBytes + ")");
            }
        }
        boolean[] subroutineResult = null;
        int loopWeight = knobs.getInt(KnobCatalogue.LOCAL_DYNAMIC_LOOP_STORE_WEIGHT);
        for (int i = 0; i < f.instrCount(); i++) {
            LocalAccess x = memory.access(i);
            if (x == null || x.role() == LocalAccess.Role.ADDRESS || out[x.array()] != null) {
                continue;
            }
            int a = x.array();
            int e = x.elementBytes();
            if (!x.constantOffset()) {
                if (subroutineResult == null) {
                    subroutineResult = SubroutineResults.of(f);
                }
                if (dependsOn(f, i, x, subroutineResult)) {
                    out[a] = Decision.memory("indexed by a subroutine's result (line " + f.instrLine(i) + ")");
                    continue;
                }
                if (dynamicLine[a] == 0) {
                    dynamicLine[a] = f.instrLine(i) > 0 ? f.instrLine(i) : -1;
                }
                if (x.role() == LocalAccess.Role.STORE) {
                    dynamicStores[a] += unrolledLoop(f, loops, f.blockOf(i)) ? loopWeight : 1;
                }
            } else {
                constant[a] = true;
            }
            if (element[a] != 0 && element[a] != e) {
                out[a] = Decision.memory("accessed with mixed widths (" + element[a] + " and " + e + " bytes)");
            } else if (e < minElement || e > maxElement) {
                out[a] = Decision.memory(e + "-byte accesses (RegTuneLocalPromotion{Min,Max}ElementBytes: "
                        + minElement + ".." + maxElement + ")");
            } else if (x.constantOffset() && (x.offset() % e != 0
                    || (long) x.offset() + (long) e * x.elements() > memory.arrays().get(a).bytes())) {
                out[a] = Decision.memory("an access at offset " + x.offset() + " that is not a whole element inside it");
            }
            element[a] = e;
        }
        for (int a = 0; a < n; a++) {
            if (out[a] == null) {
                out[a] = dynamicLine[a] == 0 ? new Decision(true, false, element[a] == 0 ? "never accessed"
                        : "every access at a constant offset, " + element[a] + "-byte elements")
                        : dynamically(memory.arrays().get(a), element[a], constant[a], dynamicStores[a], dynamicLine[a],
                                knobs);
            }
        }
        return out;
    }

    /** The decision for an array with dynamically indexed accesses that nothing else keeps in memory. */
    private static Decision dynamically(LocalArray array, int elementBytes, boolean constant, long stores, int line,
            Knobs knobs) {
        String at = line > 0 ? " (line " + line + ")" : "";
        int maxBytes = knobs.getInt(KnobCatalogue.LOCAL_DYNAMIC_PROMOTION_MAX_BYTES);
        if (array.bytes() > maxBytes) {
            return Decision.memory("dynamically indexed" + at + ", larger than RegTuneLocalDynamicPromotionMaxBytes ("
                    + maxBytes + ")");
        }
        if (array.generic()) {
            return Decision.memory("dynamically indexed" + at + " through a generic address");
        }
        if (!constant) {
            return Decision.memory("dynamically indexed" + at + ", no access at a constant offset");
        }
        int elements = array.bytes() / elementBytes;
        long budget = knobs.getInt(KnobCatalogue.LOCAL_DYNAMIC_STORE_BUDGET);
        if (elements >= 62 || stores << elements > budget) {
            return Decision.memory("dynamically indexed" + at + ", " + stores + " weighted dynamic stores into "
                    + elements + " elements over RegTuneLocalDynamicStoreBudget (" + budget + ")");
        }
        return new Decision(true, true, "dynamically indexed" + at + ", " + elements + " elements of " + elementBytes
                + " bytes selected by index");
    }

    /** Whether the address of dynamically indexed access {@code i} depends on a subroutine's result. */
    private static boolean dependsOn(KernelFunction f, int i, LocalAccess x, boolean[] subroutineResult) {
        int data = x.role() == LocalAccess.Role.STORE ? x.registerCount() : 0;
        for (int k = 0; k < f.useCount(i) - data; k++) {
            if (subroutineResult[f.use(i, k)]) {
                return true;
            }
        }
        return false;
    }

    /** Whether block {@code b} lies in a loop whose header does not carry {@code .pragma "nounroll"}. */
    private static boolean unrolledLoop(KernelFunction f, Loops loops, int b) {
        int h = loops.header(b);
        if (h < 0) {
            return false;
        }
        for (int i = f.blockStart(h); i < f.blockEnd(h); i++) {
            if (f.instrHas(i, InstrFlags.NO_UNROLL)) {
                return false;
            }
        }
        return true;
    }
}
