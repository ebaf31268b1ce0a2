package dev.regtune.core.schedule;

import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The ready instructions of one large block, indexed for {@link PressureScheduler}'s choice: by
 * growth (the slots their new values add) and by pressure change, each bucket ordered by rank
 * (longer path to the block's end first, then layout order; in the growth buckets, when loads go
 * first, any load before the rest). The best that fits under a slack is the lowest rank over the
 * growth buckets up to the slack; when none fits, the lowest rank of the lowest pressure change
 * (both {@link RankBuckets}). Also lists, per vreg, the block's instructions that read or write it,
 * and the most reads of it by one instruction.
 *
 * <p>Per-vreg arrays are sized once per function and left clean by {@link #close}, so a block
 * costs its own size. Not thread-safe; one per scheduler.
 */
final class ReadyIndex {
    private final int[] refHead;
    private final int[] mostReads;
    private int[] refNext = new int[64];
    private int[] refNode = new int[64];
    private int[] rank = new int[64];
    private int[] nodeOfRank = new int[64];
    private int[] fitRank = new int[64];
    private int[] nodeOfFitRank = new int[64];
    private int[] growth = new int[64];
    private int[] delta = new int[64];
    private boolean[] ready = new boolean[64];
    private final RankBuckets byGrowth = new RankBuckets();
    private final RankBuckets byDelta = new RankBuckets();

    ReadyIndex(int vregs) {
        refHead = new int[vregs];
        Arrays.fill(refHead, -1);
        mostReads = new int[vregs];
    }

    /** Path lengths above this compare as equal (a block would need 10^8 loads to reach it). */
    private static final int MAX_HEIGHT = (1 << 30) - 1;

    /**
     * Prepares for the {@code n} instructions from {@code start}, with their path lengths
     * {@code height}; {@code early}, when not null: among those that fit, the higher tiers first
     * (loads and in unrolled blocks their addresses, then special-register reads).
     */
    void open(KernelFunction f, int start, int n, int[] height, byte @Nullable [] early) {
        if (rank.length < n) {
            int c = Math.max(n, rank.length * 2);
            rank = new int[c];
            nodeOfRank = new int[c];
            fitRank = new int[c];
            nodeOfFitRank = new int[c];
            growth = new int[c];
            delta = new int[c];
            ready = new boolean[c];
        }
        long[] keys = new long[n];
        long[] fitKeys = new long[n];
        for (int k = 0; k < n; k++) {
            // Below 2^61: the two bits above it hold the tier.
            long byPath = ((long) (MAX_HEIGHT - Math.min(height[k], MAX_HEIGHT)) << 31) | k;
            keys[k] = byPath;
            fitKeys[k] = early != null ? ((long) (PressureScheduler.FIRST - early[k]) << 61) | byPath : byPath;
            ready[k] = false;
        }
        Arrays.sort(keys);
        Arrays.sort(fitKeys);
        byGrowth.open(n);
        byDelta.open(n);
        for (int r = 0; r < n; r++) {
            int k = (int) (keys[r] & Integer.MAX_VALUE);
            rank[k] = r;
            nodeOfRank[r] = k;
            int j = (int) (fitKeys[r] & Integer.MAX_VALUE);
            fitRank[j] = r;
            nodeOfFitRank[r] = j;
        }
        int refs = 0;
        for (int k = 0; k < n; k++) {
            int i = start + k;
            for (int u = 0; u < f.useCount(i); u++) {
                int v = f.use(i, u);
                refs = link(v, k, refs);
                int reads = 0;
                for (int p = 0; p < f.useCount(i); p++) {
                    if (f.use(i, p) == v) {
                        reads++;
                    }
                }
                mostReads[v] = Math.max(mostReads[v], reads);
            }
            for (int d = 0; d < f.defCount(i); d++) {
                refs = link(f.def(i, d), k, refs);
            }
        }
    }

    private int link(int v, int k, int e) {
        if (e == refNode.length) {
            refNode = Arrays.copyOf(refNode, e * 2);
            refNext = Arrays.copyOf(refNext, e * 2);
        }
        refNode[e] = k;
        refNext[e] = refHead[v];
        refHead[v] = e;
        return e + 1;
    }

    /** Clears the per-vreg lists of the block opened last. */
    void close(KernelFunction f, int start, int n) {
        for (int i = start; i < start + n; i++) {
            for (int u = 0; u < f.useCount(i); u++) {
                refHead[f.use(i, u)] = -1;
                mostReads[f.use(i, u)] = 0;
            }
            for (int d = 0; d < f.defCount(i); d++) {
                refHead[f.def(i, d)] = -1;
            }
        }
    }

    /** First entry of the list of instructions that read or write {@code v}; -1 when none. */
    int firstRef(int v) {
        return refHead[v];
    }

    int nextRef(int e) {
        return refNext[e];
    }

    /** The instruction (block node) of list entry {@code e}. */
    int refNode(int e) {
        return refNode[e];
    }

    /** The most times one instruction of the block reads {@code v}. */
    int mostReads(int v) {
        return mostReads[v];
    }

    boolean isReady(int k) {
        return ready[k];
    }

    int delta(int k) {
        return delta[k];
    }

    void add(int k, int g, int d) {
        ready[k] = true;
        growth[k] = g;
        delta[k] = d;
        byGrowth.add(g, fitRank[k]);
        byDelta.add(d, rank[k]);
    }

    void remove(int k) {
        ready[k] = false;
        byGrowth.remove(growth[k], fitRank[k]);
        byDelta.remove(delta[k], rank[k]);
    }

    void update(int k, int g, int d) {
        if (g != growth[k]) {
            byGrowth.remove(growth[k], fitRank[k]);
            growth[k] = g;
            byGrowth.add(g, fitRank[k]);
        }
        if (d != delta[k]) {
            byDelta.remove(delta[k], rank[k]);
            delta[k] = d;
            byDelta.add(d, rank[k]);
        }
    }

    /**
     * The instruction to place: the best-ranked one whose growth is at most {@code slack}, else
     * the best-ranked one of the smallest pressure change. Some instruction must be ready.
     */
    int best(int slack) {
        if (slack >= 0) {
            int bestFit = byGrowth.lowestUpTo(slack);
            if (bestFit >= 0) {
                return nodeOfFitRank[bestFit];
            }
        }
        int r = byDelta.lowestOfLowestKey();
        if (r < 0) {
            throw new IllegalStateException("no instruction is ready");
        }
        return nodeOfRank[r];
    }
}
