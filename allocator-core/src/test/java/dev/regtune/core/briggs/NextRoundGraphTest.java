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
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The next round's graph, derived from the previous round's rows and the values spilled since,
 * is row for row the graph a sweep of the new round's segments builds, over several rounds of
 * random spills (temporaries of different values sharing points included).
 */
class NextRoundGraphTest {
    @Test
    void derivedGraphsEqualGraphsBuiltFromSegments() throws IOException {
        List<KernelFunction> kernels = kernels();
        Random random = new Random(15);
        int compared = 0;
        for (KernelFunction fn : kernels) {
            LiveRanges ranges = LiveRanges.compute(fn, Liveness.compute(fn));
            int[] classOf = BriggsAllocator.classes(fn, ArchProfiles.of("sm_90"));
            int cls = RegClass.R.id();
            boolean[] spilled = new boolean[fn.vregCount()];
            ClassNodes previous = ClassNodes.build(fn, ranges, classOf, cls, spilled);
            InterferenceGraph first = BriggsAllocator.graphOf(previous);
            int[][] rows = rows(first, previous.count);
            int[] degrees = first.weightedDegrees();
            for (int round = 0; round < 4; round++) {
                for (int v = 0; v < fn.vregCount(); v++) {
                    if (classOf[v] == cls && random.nextInt(8) == 0) {
                        spilled[v] = true;
                    }
                }
                ClassNodes next = ClassNodes.build(fn, ranges, classOf, cls, spilled);
                InterferenceGraph built = BriggsAllocator.graphOf(next);
                InterferenceGraph derivedGraph = NextRoundGraph.of(previous, rows, degrees, next);
                assertArrayEquals(built.weightedDegrees(), derivedGraph.weightedDegrees(),
                        fn.name() + ", round " + round + ": weighted degrees");
                int[][] expected = rows(built, next.count);
                int[][] derived = rows(derivedGraph, next.count);
                assertEquals(expected.length, derived.length);
                for (int x = 0; x < expected.length; x++) {
                    assertArrayEquals(expected[x], derived[x], fn.name() + ", round " + round + ", node " + x);
                }
                compared += next.count;
                previous = next;
                rows = derived;
                degrees = derivedGraph.weightedDegrees();
            }
        }
        assertTrue(compared > 100, "compared " + compared + " rows");
    }

    /**
     * The same in the previous round's numbers ({@link ClassNodes#keepingNumbers}) wherever they
     * keep the order: the rows of the nodes, less the numbers left behind, are the sweep's rows
     * renumbered, with the same weighted degrees; where they do not keep it, the graph derived
     * from a previous round that has numbers left behind is the sweep's exactly.
     */
    @Test
    void graphsInTheLastRoundsNumbersEqualGraphsBuiltFromSegments() throws IOException {
        List<KernelFunction> kernels = kernels();
        Random random = new Random(16);
        int kept = 0;
        int renumbered = 0;
        for (KernelFunction fn : kernels) {
            LiveRanges ranges = LiveRanges.compute(fn, Liveness.compute(fn));
            int[] classOf = BriggsAllocator.classes(fn, ArchProfiles.of("sm_90"));
            int cls = RegClass.R.id();
            boolean[] spilled = new boolean[fn.vregCount()];
            ClassNodes previous = ClassNodes.build(fn, ranges, classOf, cls, spilled);
            InterferenceGraph first = BriggsAllocator.graphOf(previous);
            int[][] rows = rows(first, previous.count);
            int[] degrees = first.weightedDegrees();
            for (int round = 0; round < 5; round++) {
                // Spill the later values first, so that new temporaries often follow the old ones.
                int from = round < 2 ? fn.vregCount() / 2 : 0;
                for (int v = from; v < fn.vregCount(); v++) {
                    if (classOf[v] == cls && random.nextInt(10) == 0) {
                        spilled[v] = true;
                    }
                }
                ClassNodes next = ClassNodes.build(fn, ranges, classOf, cls, spilled);
                InterferenceGraph built = BriggsAllocator.graphOf(next);
                int[] builtDegrees = built.weightedDegrees();
                ClassNodes numbered = ClassNodes.keepingNumbers(previous, next);
                String where = fn.name() + ", round " + round;
                InterferenceGraph derived;
                if (numbered == null) {
                    derived = NextRoundGraph.of(previous, rows, degrees, next);
                    assertArrayEquals(builtDegrees, derived.weightedDegrees(), where);
                    for (int x = 0; x < next.count; x++) {
                        assertArrayEquals(built.neighbours(x), derived.neighbours(x), where + ", node " + x);
                    }
                    numbered = next;
                    renumbered++;
                } else {
                    derived = NextRoundGraph.keepingNumbers(previous, rows, degrees, numbered);
                    assertEquals(next.count, numbered.size(), where);
                    int[] number = new int[next.count];
                    for (int v = 0; v < next.valueNode.length; v++) {
                        if (next.valueNode[v] >= 0) {
                            number[next.valueNode[v]] = numbered.valueNode[v];
                        }
                    }
                    for (int op = 0; op < next.operandTemp.length; op++) {
                        if (next.operandTemp[op] >= 0) {
                            number[next.operandTemp[op]] = numbered.operandTemp[op];
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
                        int[] present = java.util.Arrays.stream(derived.neighbours(y)).filter(m -> !nodes.isGone(m))
                                .toArray();
                        assertArrayEquals(expected, present, where + ", node " + x);
                    }
                    kept++;
                }
                previous = numbered;
                rows = rows(derived, numbered.count);
                degrees = derived.weightedDegrees();
            }
        }
        assertTrue(kept >= 3 && renumbered >= 3, "kept numbers " + kept + " times, renumbered " + renumbered);
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
