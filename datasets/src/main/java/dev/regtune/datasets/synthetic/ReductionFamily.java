package dev.regtune.datasets.synthetic;

import static dev.regtune.datasets.synthetic.PtxWriter.at;
import static dev.regtune.datasets.synthetic.PtxWriter.f32;

import dev.regtune.datasets.synthetic.PtxWriter.Reg;
import java.util.ArrayList;
import java.util.List;

/**
 * A sum reduction with {@code k} independent partial sums per thread (for memory-level
 * parallelism): counted loops load {@code k} values per unit and add each to its partial sum; then
 * the partial sums are combined by a tree and across the warp by {@code shfl.sync.bfly}, and
 * across the block through shared memory, and thread 0 adds the block's sum to the result with
 * {@code red.global.add.f32}. With {@code wide=1} every partial sum is shuffled across the warp
 * before the tree (all {@code k} live through the shuffles); with {@code wide=0} the tree comes
 * first and one value is shuffled.
 */
final class ReductionFamily extends AbstractKernelFamily {
    private static final int STRIDE = 512;
    private static final int FULL_MASK = -1;

    ReductionFamily() {
        super("reduction",
                "A sum reduction with k partial sums per thread: counted loops of loads, then a tree, warp-shuffle "
                        + "and shared-memory combination and one red.global.add per block.",
                "k", 75,
                new FamilyParameter("k", "partial sums per thread", 1, 128, 8),
                new FamilyParameter("wide", "1: shuffle all k partial sums across the warp before the tree; "
                        + "0: tree first, then shuffle one value", 0, 1, 1));
    }

    @Override
    void emit(Build b) {
        PtxWriter w = b.w();
        int k = b.p("k");
        boolean wide = b.p("wide") == 1;
        Frame f = Frame.open(b, 2, 4); // in, out
        String in = f.pointer(0);
        String[] part = w.regs(Reg.F32, k);
        if (!f.compact()) {
            w.op("mov.f32", part[0], f32(0f));
            for (int j = 1; j < k; j++) {
                w.op("mov.f32", part[j], part[0]);
            }
        }
        boolean[] started = new boolean[k];
        Loops.run(b, f, new Loops.Body() {
            @Override
            public void step(int loop, int index) {
                String[] x = new String[k];
                for (int j = 0; j < k; j++) {
                    // The compact shape's first unit loads straight into the partial sums.
                    x[j] = f.compact() && !started[j] ? part[j] : w.reg(Reg.F32);
                    w.op("ld.global.nc.f32", x[j], at(in, (long) (index * k + j) * STRIDE));
                }
                int start = b.rng().nextInt(k);
                for (int m = 0; m < k; m++) {
                    int j = (start + m) % k;
                    if (f.compact() && !started[j]) {
                        started[j] = true;
                    } else {
                        w.op("add.f32", part[j], part[j], x[j]);
                    }
                }
            }

            @Override
            public void endOfIteration(int loop, int steps) {
                w.op("add.s64", in, in, Long.toString((long) steps * k * STRIDE));
            }
        });
        int rounds = f.compact() ? 1 : 5;
        String sum;
        if (wide) {
            shuffle(w, part, rounds);
            sum = tree(w, part);
        } else {
            sum = tree(w, part);
            shuffle(w, new String[] {sum}, rounds);
        }
        if (f.compact()) {
            w.op("red.global.add.f32", at(f.base(1), 0), sum);
            f.close();
            return;
        }
        // Block stage: lane 0 of each warp writes its sum to shared memory, warp 0 reduces them.
        String smem = w.sharedArray("warp_sums", 4, 128);
        String lane = w.reg(Reg.B32);
        String warp = w.reg(Reg.B32);
        String base = w.reg(Reg.B32);
        w.op("and.b32", lane, f.tid(), "31");
        w.op("shr.u32", warp, f.tid(), "5");
        w.op("mov.u32", base, smem);
        String notLane0 = w.reg(Reg.PRED);
        String afterWrite = w.label();
        w.op("setp.ne.s32", notLane0, lane, "0");
        w.opIf(notLane0, "bra", afterWrite);
        w.gap();
        String wo = w.reg(Reg.B32);
        String wa = w.reg(Reg.B32);
        w.op("shl.b32", wo, warp, "2");
        w.op("add.s32", wa, base, wo);
        w.op("st.shared.f32", at(wa, 0), sum);
        w.place(afterWrite);
        w.op("bar.sync", "0");
        String notWarp0 = w.reg(Reg.PRED);
        String done = w.label();
        w.op("setp.ne.s32", notWarp0, warp, "0");
        w.opIf(notWarp0, "bra", done);
        w.gap();
        String lo = w.reg(Reg.B32);
        String la = w.reg(Reg.B32);
        String v = w.reg(Reg.F32);
        w.op("shl.b32", lo, lane, "2");
        w.op("add.s32", la, base, lo);
        w.op("ld.shared.f32", v, at(la, 0));
        shuffle(w, new String[] {v}, 5);
        String notThread0 = w.reg(Reg.PRED);
        w.op("setp.ne.s32", notThread0, lane, "0");
        w.opIf(notThread0, "bra", done);
        w.gap();
        w.op("red.global.add.f32", at(f.base(1), 0), v);
        w.place(done);
        w.op("ret");
        f.close();
    }

    /**
     * {@code rounds} butterfly rounds over every value (offsets 16, 8, ...), interleaved so all
     * stay live; an f32 crosses {@code shfl.sync} as b32, as nvcc moves it.
     */
    private static void shuffle(PtxWriter w, String[] values, int rounds) {
        for (int round = 0; round < rounds; round++) {
            String offset = Integer.toString(16 >> round);
            for (String value : values) {
                String bits = w.reg(Reg.B32);
                String got = w.reg(Reg.B32);
                String other = w.reg(Reg.F32);
                w.op("mov.b32", bits, value);
                w.op("shfl.sync.bfly.b32", got, bits, offset, "31", Integer.toString(FULL_MASK));
                w.op("mov.b32", other, got);
                w.op("add.f32", value, value, other);
            }
        }
    }

    /** Adds the values pairwise, level by level, into one. */
    private static String tree(PtxWriter w, String[] values) {
        List<String> level = new ArrayList<>(List.of(values));
        while (level.size() > 1) {
            List<String> next = new ArrayList<>();
            for (int i = 0; i + 1 < level.size(); i += 2) {
                String s = w.reg(Reg.F32);
                w.op("add.f32", s, level.get(i), level.get(i + 1));
                next.add(s);
            }
            if (level.size() % 2 == 1) {
                next.add(level.get(level.size() - 1));
            }
            level = next;
        }
        return level.get(0);
    }
}
