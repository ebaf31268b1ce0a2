package dev.regtune.core.briggs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
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
        List<KernelFunction> kernels = new ArrayList<>();
        kernels.add(BriggsAllocatorTest.pressure());
        Path gemm = Path.of("../datasets/corpus/ptx/sm_90/gemm_tile.ptx");
        if (Files.exists(gemm)) {
            PtxModule m = PtxParser.parse(gemm);
            kernels.addAll(m.entries());
        }
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

    private static int[][] rows(InterferenceGraph g, int n) {
        int[][] out = new int[n][];
        for (int x = 0; x < n; x++) {
            out[x] = g.neighbours(x);
        }
        return out;
    }
}
