package dev.regtune.job.bench;

import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.check.CheckReport;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Times full allocations of parsed functions (and the parsing of their files).
 *
 * <p>Protocol: a warm-up of {@code warmupNanos} cycles round-robin over every function and every
 * file, so the JIT has compiled the hot paths before anything is measured. Then each function gets
 * an equal share of {@code measureNanos}: its batch size is doubled until one batch takes at least
 * a twentieth of that share (at least 0.1 ms), and whole batches are timed with
 * {@link System#nanoTime()} until the share is used up (at least {@link #MIN_BATCHES} batches).
 * The median batch time over the batch size is the function's time per allocation; the median
 * resists the odd GC pause or descheduling that a mean would absorb. Parsing is timed the same
 * way, one batch being one pass over every file, within a tenth of {@code measureNanos}.
 */
public final class AllocationBenchmark {
    /** Fewest timed batches per function, whatever the time budget. */
    public static final int MIN_BATCHES = 5;
    private static final long MIN_BATCH_NANOS = 100_000;
    private static final int MAX_BATCH_SIZE = 1 << 20;

    private final RegisterAllocator allocator;
    private final Knobs knobs;
    private final ArchProfile arch;
    private final long warmupNanos;
    private final long measureNanos;
    /** Folds every result into a value the JIT cannot prove unused. */
    private long sink;

    public AllocationBenchmark(RegisterAllocator allocator, Knobs knobs, ArchProfile arch, long warmupNanos,
            long measureNanos) {
        this.allocator = allocator;
        this.knobs = knobs;
        this.arch = arch;
        this.warmupNanos = warmupNanos;
        this.measureNanos = measureNanos;
    }

    /**
     * Runs the protocol.
     *
     * @param targets the functions to time, in report order
     * @param sources the PTX text of every file (for the parse timing), with its name
     */
    public BenchSummary run(List<BenchTarget> targets, List<Source> sources) {
        warmUp(targets, sources);
        long parseNanos = timeParsing(sources);
        long share = targets.isEmpty() ? 0 : measureNanos * 9 / 10 / targets.size();
        List<FunctionTiming> timings = new ArrayList<>(targets.size());
        for (BenchTarget t : targets) {
            timings.add(time(t, share));
        }
        long bytes = sources.stream().mapToLong(s -> s.bytes()).sum();
        return new BenchSummary(timings, sources.size(), bytes, parseNanos);
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
        for (BenchTarget t : targets) {
            AllocationResult r = allocateOnce(t);
            if (r.status() == AllocationStatus.OK) {
                CheckReport report = AllocationChecker.check(t.function(), r.assignment());
                if (!report.ok()) {
                    throw new IllegalStateException("the allocation of " + t.function().name()
                            + " fails the checker: " + report.summary());
                }
            }
        }
        long end = System.nanoTime() + warmupNanos;
        do {
            for (BenchTarget t : targets) {
                allocateOnce(t);
            }
            parseAll(sources);
        } while (System.nanoTime() < end);
    }

    private long timeParsing(List<Source> sources) {
        if (sources.isEmpty()) {
            return 0;
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
        return Math.round(BenchSummary.median(Arrays.copyOf(passes, n)));
    }

    private FunctionTiming time(BenchTarget t, long shareNanos) {
        long targetBatch = Math.max(MIN_BATCH_NANOS, shareNanos / 20);
        int batch = 1;
        AllocationResult last = allocateOnce(t);
        while (batch < MAX_BATCH_SIZE) {
            long t0 = System.nanoTime();
            for (int k = 0; k < batch; k++) {
                last = allocateOnce(t);
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
                last = allocateOnce(t);
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

    private AllocationResult allocateOnce(BenchTarget t) {
        AllocationResult r = allocator.allocate(t.function(), knobs, arch, 0);
        sink += r.registers() + r.estLatencyCycles();
        return r;
    }

    private void parseAll(List<Source> sources) {
        for (Source s : sources) {
            sink += PtxParser.parse(s.text(), s.name()).functions().size();
        }
    }
}
