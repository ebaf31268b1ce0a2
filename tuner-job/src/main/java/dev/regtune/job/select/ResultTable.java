package dev.regtune.job.select;

import dev.regtune.core.alloc.KernelTime;
import dev.regtune.job.results.ResultStatus;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.TreeSet;

/**
 * The rows of a result table that selection reads, held column-wise in primitive arrays so that a
 * million evaluations take tens of megabytes rather than a million objects. Kernels are indexed in
 * {@code kernel_id} order and configurations in {@code config_id} order; rows are sorted by
 * kernel, then configuration, with at most one row per pair (the builder merges duplicates), so
 * the rows of one kernel are a contiguous range and every iteration is in a fixed order.
 *
 * <p>Immutable once built ({@link ResultTableBuilder}); {@link #evaluation(int)} makes a record of
 * one row on demand.
 */
public final class ResultTable {
    private static final KernelTime.Bound[] BOUNDS = KernelTime.Bound.values();

    private final TableSource source;
    private final List<KernelInfo> kernels;
    private final List<ConfigInfo> configs;
    private final int[] kernelStart;
    private final int[] config;
    private final byte[] status;
    private final int[] registers;
    private final long[] spillBytes;
    private final long[] latency;
    private final double[] occupancy;
    private final long[] time;
    private final byte[] timeBound;
    private final int defaultConfig;
    private final int[] statusCounts;
    private final List<String> notes;

    ResultTable(TableSource source, List<KernelInfo> kernels, List<ConfigInfo> configs, int[] kernelStart,
            int[] config, byte[] status, int[] registers, long[] spillBytes, long[] latency, double[] occupancy,
            long[] time, byte[] timeBound, List<String> notes) {
        this.source = source;
        this.kernels = List.copyOf(kernels);
        this.configs = List.copyOf(configs);
        this.kernelStart = kernelStart;
        this.config = config;
        this.status = status;
        this.registers = registers;
        this.spillBytes = spillBytes;
        this.latency = latency;
        this.occupancy = occupancy;
        this.time = time;
        this.timeBound = timeBound;
        this.notes = List.copyOf(notes);
        int d = -1;
        for (int c = 0; c < this.configs.size() && d < 0; c++) {
            if (this.configs.get(c).isDefault()) {
                d = c;
            }
        }
        this.defaultConfig = d;
        this.statusCounts = new int[ResultStatus.values().length];
        for (byte s : status) {
            statusCounts[s]++;
        }
    }

    /** Where the rows came from. */
    public TableSource source() {
        return source;
    }

    /** The kernels, sorted by {@code kernel_id}; a kernel's index is its position here. */
    public List<KernelInfo> kernels() {
        return kernels;
    }

    /** The configurations, sorted by {@code config_id}; a configuration's index is its position here. */
    public List<ConfigInfo> configs() {
        return configs;
    }

    /** The number of evaluations (rows after merging duplicates). */
    public int size() {
        return config.length;
    }

    /** Row {@code row} as a record. */
    public Evaluation evaluation(int row) {
        return new Evaluation(kernelOf(row), config[row], status(row), registers[row], spillBytes[row], latency[row],
                occupancy[row], time[row], BOUNDS[timeBound[row]]);
    }

    /** The status of row {@code row}, without building a record. */
    public ResultStatus status(int row) {
        return ResultStatus.values()[status[row]];
    }

    /** The configuration index of row {@code row}. */
    public int configOf(int row) {
        return config[row];
    }

    /** The kernel index of row {@code row} (a binary search; iterate by kernel where it matters). */
    public int kernelOf(int row) {
        int i = Arrays.binarySearch(kernelStart, row);
        if (i >= 0) {
            while (i + 1 < kernelStart.length && kernelStart[i + 1] == row) {
                i++; // kernels without rows share a start with the next one
            }
            return i;
        }
        return -i - 2;
    }

    /** The first row of kernel {@code kernel}. */
    public int firstRow(int kernel) {
        return kernelStart[kernel];
    }

    /** One past the last row of kernel {@code kernel}. */
    public int endRow(int kernel) {
        return kernelStart[kernel + 1];
    }

    /** The row of (kernel, configuration), or -1 when that pair was not evaluated. */
    public int row(int kernel, int configIndex) {
        int i = Arrays.binarySearch(config, kernelStart[kernel], kernelStart[kernel + 1], configIndex);
        return i >= 0 ? i : -1;
    }

    /** The index of the default configuration, when the table has it. */
    public OptionalInt defaultConfig() {
        return defaultConfig < 0 ? OptionalInt.empty() : OptionalInt.of(defaultConfig);
    }

    /** How many rows have status {@code s}. */
    public int count(ResultStatus s) {
        return statusCounts[s.ordinal()];
    }

    /** The architectures of the kernels, sorted. */
    public List<String> archs() {
        TreeSet<String> a = new TreeSet<>();
        for (KernelInfo k : kernels) {
            a.add(k.arch());
        }
        return List.copyOf(a);
    }

    /** What the reader or builder noticed and merged or left out, one sentence each. */
    public List<String> notes() {
        return notes;
    }
}
