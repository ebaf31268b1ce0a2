package dev.regtune.job.fidelity;

import dev.regtune.core.alloc.AllocationStatus;
import java.util.ArrayList;
import java.util.List;

/** Hand-made kernel outcomes for the breakdown and cross-validation tests. */
final class OutcomesFixture {
    private OutcomesFixture() {
    }

    /** A model pair: real and model registers and spill bytes (stores; loads equal), baseline pressure. */
    static FidelityPair pair(String entry, int budget, int realRegs, int realSpill, int modelRegs, int modelSpill,
            int pressure) {
        return new FidelityPair("f.ptx", entry, "sm_90", budget, "fatpoint",
                new PtxasMeasurement(entry, true, realRegs, realSpill, realSpill, 0), AllocationStatus.OK, modelRegs,
                modelSpill, modelSpill, 0, pressure);
    }

    static CorpusKernel kernel(String entry, String repo, KernelKind kind, int instructions) {
        return new CorpusKernel("f.ptx", entry, "sm_90", repo, new EntryTraits(kind, instructions, kind.label()));
    }

    /**
     * An outcome with a no-limit case and a budget-24 case, one pair per model given as
     * {regs at no limit, spill bytes at 24}; ptxas uses {@code real} registers and spills
     * {@code realSpill} bytes at 24.
     */
    static KernelOutcome outcome(String entry, String repo, KernelKind kind, int real, int realSpill, int[]... models) {
        List<FidelityPair> none = new ArrayList<>();
        List<FidelityPair> tight = new ArrayList<>();
        for (int[] m : models) {
            none.add(pair(entry, 0, real, 0, m[0], 0, real));
            tight.add(pair(entry, 24, Math.min(real, 24), realSpill, Math.min(m[0], 24), m[1], real));
        }
        return new KernelOutcome(kernel(entry, repo, kind, 10 * real), List.of(new FidelityCase(none),
                new FidelityCase(tight)), null);
    }
}
