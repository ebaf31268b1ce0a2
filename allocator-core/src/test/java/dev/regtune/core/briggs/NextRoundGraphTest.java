package dev.regtune.core.briggs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.ptx.PtxParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The next round's graph, derived from the previous round's rows and the values spilled since in
 * the last round's value numbers ({@link ClassNodes#keepingNumbers}), is row for row the graph a
 * sweep of the new round's segments builds, renumbered, over several rounds of random spills
 * (temporaries of different values sharing points included, new temporaries before old ones
 * too).
 */
class NextRoundGraphTest {
    @Test
    void derivedGraphsEqualGraphsBuiltFromSegments() throws IOException {
        // Spills anywhere: new temporaries often come before old ones, whose numbers then move.
        int[] moved = compareOverRounds(new Random(15), 4, round -> 0, 8);
        assertTrue(moved[0] > 100 && moved[1] >= 3, "compared " + moved[0] + " rows, temporaries moved in " + moved[1]
                + " rounds");
    }

    /**
     * The same with the later values spilled first, so that new temporaries often follow the old
     * ones and rows are shared as they are.
     */
    @Test
    void graphsInTheLastRoundsNumbersEqualGraphsBuiltFromSegments() throws IOException {
        int[] compared = compareOverRounds(new Random(16), 5, round -> round < 2 ? 2 : 1, 10);
        assertTrue(compared[0] > 100 && compared[2] >= 3, "compared " + compared[0] + " rows, kept temporaries in "
                + compared[2] + " rounds");
    }

    /**
     * Spills values at random (one in {@code odds}, from the vreg {@code vregs / fraction(round)}
     * on; 0 for all) over {@code rounds} rounds of every kernel and compares each derived graph
     * with the sweep's; returns the rows compared, the rounds in which an old temporary's number
     * moved and those in which none did.
     */
    private static int[] compareOverRounds(Random random, int rounds, IntUnaryOperator fraction, int odds)
            throws IOException {
        int[] counts = new int[3];
        for (KernelFunction fn : kernels()) {
            LiveRanges ranges = LiveRanges.compute(fn, Liveness.compute(fn));
            int[] classOf = BriggsAllocator.classes(fn, ArchProfiles.of("sm_90"));
            int cls = RegClass.R.id();
            boolean[] spilled = new boolean[fn.vregCount()];
            ClassNodes previous = ClassNodes.build(fn, ranges, classOf, cls, spilled);
            InterferenceGraph first = BriggsAllocator.graphOf(previous);
            int[][] rows = rows(first, previous.count);
            int[] degrees = first.weightedDegrees();
            for (int round = 0; round < rounds; round++) {
                int f = fraction.applyAsInt(round);
                int from = f == 0 ? 0 : fn.vregCount() - fn.vregCount() / f;
                for (int v = from; v < fn.vregCount(); v++) {
                    if (classOf[v] == cls && random.nextInt(odds) == 0) {
                        spilled[v] = true;
                    }
                }
                ClassNodes next = ClassNodes.build(fn, ranges, classOf, cls, spilled);
                InterferenceGraph built = BriggsAllocator.graphOf(next);
                int[] builtDegrees = built.weightedDegrees();
                ClassNodes numbered = ClassNodes.keepingNumbers(previous, next);
                String where = fn.name() + ", round " + round;
                InterferenceGraph derived = NextRoundGraph.keepingNumbers(previous, rows, degrees, numbered);
                assertEquals(next.count, numbered.size(), where);
                int[] number = new int[next.count];
                for (int v = 0; v < next.valueNode.length; v++) {
                    if (next.valueNode[v] >= 0) {
                        number[next.valueNode[v]] = numbered.valueNode[v];
                    }
                }
                boolean moved = false;
                for (int op = 0; op < next.operandTemp.length; op++) {
                    if (next.operandTemp[op] >= 0) {
                        number[next.operandTemp[op]] = numbered.operandTemp[op];
                        int old = previous.operandTemp[op];
                        moved |= old >= 0 && old != numbered.operandTemp[op];
                    }
                }
                int[] derivedDegrees = derived.weightedDegrees();
                for (int x = 0; x < next.count; x++) {
                    int y = number[x];
                    assertTrue(x == 0 || number[x - 1] < y, where + ": order kept");
                    assertEquals(next.vreg[x], numbered.vreg[y]);
                    assertEquals(next.temp[x], numbered.temp[y]);
                    assertEquals(builtDegrees[x], derivedDegrees[y], where + ", node " + x + ": weighted degree");
                    int[] expected = built.neighbours(x).clone();
                    for (int k = 0; k < expected.length; k++) {
                        expected[k] = number[expected[k]];
                    }
                    final ClassNodes nodes = numbered;
                    int[] present = Arrays.stream(derived.neighbours(y)).filter(m -> !nodes.isGone(m)).toArray();
                    assertArrayEquals(expected, present, where + ", node " + x);
                }
                // Every row, a gone number's included, is ascending and symmetric.
                for (int y = 0; y < numbered.count; y++) {
                    int[] row = derived.neighbours(y);
                    for (int k = 0; k < row.length; k++) {
                        assertTrue(k == 0 || row[k - 1] < row[k], where + ", row " + y + " ascending");
                        assertTrue(derived.adjacent(row[k], y), where + ", row " + y + " symmetric");
                    }
                }
                counts[0] += next.count;
                counts[moved ? 1 : 2]++;
                previous = numbered;
                rows = rows(derived, numbered.count);
                degrees = derived.weightedDegrees();
            }
        }
        return counts;
    }

    private static int[][] rows(InterferenceGraph g, int n) {
        int[][] out = new int[n][];
        for (int x = 0; x < n; x++) {
            out[x] = g.neighbours(x);
        }
        return out;
    }

    /** A function under pressure and, next to this module, the bundled GEMM tile's entries. */
    private static List<KernelFunction> kernels() throws IOException {
        List<KernelFunction> kernels = new ArrayList<>();
        kernels.add(BriggsAllocatorTest.pressure());
        Path gemm = Path.of("../datasets/corpus/ptx/sm_90/gemm_tile.ptx");
        if (Files.exists(gemm)) {
            kernels.addAll(PtxParser.parse(gemm).entries());
        }
        return kernels;
    }
}
