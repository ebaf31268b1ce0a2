package dev.regtune.job.cli;

import dev.regtune.core.Allocators;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParseException;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.datasets.synthetic.SyntheticSpec;
import dev.regtune.job.bench.AllocationBenchmark;
import dev.regtune.job.bench.BenchSummary;
import dev.regtune.job.bench.BenchTarget;
import dev.regtune.job.bench.FunctionTiming;
import dev.regtune.job.bench.GenerationTiming;
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
                    + "Numbers depend on the machine; compare runs on the same one.",
            "With --synthetic, generated kernels join the benchmark (e.g. --synthetic "
                    + "accumulators:instructions=100000): each is generated (timed: median of at least "
                    + GenerationTiming.MIN_REPEATS + " generations), parsed and allocated like a file, and a line per "
                    + "kernel reports generation and allocation time in total and per instruction."
        })
public final class BenchCommand extends RegtuneCommand {

    @Parameters(paramLabel = "FILES-OR-FOLDERS", arity = "0..*",
            description = "PTX files, or folders of them. Default: every .ptx under " + Arguments.CORPUS_PTX
                    + "/ARCH (sm_90 unless --arch says otherwise; in the current directory or the RegTune "
                    + "checkout), if that folder exists, unless --synthetic is given.")
    List<Path> inputs = new ArrayList<>();

    @Option(names = "--synthetic", paramLabel = "SPEC",
            description = "Also generate and benchmark a synthetic kernel, written family[:key=value,...] as "
                    + "'regtune datasets generate' documents (e.g. accumulators:n=64,instructions=100000); "
                    + "repeatable. The architecture is --arch unless the spec says arch=.")
    List<String> synthetic = new ArrayList<>();

    @Option(names = "--synthetic-seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the --synthetic kernels (default: ${DEFAULT-VALUE}).")
    long syntheticSeed;

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
        List<SyntheticSpec> specs = syntheticSpecs(profile);
        List<Path> files = inputs.isEmpty() && !specs.isEmpty() ? List.of() : files(profile);
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
        if (targets.isEmpty() && specs.isEmpty()) {
            throw new UsageException("there is no function to benchmark in the " + files.size() + " file(s) given");
        }
        List<Generated> generated = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            SyntheticSpec spec = specs.get(i);
            err().printf("regtune: bench: generating %s (seed %d)...%n", spec, syntheticSeed);
            err().flush();
            GenerationTiming g = GenerationTiming.measure(spec, syntheticSeed,
                    (long) (seconds * 1e9 / 10 / specs.size()));
            String tag = "synthetic-" + (i + 1);
            String label = tag + ":" + spec.family();
            String text = g.kernel().ptxText();
            sources.add(new AllocationBenchmark.Source(label, text, text.getBytes(StandardCharsets.UTF_8).length));
            generated.add(new Generated(tag, g, targets.size()));
            for (KernelFunction fn : PtxParser.parse(text, label).functions()) {
                targets.add(new BenchTarget(label, fn));
            }
        }
        err().printf("regtune: bench: %d functions in %d files%s, %s, warm-up %s s, measuring %s s...%n",
                targets.size(), sources.size() - generated.size(),
                generated.isEmpty() ? "" : " and " + generated.size() + " synthetic kernels", profile.name(),
                Numbers.fixed(warmupSeconds, 1), Numbers.fixed(seconds, 1));
        err().flush();
        AllocationBenchmark bench = new AllocationBenchmark(Allocators.fatPoint(), Knobs.defaults(), profile,
                (long) (warmupSeconds * 1e9), (long) (seconds * 1e9));
        BenchSummary summary = bench.run(targets, sources);
        print(summary, profile, generated);
        return 0;
    }

    /** A generated kernel in the benchmark: its tag, generation timing and index among the targets. */
    private record Generated(String tag, GenerationTiming generation, int target) {
    }

    private List<SyntheticSpec> syntheticSpecs(ArchProfile profile) {
        List<SyntheticSpec> specs = new ArrayList<>();
        for (String text : synthetic) {
            try {
                specs.add(SyntheticSpec.parse(text, profile.name()));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--synthetic " + text.strip() + ": " + e.getMessage());
            }
        }
        return specs;
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

    private void print(BenchSummary s, ArchProfile profile, List<Generated> generated) {
        TextTable table = new TextTable("file", "function", "instrs", "vregs", "regs", "status", "batch",
                "batches", "median us/alloc", "ns/instr").rightAligned(2, 3, 4, 6, 7, 8, 9);
        for (FunctionTiming t : s.timings()) {
            table.add(Path.of(t.file()).getFileName(), t.function(), t.instructions(), t.vregs(), t.registers(),
                    t.status(), t.batchSize(), t.batches(), Numbers.fixed(t.medianNanosPerAllocation() / 1e3, 1),
                    Numbers.fixed(t.nanosPerInstruction(), 1));
        }
        table.print(out());
        for (Generated g : generated) {
            GenerationTiming gen = g.generation();
            FunctionTiming t = s.timings().get(g.target());
            out().printf("%s %s seed %d: %d instructions; generation %s ms (%s ns/instruction, median of %d); "
                            + "allocation %s ms (%s ns/instruction), %d registers, %s%n",
                    g.tag(), gen.spec(), gen.kernel().seed(), gen.kernel().instructionCount(),
                    Numbers.fixed(gen.medianNanos() / 1e6, 1), Numbers.fixed(gen.nanosPerInstruction(), 1),
                    gen.repeats(), Numbers.fixed(t.medianNanosPerAllocation() / 1e6, 1),
                    Numbers.fixed(t.nanosPerInstruction(), 1), t.registers(), t.status());
        }
        out().printf("bench: %d functions in %d files%s on %s: median %s us/allocation, %s ns/instruction "
                        + "(time-weighted), parse %s MB/s%n",
                s.timings().size(), s.files() - generated.size(),
                generated.isEmpty() ? "" : " and " + generated.size() + " synthetic kernels", profile.name(),
                Numbers.fixed(s.medianMicrosPerAllocation(), 1), Numbers.fixed(s.weightedNanosPerInstruction(), 1), Numbers.fixed(s.parseMegabytesPerSecond(), 1));
        out().flush();
    }
}
