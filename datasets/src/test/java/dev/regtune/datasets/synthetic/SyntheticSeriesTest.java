package dev.regtune.datasets.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SyntheticSeriesTest {
    @Test
    void namesFollowFamilySeedAndIndex() {
        SyntheticSeries s = new SyntheticSeries(SyntheticSpec.parse("loop-live-through:instructions=200"), 42);
        assertEquals("loop-live-through-42-7.ptx", s.fileName(7));
        assertEquals("loop_live_through_42_7", s.kernelName(7));
        assertEquals("loop_live_through_42_7", s.kernel(7).name());
    }

    @Test
    void openParametersAreDrawnPerIndexWithinTheirRangesAndFixedOnesKept() {
        SyntheticSeries s = new SyntheticSeries(SyntheticSpec.parse("accumulators:loads=3,instructions=3000"), 9);
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 40; i++) {
            SyntheticSpec spec = s.spec(i);
            assertEquals(3, spec.parameter("loads"));
            int n = spec.parameter("n");
            assertTrue(n >= 1 && n <= 256, "n=" + n);
            seen.add(n);
            assertEquals(spec.toString(), s.spec(i).toString(), "drawing is a function of seed and index");
        }
        assertTrue(seen.size() >= 20, "n varies: " + seen);
        assertTrue(seen.stream().anyMatch(n -> n <= 8) && seen.stream().anyMatch(n -> n >= 64),
                "log-uniform draws reach both ends: " + seen);
    }

    @Test
    void kernelIDependsOnlyOnSeedAndIndex() {
        SyntheticSpec spec = SyntheticSpec.parse("predicated:instructions=400");
        SyntheticSeries a = new SyntheticSeries(spec, 5);
        SyntheticSeries b = new SyntheticSeries(spec, 5);
        String third = a.kernel(3).ptxText();
        b.kernel(0);
        b.kernel(1);
        assertEquals(third, b.kernel(3).ptxText());
        assertNotEquals(third.replace("_3", "_X"), a.kernel(4).ptxText().replace("_4", "_X"));
        assertNotEquals(a.kernel(0).ptxText().replace("_5_", "_S_"),
                new SyntheticSeries(spec, 6).kernel(0).ptxText().replace("_6_", "_S_"));
    }

    @Test
    void drawnValuesShrinkToFitASmallTarget() {
        SyntheticSeries s = new SyntheticSeries(SyntheticSpec.parse("accumulators:instructions=60"), 1);
        for (int i = 0; i < 30; i++) {
            SyntheticKernel k = s.kernel(i);
            SyntheticKernelsTest.assertWithin(60, k);
            Kernels.allocate(k);
        }
    }

    @Test
    void fixedParametersTooLargeForTheTargetAreRejectedUpFront() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SyntheticSeries(SyntheticSpec.parse("accumulators:n=200,instructions=100"), 1));
        assertTrue(e.getMessage().startsWith("the smallest kernel of family accumulators with loads=1, n=200 has "),
                e.getMessage());
    }
}
