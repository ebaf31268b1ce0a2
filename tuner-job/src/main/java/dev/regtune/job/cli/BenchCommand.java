package dev.regtune.job.cli;

import dev.regtune.core.Allocators;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParseException;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.job.bench.AllocationBenchmark;
import dev.regtune.job.bench.BenchSummary;
import dev.regtune.job.bench.BenchTarget;
import dev.regtune.job.bench.FunctionTiming;
import dev.regtune.job.report.Numbers;
import dev.regtune.job.report.TextTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code regtune bench}: time full default-knob allocations of real PTX. */
@Command(name = "bench",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Benchmark (not a test) of full allocation with default knobs: parse every file once, warm up, "
                    + "then time each function's allocation in batches with System.nanoTime and report the "
                    + "median time per allocation and per PTX instruction, plus parse throughput.",
            "Summary: median over functions of microseconds per allocation, nanoseconds per instruction "
                    + "weighted by time (all allocation time over all instructions), and parse MB/s. "
                    + "Numbers depend on the machine; compare runs on the same one."
        })
public final class BenchCommand extends RegtuneCommand {

    @Parameters(paramLabel = "FILES-OR-FOLDERS", arity = "0..*",
            description = "PTX files, or folders of them. Default: every .ptx under " + Arguments.CORPUS_PTX
                    + "/ARCH (sm_90 unless --arch says otherwise; in the current directory or the RegTune "
                    + "checkout), if that folder exists.")
    List<Path> inputs = new ArrayList<>();

    @Option(names = "--arch", paramLabel = "ARCH", defaultValue = "sm_90",
            description = "Target architecture (default: ${DEFAULT-VALUE}).")
    String arch;

    @Option(names = "--warmup-seconds", paramLabel = "S", defaultValue = "5",
            description = "Warm-up time before measuring, cycling over all functions (default: ${DEFAULT-VALUE}).")
    double warmupSeconds;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "10",
            description = "Measurement time, shared equally by the functions; at least "
                    + AllocationBenchmark.MIN_BATCHES + " batches each whatever it is (default: ${DEFAULT-VALUE}).")
    double seconds;

    @Override
    protected int run() {
        ArchProfile profile = Arguments.arch(arch);
        if (!(warmupSeconds >= 0) || !(seconds >= 0)) {
            throw new UsageException("--warmup-seconds and --seconds must not be negative");
        }
        List<Path> files = files(profile);
        List<AllocationBenchmark.Source> sources = new ArrayList<>();
        List<BenchTarget> targets = new ArrayList<>();
        for (Path file : files) {
            String text;
            try {
                text = Files.readString(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UsageException("cannot read '" + file + "': " + e.getMessage());
            }
            PtxModule module;
            try {
                module = PtxParser.parse(text, file.toString());
            } catch (PtxParseException e) {
                note("skipping a file that does not parse: " + e.getMessage());
                continue;
            }
            sources.add(new AllocationBenchmark.Source(file.toString(), text,
                    text.getBytes(StandardCharsets.UTF_8).length));
            for (KernelFunction fn : module.functions()) {
                targets.add(new BenchTarget(file.toString(), fn));
            }
        }
        if (targets.isEmpty()) {
            throw new UsageException("there is no function to benchmark in the " + files.size() + " file(s) given");
        }
        err().printf("regtune: bench: %d functions in %d files, %s, warm-up %s s, measuring %s s...%n",
                targets.size(), sources.size(), profile.name(), Numbers.fixed(warmupSeconds, 1),
                Numbers.fixed(seconds, 1));
        err().flush();
        AllocationBenchmark bench = new AllocationBenchmark(Allocators.fatPoint(), Knobs.defaults(), profile,
                (long) (warmupSeconds * 1e9), (long) (seconds * 1e9));
        BenchSummary summary = bench.run(targets, sources);
        print(summary, profile);
        return 0;
    }

    private List<Path> files(ArchProfile profile) {
        if (!inputs.isEmpty()) {
            return Arguments.ptxFiles(inputs);
        }
        Optional<Path> corpus = Arguments.corpusFolder(profile.name());
        if (corpus.isEmpty()) {
            throw new UsageException("no input given and the default corpus " + Arguments.CORPUS_PTX + "/"
                    + profile.name() + " was not found; name PTX files or folders to benchmark");
        }
        return Arguments.ptxBelow(corpus.get());
    }

    private void print(BenchSummary s, ArchProfile profile) {
        TextTable table = new TextTable("file", "function", "instrs", "vregs", "regs", "status", "batch",
                "batches", "median us/alloc", "ns/instr").rightAligned(2, 3, 4, 6, 7, 8, 9);
        for (FunctionTiming t : s.timings()) {
            table.add(Path.of(t.file()).getFileName(), t.function(), t.instructions(), t.vregs(), t.registers(),
                    t.status(), t.batchSize(), t.batches(), Numbers.fixed(t.medianNanosPerAllocation() / 1e3, 1),
                    Numbers.fixed(t.nanosPerInstruction(), 1));
        }
        table.print(out());
        out().printf("bench: %d functions in %d files on %s: median %s us/allocation, %s ns/instruction "
                        + "(time-weighted), parse %s MB/s%n",
                s.timings().size(), s.files(), profile.name(), Numbers.fixed(s.medianMicrosPerAllocation(), 1),
                Numbers.fixed(s.weightedNanosPerInstruction(), 1), Numbers.fixed(s.parseMegabytesPerSecond(), 1));
        out().flush();
    }
}
