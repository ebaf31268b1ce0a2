package dev.regtune.job.sweep;

import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * The pairs of a sweep still to evaluate: every kernel with every configuration that applies to its
 * architecture, minus the (kernel id, config id, model version) keys already in the result table.
 * A key counts for a configuration only under that configuration's own model version (the
 * version of its allocator family), so a sweep over the {@code allocator} knob resumes each family
 * from its own rows. Codes are in kernel-major order, so consecutive pairs share a module and one
 * task parses few modules.
 */
public final class PendingPairs {
    private final KernelCatalog kernels;
    private final ConfigurationTable configurations;
    private final Map<String, Integer> kernelIndex = new HashMap<>();
    private final Map<String, int[]> configIndex = new HashMap<>();
    private final BitSet done;
    private long alreadyDone;

    public PendingPairs(KernelCatalog kernels, ConfigurationTable configurations) {
        long cells = (long) kernels.size() * configurations.size();
        if (cells > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(kernels.size() + " kernels x " + configurations.size()
                    + " configurations is more than one sweep can hold (2^31 evaluations); split the kernels");
        }
        this.kernels = kernels;
        this.configurations = configurations;
        this.done = new BitSet((int) cells);
        for (int k = 0; k < kernels.size(); k++) {
            kernelIndex.put(kernels.kernel(k).id(), k);
        }
        for (int c = 0; c < configurations.size(); c++) {
            int[] prev = configIndex.get(configurations.configuration(c).configId());
            int[] next = prev == null ? new int[] {c} : Arrays.copyOf(prev, prev.length + 1);
            next[next.length - 1] = c;
            configIndex.put(configurations.configuration(c).configId(), next);
        }
    }

    /**
     * Marks a key already in the table; keys of other kernels, configurations or model versions are
     * ignored.
     */
    public void markDone(String kernelId, String configId, String modelVersion) {
        Integer k = kernelIndex.get(kernelId);
        int[] cs = configIndex.get(configId);
        if (k == null || cs == null) {
            return;
        }
        for (int c : cs) {
            int bit = k * configurations.size() + c;
            SweepConfiguration config = configurations.configuration(c);
            if (!done.get(bit) && config.modelVersion().equals(modelVersion)
                    && config.appliesTo(kernels.kernel(k).arch())) {
                done.set(bit);
                alreadyDone++;
            }
        }
    }

    /** Pairs of the sweep found already in the table. */
    public long alreadyDone() {
        return alreadyDone;
    }

    /** Every pair of the sweep, done or not. */
    public long total() {
        long n = 0;
        for (int k = 0; k < kernels.size(); k++) {
            String arch = kernels.kernel(k).arch();
            for (int c = 0; c < configurations.size(); c++) {
                if (configurations.configuration(c).appliesTo(arch)) {
                    n++;
                }
            }
        }
        return n;
    }

    /** The codes ({@link PairCodes}) of the pairs still to evaluate, kernel-major. */
    public long[] codes() {
        long[] out = new long[(int) Math.max(0, total() - alreadyDone)];
        int n = 0;
        for (int k = 0; k < kernels.size(); k++) {
            String arch = kernels.kernel(k).arch();
            for (int c = 0; c < configurations.size(); c++) {
                if (configurations.configuration(c).appliesTo(arch) && !done.get(k * configurations.size() + c)) {
                    out[n++] = PairCodes.of(k, c);
                }
            }
        }
        return out;
    }
}
