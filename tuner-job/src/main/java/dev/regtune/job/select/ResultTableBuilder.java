package dev.regtune.job.select;

import dev.regtune.core.alloc.KernelTime;
import dev.regtune.job.results.ResultStatus;
import dev.regtune.space.Configuration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects result rows in any order and builds a {@link ResultTable}. Strings are kept once per
 * kernel and configuration (rows hold indices), so the rows may come straight from a stream of a
 * million Spark rows.
 *
 * <p>The same (kernel, configuration) may appear more than once (a run resumed, or several runs
 * read together); since evaluation is deterministic the rows should agree, and the builder keeps
 * one of them chosen by content (the lowest status, then registers, spill bytes and latency), so
 * the choice does not depend on the order rows arrive in. Not thread-safe.
 */
public final class ResultTableBuilder {
    private final Map<String, Integer> kernelIndex = new HashMap<>();
    private final List<KernelInfo> kernels = new ArrayList<>();
    private final Map<String, Integer> configIndex = new HashMap<>();
    private final List<String> configIds = new ArrayList<>();
    private final Map<String, Configuration> configurations = new HashMap<>();
    private final List<String> notes = new ArrayList<>();

    private int size;
    private int[] kernel = new int[1024];
    private int[] config = new int[1024];
    private byte[] status = new byte[1024];
    private int[] registers = new int[1024];
    private long[] spillBytes = new long[1024];
    private long[] latency = new long[1024];
    private double[] occupancy = new double[1024];
    private long[] time = new long[1024];
    private byte[] timeBound = new byte[1024];

    /** Defines the values of configuration {@code configId}; every configuration with rows needs them. */
    public ResultTableBuilder configuration(String configId, Configuration values) {
        configurations.put(configId, values);
        return this;
    }

    /** Adds one row without a kernel time (as result schema 3 and older wrote them). */
    public ResultTableBuilder add(KernelInfo k, String configId, ResultStatus s, int regs, long spill, long cycles,
            double occ) {
        return add(k, configId, s, regs, spill, cycles, occ, -1);
    }

    /**
     * Adds one row.
     *
     * @param timeCycles {@code est_time_cycles}, -1 when the row has none
     */
    public ResultTableBuilder add(KernelInfo k, String configId, ResultStatus s, int regs, long spill, long cycles,
            double occ, long timeCycles) {
        return add(k, configId, s, regs, spill, cycles, occ, timeCycles, KernelTime.Bound.NONE);
    }

    /**
     * Adds one row with the bound that sets its kernel time.
     *
     * @param timeCycles {@code est_time_cycles}, -1 when the row has none
     * @param bound the {@code time_bound} column, {@link KernelTime.Bound#NONE} when the row has none
     */
    public ResultTableBuilder add(KernelInfo k, String configId, ResultStatus s, int regs, long spill, long cycles,
            double occ, long timeCycles, KernelTime.Bound bound) {
        Integer ki = kernelIndex.get(k.kernelId());
        if (ki == null) {
            ki = kernels.size();
            kernelIndex.put(k.kernelId(), ki);
            kernels.add(k);
        }
        Integer ci = configIndex.get(configId);
        if (ci == null) {
            ci = configIds.size();
            configIndex.put(configId, ci);
            configIds.add(configId);
        }
        grow();
        kernel[size] = ki;
        config[size] = ci;
        status[size] = (byte) s.ordinal();
        registers[size] = regs;
        spillBytes[size] = spill;
        latency[size] = cycles;
        occupancy[size] = occ;
        time[size] = timeCycles;
        timeBound[size] = (byte) bound.ordinal();
        size++;
        return this;
    }

    /** Adds a note that the table will carry (one sentence). */
    public ResultTableBuilder note(String sentence) {
        notes.add(sentence);
        return this;
    }

    /** The number of rows added so far. */
    public int size() {
        return size;
    }

