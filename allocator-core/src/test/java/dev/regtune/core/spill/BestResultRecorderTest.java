package dev.regtune.core.spill;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.spill.BestResultRecorder.Result;
import org.junit.jupiter.api.Test;

/** Pins the tie-break order of seed 004's best-result recorder (sub_93D070). */
class BestResultRecorderTest {
    @Test
    void tieBreakOrderIsRegistersCostSpillCountWidth() {
        Result base = new Result(3, false, 40, 100.0, 5, 2);
        assertTrue(BestResultRecorder.better(new Result(4, true, 60, 900, 9, 4), base), "success first");
        assertTrue(BestResultRecorder.better(new Result(4, false, 39, 900, 9, 4), base), "then registers");
        assertTrue(BestResultRecorder.better(new Result(4, false, 40, 99, 9, 4), base), "then cost");
        assertTrue(BestResultRecorder.better(new Result(4, false, 40, 100, 4, 4), base), "then spill count");
        assertTrue(BestResultRecorder.better(new Result(4, false, 40, 100, 5, 1), base), "then class width");
        assertTrue(BestResultRecorder.better(new Result(2, false, 40, 100, 5, 2), base), "then the earlier attempt");
        assertFalse(BestResultRecorder.better(new Result(4, false, 40, 100, 5, 2), base));
    }

    @Test
    void recorderKeepsTheBest() {
        BestResultRecorder r = new BestResultRecorder();
        Result a = new Result(0, false, 50, 0, 0, 1);
        Result b = new Result(1, false, 45, 10, 2, 1);
        Result c = new Result(2, false, 45, 20, 3, 1);
        assertTrue(r.record(a));
        assertTrue(r.record(b));
        assertFalse(r.record(c));
        assertSame(b, r.best());
    }
}
