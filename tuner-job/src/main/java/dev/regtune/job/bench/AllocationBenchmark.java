package dev.regtune.job.bench;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.calls.ModuleAllocator;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.check.CheckReport;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.job.allocate.AllocatorFamily;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Times full allocations of parsed functions by one or more allocator families (and the parsing
 * of their files).
 *
 * <p>Protocol: every family's result of every function is checked first with the independent
 * checker. A warm-up of {@code warmupNanos} per family then cycles round-robin over every family,
 * every function and every file, so the JIT has compiled the hot paths, with every family's
 * profile in them, before anything is measured; every family is then measured in that same state.
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
    /** Folds every result into a value the JIT cannot prove unused. */
    private long sink;

    /**
     * @param families the allocator families to time, in report order (at least one)
     * @param warmupNanos warm-up time per family
     * @param measureNanos measurement time per family
     */
    public AllocationBenchmark(List<AllocatorFamily> families, ArchProfile arch, long warmupNanos,
            long measureNanos) {
        if (families.isEmpty()) {
            throw new IllegalArgumentException("a benchmark needs at least one allocator family");
        }
        this.families = List.copyOf(families);
        this.arch = arch;
        this.warmupNanos = warmupNanos;
        this.measureNanos = measureNanos;
    }

    /**
     * Runs the protocol.
     *
     * @param targets the functions to time, in report order
     * @param sources the PTX text of every file (for the parse timing), with its name
     * @return one summary per family, in family order, with the same parse timing
     */
    public List<BenchSummary> run(List<BenchTarget> targets, List<Source> sources) {
        warmUp(targets, sources);
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

    private void warmUp(List<BenchTarget> targets, List<Source> sources) {
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
        long end = System.nanoTime() + warmupNanos * families.size();
        do {
            for (AllocatorFamily family : families) {
                for (BenchTarget t : targets) {
                    allocateOnce(family, t);
                }
            }
            parseAll(sources);
        } while (System.nanoTime() < end);
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
