package dev.regtune.datasets.synthetic;

import static dev.regtune.datasets.synthetic.PtxWriter.at;
import static dev.regtune.datasets.synthetic.PtxWriter.f32;

import dev.regtune.datasets.synthetic.PtxWriter.Reg;

/**
 * Values live across loop back edges: {@code live} values are loaded before the first loop, read
 * (never written) inside the loops and all used after the last one, so each is live around every
 * back edge; inside, each unit loads {@code temps} loop-local temporaries, all live at once, and
 * folds them into one loop-carried accumulator. Pressure is about {@code live + temps}; the
 * allocator's loop-aware costs decide what to spill.
 */
final class LoopLiveThroughFamily extends AbstractKernelFamily {
    private static final int STRIDE = 512;
    /** Where the loop-local stream starts, past the live values. */
    private static final int STREAM = 1 << 20;

    LoopLiveThroughFamily() {
        super("loop-live-through",
                "Loops carrying live values across the back edge (defined before, read inside, used after) plus "
                        + "loop-local temporaries and one loop-carried accumulator.",
                "live", 75,
                new FamilyParameter("live", "values live through every loop", 1, 192, 16),
                new FamilyParameter("temps", "loop-local temporaries live at once per unit", 1, 64, 8));
    }

    @Override
    void emit(Build b) {
        PtxWriter w = b.w();
        int live = b.p("live");
        int temps = b.p("temps");
        Frame f = Frame.open(b, 3, 4); // live values, stream, out
        String values = f.pointer(0);
        String stream = f.pointer(1);
        String out = f.pointer(2);
        String[] v = w.regs(Reg.F32, live);
        for (int i = 0; i < live; i++) {
            w.op("ld.global.nc.f32", v[i], at(values, (long) i * STRIDE));
        }
        String acc = w.reg(Reg.F32);
        if (!f.compact()) {
            w.op("mov.f32", acc, f32(0f));
        }
        boolean[] started = {false};
        long streamBase = f.compact() ? STREAM : 0;
        Loops.run(b, f, new Loops.Body() {
            @Override
            public void step(int loop, int index) {
                String[] t = w.regs(Reg.F32, temps);
                for (int j = 0; j < temps; j++) {
                    w.op("ld.global.nc.f32", t[j], at(stream, streamBase + 4L * (index * temps + j)));
                }
                for (int j = 0; j < temps; j++) {
                    String weight = v[b.rng().nextInt(live)];
                    // The compact shape starts the accumulator with its first product.
                    w.op("fma.rn.f32", acc, t[j], weight, started[0] || !f.compact() ? acc : f32(0f));
                    started[0] = true;
                }
            }

            @Override
            public void endOfIteration(int loop, int steps) {
                w.op("add.s64", stream, stream, Long.toString(4L * steps * temps));
            }
        });
        for (int i = 0; i < live; i++) {
            w.op("add.f32", acc, acc, v[i]);
        }
        w.op("st.global.f32", at(out, 0), acc);
        f.close();
    }
}
