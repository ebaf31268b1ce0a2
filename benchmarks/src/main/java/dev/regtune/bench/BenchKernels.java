package dev.regtune.bench;

import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.ptx.PtxParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * The kernels the benchmarks time: every {@code .entry} of {@code shared/corpus-real} and of the
 * bundled sm_90 corpus ({@code datasets/corpus/ptx/sm_90}), found next to the working directory or
 * any of its ancestors, or named by the system properties {@code regtune.corpusReal} and
 * {@code regtune.corpus}; by size class of PTX instructions.
 */
final class BenchKernels {
    /** One entry and the module it belongs to (calls are charged to it). */
    record Entry(String file, PtxModule module, KernelFunction function) {
    }

    /** One PTX file's text and size. */
    record Source(String name, String text, long bytes) {
    }

    private BenchKernels() {
    }

    /** The size classes: small below 300 PTX instructions, medium below 3,000, large from 3,000. */
    static boolean inClass(String sizeClass, int instructions) {
        return switch (sizeClass) {
            case "small" -> instructions < 300;
            case "medium" -> instructions >= 300 && instructions < 3000;
            case "large" -> instructions >= 3000;
            case "all" -> true;
            default -> throw new IllegalArgumentException("size class must be small, medium, large or all, not "
                    + sizeClass);
        };
    }

    /** The PTX files of {@code corpus} ("corpus-real", "bundled" or "both"). */
    static List<Path> files(String corpus) {
        List<Path> out = new ArrayList<>();
        if (corpus.equals("corpus-real") || corpus.equals("both")) {
            out.addAll(list(require(find("regtune.corpusReal", "shared/corpus-real/ptx"), "shared/corpus-real/ptx")));
        }
        if (corpus.equals("bundled") || corpus.equals("both")) {
            out.addAll(list(require(find("regtune.corpus", "datasets/corpus/ptx/sm_90"), "datasets/corpus/ptx/sm_90")));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("corpus must be corpus-real, bundled or both, not " + corpus);
        }
        return out;
    }

    /** Every entry of {@code files} whose instruction count is in {@code sizeClass}. */
    static List<Entry> entries(List<Path> files, String sizeClass) {
        List<Entry> out = new ArrayList<>();
        for (Path p : files) {
            PtxModule m = parse(p);
            for (KernelFunction f : m.entries()) {
                if (inClass(sizeClass, f.instrCount())) {
                    out.add(new Entry(p.getFileName().toString(), m, f));
                }
            }
        }
        return out;
    }

    static List<Source> sources(List<Path> files) {
        List<Source> out = new ArrayList<>();
        for (Path p : files) {
            try {
                byte[] bytes = Files.readAllBytes(p);
                out.add(new Source(p.getFileName().toString(), PtxParser.decode(bytes), bytes.length));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    static int instructions(List<Entry> entries) {
        return entries.stream().mapToInt(e -> e.function().instrCount()).sum();
    }

    /** Prints what one operation covers, so that a score per operation reads per instruction too. */
    static void describe(String what, List<Entry> entries) {
        System.out.printf(Locale.ROOT, "%n%s: %d entries, %d PTX instructions per operation%n", what, entries.size(),
                instructions(entries));
    }

    private static PtxModule parse(Path p) {
        try {
            return PtxParser.parse(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".ptx")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path require(@Nullable Path dir, String what) {
        if (dir == null) {
            throw new IllegalStateException(what + " was not found next to " + Path.of("").toAbsolutePath()
                    + " or its ancestors; run from the checkout or set -Dregtune.corpusReal / -Dregtune.corpus");
        }
        return dir;
    }

    private static @Nullable Path find(String property, String relative) {
        String given = System.getProperty(property);
        if (given != null && !given.isBlank()) {
            Path p = Path.of(given);
            Path ptx = p.resolve("ptx");
            return Files.isDirectory(ptx) && relative.endsWith("/ptx") ? ptx : Files.isDirectory(p) ? p : null;
        }
        for (Path a = Path.of("").toAbsolutePath(); a != null; a = a.getParent()) {
            Path p = a.resolve(relative);
            if (Files.isDirectory(p)) {
                return p;
            }
        }
        return null;
    }
}
