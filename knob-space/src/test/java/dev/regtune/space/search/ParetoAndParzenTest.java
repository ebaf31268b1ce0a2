package dev.regtune.space.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ParetoAndParzenTest {
    @Test
    void nonDominatedSortAndCrowding() {
        List<double[]> pts = List.of(new double[] {1, 5}, new double[] {2, 2}, new double[] {5, 1},
                new double[] {3, 3}, new double[] {6, 6}, new double[] {2, 2});
        List<int[]> fronts = Pareto.nonDominatedSort(pts);
        assertArrayEquals(new int[] {0, 1, 2, 5}, fronts.get(0));
        assertArrayEquals(new int[] {3}, fronts.get(1));
        assertArrayEquals(new int[] {4}, fronts.get(2));
        double[] cd = Pareto.crowdingDistance(pts, new int[] {0, 1, 2});
        assertEquals(Double.POSITIVE_INFINITY, cd[0]);
        assertEquals(Double.POSITIVE_INFINITY, cd[2]);
        assertEquals((5 - 1) / 4.0 + (5 - 1) / 4.0, cd[1], 1e-12);
    }

    @Test
    void hypervolumeOfAStaircase() {
        List<double[]> pts = List.of(new double[] {1, 3}, new double[] {2, 2}, new double[] {3, 1},
                new double[] {2.5, 2.5}, new double[] {5, 0});
        // ref (4, 4): strips [1,2)x(4-3) + [2,3)x(4-2) + [3,4)x(4-1); (5, 0) is outside
        assertEquals(1 + 2 + 3, Pareto.hypervolume2d(pts, new double[] {4, 4}), 1e-12);
    }

    @Test
    void parzenDensityIntegratesToOneAndSamplesStayInTheCube() {
        for (ParzenBandwidth bw : ParzenBandwidth.values()) {
            ParzenEstimator p = new ParzenEstimator(new double[] {0.02, 0.3, 0.31, 0.9}, 1.0, bw);
            double integral = 0;
            int n = 20_000;
            for (int i = 0; i < n; i++) {
                integral += Math.exp(p.logDensity((i + 0.5) / n)) / n;
            }
            assertEquals(1.0, integral, 1e-3, bw.name());
            SplittableRandom r = new SplittableRandom(1);
            for (int i = 0; i < 1000; i++) {
                double x = p.sample(r);
                assertTrue(x >= 0 && x < 1);
            }
        }
        assertEquals(0.8413447460685429, ParzenEstimator.normalCdf(1.0), 2e-7);
        assertEquals(0.0227501319481792, ParzenEstimator.normalCdf(-2.0), 2e-7);
    }
}
