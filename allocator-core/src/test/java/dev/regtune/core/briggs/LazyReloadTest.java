package dev.regtune.core.briggs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.RegClass;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Lazy reload's occupancy grid, filled and tested a word at a time, against a grid of booleans. */
class LazyReloadTest {
    @Test
    void occupiedRangesAgreeWithAPointByPointGrid() {
        FunctionBuilder b = new FunctionBuilder("long", FunctionKind.ENTRY);
        for (int i = 0; i < 199; i++) {
            b.instr("nop", InstrKind.INT_ALU, 0, new int[0], new int[0], 0);
        }
        b.instr("ret", InstrKind.RETURN, InstrFlags.RETURN | InstrFlags.NO_FALLTHROUGH, new int[0], new int[0], 0);
        int points = 400;
        int slots = 8;
        int[] budget = new int[RegClass.ID_LIMIT];
        budget[RegClass.R.id()] = slots;
        int c = RegClass.R.id();
        Random random = new Random(6);
        for (int trial = 0; trial < 200; trial++) {
            LazyReload lazy = new LazyReload(b.build(), budget);
            boolean[][] grid = new boolean[slots][points];
            for (int op = 0; op < 30; op++) {
                int width = 1 << random.nextInt(3);
                int slot = random.nextInt(slots / width) * width;
                int from = random.nextInt(points);
                int to = random.nextInt(5) == 0 ? from - 1 : Math.min(points - 1, from + random.nextInt(random.nextBoolean() ? 8 : 200));
                boolean expected = true;
                for (int s = slot; s < slot + width; s++) {
                    for (int p = from; p <= to; p++) {
                        expected &= !grid[s][p];
                    }
                }
                assertEquals(expected, lazy.free(c, slot, width, from, to),
                        "trial " + trial + ": slots " + slot + "+" + width + ", points " + from + ".." + to);
                if (random.nextBoolean()) {
                    lazy.occupy(c, slot, width, from, to);
                    for (int s = slot; s < slot + width; s++) {
                        for (int p = from; p <= to; p++) {
                            grid[s][p] = true;
                        }
                    }
                }
            }
        }
    }
}
