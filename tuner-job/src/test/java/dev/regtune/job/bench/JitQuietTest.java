package dev.regtune.job.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Windows of warm-up judged by how long the compiler worked in them (times in nanoseconds, compiler time in ms). */
class JitQuietTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void aWindowIsJudgedOnlyOnceItHasElapsed() {
        JitQuiet q = new JitQuiet(10 * SECOND, 0.01);
        q.start(0, 5_000);
        assertFalse(q.quietAt(9 * SECOND, 5_000), "9 s of a 10 s window");
        assertEquals(-1, q.lastWindowCompileMillis());
        assertTrue(q.quietAt(10 * SECOND, 5_100), "100 ms of compiling in 10 s is 1%");
        assertEquals(100, q.lastWindowCompileMillis());
    }

    @Test
    void aBusyWindowIsNotQuietAndTheNextStartsWhereItEnded() {
        JitQuiet q = new JitQuiet(10 * SECOND, 0.01);
        q.start(0, 0);
        assertFalse(q.quietAt(12 * SECOND, 8_000), "C2 compiled for 8 s of 12");
        assertEquals(8_000, q.lastWindowCompileMillis());
        assertFalse(q.quietAt(21 * SECOND, 8_050), "the second window has run 9 s only");
        assertFalse(q.quietAt(22 * SECOND, 8_101), "101 ms in the 10 s from 12 s on is over 1%");
        assertTrue(q.quietAt(33 * SECOND, 8_150), "49 ms in 11 s");
    }

    @Test
    void aWindowMustBePositiveAndAShareAFraction() {
        assertThrows(IllegalArgumentException.class, () -> new JitQuiet(0, 0.01));
        assertThrows(IllegalArgumentException.class, () -> new JitQuiet(SECOND, 1.5));
        assertThrows(IllegalArgumentException.class, () -> new JitQuiet(SECOND, Double.NaN));
    }
}
