package dev.regtune.datasets.manifest;

import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.datasets.PtxEntries;
import dev.regtune.datasets.PtxFileText;
import dev.regtune.datasets.PtxFileWalk;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Builds the manifest of a corpus laid out as {@code datasets/corpus/} is: PTX in
 * {@code ptx/<arch>/<family>.ptx}, CUDA sources in {@code cuda/<family>.cu}.
 *
 * <p>PTX files are visited in {@link PtxFileWalk} order and their entries by name, so the rows come
 * out sorted by file, entry, arch (the arch is the file's folder) and are written as soon as the
 * files before them are done: the corpus is never held in memory, nor is a large file: each is
 * parsed by the PTX front end as it streams (instructions, virtual registers, launch bounds), its
 * entries identified ({@link dev.regtune.datasets.KernelId}) through {@link PtxFileText}, and
 * measured by the {@link PtxasProbe} at every budget of {@link Manifest#BUDGETS}; up to
 * {@code jobs} ptxas runs go on at once.
 */
public final class ManifestBuilder {
    private final PtxasProbe probe;
    private final int jobs;
    private final Consumer<String> notes;
    private final long wholeUpTo;

    /**
     * @param probe the real ptxas
     * @param jobs ptxas runs at once (at least 1)
     * @param notes receives one sentence per thing worth knowing (a file left out, a shared id)
     */
    public ManifestBuilder(PtxasProbe probe, int jobs, Consumer<String> notes) {
        this(probe, jobs, notes, PtxFileText.WHOLE_UP_TO);
    }

    /** A builder reading files of up to {@code wholeUpTo} bytes whole for their ids (tests page every file with 0). */
    ManifestBuilder(PtxasProbe probe, int jobs, Consumer<String> notes, long wholeUpTo) {
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be at least 1, not " + jobs);
        }
        this.probe = probe;
        this.jobs = jobs;
        this.notes = notes;
        this.wholeUpTo = wholeUpTo;
    }

    /** What a build did. */
    public record Summary(int files, int rows, int rowsWithoutNoLimitFigures) {
    }

    /**
     * Writes the manifest of the corpus in {@code corpusDir} to {@code out}.
     *
     * @param relativeTo the folder the {@code file} and {@code source} columns are relative to
     *     (the repository root)
     * @throws IOException if a file cannot be read or ptxas cannot be run
     * @throws dev.regtune.core.ptx.PtxParseException if a PTX file does not parse
     */
    public Summary build(Path corpusDir, Path relativeTo, ManifestWriter out) throws IOException {
        Path ptxRoot = corpusDir.resolve("ptx");
        if (!Files.isDirectory(ptxRoot)) {
            throw new IllegalArgumentException("corpus folder '" + corpusDir + "' has no ptx folder");
        }
        Path root = relativeTo.toAbsolutePath().normalize();
        ExecutorService pool = Executors.newFixedThreadPool(jobs, r -> {
            Thread t = new Thread(r, "regtune-manifest-ptxas");
            t.setDaemon(true);
            return t;
        });
        int files = 0;
        int rows = 0;
        int missing = 0;
        Set<String> ids = new HashSet<>();
        Deque<Pending> window = new ArrayDeque<>();
        try (Stream<Path> walk = PtxFileWalk.of(ptxRoot)) {
            Iterator<Path> it = walk.iterator();
            while (it.hasNext() || !window.isEmpty()) {
                if (it.hasNext() && window.size() < jobs + 1) {
                    Optional<Pending> p = start(it.next(), corpusDir, root, pool);
                    p.ifPresent(window::add);
                    continue;
                }
                Pending done = window.poll();
                files++;
                for (ManifestRow row : done.finish()) {
                    if (!ids.add(row.id())) {
                        notes.accept("entry " + row.entry() + " of " + row.file() + " has the same PTX text as an "
                                + "earlier entry on " + row.arch() + ", so it shares its id " + row.id());
                    }
                    if (row.atBudget(0).isEmpty()) {
                        missing++;
                    }
                    out.write(row);
                    rows++;
                }
            }
        } finally {
            for (Pending p : window) {
                p.cancel();
            }
            pool.shutdownNow();
        }
        out.flush();
        return new Summary(files, rows, missing);
    }

    /**
     * Parses one file and queues its ptxas runs; empty when the file has no architecture. The file is
     * never held whole: the parser streams it, and its {@code .target} (when its folder names no
     * architecture) and its entries' ids are read through {@link PtxFileText}.
     */
    private Optional<Pending> start(Path file, Path corpusDir, Path root, ExecutorService pool) throws IOException {
        String rel = PtxFileWalk.slashed(root.relativize(file.toAbsolutePath().normalize()));
        PtxModule module;
        Map<String, String> ids = new HashMap<>();
        Optional<String> arch;
        try (PtxFileText text = PtxFileText.open(file, wholeUpTo)) {
            Optional<String> folderArch = PtxFileWalk.archOfFolder(file);
            arch = folderArch.isPresent() ? folderArch : text.scan(PtxEntries::target);
            if (arch.isEmpty()) {
                notes.accept("left out " + rel + ": neither its folder nor a .target directive names an architecture");
                return Optional.empty();
            }
            module = PtxParser.parse(file, rel);
            String a = arch.get();
            for (PtxEntries.Entry e : text.scan(PtxEntries::scan)) {
                if (!ids.containsKey(e.name())) {
                    ids.put(e.name(), text.scan(t -> e.id(a, t)));
                }
            }
        }
        List<KernelFunction> entries = new ArrayList<>(module.entries());
        entries.sort(Comparator.comparing(KernelFunction::name));
        List<String> names = entries.stream().map(KernelFunction::name).toList();
        for (String name : names) {
            if (!ids.containsKey(name)) {
                throw new IllegalStateException("cannot find the text of entry " + name + " in " + rel);
            }
        }
        String family = PtxFileWalk.baseName(file);
        Path cu = corpusDir.resolve("cuda").resolve(family + ".cu");
        String source = Files.isRegularFile(cu) ? PtxFileWalk.slashed(root.relativize(cu.toAbsolutePath().normalize()))
                : "";
        List<Future<Measured>> runs = new ArrayList<>();
        for (int b : Manifest.BUDGETS) {
            runs.add(pool.submit(() -> {
                List<String> said = new ArrayList<>();
                return new Measured(probe.measure(file, arch.get(), b, names, said::add), said);
            }));
        }
        List<Row> partial = new ArrayList<>();
        for (KernelFunction f : entries) {
            String id = Objects.requireNonNull(ids.get(f.name())); // checked for every name above
            partial.add(new Row(id, rel, f.name(), arch.get(), family, source,
                    f.instrCount(), f.vregCount(), ManifestRow.formatLaunchBounds(f.launchBounds())));
        }
        return Optional.of(new Pending(partial, runs));
    }

    /** The columns of a row known before ptxas has run. */
    private record Row(String id, String file, String entry, String arch, String family, String source,
            int instructions, int vregs, String launchBounds) {
    }

    /** One ptxas run's figures and what it had to say. */
    private record Measured(Map<String, PtxasFigures> figures, List<String> notes) {
    }

    /** A file whose ptxas runs are queued. */
    private final class Pending {
        private final List<Row> rows;
        private final List<Future<Measured>> runs;

        Pending(List<Row> rows, List<Future<Measured>> runs) {
            this.rows = rows;
            this.runs = runs;
        }

        List<ManifestRow> finish() throws IOException {
            List<Map<String, PtxasFigures>> byBudget = new ArrayList<>();
            for (Future<Measured> f : runs) {
                Measured m = await(f);
                m.notes().forEach(notes);
                byBudget.add(m.figures());
            }
            List<ManifestRow> done = new ArrayList<>(rows.size());
            for (Row r : rows) {
                Map<Integer, PtxasFigures> ptxas = new HashMap<>();
                for (int k = 0; k < Manifest.BUDGETS.size(); k++) {
                    PtxasFigures fig = byBudget.get(k).get(r.entry());
                    if (fig != null) {
                        ptxas.put(Manifest.BUDGETS.get(k), fig);
                    }
                }
                done.add(new ManifestRow(r.id(), r.file(), r.entry(), r.arch(), r.family(), r.source(),
                        r.instructions(), r.vregs(), r.launchBounds(), ptxas, probe.version()));
            }
            return done;
        }

        void cancel() {
            for (Future<?> f : runs) {
                f.cancel(true);
            }
        }

        private Measured await(Future<Measured> f) throws IOException {
            try {
                return f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for ptxas");
            } catch (ExecutionException e) {
                Throwable c = Objects.requireNonNullElse(e.getCause(), e);
                if (c instanceof IOException io) {
                    throw io;
                }
                if (c instanceof RuntimeException re) {
                    throw re;
                }
                throw new UncheckedIOException(new IOException(c.getMessage(), c));
            }
        }
    }
}
