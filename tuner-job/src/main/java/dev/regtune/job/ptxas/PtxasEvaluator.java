package dev.regtune.job.ptxas;

import dev.regtune.job.results.ResultStatus;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Evaluates one (PTX module, entry, configuration) with the real ptxas: one process per evaluation
 * ({@link PtxasProcess}) within the timeout, its output read into a {@link PtxasOutcome}, and the
 * outcome kept in the {@link PtxasResultCache} so that the same content is never compiled twice, by a
 * repeated sweep, a resumed one, or two tasks of one executor at once (the second waits for the
 * first's outcome). Serializable settings only, so a Spark task carries it to any executor; a failure
 * to run ptxas there is an ERROR outcome naming the executor's host, not a failed task.
 *
 * @param executable the ptxas executable, which must exist at this path on every executor
 * @param version its version, part of every cache key
 * @param timeoutMillis how long one process may run; 0 for no limit
 * @param cacheDir the cache folder, or null for no cache
 */
public record PtxasEvaluator(String executable, String version, long timeoutMillis, @Nullable String cacheDir)
        implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final ConcurrentHashMap<String, CompletableFuture<PtxasOutcome>> IN_FLIGHT =
            new ConcurrentHashMap<>();

    /**
     * One evaluation.
     *
     * @param outcome what ptxas gave
     * @param command the command line, with the PTX file as the sweep names it
     * @param cached whether the outcome came from the cache
     */
    public record Evaluation(PtxasOutcome outcome, String command, boolean cached) {
    }

    /** The {@code model_version} of ptxas rows: "ptxas/13.0.88". */
    public String modelVersion() {
        return "ptxas/" + version;
    }

    /**
     * Compiles entry {@code entry} of {@code ptxText} (read from {@code source}) under the command's
     * options; never throws for what ptxas does.
     *
     * @param command the command, whose file name is the one ptxas sees
     * @param source the PTX file as the sweep names it, shown in the recorded command line
     */
    public Evaluation evaluate(PtxasCommand command, String ptxText, String source) {
        String display = command.display(source);
        List<String> options;
        try {
            options = command.options();
        } catch (IllegalArgumentException e) {
            return new Evaluation(PtxasOutcome.failed(ResultStatus.ERROR, String.valueOf(e.getMessage()), 0), display,
                    false);
        }
        String key = PtxasResultCache.key(version, options, command.fileName(), ptxText);
        Optional<PtxasResultCache> cache = Optional.ofNullable(cacheDir).map(d -> new PtxasResultCache(Path.of(d)));
        try {
            if (cache.isPresent()) {
                Optional<PtxasOutcome> hit = cache.get().get(key);
                if (hit.isPresent()) {
                    return new Evaluation(hit.get(), display, true);
                }
            }
        } catch (IOException e) {
            // an unreadable cache file is a miss: compile
        }
        CompletableFuture<PtxasOutcome> mine = new CompletableFuture<>();
        CompletableFuture<PtxasOutcome> running = IN_FLIGHT.putIfAbsent(key, mine);
        if (running != null) {
            return new Evaluation(running.join(), display, true);
        }
        try {
            PtxasOutcome outcome = compile(command, ptxText);
            if (cache.isPresent()) {
                try {
                    cache.get().put(key, outcome);
                } catch (IOException e) {
                    // the row is right without the cache; the next sweep compiles it again
                }
            }
            mine.complete(outcome);
            return new Evaluation(outcome, display, false);
        } catch (RuntimeException | Error e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            IN_FLIGHT.remove(key, mine);
        }
    }

    private PtxasOutcome compile(PtxasCommand command, String ptxText) {
        Duration timeout = Duration.ofMillis(timeoutMillis);
        try {
            PtxasProcess.Run run = PtxasProcess.run(command.arguments(), Map.of(command.fileName(), ptxText), timeout);
            return PtxasOutputReader.read(run, command.entry(), timeout);
        } catch (IOException e) {
            return PtxasOutcome.failed(ResultStatus.ERROR, "ptxas could not be run on " + host() + ": "
                    + String.valueOf(e.getMessage()) + "; it must be installed at " + executable + " on every executor", 0);
        }
    }

    private static String host() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "this executor";
        }
    }
}
