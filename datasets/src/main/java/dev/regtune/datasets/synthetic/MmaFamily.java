package dev.regtune.datasets.synthetic;

import static dev.regtune.datasets.synthetic.PtxWriter.at;
import static dev.regtune.datasets.synthetic.PtxWriter.f32;
import static dev.regtune.datasets.synthetic.PtxWriter.vec;

import dev.regtune.datasets.synthetic.PtxWriter.Reg;

/**
 * A warp-level tensor-core GEMM tile: {@code tm x tn} tiles of
 * {@code mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32}, each with a C/D fragment of four f32
 * accumulators; every unit is one k-step of 16, loading {@code tm} A fragments (4 x b32 of f16
 * pairs, read in the fragment layout from two rows) and {@code tn} B fragments (2 x b32) and
 * issuing every tile's mma. The fragments are vector operands, so the allocator must place them
 * in aligned, consecutive registers. Pressure is about {@code 4 tm tn + 4 tm + 2 tn}. Needs sm_80.
 */
final class MmaFamily extends AbstractKernelFamily {
    private static final String MMA = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
    /** Bytes of one k-step of 16 halves along a row. */
    private static final int K_STEP_BYTES = 32;
    /** Where the compact shape keeps B and C, past A. */
    private static final int COMPACT_B = 1 << 16;
    private static final int COMPACT_C = 1 << 20;

    MmaFamily() {
        super("mma",
                "Tensor-core GEMM tiles: m16n8k16 mma.sync with f16 A/B fragments and f32 accumulators over "
                        + "tm x tn tiles in a K loop.",
                "tn", 80,
                new FamilyParameter("tm", "tile rows of 16 (A fragments)", 1, 4, 2),
                new FamilyParameter("tn", "tile columns of 8 (B fragments); tm x tn x 4 f32 accumulators", 1, 8, 2));
    }

    @Override
    void emit(Build b) {
        if (b.compact()) {
            emitCompact(b);
            return;
        }
        PtxWriter w = b.w();
        int tm = b.p("tm");
        int tn = b.p("tn");
        Frame f = Frame.open(b, 3, 2); // A (M x K, row-major), Bt (N x K, row-major), C (M x N, f32)
        // Lane layout of the m16n8k16 fragments: group = lane / 4 picks the row, tig = lane % 4 the
        // pair of halves.
        String lane = w.reg(Reg.B32);
        String group = w.reg(Reg.B32);
        String tig = w.reg(Reg.B32);
        String rowBytes = w.reg(Reg.B32);
        String warpRow = w.reg(Reg.B32);
        String warp = w.reg(Reg.B32);
        w.op("and.b32", lane, f.tid(), "31");
        w.op("shr.u32", group, lane, "2");
        w.op("and.b32", tig, lane, "3");
        w.op("shl.b32", rowBytes, f.length(), "1");
        w.op("shr.u32", warp, f.gid(), "5");
        w.op("mul.lo.s32", warpRow, warp, Integer.toString(16 * tm));
        String pairOffset = w.reg(Reg.B64);
        w.op("mul.wide.u32", pairOffset, tig, "4");
        String eightRows = w.reg(Reg.B64);
        w.op("mul.wide.s32", eightRows, rowBytes, "8");
        String[] a = new String[tm];
        String[] a8 = new String[tm];
        for (int i = 0; i < tm; i++) {
            String row = w.reg(Reg.B32);
            String off = w.reg(Reg.B64);
            String p = w.reg(Reg.B64);
            w.op("add.s32", row, warpRow, Integer.toString(16 * i));
            w.op("add.s32", row, row, group);
            w.op("mul.wide.s32", off, row, rowBytes);
            w.op("add.s64", p, f.base(0), off);
            a[i] = w.reg(Reg.B64);
            a8[i] = w.reg(Reg.B64);
            w.op("add.s64", a[i], p, pairOffset);
            w.op("add.s64", a8[i], a[i], eightRows);
        }
        String[] bt = new String[tn];
        for (int j = 0; j < tn; j++) {
            String col = w.reg(Reg.B32);
            String off = w.reg(Reg.B64);
            String p = w.reg(Reg.B64);
            w.op("add.s32", col, group, Integer.toString(8 * j));
            w.op("mul.wide.s32", off, col, rowBytes);
            w.op("add.s64", p, f.base(1), off);
            bt[j] = w.reg(Reg.B64);
            w.op("add.s64", bt[j], p, pairOffset);
        }
        String[][][] c = new String[tm][tn][];
        String zero = null;
        for (int i = 0; i < tm; i++) {
            for (int j = 0; j < tn; j++) {
                c[i][j] = w.regs(Reg.F32, 4);
                for (String r : c[i][j]) {
                    if (zero == null) {
                        zero = r;
                        w.op("mov.f32", r, f32(0f));
                    } else {
                        w.op("mov.f32", r, zero);
                    }
                }
            }
        }
        Loops.run(b, f, new Loops.Body() {
            @Override
            public void step(int loop, int index) {
                long k = (long) index * K_STEP_BYTES;
                String[][] fa = new String[tm][];
                for (int i = 0; i < tm; i++) {
                    fa[i] = w.regs(Reg.B32, 4);
                    w.op("ld.global.nc.u32", fa[i][0], at(a[i], k));
                    w.op("ld.global.nc.u32", fa[i][1], at(a8[i], k));
                    w.op("ld.global.nc.u32", fa[i][2], at(a[i], k + 16));
                    w.op("ld.global.nc.u32", fa[i][3], at(a8[i], k + 16));
                }
                String[][] fb = new String[tn][];
                for (int j = 0; j < tn; j++) {
                    fb[j] = w.regs(Reg.B32, 2);
                    w.op("ld.global.nc.u32", fb[j][0], at(bt[j], k));
                    w.op("ld.global.nc.u32", fb[j][1], at(bt[j], k + 16));
                }
                // The tiles in an order of the seed's choosing (the scheduler's freedom).
                int start = b.rng().nextInt(tm * tn);
                for (int t = 0; t < tm * tn; t++) {
                    int tile = (start + t) % (tm * tn);
                    String[] acc = c[tile / tn][tile % tn];
                    w.op(MMA, vec(acc), vec(fa[tile / tn]), vec(fb[tile % tn]), vec(acc));
                }
            }

            @Override
            public void endOfIteration(int loop, int steps) {
                String bytes = Long.toString((long) steps * K_STEP_BYTES);
                for (int i = 0; i < tm; i++) {
                    w.op("add.s64", a[i], a[i], bytes);
                    w.op("add.s64", a8[i], a8[i], bytes);
                }
                for (String p : bt) {
                    w.op("add.s64", p, p, bytes);
                }
            }
        });
        // C: row group (d0, d1) and row group + 8 (d2, d3), columns 2 tig and 2 tig + 1 of each tile.
        String cRowBytes = w.reg(Reg.B32);
        w.op("shl.b32", cRowBytes, f.length(), "2");
        String colOffset = w.reg(Reg.B64);
        w.op("mul.wide.u32", colOffset, tig, "8");
        for (int i = 0; i < tm; i++) {
            String row = w.reg(Reg.B32);
            String off = w.reg(Reg.B64);
            String p = w.reg(Reg.B64);
            String p8 = w.reg(Reg.B64);
            String eight = w.reg(Reg.B64);
            w.op("add.s32", row, warpRow, Integer.toString(16 * i));
            w.op("add.s32", row, row, group);
            w.op("mul.wide.s32", off, row, cRowBytes);
            w.op("add.s64", p, f.base(2), off);
            w.op("add.s64", p, p, colOffset);
            w.op("mul.wide.s32", eight, cRowBytes, "8");
            w.op("add.s64", p8, p, eight);
            for (int j = 0; j < tn; j++) {
                w.op("st.global.v2.f32", at(p, 32L * j), vec(c[i][j][0], c[i][j][1]));
                w.op("st.global.v2.f32", at(p8, 32L * j), vec(c[i][j][2], c[i][j][3]));
            }
        }
        f.close();
    }

