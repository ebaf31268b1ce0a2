package dev.regtune.datasets.synthetic;

import dev.regtune.datasets.synthetic.PtxWriter.Reg;

/**
 * Spreads a family's units over sequential counted loops, nvcc style: a counter from 0, the
 * unrolled units, the counter increment, {@code setp.lt.s32} against the count parameter and
 * {@code @%p bra} back. About sqrt(units)/2 loops, so that a 100,000-instruction kernel is some
 * dozens of loops of some hundreds of instructions each rather than one huge body or thousands of
 * tiny loops. The compact shape has no loops: the units are straight-line code.
 */
final class Loops {
    private Loops() {
    }

    /** What a family puts in and around its loops. */
    interface Body {
        /** Before loop {@code loop}'s counter is set (full shape only). */
        default void beforeLoop(int loop) {
        }

        /** One unit: the {@code index}-th in its loop iteration (or in the kernel, compact shape). */
        void step(int loop, int index);

        /** At the end of an iteration of {@code steps} units, before the counter (full shape only). */
        default void endOfIteration(int loop, int steps) {
        }
    }

    /** How many loops {@code units} units are spread over. */
    static int loopCount(int units) {
        return Math.max(1, (int) Math.ceil(Math.sqrt(units) / 2));
    }

    static void run(Build b, Frame f, Body body) {
        PtxWriter w = b.w();
        if (b.compact()) {
            for (int s = 0; s < b.units(); s++) {
                body.step(0, s);
            }
            return;
        }
        int loops = loopCount(b.units());
        int base = b.units() / loops;
        int extra = b.units() % loops;
        for (int l = 0; l < loops; l++) {
            int steps = base + (l < extra ? 1 : 0);
            body.beforeLoop(l);
            String counter = w.reg(Reg.B32);
            w.op("mov.u32", counter, "0");
            String top = w.label();
            w.place(top);
            for (int s = 0; s < steps; s++) {
                body.step(l, s);
            }
            body.endOfIteration(l, steps);
            String more = w.reg(Reg.PRED);
            w.op("add.s32", counter, counter, "1");
            w.op("setp.lt.s32", more, counter, f.length());
            w.opIf(more, "bra", top);
            w.gap();
        }
    }
}
