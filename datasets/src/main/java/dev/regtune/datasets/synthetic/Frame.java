package dev.regtune.datasets.synthetic;

import dev.regtune.datasets.synthetic.PtxWriter.Reg;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The part every kernel shares: parameters, the thread index and per-thread pointers.
 *
 * <p>Full shape, as nvcc writes it: {@code pointers} u64 parameters and a u32 count, each loaded
 * with {@code ld.param} and converted with {@code cvta.to.global}; the global index
 * {@code ctaid.x * ntid.x + tid.x}; an early exit when it is not below the count; a per-thread
 * pointer is the base plus {@code mul.wide.s32} of the index. Compact shape, for the smallest
 * kernels: one pointer parameter serves as every base, the index is {@code tid.x}, and there is no
 * {@code cvta} (a generic address is a global one on every GPU ptxas targets) and no exit test.
 */
final class Frame {
    private final PtxWriter w;
    private final boolean compact;
    private final int elementBytes;
    private final String[] bases;
    private final String[] pointers;
    private final @Nullable String length;
    private final String tid;
    private final String gid;
    private final @Nullable String exit;
    private @Nullable String offset;

    private Frame(PtxWriter w, boolean compact, int elementBytes, String[] bases, @Nullable String length, String tid,
            String gid, @Nullable String exit) {
        this.w = w;
        this.compact = compact;
        this.elementBytes = elementBytes;
        this.bases = bases;
        this.pointers = new String[bases.length];
        this.length = length;
        this.tid = tid;
        this.gid = gid;
        this.exit = exit;
    }

    /** Emits the prologue for {@code pointers} pointer parameters of {@code elementBytes}-byte elements. */
    static Frame open(Build b, int pointers, int elementBytes) {
        PtxWriter w = b.w();
        String[] bases = new String[pointers];
        if (b.compact()) {
            String p = w.reg(Reg.B64);
            w.op("ld.param.u64", p, "[" + w.param("u64") + "]");
            String tid = w.reg(Reg.B32);
            w.op("mov.u32", tid, "%tid.x");
            Arrays.fill(bases, p);
            return new Frame(w, true, elementBytes, bases, null, tid, tid, null);
        }
        String[] raw = new String[pointers];
        String[] names = new String[pointers];
        for (int k = 0; k < pointers; k++) {
            names[k] = w.param("u64");
        }
        String lengthParam = w.param("u32");
        for (int k = 0; k < pointers; k++) {
            raw[k] = w.reg(Reg.B64);
            w.op("ld.param.u64", raw[k], "[" + names[k] + "]");
        }
        String length = w.reg(Reg.B32);
        w.op("ld.param.u32", length, "[" + lengthParam + "]");
        for (int k = 0; k < pointers; k++) {
            bases[k] = w.reg(Reg.B64);
            w.op("cvta.to.global.u64", bases[k], raw[k]);
        }
        String ctaid = w.reg(Reg.B32);
        String ntid = w.reg(Reg.B32);
        String tid = w.reg(Reg.B32);
        String gid = w.reg(Reg.B32);
        w.op("mov.u32", ctaid, "%ctaid.x");
        w.op("mov.u32", ntid, "%ntid.x");
        w.op("mov.u32", tid, "%tid.x");
        w.op("mad.lo.s32", gid, ctaid, ntid, tid);
        String out = w.reg(Reg.PRED);
        String exit = w.label();
        w.op("setp.ge.s32", out, gid, length);
        w.opIf(out, "bra", exit);
        w.gap();
        return new Frame(w, false, elementBytes, bases, length, tid, gid, exit);
    }

    boolean compact() {
        return compact;
    }

    /** The global base address of pointer parameter {@code k} (in the compact shape, the one parameter). */
    String base(int k) {
        return bases[k];
    }

    /**
     * This thread's address in pointer parameter {@code k}: base plus index times element size.
     * Emitted on first use, so ask for every pointer before the first loop.
     */
    String pointer(int k) {
        int slot = compact ? 0 : k; // one parameter in the compact shape: every pointer is the same address
        if (pointers[slot] == null) {
            if (offset == null) {
                offset = w.reg(Reg.B64);
                w.op(compact ? "mul.wide.u32" : "mul.wide.s32", offset, gid, Integer.toString(elementBytes));
            }
            pointers[slot] = w.reg(Reg.B64);
            w.op("add.s64", pointers[slot], bases[slot], offset);
        }
        return pointers[slot];
    }

    /** The u32 count parameter (trip count of every loop); the compact shape has none. */
    String length() {
        if (length == null) {
            throw new IllegalStateException("the compact shape has no count parameter");
        }
        return length;
    }

    String tid() {
        return tid;
    }

    /** The global thread index ({@code tid.x} in the compact shape). */
    String gid() {
        return gid;
    }

    /** Ends the kernel: the early-exit label (full shape) and {@code ret}. */
    void close() {
        if (exit != null) {
            w.place(exit);
        }
        w.op("ret");
    }
}