    /**
     * The table: kernels and configurations sorted by id, rows by (kernel, configuration), one row
     * per pair.
     *
     * @throws IllegalArgumentException when a configuration with rows has no values
     */
    public ResultTable build(TableSource source) {
        int[] kernelRank = ranks(kernels.stream().map(KernelInfo::kernelId).toList());
        int[] configRank = ranks(configIds);
        List<KernelInfo> sortedKernels = new ArrayList<>(kernels);
        sortedKernels.sort(Comparator.comparing(KernelInfo::kernelId));
        List<ConfigInfo> sortedConfigs = new ArrayList<>();
        for (String id : configIds.stream().sorted().toList()) {
            Configuration c = configurations.get(id);
            if (c == null) {
                throw new IllegalArgumentException("configuration " + id + " has rows but no knob values");
            }
            sortedConfigs.add(new ConfigInfo(id, c));
        }

        // counting sort by kernel rank, then each kernel's rows by (configuration rank, arrival)
        int k = sortedKernels.size();
        int[] start = new int[k + 1];
        for (int r = 0; r < size; r++) {
            start[kernelRank[kernel[r]] + 1]++;
        }
        for (int i = 0; i < k; i++) {
            start[i + 1] += start[i];
        }
        long[] keyed = new long[size];
        int[] fill = Arrays.copyOf(start, k);
        for (int r = 0; r < size; r++) {
            keyed[fill[kernelRank[kernel[r]]]++] = ((long) configRank[config[r]] << 32) | r;
        }
        int[] kept = new int[size];
        int[] keptStart = new int[k + 1];
        int n = 0;
        int duplicates = 0;
        for (int i = 0; i < k; i++) {
            keptStart[i] = n;
            Arrays.sort(keyed, start[i], start[i + 1]);
            for (int j = start[i]; j < start[i + 1]; j++) {
                int r = (int) keyed[j];
                if (j > start[i] && (keyed[j] >>> 32) == (keyed[j - 1] >>> 32)) {
                    duplicates++;
                    if (preferred(r, kept[n - 1])) {
                        kept[n - 1] = r;
                    }
                } else {
                    kept[n++] = r;
                }
            }
        }
        keptStart[k] = n;
        if (duplicates > 0) {
            notes.add(duplicates + " duplicate evaluation" + (duplicates == 1 ? "" : "s")
                    + " of the same kernel and configuration (a resumed run, or several runs) "
                    + (duplicates == 1 ? "was" : "were") + " merged");
        }
        int[] outConfig = new int[n];
        byte[] outStatus = new byte[n];
        int[] outRegisters = new int[n];
        long[] outSpill = new long[n];
        long[] outLatency = new long[n];
        double[] outOccupancy = new double[n];
        long[] outTime = new long[n];
        byte[] outBound = new byte[n];
        for (int i = 0; i < n; i++) {
            int r = kept[i];
            outConfig[i] = configRank[config[r]];
            outStatus[i] = status[r];
            outRegisters[i] = registers[r];
            outSpill[i] = spillBytes[r];
            outLatency[i] = latency[r];
            outOccupancy[i] = occupancy[r];
            outTime[i] = time[r];
            outBound[i] = timeBound[r];
        }
        return new ResultTable(source, sortedKernels, sortedConfigs, keptStart, outConfig, outStatus, outRegisters,
                outSpill, outLatency, outOccupancy, outTime, outBound, notes);
    }

    /** Of two rows of the same pair, whether {@code a} is kept over {@code b}: decided by content only. */
    private boolean preferred(int a, int b) {
        int c = Integer.compare(status[a], status[b]);
        if (c == 0) {
            c = Integer.compare(registers[a], registers[b]);
        }
        if (c == 0) {
            c = Long.compare(spillBytes[a], spillBytes[b]);
        }
        if (c == 0) {
            c = Long.compare(latency[a], latency[b]);
        }
        if (c == 0) {
            c = Double.compare(occupancy[b], occupancy[a]);
        }
        if (c == 0) {
            c = Long.compare(time[b], time[a]); // a row with a time over one without
        }
        return c < 0;
    }

    /** rank[i] = the position of ids[i] in sorted order (ids are distinct). */
    private static int[] ranks(List<String> ids) {
        Integer[] order = new Integer[ids.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparing(ids::get));
        int[] rank = new int[ids.size()];
        for (int i = 0; i < order.length; i++) {
            rank[order[i]] = i;
        }
        return rank;
    }

    private void grow() {
        if (size < kernel.length) {
            return;
        }
        int n = kernel.length * 2;
        kernel = Arrays.copyOf(kernel, n);
        config = Arrays.copyOf(config, n);
        status = Arrays.copyOf(status, n);
        registers = Arrays.copyOf(registers, n);
        spillBytes = Arrays.copyOf(spillBytes, n);
        latency = Arrays.copyOf(latency, n);
        occupancy = Arrays.copyOf(occupancy, n);
        time = Arrays.copyOf(time, n);
        timeBound = Arrays.copyOf(timeBound, n);
    }
}
