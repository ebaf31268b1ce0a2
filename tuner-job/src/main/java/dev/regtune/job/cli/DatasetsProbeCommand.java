package dev.regtune.job.cli;

import dev.regtune.core.lower.LoweringTable;
import dev.regtune.datasets.probe.ProbeConstruct;
import dev.regtune.datasets.probe.ProbeConstructs;
import dev.regtune.job.fidelity.LoweringProbeRow;
import dev.regtune.job.fidelity.LoweringProber;
import dev.regtune.job.fidelity.PtxasRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code regtune datasets probe}: regenerate the lowering table from the real ptxas. */
@Command(name = "probe",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Probe the real ptxas with generated micro-kernels, one PTX construct each (division, remainder, "
                    + "square root, reciprocal, transcendentals, 64-bit multiply and shifts, conversions), and write "
                    + "the lowering table the model reads (allocator-core/src/main/resources/dev/regtune/core/lower/"
                    + "lowering-table.csv in the checkout).",
            "Per architecture and construct: at three pressures, the smallest -maxrregcount at which ptxas does "
                    + "not spill the probe, and the same for the model without lowering; temporaries = the median "
                    + "of (ptxas - model) less the same for an add of the same type; register floor = ptxas's "
                    + "registers without a limit for the smallest probe, where they exceed the add's. The same "
                    + "ptxas gives the same bytes."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the table was written",
            "1:ptxas failed on a probe",
            "2:usage error, including: ptxas is not available"
        })
public final class DatasetsProbeCommand extends RegtuneCommand {

    @Option(names = "--ptxas", paramLabel = "PATH",
            description = "The ptxas executable to probe (default: ptxas on the PATH).")
    Path ptxas;

    @Option(names = "--arch", paramLabel = "ARCH", split = ",",
            description = "Architectures to probe (default: sm_80,sm_90, those of the reference corpora).")
    List<String> archs = List.of("sm_80", "sm_90");

    @Option(names = "--construct", paramLabel = "OPCODE", split = ",",
            description = "Probe only these constructs (default: every construct of ProbeConstructs).")
    List<String> constructs;

    @Option(names = "--out", paramLabel = "FILE", required = true,
            description = "Where to write the table. It is replaced only once complete.")
    Path out;

    @Option(names = "--jobs", paramLabel = "N",
            description = "Probes at once (default: the number of processors).")
    int jobs = Runtime.getRuntime().availableProcessors();

    /** Where ptxas is looked for without --ptxas; tests replace it to simulate a machine without CUDA. */
    Supplier<Optional<Path>> ptxasOnPath = PtxasRunner::onPath;

    @Override
    protected int run() throws IOException, InterruptedException {
        if (jobs < 1) {
            throw new UsageException("--jobs must be at least 1, not " + jobs);
        }
        Path folder = out.toAbsolutePath().getParent();
        if (folder == null || !Files.isDirectory(folder)) {
            throw new UsageException("the folder of the table '" + out + "' does not exist");
        }
        List<ProbeConstruct> chosen = chosen();
        PtxasRunner runner = PtxasRunner.of(PtxasExecutable.resolve(ptxas, ptxasOnPath, "probing"));
        Path work = Files.createTempDirectory("regtune-probe");
        ExecutorService pool = Executors.newFixedThreadPool(jobs);
        Path partial = Files.createTempFile(folder, ".lowering", ".csv.partial");
        try {
            List<Future<LoweringProbeRow>> rows = new ArrayList<>();
            LoweringProber prober = new LoweringProber(runner, work);
            for (String arch : archs) {
                for (ProbeConstruct c : chosen) {
                    rows.add(pool.submit(() -> prober.probe(c, arch)));
                }
            }
            try (Writer w = Files.newBufferedWriter(partial, StandardCharsets.UTF_8)) {
                w.write("# The lowering table of dev.regtune.core.lower, written by 'regtune datasets probe' with ptxas "
                        + runner.version() + ".\n");
                w.write("# budgets: per pressure (see LoweringProber), the construct's smallest -maxrregcount without "
                        + "spills / the add's; smallest: registers without a limit, 2 values live.\n");
                w.write(LoweringTable.HEADER + "\n");
                for (Future<LoweringProbeRow> f : rows) {
                    w.write(f.get().csv() + "\n");
                }
            } catch (ExecutionException e) {
                error(e.getCause() == null ? e.getMessage() : e.getCause().getMessage());
                return RegtuneCommand.EXIT_FAILURE;
            }
            Files.move(partial, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.printf("probe: %d constructs on %s with ptxas %s -> %s%n", chosen.size(), String.join(",", archs),
                    runner.version(), out);
            stdout.flush();
            return 0;
        } finally {
            pool.shutdownNow();
            Files.deleteIfExists(partial);
            try (var left = Files.list(work)) {
                for (Path p : left.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(work);
        }
    }

    private List<ProbeConstruct> chosen() {
        if (constructs == null) {
            return ProbeConstructs.ALL;
        }
        List<ProbeConstruct> out = new ArrayList<>();
        for (String name : constructs) {
            out.add(ProbeConstructs.ALL.stream().filter(c -> c.spelling().equals(name)).findFirst()
                    .orElseThrow(() -> new UsageException("no probe for construct '" + name + "'; the probed "
                            + "constructs are " + ProbeConstructs.ALL.stream().map(ProbeConstruct::spelling).toList())));
        }
        return out;
    }
}
