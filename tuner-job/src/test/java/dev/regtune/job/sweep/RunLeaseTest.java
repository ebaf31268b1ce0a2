package dev.regtune.job.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.job.storage.Location;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One writer per output folder: the lease refuses a live holder and takes over a dead one's. */
class RunLeaseTest {
    @TempDir
    Path dir;

    @Test
    void aSecondWriterIsRefusedWithAClearSentenceUntilTheFirstReleases() {
        Path lease = dir.resolve("lease");
        try (RunLease first = RunLease.acquire(Location.local(lease), "R1", "a1")) {
            assertTrue(first.held());
            SweepException e = assertThrows(SweepException.class,
                    () -> RunLease.acquire(Location.local(lease), "R1", "a2"));
            assertTrue(e.getMessage().startsWith("the output folder is being written by another sweep (run 'R1', "
                    + "process " + ProcessHandle.current().pid()), e.getMessage());
            assertTrue(e.getMessage().endsWith("one sweep writes a result table at a time, so wait for it or choose "
                    + "another --out"), e.getMessage());
        }
        try (RunLease second = RunLease.acquire(Location.local(lease), "R2", "a2")) {
            assertTrue(second.held());
        }
    }

    @Test
    void theLeaseOfAProcessThatDiedIsTakenOverAndItsHolderWouldKnowItLostIt() throws Exception {
        Path lease = Files.createDirectories(dir.resolve("lease"));
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        RunLease alive = RunLease.acquire(Location.local(lease), "R1", "a1");
        alive.close();
        // a holder whose process ended without releasing (SIGKILL): a generation above the release
        long next;
        try (var files = Files.list(lease)) {
            next = files.mapToLong(p -> Long.parseLong(p.getFileName().toString())).max().orElse(0) + 1;
        }
        Files.writeString(lease.resolve(String.format("%010d", next)), "{\"run_id\":\"R1\",\"attempt\":\"dead\","
                + "\"host\":\"" + java.net.InetAddress.getLocalHost().getHostName() + "\",\"pid\":" + gone.pid()
                + ",\"pid_start\":\"" + Instant.EPOCH + "\",\"acquired\":\"" + Instant.EPOCH + "\"}",
                StandardCharsets.UTF_8);
        try (RunLease taken = RunLease.acquire(Location.local(lease), "R1", "a3")) {
            assertTrue(taken.held());
            assertFalse(Files.exists(lease.resolve(String.format("%010d", next))), "the dead holder's file is gone");
        }
    }

    @Test
    void aHolderOvertakenByAnotherGenerationNoLongerHoldsIt() throws IOException {
        Path lease = dir.resolve("lease");
        try (RunLease mine = RunLease.acquire(Location.local(lease), "R1", "a1")) {
            long gen;
            try (var files = Files.list(lease)) {
                gen = files.mapToLong(p -> Long.parseLong(p.getFileName().toString())).max().orElseThrow();
            }
            Files.writeString(lease.resolve(String.format("%010d", gen + 1)), "{\"released_by\":\"other\"}",
                    StandardCharsets.UTF_8);
            assertFalse(mine.held(), "a stalled holder learns it lost the lease before it publishes");
        }
        assertEquals(1, dir.resolve("lease").toFile().list().length >= 1 ? 1 : 0);
    }
}
