package dev.regtune.core.coalesce;

import dev.regtune.core.analysis.BlockFrequency;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.VregFlags;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Finds the copy candidates of a function in layout order (seed 003, phase 2 "block-level
 * scanning"): every unguarded {@code mov} whose operands are all registers, classified by
 * {@link CopyKind}.
 */
final class CopyCandidates {
    private CopyCandidates() {
    }

    static List<CopyCandidate> find(KernelFunction fn, BlockFrequency frequency, boolean blockFrequencyBias) {
        double[] weight = registerWeights(fn, frequency);
        boolean[] storedToParam = storedToParam(fn);
        List<CopyCandidate> out = new ArrayList<>();
        for (int i = 0; i < fn.instrCount(); i++) {
            CopyKind kind = classify(fn, i, storedToParam);
            if (kind == null) {
                continue;
            }
            int dst = fn.def(i, 0);
            int src = fn.use(i, 0);
            double w = weight[src];
            if (blockFrequencyBias) {
                w *= frequency.freq(fn.blockOf(i));
            }
            out.add(new CopyCandidate(i, kind, dst, src, w));
        }
        return out;
    }

    /** The kind of copy instruction {@code i} is, or null when it is no copy. */
    static @Nullable CopyKind classify(KernelFunction fn, int i, boolean[] storedToParam) {
        if (fn.instrKind(i) != InstrKind.MOVE || fn.instrHas(i, InstrFlags.GUARDED) || !fn.opcode(i).startsWith("mov")
                || fn.defCount(i) < 1 || fn.useCount(i) < 1) {
            return null;
        }
        if (fn.defCount(i) > 1 || fn.useCount(i) > 1) {
            return fn.defCount(i) == 1 || fn.useCount(i) == 1 ? CopyKind.SUBREG : null;
        }
        int dst = fn.def(i, 0);
        int src = fn.use(i, 0);
        if (!fn.instrHas(i, InstrFlags.COPY) || fn.nvptxClass(dst) != fn.nvptxClass(src)) {
            return CopyKind.CROSS_CLASS;
        }
        if (fn.vregHas(src, VregFlags.FROM_PARAM) || storedToParam[dst]) {
            return CopyKind.PARAM;
        }
        return CopyKind.SAME_CLASS;
    }

    /** Registers some {@code st.param} stores (call arguments). */
    static boolean[] storedToParam(KernelFunction fn) {
        boolean[] out = new boolean[fn.vregCount()];
        for (int i = 0; i < fn.instrCount(); i++) {
            if (fn.instrKind(i) == InstrKind.STORE_PARAM) {
                for (int k = 0; k < fn.useCount(i); k++) {
                    out[fn.use(i, k)] = true;
                }
            }
        }
        return out;
    }

    /**
     * Per register, seed 003's {@code instruction_count + spill_weight + use_count}: the
     * instructions that name it, the block frequencies of its occurrences summed (LLVM's spill
     * weight), and its uses.
     */
    static double[] registerWeights(KernelFunction fn, BlockFrequency frequency) {
        int n = fn.vregCount();
        int[] instrCount = new int[n];
        int[] uses = new int[n];
        double[] spillWeight = new double[n];
        int[] lastInstr = new int[n];
        Arrays.fill(lastInstr, -1);
        for (int i = 0; i < fn.instrCount(); i++) {
            double f = frequency.freq(fn.blockOf(i));
            for (int k = 0; k < fn.defCount(i) + fn.useCount(i); k++) {
                boolean def = k < fn.defCount(i);
                int v = def ? fn.def(i, k) : fn.use(i, k - fn.defCount(i));
                if (lastInstr[v] != i) {
                    lastInstr[v] = i;
                    instrCount[v]++;
                }
                if (!def) {
                    uses[v]++;
                }
                spillWeight[v] += f;
            }
        }
        double[] w = new double[n];
        for (int v = 0; v < n; v++) {
            w[v] = instrCount[v] + spillWeight[v] + uses[v];
        }
        return w;
    }
}
