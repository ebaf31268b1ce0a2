package dev.regtune.job.sweep;

import dev.regtune.space.Configuration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Cuts a stream of configurations into chunks of pending pairs as the job consumes them, so a
 * sweep never holds its whole configuration list: each chunk is a {@link ConfigurationTable} of the
 * configurations that still have pairs to evaluate and the codes ({@link PairCodes}) of at most
 * {@code chunkSize} such pairs, kernel-major (a configuration's pairs stay in one chunk unless it
 * alone has more than {@code chunkSize}). A pair is pending unless its key is in {@link DoneKeys}
 * (committed before this sweep began). Memory is one chunk being planned plus the done keys,
 * whatever the size of the space; configurations are distinct by the samplers' contract, so no
 * configuration seen before is remembered.
 */
final class ChunkPlanner implements Iterator<ChunkPlanner.Chunk> {
    /**
     * One chunk.
     *
     * @param configurations the configurations its codes index
     * @param codes its pairs, kernel-major, at most the chunk size
     */
    record Chunk(ConfigurationTable configurations, long[] codes) {
    }

    private final Iterator<Configuration> source;
    private final java.util.function.Function<Configuration, List<SweepConfiguration>> expand;
    /** Sweep configurations of the last configuration drawn, not yet planned (the ptxas one, with both evaluators). */
    private final java.util.ArrayDeque<SweepConfiguration> expanded = new java.util.ArrayDeque<>();
    private final KernelCatalog kernels;
    private final DoneKeys done;
    private final int chunkSize;
    private final List<Chunk> ready = new ArrayList<>();
    private long configurations;
    private long evaluations;
    private long skipped;

    ChunkPlanner(Iterator<Configuration> source, KernelCatalog kernels, DoneKeys done, int chunkSize) {
        this(source, kernels, done, chunkSize, c -> List.of(SweepConfiguration.of(c)));
    }

    /**
     * @param expand the sweep configurations of one configuration: one per evaluator whose rows the
     *     sweep writes ({@link EvaluatorSettings#configurations})
     */
    ChunkPlanner(Iterator<Configuration> source, KernelCatalog kernels, DoneKeys done, int chunkSize,
            java.util.function.Function<Configuration, List<SweepConfiguration>> expand) {
        this.expand = expand;
        this.source = source;
        this.kernels = kernels;
        this.done = done;
        this.chunkSize = Math.max(1, chunkSize);
    }

    @Override
    public boolean hasNext() {
        if (ready.isEmpty()) {
            plan();
        }
        return !ready.isEmpty();
    }

    @Override
    public Chunk next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return ready.remove(0);
    }

    /** Pairs of the chunk {@link #next} returns next (planning it if needed), or 0 when none is left. */
    long nextPairs() {
        return hasNext() ? ready.get(0).codes().length : 0;
    }

    /** Configurations drawn so far (all, once the planner is exhausted). */
    long configurations() {
        return configurations;
    }

    /**
     * Evaluations of the configurations drawn so far, done or not: (kernel, configuration) pairs where
     * the architecture applies, each counted once however many evaluators write a row for it (with
     * {@code --evaluator both}, a model row and a ptxas row), as {@code --max-evaluations} counts them.
     */
    long evaluations() {
        return evaluations;
    }

    /** Rows of the configurations drawn so far that were already in the table (one per evaluator and pair). */
    long skipped() {
        return skipped;
    }

    /** A configuration drawn and its pending kernels, waiting for the next chunk when it overflowed the last. */
    private record Drawn(SweepConfiguration config, int[] pendingKernels) {
    }

    private @Nullable Drawn carry;

    /**
     * Draws configurations until the next one's pending pairs would overflow the chunk (it waits
     * for the next chunk), or the stream ends; so chunks stay full-sized, and a configuration's pairs
     * stay in one chunk unless it alone has more than the chunk size.
     */
    private void plan() {
        List<SweepConfiguration> table = new ArrayList<>();
        Set<SweepConfiguration> inTable = new HashSet<>();
        long[] codes = new long[Math.min(chunkSize, 1 << 16)];
        int n = 0;
        while (carry != null || !expanded.isEmpty() || source.hasNext()) {
            Drawn d = carry != null ? carry : draw();
            carry = null;
            if (d.pendingKernels.length == 0 || !inTable.add(d.config)) {
                continue;
            }
            if (n > 0 && n + d.pendingKernels.length > chunkSize) {
                inTable.remove(d.config);
                carry = d;
                break;
            }
            int index = table.size();
            table.add(d.config);
            for (int k : d.pendingKernels) {
                if (n == codes.length) {
                    codes = Arrays.copyOf(codes, (int) Math.min(Integer.MAX_VALUE - 8, codes.length * 2L));
                }
                codes[n++] = PairCodes.of(k, index);
            }
            if (n >= chunkSize) {
                break;
            }
        }
        if (n == 0) {
            return;
        }
        long[] all = Arrays.copyOf(codes, n);
        Arrays.sort(all); // kernel-major: consecutive pairs share a module
        ConfigurationTable t = new ConfigurationTable(table);
        for (int from = 0; from < n; from += chunkSize) {
            ready.add(new Chunk(t, Arrays.copyOfRange(all, from, Math.min(n, from + chunkSize))));
        }
    }

    /**
     * The next sweep configuration and the kernels it still has to be evaluated on: the next of the
     * last configuration drawn, else the first of the next configuration of the stream.
     */
    private Drawn draw() {
        boolean first = expanded.isEmpty();
        if (first) {
            expanded.addAll(expand.apply(source.next()));
            FaultPoints.pass("plan.configuration");
            configurations++;
        }
        SweepConfiguration config = expanded.removeFirst();
        int[] pending = new int[kernels.size()];
        int p = 0;
        for (int k = 0; k < kernels.size(); k++) {
            SweepKernel kernel = kernels.kernel(k);
            if (!config.appliesTo(kernel.arch())) {
                continue;
            }
            if (first) {
                evaluations++; // the pair once, whatever evaluators write its rows
            }
            if (done.contains(kernel.id(), config.configId(), config.modelVersion())) {
                skipped++;
            } else {
                pending[p++] = k;
            }
        }
        return new Drawn(config, Arrays.copyOf(pending, p));
    }
}
