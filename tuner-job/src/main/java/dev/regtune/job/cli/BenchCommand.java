package dev.regtune.job.cli;

import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParseException;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.job.io.IoFailures;
import dev.regtune.datasets.synthetic.SyntheticSpec;
import dev.regtune.job.allocate.AllocatorFamily;
import dev.regtune.job.bench.AllocationBenchmark;
import dev.regtune.job.bench.BenchSummary;
import dev.regtune.job.bench.BenchTarget;
import dev.regtune.job.bench.FunctionTiming;
import dev.regtune.job.bench.GenerationTiming;
import dev.regtune.job.bench.JitQuiet;
import dev.regtune.job.bench.WarmupReport;
import dev.regtune.job.report.Numbers;
import dev.regtune.job.report.TextTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import dev.regtune.datasets.PtxFileWalk;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code regtune bench}: time full allocations of real PTX by every allocator family, side by side,
 * with the default knobs or those {@code --knob} sets (so one stage's cost is the difference of two runs).
 */
@Command(name = "bench",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Benchmark (not a test) of full allocation with default knobs (or those --knob sets) by each allocator family "
                    + "(--allocator; all of them by default) on the same functions: parse every file once, warm "
                    + "up every family together, then time each function's allocation by each family in "
                    + "batches with System.nanoTime and report the median time per allocation and per PTX "
                    + "instruction, the families side by side (with several, each one's time over the first "
                    + "one's), plus parse throughput (every file parsed from scratch, passes timed like the "
                    + "allocations; a line of its own).",
            "Summary: for each family, median over functions of microseconds per allocation and "
                    + "nanoseconds per instruction weighted by time (all allocation time over all "
                    + "instructions); and parse MB/s. Numbers depend on the machine; compare runs on the same "
                    + "one.",
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

    @Option(names = "--allocator", paramLabel = "NAME", split = ",",
            description = "Allocator families to time, comma-separated, or 'all' (default: all, every family "
                    + "'regtune --version' lists), each with the default knobs or those --knob sets (its allocator "
                    + "knob set to it).")
    List<String> allocators = new ArrayList<>();

    @Option(names = "--warmup-seconds", paramLabel = "S", defaultValue = "5",
            description = "Warm-up time before measuring, per allocator family, cycling over all families and "
                    + "functions (default: ${DEFAULT-VALUE}).")
    double warmupSeconds;

    @Option(names = "--until-jit-quiet", paramLabel = "S", defaultValue = "0",
            description = "After --warmup-seconds, go on warming up until a window of S seconds in which the JIT "
                    + "compiler worked for at most a hundredth of it (CompilationMXBean's total "
                    + "compilation time), at most until --warmup-max-seconds; 0 (default) warms up for "
                    + "--warmup-seconds only. C2 compiles the allocator for 30 to 100 s on a 2-core machine, and "
                    + "figures taken before it is done are higher than the steady state.")
    double untilJitQuiet;

    @Option(names = "--warmup-max-seconds", paramLabel = "S", defaultValue = "600",
            description = "With --until-jit-quiet, the longest warm-up per allocator family (default: "
                    + "${DEFAULT-VALUE}).")
    double warmupMaxSeconds;

    /** The share of a window the compiler may work in for --until-jit-quiet to call it quiet (its help says so). */
    static final double JIT_QUIET_SHARE = 0.01;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "10",
            description = "Measurement time per allocator family, shared equally by the functions; at least "
                    + AllocationBenchmark.MIN_BATCHES + " batches each whatever it is (default: ${DEFAULT-VALUE}).")
    double seconds;

    /** The families "all" stands for; tests replace it (with {@link #allocatorByName}) to add a stand-in family. */
    Supplier<List<String>> allFamilies = Arguments::familyNames;

    @Mixin
    KnobOptions knobOptions = new KnobOptions();

    /** Resolves a family's name to its allocator. */
    Function<String, RegisterAllocator> allocatorByName = Arguments::allocator;

    @Override
    protected int run() {
        ArchProfile profile = Arguments.arch(arch);
        requireNonNegative("--warmup-seconds", warmupSeconds);
        requireNonNegative("--seconds", seconds);
        requireNonNegative("--until-jit-quiet", untilJitQuiet);
        requireNonNegative("--warmup-max-seconds", warmupMaxSeconds);
        List<String> all = allFamilies.get();
        List<AllocatorFamily> families = new ArrayList<>();
        Knobs knobs = knobOptions.knobs();
        for (String name : Arguments.allocatorNames(allocators, all, knobs,
                Arguments.assigns(knobOptions, KnobCatalogue.ALLOCATOR), all)) {
            families.add(Arguments.family(name, knobs, allocatorByName));
        }
        List<SyntheticSpec> specs = syntheticSpecs(profile);
        List<Path> files = inputs.isEmpty() && !specs.isEmpty() ? List.of() : files(profile);
        List<AllocationBenchmark.Source> sources = new ArrayList<>();
        List<BenchTarget> targets = new ArrayList<>();
        for (Path file : files) {
            String text;
            try {
                text = PtxParser.decode(Files.readAllBytes(file));
            } catch (IOException e) {
                note("skipping a file that cannot be read: " + IoFailures.sentence("read", file, e));
                continue;
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
                targets.add(new BenchTarget(file.toString(), module, fn));
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
            PtxModule generatedModule = PtxParser.parse(text, label);
            for (KernelFunction fn : generatedModule.functions()) {
                targets.add(new BenchTarget(label, generatedModule, fn));
            }
        }
        err().printf("regtune: bench: %d functions in %d files%s, %s, %s, warm-up %s s, measuring %s s%s...%n",
                targets.size(), sources.size() - generated.size(),
                generated.isEmpty() ? "" : " and " + generated.size() + " synthetic kernels", profile.name(),
                families.stream().map(AllocatorFamily::name).collect(Collectors.joining(", ")),
                Numbers.fixed(warmupSeconds * families.size(), 1), Numbers.fixed(seconds, 1),
                families.size() > 1 ? " per family" : "");
        err().flush();
        JitQuiet quiet = untilJitQuiet > 0 ? new JitQuiet((long) (untilJitQuiet * 1e9), JIT_QUIET_SHARE)
                : null;
        AllocationBenchmark bench = new AllocationBenchmark(families, profile, (long) (warmupSeconds * 1e9),
                (long) (seconds * 1e9), quiet, (long) (warmupMaxSeconds * 1e9));
        List<BenchSummary> summaries = bench.run(targets, sources);
        print(summaries, profile, generated, bench.warmup());
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
            return Arguments.ptxFiles(inputs, this::skip);
        }
        Optional<Path> corpus = Arguments.corpusFolder(profile.name());
        if (corpus.isEmpty()) {
            throw new UsageException("no input given and the default corpus " + Arguments.CORPUS_PTX + "/"
                    + profile.name() + " was not found; name PTX files or folders to benchmark");
        }
        return Arguments.ptxBelow(corpus.get(), this::skip);
    }

    private static void requireNonNegative(String option, double value) {
        if (!(value >= 0)) {
            throw new UsageException(option + " must not be negative, not " + value);
        }
    }

    /** A folder that cannot be listed is skipped with one note, as an unreadable file is. */
    private void skip(PtxFileWalk.Unlistable folder) {
        note("skipping a folder that cannot be listed: " + Arguments.sentence(folder));
    }

    /**
     * How long the warm-up took and how much the JIT compiler worked during it and while measuring:
     * compilation while measuring means the figures are not yet the steady state.
     */
    static String warmupLine(WarmupReport w) {
        StringBuilder b = new StringBuilder("warm-up: ").append(Numbers.fixed(w.warmupNanos() / 1e9, 1)).append(" s");
        if (w.compileMillisWarmingUp() < 0) {
            b.append("; this JVM does not report its compilation time");
        } else {
            b.append("; the JIT compiled for ").append(Numbers.fixed(w.compileMillisWarmingUp() / 1e3, 1))
                    .append(" s of it and ").append(w.compileMillisMeasuring()).append(" ms while measuring");
        }
        if (w.waitedForQuiet()) {
            b.append(w.quiet() ? " (it ended on a quiet window)"
                    : " (it reached --warmup-max-seconds before a quiet window)");
        }
        return b.toString();
    }

    /**
     * With one family, one table row per function and one line per synthetic kernel as ever; with
     * several, each family's columns next to the others', its time over the first family's, and
     * each figure of a line followed by the family it belongs to.
     */
    private void print(List<BenchSummary> summaries, ArchProfile profile, List<Generated> generated,
            WarmupReport warmup) {
        boolean several = summaries.size() > 1;
        BenchSummary first = summaries.get(0);
        TextTable table;
        if (!several) {
            table = new TextTable("file", "function", "instrs", "vregs", "regs", "status", "batch",
                    "batches", "median us/alloc", "ns/instr").rightAligned(2, 3, 4, 6, 7, 8, 9);
            for (FunctionTiming t : first.timings()) {
                table.add(Path.of(t.file()).getFileName(), t.function(), t.instructions(), t.vregs(), t.registers(),
                        t.status(), t.batchSize(), t.batches(), Numbers.fixed(t.medianNanosPerAllocation() / 1e3, 1),
                        Numbers.fixed(t.nanosPerInstruction(), 1));
            }
        } else {
            List<String> header = new ArrayList<>(List.of("file", "function", "instrs", "vregs"));
            List<Integer> right = new ArrayList<>(List.of(2, 3));
            for (BenchSummary s : summaries) {
                right.add(header.size());
                right.add(header.size() + 2);
                right.add(header.size() + 3);
                header.addAll(List.of(s.allocator() + " regs", s.allocator() + " status", s.allocator() + " us/alloc",
                        s.allocator() + " ns/instr"));
            }
            for (BenchSummary s : summaries.subList(1, summaries.size())) {
                right.add(header.size());
                header.add(s.allocator() + "/" + first.allocator());
            }
            table = new TextTable(header.toArray(String[]::new))
                    .rightAligned(right.stream().mapToInt(Integer::intValue).toArray());
            for (int i = 0; i < first.timings().size(); i++) {
                FunctionTiming t0 = first.timings().get(i);
                List<Object> row = new ArrayList<>(List.of(Path.of(t0.file()).getFileName(), t0.function(),
                        t0.instructions(), t0.vregs()));
                for (BenchSummary s : summaries) {
                    FunctionTiming t = s.timings().get(i);
                    row.addAll(List.of(t.registers(), t.status(), Numbers.fixed(t.medianNanosPerAllocation() / 1e3, 1),
                            Numbers.fixed(t.nanosPerInstruction(), 1)));
                }
                for (BenchSummary s : summaries.subList(1, summaries.size())) {
                    row.add(Numbers.fixed(s.timings().get(i).medianNanosPerAllocation()
                            / t0.medianNanosPerAllocation(), 2));
                }
                table.add(row.toArray());
            }
        }
        table.print(out());
        out().println(warmupLine(warmup));
        // The front end's throughput: whole files parsed from scratch into IR, module-level work
        // included, as a sweep's executors parse them.
        out().printf("parse: %d files (%s synthetic), %s MB per pass, median %s ms over %d passes: %s MB/s%n",
                first.files(), generated.size(), Numbers.fixed(first.parsedBytes() / 1e6, 2),
                Numbers.fixed(first.medianParseNanos() / 1e6, 2), first.parsePasses(),
                Numbers.fixed(first.parseMegabytesPerSecond(), 1));
        for (Generated g : generated) {
            GenerationTiming gen = g.generation();
            List<String> allocations = new ArrayList<>();
            for (BenchSummary s : summaries) {
                FunctionTiming t = s.timings().get(g.target());
                allocations.add(String.format(Locale.ROOT, "%s ms (%s ns/instruction), %d registers, %s%s",
                        Numbers.fixed(t.medianNanosPerAllocation() / 1e6, 1), Numbers.fixed(t.nanosPerInstruction(), 1),
                        t.registers(), t.status(), several ? " with " + s.allocator() : ""));
            }
            out().printf("%s %s seed %d: %d instructions; generation %s ms (%s ns/instruction, median of %d); "
                            + "allocation %s%n",
                    g.tag(), gen.spec(), gen.kernel().seed(), gen.kernel().instructionCount(),
                    Numbers.fixed(gen.medianNanos() / 1e6, 1), Numbers.fixed(gen.nanosPerInstruction(), 1),
                    gen.repeats(), String.join("; ", allocations));
        }
        List<String> perFamily = new ArrayList<>();
        for (BenchSummary s : summaries) {
            perFamily.add("median " + Numbers.fixed(s.medianMicrosPerAllocation(), 1) + " us/allocation, "
                    + Numbers.fixed(s.weightedNanosPerInstruction(), 1) + " ns/instruction (time-weighted) with "
                    + s.allocator());
        }
        out().printf("bench: %d functions in %d files%s on %s: %s; parse %s MB/s%n",
                first.timings().size(), first.files() - generated.size(),
                generated.isEmpty() ? "" : " and " + generated.size() + " synthetic kernels", profile.name(),
                String.join("; ", perFamily), Numbers.fixed(first.parseMegabytesPerSecond(), 1));
        out().flush();
    }
}
