package dev.regtune.core.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The shared real-world corpus ({@code shared/corpus-real}: {@code ptx/}, {@code manifest.csv},
 * {@code ptxas.csv}), which lives next to the repository rather than in it. Found through the
 * system property {@code regtune.corpusReal} (the corpus directory), else as
 * {@code shared/corpus-real} in the working directory or any of its ancestors (a worktree at
 * {@code /work/wt/NAME} and a clone at {@code /work/main} both reach {@code /work/shared}). Tests
 * skip with a message when it is absent, as on a clean CI clone.
 */
public final class CorpusReal {
    /** One {@code .entry} of the manifest. */
    public record Kernel(String file, String repo, String entry, String kind) {
    }

    /** One row of {@code ptxas.csv}. */
    public record Measurement(String file, String entry, String arch, int maxRegisters, int registers,
            int spillStoreBytes, int spillLoadBytes, int stackFrameBytes) {
    }

    private CorpusReal() {
    }

    /** The corpus directory, or null when it cannot be found. */
    public static Path find() {
        String property = System.getProperty("regtune.corpusReal");
        if (property != null && !property.isBlank()) {
            Path p = Path.of(property);
            return Files.isDirectory(p.resolve("ptx")) ? p : null;
        }
        for (Path a = Path.of("").toAbsolutePath(); a != null; a = a.getParent()) {
            Path p = a.resolve("shared").resolve("corpus-real");
            if (Files.isDirectory(p.resolve("ptx"))) {
                return p;
            }
        }
        return null;
    }

    /** A sentence for {@code assumeTrue} when {@link #find()} returns null. */
    public static String absentMessage() {
        return "shared/corpus-real is not next to this checkout (set -Dregtune.corpusReal=DIR); skipping";
    }

    /** The manifest's kernels, in file order. */
    public static List<Kernel> manifest(Path corpus) throws IOException {
        List<Kernel> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(corpus.resolve("manifest.csv"));
        Map<String, Integer> col = header(lines.get(0));
        for (String line : lines.subList(1, lines.size())) {
            String[] c = line.split(",", -1);
            out.add(new Kernel(c[col.get("file")], c[col.get("repo")], c[col.get("entry")], c[col.get("kind")]));
        }
        return out;
    }

    /** Every ptxas measurement, in file order. */
    public static List<Measurement> measurements(Path corpus) throws IOException {
        List<Measurement> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(corpus.resolve("ptxas.csv"));
        Map<String, Integer> col = header(lines.get(0));
        for (String line : lines.subList(1, lines.size())) {
            String[] c = line.split(",", -1);
            out.add(new Measurement(c[col.get("file")], c[col.get("entry")], c[col.get("arch")],
                    Integer.parseInt(c[col.get("maxrregcount")]), Integer.parseInt(c[col.get("regs")]),
                    Integer.parseInt(c[col.get("spill_store_bytes")]), Integer.parseInt(c[col.get("spill_load_bytes")]),
                    Integer.parseInt(c[col.get("stack_frame_bytes")])));
        }
        return out;
    }

    private static Map<String, Integer> header(String line) {
        Map<String, Integer> col = new HashMap<>();
        String[] h = line.split(",");
        for (int i = 0; i < h.length; i++) {
            col.put(h[i], i);
        }
        return col;
    }
}
