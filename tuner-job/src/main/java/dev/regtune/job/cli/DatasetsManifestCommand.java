package dev.regtune.job.cli;

import dev.regtune.core.ptx.PtxParseException;
import dev.regtune.datasets.BundledCorpus;
import dev.regtune.datasets.manifest.ManifestBuilder;
import dev.regtune.datasets.manifest.ManifestWriter;
import dev.regtune.datasets.manifest.PtxasFigures;
import dev.regtune.datasets.manifest.PtxasProbe;
import dev.regtune.job.fidelity.PtxasMeasurement;
import dev.regtune.job.fidelity.PtxasRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code regtune datasets manifest}: measure a corpus with the real ptxas and write its manifest. */
@Command(name = "manifest",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Write the manifest of a corpus laid out like datasets/corpus (ptx/<arch>/<family>.ptx, "
                    + "cuda/<family>.cu): one CSV row per (entry, arch), sorted by file, entry and arch, with the "
                    + "kernel's id, file, entry, arch, family, CUDA source, PTX instruction count, virtual registers, "
                    + "launch bounds and, for each budget none,128,64,40,32,24, what 'ptxas -v -arch=ARCH "
                    + "[-maxrregcount N]' reports: regs_B, spill_store_B, spill_load_B, stack_frame_B (empty where "
                    + "ptxas refuses the budget), then ptxas_version.",
            "The id is the first 16 hex digits of the SHA-256 of the arch and the entry's PTX text, so it "
                    + "follows the code, not the file name. The same corpus and ptxas give the same bytes."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the manifest was written",
            "1:ptxas could not be run, a PTX file does not parse, or an entry has no figures without a budget",
            "2:usage error, including: ptxas is not available"
        })
public final class DatasetsManifestCommand extends RegtuneCommand {


    @Parameters(paramLabel = "CORPUS-DIR", arity = "0..1",
            description = "The corpus folder (default: " + BundledCorpus.ROOT
                    + " in the current directory or the RegTune checkout).")
    Path corpus;

    @Option(names = "--ptxas", paramLabel = "PATH",
            description = "The ptxas executable to measure with (default: ptxas on the PATH).")
    Path ptxas;

    @Option(names = "--out", paramLabel = "FILE",
            description = "Where to write the manifest (default: CORPUS-DIR/manifest.csv). It is replaced only once "
                    + "complete.")
    Path out;

    @Option(names = "--relative-to", paramLabel = "DIR",
            description = "The folder the file and source columns are relative to (default: two levels above "
                    + "CORPUS-DIR, the repository root for " + BundledCorpus.ROOT + ").")
    Path relativeTo;

    @Option(names = "--jobs", paramLabel = "N",
            description = "ptxas runs at once (default: the number of processors).")
    int jobs = Runtime.getRuntime().availableProcessors();

    /** Where ptxas is looked for without --ptxas; tests replace it to simulate a machine without CUDA. */
    Supplier<Optional<Path>> ptxasOnPath = PtxasRunner::onPath;

    @Override
    protected int run() throws IOException {
        Path dir = corpusDir();
        if (jobs < 1) {
            throw new UsageException("--jobs must be at least 1, not " + jobs);
        }
        Path target = out != null ? out : dir.resolve("manifest.csv");
        Path folder = target.toAbsolutePath().getParent();
        if (folder == null || !Files.isDirectory(folder)) {
            throw new UsageException("the folder of the manifest '" + target + "' does not exist");
        }
        Path root = relativeTo != null ? relativeTo : defaultRoot(dir);
        if (!Files.isDirectory(root)) {
            throw new UsageException("--relative-to '" + root + "' is not a folder");
        }
        PtxasRunner runner = PtxasRunner.of(PtxasExecutable.resolve(ptxas, ptxasOnPath, "the manifest"));

        Path partial = Files.createTempFile(folder, ".manifest", ".csv.partial");
        try {
            ManifestBuilder.Summary summary;
            try (Writer w = Files.newBufferedWriter(partial, StandardCharsets.UTF_8);
                    ManifestWriter manifest = new ManifestWriter(w)) {
                summary = new ManifestBuilder(probe(runner), jobs, m -> note(m)).build(dir, root, manifest);
            } catch (PtxParseException e) {
                error(e.getMessage());
                return RegtuneCommand.EXIT_FAILURE;
            }
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.printf("manifest: %d rows from %d PTX files measured with ptxas %s -> %s%n", summary.rows(),
                    summary.files(), runner.version(), target);
            stdout.flush();
            if (summary.rowsWithoutNoLimitFigures() > 0) {
                error(summary.rowsWithoutNoLimitFigures() + " (entry, arch) rows have no ptxas figures without a "
                        + "budget; see the notes above");
                return RegtuneCommand.EXIT_FAILURE;
            }
            return 0;
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    private Path corpusDir() {
        if (corpus == null) {
            return BundledCorpus.root().orElseThrow(() -> new UsageException("no CORPUS-DIR given and the bundled "
                    + "corpus " + BundledCorpus.ROOT + " was not found; name the corpus folder"));
        }
        if (!Files.isDirectory(corpus)) {
            throw new UsageException("corpus folder '" + corpus + "' does not exist");
        }
        if (!Files.isDirectory(corpus.resolve("ptx"))) {
            throw new UsageException("corpus folder '" + corpus + "' has no ptx folder (expected ptx/<arch>/*.ptx)");
        }
        return corpus;
    }

    private static Path defaultRoot(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        Path up = abs.getParent() == null ? null : abs.getParent().getParent();
        return up != null ? up : abs;
    }

    /** The fidelity harness's ptxas runner as the datasets module's probe. */
    private static PtxasProbe probe(PtxasRunner runner) {
        return new PtxasProbe() {
            @Override
            public String version() {
                return runner.version();
            }

            @Override
            public Map<String, PtxasFigures> measure(Path file, String arch, int budget, List<String> entries,
                    Consumer<String> notes) throws IOException {
                Map<String, PtxasFigures> figures = new LinkedHashMap<>();
                for (Map.Entry<String, PtxasMeasurement> e : runner.measure(file, arch, budget, entries, notes)
                        .entrySet()) {
                    PtxasMeasurement m = e.getValue();
                    if (m.entry() && m.registers() >= 0) {
                        figures.put(e.getKey(), new PtxasFigures(m.registers(), m.spillStoreBytes(),
                                m.spillLoadBytes(), m.stackFrameBytes()));
                    }
                }
                return figures;
            }
        };
    }

}
