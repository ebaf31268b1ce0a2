package dev.regtune.datasets.synthetic;

import static dev.regtune.datasets.synthetic.PtxWriter.at;
import static dev.regtune.datasets.synthetic.PtxWriter.f64;

import dev.regtune.datasets.synthetic.PtxWriter.Reg;
import java.util.Objects;

/**
 * 64-bit values, which take register pairs: {@code pairs} accumulators, alternately f64 (updated by
 * {@code fma.rn.f64}) and u64 (updated by xor, add or {@code mad.lo.s64}, hash style), fed by
 * {@code streams} 64-bit pointers that advance by a 64-bit stride each iteration; each unit also
 * gathers one value at an address computed from a u64 accumulator with 64-bit arithmetic. Pressure
 * is about {@code 2 * pairs + 6 * streams} 32-bit registers, with pair alignment.
 */
final class Pairs64Family extends AbstractKernelFamily {
    /** Where the compact shape writes, past its inputs. */
    private static final int COMPACT_OUTPUT = 1 << 20;
    /** The gather window: 1,024 doubles. */
    private static final int GATHER_MASK = 8184;

    Pairs64Family() {
        super("pairs64",
                "64-bit integer and double accumulators (register pairs) fed by 64-bit pointer streams, with "
                        + "64-bit address arithmetic and gathers.",
                "pairs", 75,
                new FamilyParameter("pairs", "64-bit accumulators (even: f64, odd: u64)", 1, 120, 8),
                new FamilyParameter("streams", "64-bit pointer streams advanced every iteration", 1, 8, 2));
    }

    @Override
    void emit(Build b) {
        PtxWriter w = b.w();
        int pairs = b.p("pairs");
        int streams = b.p("streams");
        Frame f = Frame.open(b, streams + 1, 8);
        String[] s = new String[streams];
        for (int k = 0; k < streams; k++) {
            s[k] = f.pointer(k);
        }
        String out = f.pointer(streams);
        String stride = f.compact() ? null : w.reg(Reg.B64);
        if (stride != null) {
            // The stride in bytes, in 64-bit arithmetic as nvcc does for size_t indexing.
            String n64 = w.reg(Reg.B64);
            w.op("cvt.u64.u32", n64, f.length());
            w.op("shl.b64", stride, n64, "3");
        }
        boolean anyInt = pairs > 1;
        String[] acc = new String[pairs];
        boolean[] started = new boolean[pairs];
        for (int i = 0; i < pairs; i++) {
            boolean isDouble = i % 2 == 0;
            acc[i] = w.reg(isDouble ? Reg.F64 : Reg.B64);
            if (!f.compact()) {
                if (isDouble) {
                    w.op("mov.f64", acc[i], f64(0.0));
                } else {
                    w.op("cvt.u64.u32", acc[i], f.gid());
                }
                started[i] = true;
            }
        }
        String mixer = Long.toString(0x9E3779B97F4A7C15L);
        String gatherBase = f.base(0);
        Loops.run(b, f, new Loops.Body() {
            @Override
            public void step(int loop, int index) {
                SeededRandom rng = b.rng();
                long off = 16L * index;
                String[] dv = new String[streams];
                String[] uv = new String[streams];
                for (int k = 0; k < streams; k++) {
                    dv[k] = w.reg(Reg.F64);
                    w.op("ld.global.nc.f64", dv[k], at(s[k], off));
                    if (anyInt) {
                        uv[k] = w.reg(Reg.B64);
                        w.op("ld.global.nc.u64", uv[k], at(s[k], off + 8));
                    }
                }
                String gathered = null;
                if (!f.compact() && anyInt) {
                    String key = acc[1 + 2 * rng.nextInt(pairs / 2)];
                    String masked = w.reg(Reg.B64);
                    String address = w.reg(Reg.B64);
                    gathered = w.reg(Reg.B64);
                    w.op("and.b64", masked, key, Integer.toString(GATHER_MASK));
                    w.op("add.s64", address, gatherBase, masked);
                    w.op("ld.global.nc.u64", gathered, at(address, 0));
                }
                for (int i = 0; i < pairs; i++) {
                    String a = acc[i];
                    if (i % 2 == 0) {
                        String x = dv[rng.nextInt(streams)];
                        String y = dv[rng.nextInt(streams)];
                        w.op("fma.rn.f64", a, x, y, started[i] ? a : f64(0.0));
                    } else {
                        String u = gathered != null && rng.nextInt(4) == 0 ? gathered : uv[rng.nextInt(streams)];
                        int op = rng.nextInt(3);
                        if (!started[i]) {
                            w.op("mad.lo.s64", a, u, mixer, u);
                        } else if (op == 0) {
                            w.op("xor.b64", a, a, u);
                        } else if (op == 1) {
                            w.op("add.s64", a, a, u);
                        } else {
                            w.op("mad.lo.s64", a, u, mixer, a);
                        }
                    }
                    started[i] = true;
                }
            }

            @Override
            public void endOfIteration(int loop, int steps) {
                for (String p : s) {
                    w.op("add.s64", p, p, Objects.requireNonNull(stride)); // full shape only
                }
            }
        });
        long outBase = f.compact() ? COMPACT_OUTPUT : 0;
        for (int i = 0; i < pairs; i++) {
            w.op(i % 2 == 0 ? "st.global.f64" : "st.global.u64", at(out, outBase + 8L * i), acc[i]);
        }
        f.close();
    }
}
