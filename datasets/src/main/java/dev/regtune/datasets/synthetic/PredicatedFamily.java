package dev.regtune.datasets.synthetic;

import static dev.regtune.datasets.synthetic.PtxWriter.at;
import static dev.regtune.datasets.synthetic.PtxWriter.f32;
import static dev.regtune.datasets.synthetic.PtxWriter.not;

import dev.regtune.datasets.synthetic.PtxWriter.Reg;

/**
 * Predication: {@code predicates} predicates, each guarding its own f32 value, live from the start
 * to the end (ptxas keeps 7 in predicate registers and moves the rest through GPRs). Each unit is
 * a region of {@code region} instructions on one predicate, cycling through three kinds: guarded
 * FMAs ({@code @%p} / {@code @!%p}), computed values chosen by {@code selp}, and an if-else diamond
 * around {@code @%p bra}; every unit also recomputes one predicate from a fresh load.
 */
final class PredicatedFamily extends AbstractKernelFamily {
    private static final int STRIDE = 512;
    private static final int STREAM = 1 << 20;

    PredicatedFamily() {
        super("predicated",
                "Regions of guarded instructions, selects and short if-else diamonds over P predicates that stay "
                        + "live, each guarding its own value.",
                "predicates", 75,
                new FamilyParameter("predicates", "predicates live at once (and values they guard)", 1, 32, 4),
                new FamilyParameter("region", "guarded instructions per region", 1, 16, 4));
    }

    @Override
    void emit(Build b) {
        PtxWriter w = b.w();
        int np = b.p("predicates");
        int region = b.p("region");
        Frame f = Frame.open(b, 2, 4); // in, out
        String in = f.pointer(0);
        String out = f.pointer(1);
        String[] value = w.regs(Reg.F32, np);
        String[] pred = w.regs(Reg.PRED, np);
        for (int i = 0; i < np; i++) {
            w.op("ld.global.nc.f32", value[i], at(in, (long) i * STRIDE));
            w.op("setp.gt.f32", pred[i], value[i], f32(b.rng().nextInt(1, 7) / 8f));
        }
        long streamBase = f.compact() ? STREAM : 0;
        Loops.run(b, f, new Loops.Body() {
            @Override
            public void step(int loop, int index) {
                SeededRandom rng = b.rng();
                String x = w.reg(Reg.F32);
                w.op("ld.global.nc.f32", x, at(in, streamBase + 4L * index));
                int p = rng.nextInt(np);
                String guard = rng.nextBoolean() ? pred[p] : not(pred[p]);
                // The kind cycles with the unit, so instruction counts do not depend on the seed.
                int kind = f.compact() ? 0 : index % 3;
                switch (kind) {
                    case 0 -> {
                        for (int g = 0; g < region; g++) {
                            String a = value[rng.nextInt(np)];
                            w.opIf(guard, "fma.rn.f32", a, x, f32(rng.nextInt(1, 15) / 8f), a);
                        }
                    }
                    case 1 -> {
                        for (int g = 0; g < region; g++) {
                            String a = value[rng.nextInt(np)];
                            String t = w.reg(Reg.F32);
                            w.op("mul.f32", t, x, a);
                            w.op("selp.f32", a, t, a, pred[rng.nextInt(np)]);
                        }
                    }
                    default -> {
                        String otherwise = w.label();
                        String join = w.label();
                        w.opIf(guard, "bra", otherwise);
                        w.gap();
                        for (int g = 0; g < region; g++) {
                            String a = value[rng.nextInt(np)];
                            w.op("add.f32", a, a, x);
                        }
                        w.op("bra.uni", join);
                        w.place(otherwise);
                        String a = value[rng.nextInt(np)];
                        w.op("sub.f32", a, a, x);
                        w.place(join);
                    }
                }
                if (!f.compact()) {
                    int q = rng.nextInt(np);
                    w.op("setp.lt.f32", pred[q], x, value[q]);
                }
            }

            @Override
            public void endOfIteration(int loop, int steps) {
                w.op("add.s64", in, in, Long.toString(4L * steps));
            }
        });
        for (int i = 0; i < np; i++) {
            String r = w.reg(Reg.F32);
            w.op("selp.f32", r, value[i], f32(0f), pred[i]);
            w.op("st.global.f32", at(out, 4L * i), r);
        }
        f.close();
    }
}
