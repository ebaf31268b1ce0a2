package dev.regtune.datasets.synthetic;

import static dev.regtune.datasets.synthetic.PtxWriter.at;
import static dev.regtune.datasets.synthetic.PtxWriter.f32;

import dev.regtune.datasets.synthetic.PtxWriter.Reg;

/**
 * Register-blocked accumulators, the inner loop of a GEMM or an n-body tile: {@code n} f32
 * accumulators live across the whole kernel, each unit loads {@code loads} values and updates
 * every accumulator with an FMA of two of them. Pressure is about {@code n + loads}.
 */
final class AccumulatorsFamily extends AbstractKernelFamily {
    /** Bytes between consecutive loads of one thread (a coalesced layout: 128 threads x 4 bytes). */
    private static final int STRIDE = 512;

    AccumulatorsFamily() {
        super("accumulators",
                "Unrolled register-blocked accumulators: n f32 accumulators updated by FMAs of loaded values in "
                        + "counted loops, stored at the end.",
                "n", 75,
                new FamilyParameter("n", "accumulators live across the kernel", 1, 256, 16),
                new FamilyParameter("loads", "values loaded per unrolled step", 1, 32, 4));
    }

    @Override
    void emit(Build b) {
        PtxWriter w = b.w();
        int n = b.p("n");
        int loads = b.p("loads");
        Frame f = Frame.open(b, 2, 4);
        String in = f.pointer(0);
        String out = f.pointer(1);
        String[] acc = w.regs(Reg.F32, n);
        // nvcc zeroes one register and copies it to the others.
        w.op("mov.f32", acc[0], f32(0f));
        for (int i = 1; i < n; i++) {
            w.op("mov.f32", acc[i], acc[0]);
        }
        Loops.run(b, f, new Loops.Body() {
            @Override
            public void step(int loop, int index) {
                String[] x = w.regs(Reg.F32, loads);
                for (int j = 0; j < loads; j++) {
                    w.op("ld.global.nc.f32", x[j], at(in, (long) (index * loads + j) * STRIDE));
                }
                // Every accumulator is updated and every loaded value used, so nothing is dead.
                for (int m = 0; m < Math.max(n, loads); m++) {
                    String a = acc[m % n];
                    w.op("fma.rn.f32", a, x[m % loads], x[b.rng().nextInt(loads)], a);
                }
            }

            @Override
            public void endOfIteration(int loop, int steps) {
                w.op("add.s64", in, in, Long.toString((long) steps * loads * STRIDE));
            }
        });
        for (int i = 0; i < n; i++) {
            w.op("st.global.f32", at(out, (long) i * STRIDE), acc[i]);
        }
        f.close();
    }
}
