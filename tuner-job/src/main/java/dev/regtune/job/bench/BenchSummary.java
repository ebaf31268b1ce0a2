package dev.regtune.job.bench;

import java.util.Arrays;
import java.util.List;

/**
 * The corpus-level figures of a benchmark run, for one allocator family.
 *
 * @param allocator the allocator family timed
 * @param timings per function, in input order
 * @param files PTX files parsed
 * @param parsedBytes bytes of PTX text in those files
 * @param medianParseNanos median time of one pass parsing every file
 * @param parsePasses how many parse passes were timed
 */
public record BenchSummary(String allocator, List<FunctionTiming> timings, int files, long parsedBytes,
        double medianParseNanos, int parsePasses) {

    public BenchSummary {
        timings = List.copyOf(timings);
    }

    /** Median over functions of the median microseconds per allocation. */
    public double medianMicrosPerAllocation() {
        double[] us = timings.stream().mapToDouble(t -> t.medianNanosPerAllocation() / 1e3).sorted().toArray();
        if (us.length == 0) {
            return Double.NaN;
        }
        int m = us.length / 2;
        return us.length % 2 == 1 ? us[m] : (us[m - 1] + us[m]) / 2.0;
    }

    /**
     * Nanoseconds per instruction weighted by time: the time of allocating every function once
     * over the instructions of all functions, so large functions count for what they cost.
     */
    public double weightedNanosPerInstruction() {
        double nanos = timings.stream().mapToDouble(FunctionTiming::medianNanosPerAllocation).sum();
        long instructions = timings.stream().mapToLong(FunctionTiming::instructions).sum();
        return instructions == 0 ? Double.NaN : nanos / instructions;
    }

    /** Parse throughput in megabytes (10^6 bytes) per second. */
    public double parseMegabytesPerSecond() {
        return medianParseNanos > 0 ? parsedBytes / medianParseNanos * 1e3 : Double.NaN;
    }

    static double median(long[] values) {
        long[] v = values.clone();
        Arrays.sort(v);
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2.0;
    }
}
