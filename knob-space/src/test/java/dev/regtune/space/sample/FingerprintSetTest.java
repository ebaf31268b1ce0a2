package dev.regtune.space.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The duplicate check of the samplers: exact, whatever it spilled to disk. */
class FingerprintSetTest {

    @Test
    void spilledAndMergedRunsAnswerExactlyAsAnInMemorySetDoes() {
        SplitMix64 rnd = new SplitMix64(7);
        Set<Long> reference = new HashSet<>();
        long[] drawn = new long[20_000];
        try (FingerprintSet set = new FingerprintSet(500)) {
            for (int i = 0; i < drawn.length; i++) {
                // Every third value repeats an earlier one, so look-ups hit memory and spilled runs.
                long v = i % 3 == 2 ? drawn[(int) Long.remainderUnsigned(rnd.nextLong(), i)] : rnd.nextLong();
                if (i % 1000 == 0) {
                    v = 0; // zero is a value too
                }
                drawn[i] = v;
                assertEquals(reference.add(v), set.add(v), "value " + i);
            }
            assertTrue(set.spilledRuns() >= 1 && set.spilledRuns() <= FingerprintSet.MAX_RUNS, "runs were merged");
            for (long v : drawn) {
                assertFalse(set.add(v));
            }
        }
    }
}
