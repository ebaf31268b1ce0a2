package dev.regtune.job.calibrate;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.job.ptxas.PtxasCommand;
import dev.regtune.job.ptxas.PtxasEvaluator;
import dev.regtune.job.ptxas.PtxasOutcome;
import dev.regtune.job.results.ResultStatus;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * The reference of {@code calibrate --ptxas}: every (file, architecture, entry, budget) of the kernels
 * compiled by the real ptxas through the sweep's {@link PtxasEvaluator} (the same command lines,
 * {@code ptxas -v -arch=ARCH [-maxrregcount N] -e ENTRY}, and the same content-keyed cache, so a sweep
 * with {@code --evaluator ptxas} and a calibration share compiled results, and a repeated calibration
 * compiles nothing). An entry ptxas refuses at a budget (too few registers for one instruction), or that
 * fails or times out, has no figure there, and one note says so; the comparison then counts it as
 * without ground truth, as it does a missing row of a reference CSV.
 */
public final class PtxasReference {
    /**
     * What was measured.
     *
     * @param rows the figures, in file, architecture, entry, budget order
     * @param compiled evaluations ptxas ran now
     * @param cached evaluations the cache answered
     * @param refused evaluations without figures
     */
    public record Measured(List<ReferenceRows.Row> rows, int compiled, int cached, int refused) {
        public Measured {
            rows = List.copyOf(rows);
        }
    }

    private PtxasReference() {
    }

    /**
     * Measures every kernel of the files at every budget, {@code threads} ptxas processes at a time;
     * the rows come out in the same order whatever the threads.
     *
     * @param notes receives a sentence per evaluation without figures
     */
    public static Measured measure(List<KernelFiles.File> files, List<Integer> budgets, PtxasEvaluator ptxas,
            int threads, Consumer<String> notes) throws IOException {
        record Task(KernelFiles.File file, String arch, String entry, int budget) {
        }
        List<Task> tasks = new ArrayList<>();
        for (KernelFiles.File f : files) {
            requireReadable(f.path());
            for (ArchProfile a : f.archs()) {
                for (KernelFiles.Kernel k : f.kernels()) {
                    if (k.arch().equals(a.name())) {
                        for (int b : budgets) {
                            tasks.add(new Task(f, a.name(), k.entry(), b));
                        }
                    }
                }
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        List<PtxasEvaluator.Evaluation> done = new ArrayList<>();
        try {
            List<Callable<PtxasEvaluator.Evaluation>> calls = new ArrayList<>();
            for (Task t : tasks) {
                PtxasCommand cmd = new PtxasCommand(ptxas.executable(), t.arch(), t.entry(), t.budget(), null,
                        new TreeMap<>(), PtxasCommand.fileNameOf(t.file().display()));
                // The text is read by the evaluation that needs it, so that at most `threads` files' texts
                // are held at once, not every file's until the last evaluation is done. The evaluation
                // needs it whole: it hashes it for the cache key and writes it into ptxas's folder.
                calls.add(() -> ptxas.evaluate(cmd, text(t.file().path()), t.file().display()));
            }
            for (Future<PtxasEvaluator.Evaluation> f : pool.invokeAll(calls)) {
                done.add(f.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while ptxas measured the kernels");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UncheckedIOException u) {
                throw u.getCause();
            }
            throw new IllegalStateException("measuring a kernel with ptxas failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
        List<ReferenceRows.Row> rows = new ArrayList<>();
        int compiled = 0;
        int cached = 0;
        int refused = 0;
        for (int i = 0; i < tasks.size(); i++) {
            Task t = tasks.get(i);
            PtxasEvaluator.Evaluation e = done.get(i);
            PtxasOutcome o = e.outcome();
            if (e.cached()) {
                cached++;
            } else {
                compiled++;
            }
            if (o.status() == ResultStatus.OK && o.compiled()) {
                rows.add(new ReferenceRows.Row(t.file().path(), t.entry(), t.arch(), t.budget(), o.registers(),
                        o.spillStoreBytes(), o.spillLoadBytes(), o.stackFrameBytes(), ptxas.version()));
            } else {
                refused++;
                notes.accept("no ptxas figures for " + t.entry() + " (" + t.file().display() + ") on " + t.arch()
                        + (t.budget() > 0 ? " at -maxrregcount " + t.budget() : "") + ": " + o.status().name()
                        + (o.message().isBlank() ? "" : ", " + firstLine(o.message())));
            }
        }
        return new Measured(rows, compiled, cached, refused);
    }

    /**
     * Fails as reading the file's text would (cannot be read, not UTF-8), before any ptxas run, without
     * holding the text: it is decoded a buffer at a time and dropped.
     */
    private static void requireReadable(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            in.transferTo(Writer.nullWriter());
        }
    }

    /** The file's text, as {@link #requireReadable} found it readable (an unreadable file now fails the run). */
    private static String text(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String firstLine(String message) {
        int cut = message.indexOf("; ");
        return cut < 0 ? message : message.substring(0, cut);
    }
}
