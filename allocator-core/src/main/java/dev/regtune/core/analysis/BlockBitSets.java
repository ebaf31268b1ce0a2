package dev.regtune.core.analysis;

/**
 * One set of vregs per block, bit {@code v & 63} of word {@code v >>> 6}, in one of two layouts
 * chosen by {@link Liveness} when it builds the sets:
 *
 * <ul>
 *   <li><em>dense</em>: a row of {@code rowWords} longs per block, zero words included, so a
 *       word is read by index;
 *   <li><em>sparse</em>: the block's non-zero words only, in ascending word order, so a word is
 *       found by binary search.
 * </ul>
 *
 * <p>Scans go through storage positions: block {@code b}'s words are the positions
 * {@code start(b) <= k < end(b)}, position {@code k} holds word {@link #index(int, int) index(b,
 * k)} with bits {@link #bits(int) bits(k)} (zero only in the dense layout). That costs the row's
 * width when dense and the live words when sparse.
 *
 * <p>Why two layouts: a function of many blocks and many values (the {@code predicated} synthetic
 * family has 12,000 blocks and 28,000 values at 10^5 instructions) costs {@code blocks x vregs / 64}
 * words in dense rows, to build, scan and clear, which grows with the square of the function's
 * size while each block's live set does not grow at all. Small functions are the other way round:
 * their rows are a few words, and the sparse layout's per-block arrays and binary searches cost
 * them more than the whole rows do. One class with a layout test per access, rather than two
 * classes behind an interface, keeps every call site monomorphic for the JIT.
 *
 * <p>Immutable and thread-safe; no accessor allocates.
 */
public final class BlockBitSets {
    private static final int[] NONE = new int[0];

    private final boolean dense;
    private final int blocks;
    /** Dense row width in longs; unused (0) in the sparse layout. */
    private final int rowWords;
    /** Sparse: {@code blocks + 1} offsets into {@link #index} and {@link #bits}; empty when dense. */
    private final int[] start;
    /** Sparse: word indices, ascending within each block; empty when dense. */
    private final int[] index;
    private final long[] bits;

    private BlockBitSets(boolean dense, int blocks, int rowWords, int[] start, int[] index, long[] bits) {
        this.dense = dense;
        this.blocks = blocks;
        this.rowWords = rowWords;
        this.start = start;
        this.index = index;
        this.bits = bits;
    }

    /** Dense rows: block {@code b}'s word {@code j} is {@code rows[b * rowWords + j]}. */
    static BlockBitSets dense(int blocks, int rowWords, long[] rows) {
        return new BlockBitSets(true, blocks, rowWords, NONE, NONE, rows);
    }

    /**
     * Sparse sets.
     *
     * @param start {@code blocks + 1} offsets into {@code index} and {@code bits}
     * @param index word indices, ascending within each block
     * @param bits the non-zero words themselves
     */
    static BlockBitSets sparse(int[] start, int[] index, long[] bits) {
        return new BlockBitSets(false, start.length - 1, 0, start, index, bits);
    }

    /**
     * The same sets for a bitset width of {@code words} longs, at least the current one: dense rows
     * are copied into wider rows (zero words added), sparse sets stay as they are.
     */
    BlockBitSets widenedTo(int words) {
        if (!dense || words == rowWords) {
            return this;
        }
        long[] rows = new long[blocks * words];
        for (int b = 0; b < blocks; b++) {
            System.arraycopy(bits, b * rowWords, rows, b * words, rowWords);
        }
        return dense(blocks, words, rows);
    }

    /** The dense layout's rows, {@code rowWords} longs per block (shared, not copied: do not write). */
    long[] rows() {
        if (!dense) {
            throw new IllegalStateException("sparse sets have no rows");
        }
        return bits;
    }

    /** Whether the sets are dense rows (zero words stored) rather than non-zero words only. */
    public boolean isDense() {
        return dense;
    }

    /** First storage position of block {@code b}'s words. */
    public int start(int b) {
        return dense ? b * rowWords : start[b];
    }

    /** One past the last storage position of block {@code b}'s words. */
    public int end(int b) {
        return dense ? (b + 1) * rowWords : start[b + 1];
    }

    /**
     * Word index (vregs {@code 64 * index} to {@code 64 * index + 63}) of storage position {@code k}
     * of block {@code b}.
     */
    public int index(int b, int k) {
        return dense ? k - b * rowWords : index[k];
    }

    /** The bits of storage position {@code k}; never zero in the sparse layout. */
    public long bits(int k) {
        return bits[k];
    }

    /**
     * Word {@code j < words} of block {@code b}'s set, {@code words} the width the sets were built
     * or {@link #widenedTo widened} for; zero when the block stores no such word.
     */
    public long word(int b, int j) {
        // The dense case stays a few bytecodes, so that it inlines into every caller's loop.
        if (dense) {
            return bits[b * rowWords + j];
        }
        return sparseWord(b, j);
    }

    private long sparseWord(int b, int j) {
        int lo = start[b];
        int hi = start[b + 1] - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int x = index[mid];
            if (x < j) {
                lo = mid + 1;
            } else if (x > j) {
                hi = mid - 1;
            } else {
                return bits[mid];
            }
        }
        return 0L;
    }

    public boolean contains(int b, int v) {
        return (word(b, v >>> 6) & (1L << v)) != 0;
    }

    /** Number of vregs in block {@code b}'s set. */
    public int count(int b) {
        int c = 0;
        for (int k = start(b), e = end(b); k < e; k++) {
            c += Long.bitCount(bits[k]);
        }
        return c;
    }

    /** Writes block {@code b}'s set into {@code dst}, a bitset of the function's width, clearing the rest. */
    public void copyTo(int b, long[] dst) {
        java.util.Arrays.fill(dst, 0L);
        orInto(b, dst);
    }

    /** Sets block {@code b}'s vregs in {@code dst}, leaving its other bits as they are. */
    public void orInto(int b, long[] dst) {
        if (dense) {
            int base = b * rowWords;
            for (int j = 0; j < rowWords; j++) {
                dst[j] |= bits[base + j];
            }
            return;
        }
        for (int k = start[b]; k < start[b + 1]; k++) {
            dst[index[k]] |= bits[k];
        }
    }

    /** Whether block {@code b} holds the same set here and in {@code other}, whatever the layouts. */
    boolean sameSet(int b, BlockBitSets other) {
        if (!dense && !other.dense) {
            // Sparse sets hold only non-zero words, ascending: equal sets have equal storage.
            if (end(b) - start(b) != other.end(b) - other.start(b)) {
                return false;
            }
            for (int k = start(b), l = other.start(b); k < end(b); k++, l++) {
                if (index[k] != other.index[l] || bits[k] != other.bits[l]) {
                    return false;
                }
            }
            return true;
        }
        // One of them dense: every word either stores must match the other's.
        for (int k = start(b); k < end(b); k++) {
            if (bits[k] != other.word(b, index(b, k))) {
                return false;
            }
        }
        for (int k = other.start(b); k < other.end(b); k++) {
            if (other.bits[k] != word(b, other.index(b, k))) {
                return false;
            }
        }
        return true;
    }
}