    /**
     * The compact shape: whole fragments by vector loads from one pointer, C loaded rather than
     * zeroed, straight-line k-steps.
     */
    private void emitCompact(Build b) {
        PtxWriter w = b.w();
        int tm = b.p("tm");
        int tn = b.p("tn");
        Frame f = Frame.open(b, 1, 16);
        String p = f.pointer(0);
        String[][][] c = new String[tm][tn][];
        for (int i = 0; i < tm; i++) {
            for (int j = 0; j < tn; j++) {
                c[i][j] = w.regs(Reg.F32, 4);
                w.op("ld.global.v4.f32", vec(c[i][j]), at(p, COMPACT_C + 16L * (i * tn + j)));
            }
        }
        for (int s = 0; s < b.units(); s++) {
            String[][] fa = new String[tm][];
            for (int i = 0; i < tm; i++) {
                fa[i] = w.regs(Reg.B32, 4);
                w.op("ld.global.nc.v4.u32", vec(fa[i]), at(p, 16L * (s * tm + i)));
            }
            String[][] fb = new String[tn][];
            for (int j = 0; j < tn; j++) {
                fb[j] = w.regs(Reg.B32, 2);
                w.op("ld.global.nc.v2.u32", vec(fb[j]), at(p, COMPACT_B + 8L * (s * tn + j)));
            }
            int start = b.rng().nextInt(tm * tn);
            for (int t = 0; t < tm * tn; t++) {
                int tile = (start + t) % (tm * tn);
                String[] acc = c[tile / tn][tile % tn];
                w.op(MMA, vec(acc), vec(fa[tile / tn]), vec(fb[tile % tn]), vec(acc));
            }
        }
        for (int i = 0; i < tm; i++) {
            for (int j = 0; j < tn; j++) {
                w.op("st.global.v4.f32", at(p, COMPACT_C + 16L * (i * tn + j)), vec(c[i][j]));
            }
        }
        f.close();
    }
}
