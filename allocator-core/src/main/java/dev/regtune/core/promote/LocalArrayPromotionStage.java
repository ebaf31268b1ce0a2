package dev.regtune.core.promote;

import dev.regtune.core.explain.AllocationEvent;
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
 * ptxas does before it allocates (see the package documentation for the probed rule), and leaves
 * dynamically indexed ones in memory, where they count in the stack frame. Tells the listener
 * what it decided for each array and why. A function that makes a call keeps its arrays in memory:
 * ptxas 13.0.88 gives an entry with a 4-byte constant-indexed array that calls a {@code .func} a
 * frame of 8 + the callee's ({@code PtxasCallProbeTest}, {@code frame_4_f40}: 48 bytes).
 */
public final class LocalArrayPromotionStage implements Stage<AllocationState> {
    /** The decision for one array. */
    record Decision(boolean promoted, String reason) {
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
        Decision[] decisions = decide(f, state.knobs());
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
            state.transform(LocalArrayPromotion.promote(f, promoted));
        }
    }

    /** Per array of {@code f} ({@link LocalMemory#arrays()} order): whether ptxas keeps it in registers, and why. */
    static Decision[] decide(KernelFunction f, Knobs knobs) {
        LocalMemory memory = f.localMemory();
        int maxBytes = knobs.getInt(KnobCatalogue.LOCAL_PROMOTION_MAX_BYTES);
        int minElement = knobs.getInt(KnobCatalogue.LOCAL_PROMOTION_MIN_ELEMENT_BYTES);
        int maxElement = knobs.getInt(KnobCatalogue.LOCAL_PROMOTION_MAX_ELEMENT_BYTES);
        int n = memory.arrays().size();
        Decision[] out = new Decision[n];
        int[] element = new int[n];
        for (int a = 0; a < n; a++) {
            LocalArray array = memory.arrays().get(a);
            if (array.escapes()) {
                out[a] = new Decision(false, "its address escapes");
            } else if (array.bytes() > maxBytes) {
                out[a] = new Decision(false, "larger than RegTuneLocalPromotionMaxBytes (" + maxBytes + ")");
            }
        }
        for (int i = 0; i < f.instrCount(); i++) {
            LocalAccess x = memory.access(i);
            if (x == null || x.role() == LocalAccess.Role.ADDRESS || out[x.array()] != null) {
                continue;
            }
            int a = x.array();
            int e = x.elementBytes();
            if (!x.constantOffset()) {
                out[a] = new Decision(false, "dynamically indexed (line " + f.instrLine(i) + ")");
            } else if (element[a] != 0 && element[a] != e) {
                out[a] = new Decision(false, "accessed with mixed widths (" + element[a] + " and " + e + " bytes)");
            } else if (e < minElement || e > maxElement) {
                out[a] = new Decision(false, e + "-byte accesses (RegTuneLocalPromotion{Min,Max}ElementBytes: "
                        + minElement + ".." + maxElement + ")");
            } else if (x.offset() % e != 0
                    || (long) x.offset() + (long) e * x.elements() > memory.arrays().get(a).bytes()) {
                out[a] = new Decision(false, "an access at offset " + x.offset() + " that is not a whole element inside it");
            }
            element[a] = e;
        }
        for (int a = 0; a < n; a++) {
            if (out[a] == null) {
                out[a] = new Decision(true, element[a] == 0 ? "never accessed"
                        : "every access at a constant offset, " + element[a] + "-byte elements");
            }
        }
        return out;
    }
}
