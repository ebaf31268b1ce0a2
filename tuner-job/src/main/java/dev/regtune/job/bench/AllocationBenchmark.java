package dev.regtune.job.bench;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.calls.ModuleAllocator;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.check.CheckReport;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.job.allocate.AllocatorFamily;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Times full allocations of parsed functions by one or more allocator families (and the parsing
 * of their files).
 *
 * <p>Protocol: every family's result of every function is checked first with the independent
 * checker. A warm-up of {@code warmupNanos} per family then cycles round-robin over every family,
 * every function and every file, so the JIT has compiled the hot paths, with every family's
 * profile in them, before anything is measured; every family is then measured in that same state.
 * With a {@link JitQuiet}, the warm-up goes on after its fixed part until a window in which the
 * compiler was quiet, at most until {@code maxWarmupNanos} per family; {@link #warmup()} says how
 * long it took and how much the compiler worked during it and during the measurement.
 * Each (function, family) gets an equal share of {@code measureNanos}, the measurement time of one
 * family: its batch size is doubled until one batch takes at least a twentieth of that share (at
 * least 0.1 ms), and whole batches are timed with {@link System#nanoTime()} until the share is used
 * up (at least {@link #MIN_BATCHES} batches). The families are timed one after the other on each
 * function before the next function, so a drift of the machine's speed over the run falls on all
 * of them alike. The median batch time over the batch size is the time per allocation; the median
 * resists the odd GC pause or descheduling that a mean would absorb. Parsing is timed the same
 * way, one batch being one pass over every file, within a tenth of {@code measureNanos}.
 */
public final class AllocationBenchmark {
    /** Fewest timed batches per function, whatever the time budget. */
    public static final int MIN_BATCHES = 5;
    private static final long MIN_BATCH_NANOS = 100_000;
    private static final int MAX_BATCH_SIZE = 1 << 20;

    private final List<AllocatorFamily> families;
    private final ArchProfile arch;
    private final long warmupNanos;
    private final long measureNanos;
    private final @Nullable JitQuiet jitQuiet;
    private final long maxWarmupNanos;
    private final LongSupplier compileMillis;
    /** Folds every result into a value the JIT cannot prove unused. */
    private long sink;
    private WarmupReport warmup = new WarmupReport(0, -1, -1, false, false);

    /**
     * @param families the allocator families to time, in report order (at least one)
     * @param warmupNanos warm-up time per family
     * @param measureNanos measurement time per family
     */
    public AllocationBenchmark(List<AllocatorFamily> families, ArchProfile arch, long warmupNanos,
            long measureNanos) {
        this(families, arch, warmupNanos, measureNanos, null, warmupNanos);
    }

    /**
     * @param families the allocator families to time, in report order (at least one)
     * @param warmupNanos fixed warm-up time per family
     * @param measureNanos measurement time per family
     * @param jitQuiet when not null, the warm-up continues after its fixed part until a quiet window
     * @param maxWarmupNanos with {@code jitQuiet}, the longest warm-up per family
     */
    public AllocationBenchmark(List<AllocatorFamily> families, ArchProfile arch, long warmupNanos,
            long measureNanos, @Nullable JitQuiet jitQuiet, long maxWarmupNanos) {
        if (families.isEmpty()) {
            throw new IllegalArgumentException("a benchmark needs at least one allocator family");
        }
        this.families = List.copyOf(families);
        this.arch = arch;
        this.warmupNanos = warmupNanos;
        this.measureNanos = measureNanos;
        this.jitQuiet = jitQuiet;
        this.maxWarmupNanos = Math.max(warmupNanos, maxWarmupNanos);
        this.compileMillis = compilerClock();
    }

    /** The compiler's total time in milliseconds, or -1 when the JVM does not monitor it. */
    private static LongSupplier compilerClock() {
        CompilationMXBean bean = ManagementFactory.getCompilationMXBean();
        if (bean == null || !bean.isCompilationTimeMonitoringSupported()) {
            return () -> -1;
        }
        return bean::getTotalCompilationTime;
    }

    /** What the last {@link #run}'s warm-up did and how busy the compiler was. */
    public WarmupReport warmup() {
        return warmup;
    }

    /**
     * Runs the protocol.
     *
     * @param targets the functions to time, in report order
     * @param sources the PTX text of every file (for the parse timing), with its name
     * @return one summary per family, in family order, with the same parse timing
     */
    public List<BenchSummary> run(List<BenchTarget> targets, List<Source> sources) {
        long compileBefore = compileMillis.getAsLong();
        long warmupStart = System.nanoTime();
        boolean quiet = warmUp(targets, sources);
        long warmupTook = System.nanoTime() - warmupStart;
        long compileWarm = compileMillis.getAsLong();
        ParseTiming parse = timeParsing(sources);
        long share = targets.isEmpty() ? 0 : measureNanos * 9 / 10 / targets.size();
        List<List<FunctionTiming>> timings = new ArrayList<>();
        for (int k = 0; k < families.size(); k++) {
            timings.add(new ArrayList<>(targets.size()));
        }
        for (BenchTarget t : targets) {
            for (int k = 0; k < families.size(); k++) {
                timings.get(k).add(time(families.get(k), t, share));
            }
        }
        long compileAfter = compileMillis.getAsLong();
        warmup = new WarmupReport(warmupTook, compileBefore < 0 ? -1 : compileWarm - compileBefore,
                compileBefore < 0 ? -1 : compileAfter - compileWarm, jitQuiet != null && compileBefore >= 0, quiet);
        long bytes = sources.stream().mapToLong(s -> s.bytes()).sum();
        List<BenchSummary> summaries = new ArrayList<>(families.size());
        for (int k = 0; k < families.size(); k++) {
            summaries.add(new BenchSummary(families.get(k).name(), timings.get(k), sources.size(), bytes,
                    parse.medianNanos(), parse.passes()));
        }
        return summaries;
    }

    /** The value every result was folded into; reading it keeps the allocations observable. */
    public long sink() {
        return sink;
    }

    /**
     * One PTX file's text.
     *
     * @param name the file as the user named it
     * @param text its contents
     * @param bytes its size in bytes
     */
    public record Source(String name, String text, long bytes) {
    }

    /** Warms up; with a {@link JitQuiet}, whether it ended on a quiet window (false at its cap). */
    private boolean warmUp(List<BenchTarget> targets, List<Source> sources) {
        // What is timed is checked first: allocation is deterministic, so every timed repeat
        // produces this same verified result.
        for (AllocatorFamily family : families) {
            for (BenchTarget t : targets) {
                AllocationResult r = allocateOnce(family, t);
                if (r.status() == AllocationStatus.OK) {
                    CheckReport report = AllocationChecker.check(Objects.requireNonNull(r.allocatedFunction()),
                            Objects.requireNonNull(r.assignment())); // an OK result has both
                    if (!report.ok()) {
                        throw new IllegalStateException("the " + family.name() + " allocation of "
                                + t.function().name() + " fails the checker: " + report.summary());
                    }
                }
            }
        }
        long start = System.nanoTime();
        long end = start + warmupNanos * families.size();
        long cap = start + maxWarmupNanos * families.size();
        boolean settling = false;
        while (true) {
            for (AllocatorFamily family : families) {
                for (BenchTarget t : targets) {
                    allocateOnce(family, t);
                }
            }
            parseAll(sources);
            long now = System.nanoTime();
            if (now < end) {
                continue;
            }
            if (jitQuiet == null || compileMillis.getAsLong() < 0) {
                return false;
            }
            if (!settling) {
                jitQuiet.start(now, compileMillis.getAsLong());
                settling = true;
            } else if (jitQuiet.quietAt(now, compileMillis.getAsLong())) {
                return true;
            }
            if (now >= cap) {
                return false;
            }
        }
    }

    /** The median time of one parse pass over every file, and how many passes were timed. */
    private record ParseTiming(long medianNanos, int passes) {
    }

    private ParseTiming timeParsing(List<Source> sources) {
        if (sources.isEmpty()) {
            return new ParseTiming(0, 0);
        }
        long budgetEnd = System.nanoTime() + measureNanos / 10;
        long[] passes = new long[16];
        int n = 0;
        do {
            long t0 = System.nanoTime();
            parseAll(sources);
            long dt = System.nanoTime() - t0;
            if (n == passes.length) {
                passes = Arrays.copyOf(passes, n * 2);
            }
            passes[n++] = dt;
        } while (n < MIN_BATCHES || System.nanoTime() < budgetEnd);
        return new ParseTiming(Math.round(BenchSummary.median(Arrays.copyOf(passes, n))), n);
    }

    private FunctionTiming time(AllocatorFamily family, BenchTarget t, long shareNanos) {
        long targetBatch = Math.max(MIN_BATCH_NANOS, shareNanos / 20);
        int batch = 1;
        AllocationResult last = allocateOnce(family, t);
        while (batch < MAX_BATCH_SIZE) {
            long t0 = System.nanoTime();
            for (int k = 0; k < batch; k++) {
                last = allocateOnce(family, t);
            }
            if (System.nanoTime() - t0 >= targetBatch) {
                break;
            }
            batch *= 2;
        }
        long end = System.nanoTime() + shareNanos;
        long[] times = new long[16];
        int n = 0;
        do {
            long t0 = System.nanoTime();
            for (int k = 0; k < batch; k++) {
                last = allocateOnce(family, t);
            }
            long dt = System.nanoTime() - t0;
            if (n == times.length) {
                times = Arrays.copyOf(times, n * 2);
            }
            times[n++] = dt;
        } while (n < MIN_BATCHES || System.nanoTime() < end);
        double median = BenchSummary.median(Arrays.copyOf(times, n)) / batch;
        return new FunctionTiming(t.file(), t.function().name(), t.function().instrCount(),
                t.function().vregCount(), last.status(), last.registers(), batch, n, median);
    }

    private AllocationResult allocateOnce(AllocatorFamily family, BenchTarget t) {
        AllocationResult r = ModuleAllocator.allocateFunction(t.module(), t.function(), family.allocator(),
                family.knobs(), arch, 0);
        sink += r.registers() + r.estimates().latencyCycles();
        return r;
    }

    private void parseAll(List<Source> sources) {
        for (Source s : sources) {
            sink += PtxParser.parse(s.text(), s.name()).functions().size();
        }
    }
}
