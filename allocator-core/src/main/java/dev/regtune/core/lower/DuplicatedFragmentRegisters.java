package dev.regtune.core.lower;

import dev.regtune.core.ir.FunctionCopy;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;

/**
 * The registers of a {@code .f16} WMMA operand fragment that hold the same value as another, which
 * ptxas loads once: read from the SASS of ptxas 13.0.88 on sm_80 and sm_90, storing every register
 * of one loaded fragment ({@code wmma_fragments_sm90.ptx}). A {@code wmma.load.a} or
 * {@code wmma.load.b} of {@code .f16} fills eight {@code .f16x2} registers (the fragment layout
 * PTX kept from Volta), but the tensor cores from sm_80 on read fewer distinct ones: shape
 * {@code m16n16k16} four for either matrix (registers 2k and 2k+1 alike), {@code m32n8k16} eight of
 * the A fragment and two of the B fragment (four alike in a row), {@code m8n32k16} two of A and eight
 * of B. ptxas issues one load per distinct register, and the {@code HMMA}s read the copies from the
 * same registers, so a fragment that PTX spreads over eight registers holds two to four.
 *
 * <p>A register becomes the first of its run of alike registers ({@code wmma.load} defines both, in
 * the same places every time) when every definition of either is such a load with the two in the
 * same run: its definitions go from the loads and its reads take the first register. Other
 * types ({@code .bf16} and {@code .tf32} fragments have no copies, integer ones were not probed) and
 * the accumulator fragments are left alone.
 */
final class DuplicatedFragmentRegisters {
    private DuplicatedFragmentRegisters() {
    }

    /** A function after merging and how many registers went: each was a copy of another in its fragment. */
    record Merged(KernelFunction function, int registers) {
    }

    /** {@code f} with the alike registers of its {@code .f16} WMMA fragments merged; {@code f} itself when none are. */
    static Merged apply(KernelFunction f) {
        int n = f.instrCount();
        int vregs = f.vregCount();
        // alias[v]: the register v is a copy of in every fragment load defining it; -1 none yet, -2 not a copy.
        int[] alias = new int[vregs];
        Arrays.fill(alias, -1);
        int[] defs = new int[vregs];
        int[] loadDefs = new int[vregs];
        for (int i = 0; i < n; i++) {
            int run = runLength(f, i);
            for (int k = 0; k < f.defCount(i); k++) {
                int v = f.def(i, k);
                defs[v]++;
                if (run <= 1) {
                    alias[v] = -2;
                    continue;
                }
                loadDefs[v]++;
                int first = f.def(i, k - k % run);
                if (k % run == 0) {
                    continue;
                }
                alias[v] = alias[v] == -1 || alias[v] == first ? first : -2;
            }
        }
        int merged = 0;
        for (int v = 0; v < vregs; v++) {
            int first = alias[v];
            // Both only ever defined by these loads, and together: as often, and every def of v defines first too.
            boolean alike = first >= 0 && defs[v] == loadDefs[v] && defs[first] == loadDefs[first]
                    && defs[first] == defs[v] && alias[first] == -1 && first != v;
            if (alike) {
                merged++;
            } else {
                alias[v] = -1;
            }
        }
        if (merged == 0) {
            return new Merged(f, 0);
        }
        FunctionCopy copy = FunctionCopy.of(f);
        for (int b = 0; b < f.blockCount(); b++) {
            copy.startBlock(b);
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                int[] uses = copy.uses(i);
                boolean rewritten = false;
                for (int k = 0; k < uses.length; k++) {
                    if (alias[uses[k]] >= 0) {
                        uses[k] = alias[uses[k]];
                        rewritten = true;
                    }
                }
                if (runLength(f, i) > 1) {
                    int[] kept = Arrays.stream(copy.defs(i)).filter(v -> alias[v] < 0).toArray();
                    copy.builder().instr(f.opcode(i), f.instrKind(i), f.instrFlags(i), kept, uses, f.instrLine(i));
                } else if (rewritten) {
                    copy.copy(b, i, uses);
                } else {
                    copy.copy(b, i);
                }
            }
        }
        return new Merged(copy.build(), merged);
    }

    /**
     * How many registers in a row of instruction {@code i}'s eight destinations hold one value, for a
     * {@code wmma.load.a/b} of {@code .f16}; 1 for anything else.
     */
    static int runLength(KernelFunction f, int i) {
        if (f.defCount(i) != 8) {
            return 1;
        }
        String op = f.opcode(i);
        if (!op.startsWith("wmma.load.") || !op.endsWith(".f16")) {
            return 1;
        }
        boolean a = op.startsWith("wmma.load.a.");
        boolean b = op.startsWith("wmma.load.b.");
        if (op.contains(".m16n16k16.") && (a || b)) {
            return 2;
        }
        if (op.contains(".m32n8k16.")) {
            return b ? 4 : 1;
        }
        if (op.contains(".m8n32k16.")) {
            return a ? 4 : 1;
        }
        return 1;
    }
}
