package dev.regtune.job.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class SweepProgressTest {
    @Test
    void durationsReadAsMinutesAndHours() {
        assertEquals("0:05", SweepProgress.duration(5));
        assertEquals("2:00", SweepProgress.duration(120));
        assertEquals("1:01:01", SweepProgress.duration(3661));
    }

    @Test
    void theLineSaysDoneTotalAndShareAndTheTotalGrowsForAdaptiveRounds() {
        SweepProgress p = new SweepProgress(new PrintWriter(new StringWriter()), false);
        p.start(0);
        assertTrue(p.line().startsWith("sweep: 0/0 evaluations (100.0%)"), p.line());
        p.addToTotal(40);
        assertTrue(p.line().startsWith("sweep: 0/40 evaluations (0.0%), 0/s, ETA -"), p.line());
    }

    @Test
    void announcementsAndTheFinalLineGoToItsStream() {
        StringWriter out = new StringWriter();
        SweepProgress p = new SweepProgress(new PrintWriter(out), false);
        p.start(10);
        p.announce("regtune: sweeping x");
        p.finish();
        String[] lines = out.toString().strip().split("\\R");
        assertEquals("regtune: sweeping x", lines[0]);
        assertTrue(lines[1].startsWith("sweep: 0/10 evaluations (0.0%)"), out.toString());
    }
}
