package dev.regtune.space.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.regtune.space.Configuration;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.spec.SpaceSpecReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LatinHypercubeSamplerTest {
    private static final List<String> KNOBS = List.of("RegAllocBudgetCoeffA", "RegAllocBudgetCoeffB",
            "RegAllocBudgetCoeffC", "RegAllocHighInterferenceFactor");

    private static final KnobSpace UNIT = SpaceSpecReader.parse(("{'knobs': ["
            + "{'knob': 'RegAllocBudgetCoeffA', 'min': 0.0, 'max': 1.0},"
            + "{'knob': 'RegAllocBudgetCoeffB', 'min': 0.0, 'max': 1.0},"
            + "{'knob': 'RegAllocBudgetCoeffC', 'min': 0.0, 'max': 1.0},"
            + "{'knob': 'RegAllocHighInterferenceFactor', 'min': 0.0, 'max': 16.0}]}").replace('\'', '"'), "unit");

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 64, 1000, 4099})
    void eachStratumOfEachDimensionIsHitExactlyOnce(int n) {
        for (long seed : new long[] {0, 1, 99}) {
            List<Configuration> sample = new LatinHypercubeSampler(seed).stream(UNIT, n).toList();
            assertEquals(n, sample.size());
            for (String knob : KNOBS) {
                double width = knob.equals("RegAllocHighInterferenceFactor") ? 16.0 : 1.0;
                boolean[] hit = new boolean[n];
                for (Configuration c : sample) {
                    int stratum = (int) (Double.parseDouble(c.get(knob)) / width * n);
                    assertFalse(hit[stratum], knob + " stratum " + stratum + " of " + n + " hit twice, seed " + seed);
                    hit[stratum] = true;
                }
            }
        }
    }

    @Test
    void permutationsArePermutations() {
        for (long n : new long[] {1, 2, 3, 5, 16, 17, 1000}) {
            FeistelPermutation p = new FeistelPermutation(n, n * 31);
            boolean[] seen = new boolean[(int) n];
            for (long i = 0; i < n; i++) {
                long v = p.apply(i);
                assertFalse(seen[(int) v]);
                seen[(int) v] = true;
            }
        }
    }
}
