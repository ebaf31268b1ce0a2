package dev.regtune.job.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regtune.job.storage.Location;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The single writer of an output folder: a lease in {@code OUT/lease/}, so that two sweeps never
 * write one result table at once (keys are unique across the whole table, not per run, so the
 * lease is the table's, and it refuses a second sweep of the same run id as well as of another).
 *
 * <p>The lease is a sequence of generation files {@code OUT/lease/0000000001}, {@code ...0002}, the
 * highest being the current state: a holder (run id, attempt, host, process id and start) or a
 * release. Each transition creates the next generation with an atomic create-if-absent, so of two
 * sweeps that race for the same generation exactly one wins. A holder is <em>stale</em> when it is
 * on this host and its process is gone (a killed sweep: taken over at once), or, on another host,
 * when its file has not been touched for {@link #STALE_AFTER} (the holder touches it every
 * {@link #HEARTBEAT}). A holder that finds a higher generation than its own has lost the lease
 * (it was stalled beyond the stale rule) and must stop publishing.
 *
 * <p>The lease folder is a {@link Location}: locally the create is POSIX {@code O_EXCL}, on HDFS
 * {@code create(overwrite=false)}, both atomic; the heartbeat sets the file's modification time.
 */
public final class RunLease implements AutoCloseable {
    static final Duration HEARTBEAT = Duration.ofSeconds(20);
    static final Duration STALE_AFTER = Duration.ofMinutes(3);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Location dir;
    private final long generation;
    private final String attempt;
    private final ScheduledExecutorService heartbeat;
    private volatile boolean lost;
    private volatile boolean released;

    private RunLease(Location dir, long generation, String attempt) {
        this.dir = dir;
        this.generation = generation;
        this.attempt = attempt;
        this.heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "regtune-lease-heartbeat");
            t.setDaemon(true);
            return t;
        });
        heartbeat.scheduleAtFixedRate(this::beat, HEARTBEAT.toSeconds(), HEARTBEAT.toSeconds(), TimeUnit.SECONDS);
    }

    /**
     * Takes the lease of the output folder whose lease folder is {@code dir} for run {@code runId}.
     *
     * @throws SweepException naming the holder when another live sweep holds it
     */
    public static RunLease acquire(Location dir, String runId, String attempt) {
        try {
            dir.createDirectories();
            for (int tries = 0; ; tries++) {
                Optional<Long> current = highest(dir);
                long next = current.orElse(0L) + 1;
                if (current.isPresent()) {
                    Location file = dir.resolve(name(current.get()));
                    Optional<JsonNode> holder = read(file);
                    if (holder.isPresent() && holder.get().has("pid") && !stale(file, holder.get())) {
                        JsonNode h = holder.get();
                        throw new SweepException("the output folder is being written by another sweep (run '"
                                + h.path("run_id").asText() + "', process " + h.path("pid").asLong() + " on "
                                + h.path("host").asText() + " since " + h.path("acquired").asText()
                                + "); one sweep writes a result table at a time, so wait for it or choose another --out");
                    }
                }
                ObjectNode me = JSON.createObjectNode();
                ProcessHandle self = ProcessHandle.current();
                me.put("run_id", runId);
                me.put("attempt", attempt);
                me.put("host", host());
                me.put("pid", self.pid());
                me.put("pid_start", self.info().startInstant().map(Instant::toString).orElse(""));
                me.put("acquired", Instant.now().toString());
                if (create(dir.resolve(name(next)), me)) {
                    for (long g = next - 1; g >= Math.max(1, next - 3); g--) {
                        dir.resolve(name(g)).deleteIfExists(); // history: only the highest counts
                    }
                    return new RunLease(dir, next, attempt);
                }
                if (tries == 5) {
                    throw new SweepException("the lease in " + dir + " keeps changing hands; another sweep is "
                            + "starting on the same output folder");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot take the lease in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** This sweep's attempt id (unique per invocation). */
    public String attempt() {
        return attempt;
    }

    /**
     * Whether this sweep still holds the lease: false once another sweep took it over (this one was
     * stalled past the stale rule) or after {@link #close}.
     */
    public boolean held() {
        if (lost || released) {
            return false;
        }
        try {
            if (highest(dir).orElse(0L) != generation) {
                lost = true;
            }
        } catch (IOException e) {
            return false;
        }
        return !lost;
    }

    private void beat() {
        try {
            dir.resolve(name(generation)).touch();
            held();
        } catch (IOException e) {
            lost = true;
        }
    }

    /** Releases the lease (writes the next generation as a release), unless it was lost. */
    @Override
    public synchronized void close() {
        if (released) {
            return;
        }
        heartbeat.shutdownNow();
        if (held()) {
            ObjectNode release = JSON.createObjectNode();
            release.put("released_by", attempt);
            try {
                if (create(dir.resolve(name(generation + 1)), release)) {
                    dir.resolve(name(generation)).deleteIfExists();
                }
            } catch (IOException e) {
                // a lease not released is taken over by the stale rule
            }
        }
        released = true;
    }

    static boolean stale(Location file, JsonNode holder) throws IOException {
        if (holder.path("host").asText().equals(host())) {
            Optional<ProcessHandle> p = ProcessHandle.of(holder.path("pid").asLong());
            return p.isEmpty() || !p.get().isAlive()
                    || !p.get().info().startInstant().map(Instant::toString).orElse("")
                            .equals(holder.path("pid_start").asText());
        }
        try {
            Instant touched = file.lastModified();
            return touched.plus(STALE_AFTER).isBefore(Instant.now());
        } catch (NoSuchFileException e) {
            return true;
        }
    }

    private static boolean create(Location file, ObjectNode content) throws IOException {
        return file.createNew(JSON.writeValueAsBytes(content));
    }

    private static Optional<JsonNode> read(Location file) throws IOException {
        // A generation file is created and written in one go; one that is empty or half-written is
        // one whose creator died (or is still writing) in that instant, read again by the retry.
        for (int i = 0; i < 50; i++) {
            try {
                byte[] b = file.readAllBytes();
                if (b.length > 0) {
                    return Optional.of(JSON.readTree(new String(b, StandardCharsets.UTF_8)));
                }
            } catch (NoSuchFileException e) {
                return Optional.empty();
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                // fall through and read again
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return Optional.empty(); // empty for good: its creator died while writing it, so no one holds it
    }

    private static Optional<Long> highest(Location dir) throws IOException {
        List<Long> gens = dir.list().stream().filter(n -> n.matches("\\d{10}")).map(Long::parseLong).toList();
        return gens.stream().max(Long::compare);
    }

    private static String name(long generation) {
        return String.format("%010d", generation);
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
