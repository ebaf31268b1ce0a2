package dev.regtune.datasets.synthetic;

import static dev.regtune.datasets.synthetic.PtxWriter.at;
import static dev.regtune.datasets.synthetic.PtxWriter.f32;

import dev.regtune.datasets.synthetic.PtxWriter.Reg;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A stencil of radius {@code radius} whose neighbourhood stays in registers while the thread
 * marches along its column (2D: a {@code (2r+1) x (2r+1)} box, one new row of {@code 2r+1} values
 * per output; 1D: a window of {@code 2r+1} values, one new value per output). The coefficients
 * are loaded once and stay live too, so pressure is about twice the neighbourhood. At the loop's
 * back edge the carried rows are copied into the registers the next iteration reads, as nvcc does.
 */
final class StencilFamily extends AbstractKernelFamily {
    /** Row pitch of the compact shape, which has no pitch parameter. */
    private static final int COMPACT_PITCH = 4096;
    /** Where the compact shape writes its outputs, past its inputs. */
    private static final int COMPACT_OUTPUT = 1 << 20;

    StencilFamily() {
        super("stencil",
                "A 1D or 2D box stencil of radius r marching along a column with the neighbourhood and the "
                        + "coefficients kept in registers.",
                "radius", 75,
                new FamilyParameter("radius", "stencil radius r (neighbourhood of (2r+1)^dims values)", 1, 6, 2),
                new FamilyParameter("dims", "1 for a window along x, 2 for a box marching in y", 1, 2, 2));
    }

    @Override
    void emit(Build b) {
        PtxWriter w = b.w();
        int r = b.p("radius");
        int side = 2 * r + 1;
        int width = b.p("dims") == 2 ? side : 1;
        Frame f = Frame.open(b, 3, 4); // in, coefficients, out
        String in = f.pointer(0);
        String out = f.pointer(2);
        String pitch;
        if (f.compact()) {
            pitch = null;
        } else if (width == 1) {
            pitch = "4";
        } else {
            pitch = w.reg(Reg.B64);
            w.op("mul.wide.s32", pitch, f.length(), "4");
        }
        // Coefficients: loaded once (uniform addresses), or immediates in the compact shape.
        String[] coef = new String[side * width];
        for (int k = 0; k < coef.length; k++) {
            if (f.compact()) {
                coef[k] = f32((b.rng().nextInt(1, 15)) / 16f);
            } else {
                coef[k] = w.reg(Reg.F32);
                w.op("ld.global.nc.f32", coef[k], at(f.base(1), 4L * k));
            }
        }
        // The first 2r rows of the window, before the loop.
        String[][] window = new String[side][];
        int[] compactRow = {0};
        for (int row = 0; row < side - 1; row++) {
            window[row + 1] = loadRow(w, f, in, pitch, r, width, compactRow);
        }
        String[][] carried = new String[side - 1][];
        for (int row = 0; row < side - 1; row++) {
            carried[row] = window[row + 1];
        }
        String[][] current = window;
        Loops.run(b, f, new Loops.Body() {
            private String[][] win = current;

            @Override
            public void step(int loop, int index) {
                String[][] next = new String[side][];
                System.arraycopy(win, 1, next, 0, side - 1);
                next[side - 1] = loadRow(w, f, in, pitch, r, width, compactRow);
                win = next;
                // The output: every neighbourhood value times its coefficient, in a random order.
                int cells = side * width;
                int start = b.rng().nextInt(cells);
                String sum = w.reg(Reg.F32);
                for (int c = 0; c < cells; c++) {
                    int cell = (start + c) % cells;
                    String v = win[cell / width][cell % width];
                    if (c == 0) {
                        w.op("mul.f32", sum, v, coef[cell]);
                    } else {
                        w.op("fma.rn.f32", sum, v, coef[cell], sum);
                    }
                }
                if (f.compact()) {
                    w.op("st.global.f32", at(out, COMPACT_OUTPUT + 4L * index), sum);
                } else {
                    w.op("st.global.f32", at(out, 0), sum);
                    w.op("add.s64", out, out, Objects.requireNonNull(pitch)); // the full shape has a pitch
                }
            }

            @Override
            public void endOfIteration(int loop, int steps) {
                // Copy the rows the next iteration needs into the registers it reads. Row i comes
                // from row i + k of the old window or is new; copying in increasing i reads every
                // carried register before it is overwritten.
                for (int row = 0; row < side - 1; row++) {
                    for (int x = 0; x < width; x++) {
                        String src = win[row + 1][x];
                        if (!src.equals(carried[row][x])) {
                            w.op("mov.f32", carried[row][x], src);
                        }
                    }
                }
                win = new String[side][];
                System.arraycopy(carried, 0, win, 1, side - 1);
            }
        });
        f.close();
    }

    /** Loads one row of the window (one value in 1D) and advances the row pointer. */
    private static String[] loadRow(PtxWriter w, Frame f, String in, @Nullable String pitch, int r, int width,
            int[] compactRow) {
        String[] row = w.regs(Reg.F32, width);
        for (int x = 0; x < width; x++) {
            long dx = width == 1 ? 0 : x - r;
            if (f.compact()) {
                long base = width == 1 ? 4L * compactRow[0] : (long) COMPACT_PITCH * compactRow[0];
                w.op("ld.global.nc.f32", row[x], at(in, base + 4 * dx));
            } else {
                w.op("ld.global.nc.f32", row[x], at(in, 4 * dx));
            }
        }
        if (f.compact()) {
            compactRow[0]++;
        } else {
            w.op("add.s64", in, in, Objects.requireNonNull(pitch)); // the full shape has a pitch
        }
        return row;
    }
}
