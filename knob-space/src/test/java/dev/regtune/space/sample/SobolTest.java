package dev.regtune.space.sample;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SobolTest {
    private static final int N = 1024;

    private static double[][] points(Sobol s, int n) {
        double[][] p = new double[n][s.dimensions()];
        for (int i = 0; i < n; i++) {
            assertTrue(s.next(p[i]));
        }
        return p;
    }

    @Test
    void firstUnscrambledPointsAreTheKnownOnes() {
        // scipy.stats.qmc.Sobol(d=5, scramble=False).random(8), which uses the same Joe-Kuo numbers
        double[][] expected = {
            {0, 0, 0, 0, 0},
            {0.5, 0.5, 0.5, 0.5, 0.5},
            {0.75, 0.25, 0.25, 0.25, 0.75},
            {0.25, 0.75, 0.75, 0.75, 0.25},
            {0.375, 0.375, 0.625, 0.875, 0.375},
            {0.875, 0.875, 0.125, 0.375, 0.875},
            {0.625, 0.125, 0.875, 0.625, 0.625},
            {0.125, 0.625, 0.375, 0.125, 0.125},
        };
        double[][] got = points(Sobol.unscrambled(5), 8);
        for (int i = 0; i < 8; i++) {
            assertArrayEquals(expected[i], got[i], 0.0, "point " + i);
        }
    }

    @Test
    void laterDimensionsMatchScipyToo() {
        // scipy.stats.qmc.Sobol(d=128, scramble=False).random(256)[100:103][:, [9, 63, 127]]
        double[][] expected = {{0.6953125, 0.6484375, 0.4609375}, {0.1953125, 0.1484375, 0.9609375},
            {0.4453125, 0.3984375, 0.2109375}};
        double[][] p = points(Sobol.unscrambled(128), 103);
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(expected[i], new double[] {p[100 + i][9], p[100 + i][63], p[100 + i][127]}, 0.0);
        }
    }

    @Test
    void dimensionsBeyondTheFirst128MatchScipy() {
        // scipy.stats.qmc.Sobol(d=256, scramble=False).random(256)[100:103][:, [128, 200, 255]] (scipy 1.17.1)
        double[][] expected = {{0.2578125, 0.8515625, 0.5703125}, {0.7578125, 0.3515625, 0.0703125},
            {0.0078125, 0.1015625, 0.3203125}};
        double[][] p = points(Sobol.unscrambled(256), 103);
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(expected[i], new double[] {p[100 + i][128], p[100 + i][200], p[100 + i][255]}, 0.0);
        }
    }

    @Test
    void everyOneDimensionalProjectionIsExactlyStratified() {
        for (Sobol s : new Sobol[] {Sobol.unscrambled(Sobol.MAX_DIMENSIONS), Sobol.scrambled(Sobol.MAX_DIMENSIONS, 7)}) {
            double[][] p = points(s, N);
            for (int j = 0; j < s.dimensions(); j++) {
                boolean[] hit = new boolean[N];
                for (double[] x : p) {
                    int stratum = (int) (x[j] * N);
                    assertFalse(hit[stratum], "dimension " + j + " stratum " + stratum + " hit twice");
                    hit[stratum] = true;
                }
            }
        }
    }

    @Test
    void twoDimensionalProjectionsAreFarMoreUniformThanRandomPoints() {
        for (int dims = 2; dims <= 5; dims++) {
            double[][] sobol = points(Sobol.scrambled(dims, dims), N);
            SplitMix64 rng = new SplitMix64(dims);
            double[][] random = new double[N][dims];
            for (double[] x : random) {
                Arrays.setAll(x, i -> rng.nextDouble());
            }
            for (int a = 0; a < dims; a++) {
                for (int b = a + 1; b < dims; b++) {
                    double chi = chiSquare(sobol, a, b);
                    // 8 x 8 bins of 16 expected points: random points give about 63 (63 degrees of freedom)
                    assertTrue(chi <= 16.0, dims + " dims, projection " + a + "," + b + ": chi-square " + chi);
                }
            }
            assertTrue(centredL2Discrepancy(sobol) < 0.5 * centredL2Discrepancy(random), dims + " dims");
        }
    }

    @Test
    void scramblingIsSeededAndRemovesTheOrigin() {
        double[][] a = points(Sobol.scrambled(8, 42), 64);
        double[][] b = points(Sobol.scrambled(8, 42), 64);
        double[][] c = points(Sobol.scrambled(8, 43), 64);
        assertTrue(Arrays.deepEquals(a, b));
        assertFalse(Arrays.deepEquals(a, c));
        assertFalse(Arrays.equals(a[0], new double[8]));
    }

    @Test
    void dimensionsAreBounded() {
        assertEquals("the Sobol sampler supports 1 to 256 dimensions, not 257",
                assertThrows(IllegalArgumentException.class, () -> Sobol.unscrambled(257)).getMessage());
    }

    private static double chiSquare(double[][] p, int a, int b) {
        int[] bins = new int[64];
        for (double[] x : p) {
            bins[(int) (x[a] * 8) * 8 + (int) (x[b] * 8)]++;
        }
        double expected = p.length / 64.0;
        double chi = 0;
        for (int k : bins) {
            chi += (k - expected) * (k - expected) / expected;
        }
        return chi;
    }

    /** Hickernell's centred L2 discrepancy (squared), O(n^2 d). */
    private static double centredL2Discrepancy(double[][] p) {
        int n = p.length;
        int d = p[0].length;
        double first = Math.pow(13.0 / 12.0, d);
        double second = 0;
        for (double[] x : p) {
            double prod = 1;
            for (double v : x) {
                double z = Math.abs(v - 0.5);
                prod *= 1 + 0.5 * z - 0.5 * z * z;
            }
            second += prod;
        }
        double third = 0;
        for (double[] x : p) {
            for (double[] y : p) {
                double prod = 1;
                for (int k = 0; k < d; k++) {
                    double zx = Math.abs(x[k] - 0.5);
                    double zy = Math.abs(y[k] - 0.5);
                    prod *= 1 + 0.5 * zx + 0.5 * zy - 0.5 * Math.abs(x[k] - y[k]);
                }
                third += prod;
            }
        }
        return first - 2.0 / n * second + third / ((double) n * n);
    }
}
