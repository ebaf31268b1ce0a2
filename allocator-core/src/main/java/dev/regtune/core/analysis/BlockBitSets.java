package dev.regtune.core.analysis;

/**
 * One set of vregs per block, stored as the block's non-zero 64-bit words only: word {@code k}
 * of the flat storage holds bits {@code 64 * index(k) ..} and a block's words are
 * {@code start(b) <= k < end(b)}, in ascending index order.
 *
 * <p>Why not one bitset of the function's width per block: a function of many blocks and many
 * values (the {@code predicated} synthetic family has 12,000 blocks and 28,000 values at 10^5
 * instructions) then costs {@code blocks x vregs / 64} words to build, scan and clear, which
 * grows with the square of the function's size while each block's live set does not grow at all.
 * Here memory and every scan are proportional to the words that hold a live value.
 *
 * <p>Immutable and thread-safe; no accessor allocates.
 */
public final class BlockBitSets {
    private final int[] start;
    private final int[] index;
    private final long[] bits;

    /**
     * @param start {@code blocks + 1} offsets into {@code index} and {@code bits}
     * @param index word indices, ascending within each block
     * @param bits the non-zero words themselves
     */
    BlockBitSets(int[] start, int[] index, long[] bits) {
        this.start = start;
        this.index = index;
        this.bits = bits;
    }

    /** First storage position of block {@code b}'s words. */
    public int start(int b) {
        return start[b];
    }

    /** One past the last storage position of block {@code b}'s words. */
    public int end(int b) {
        return start[b + 1];
    }

    /** Word index (vregs {@code 64 * index(k)} to {@code 64 * index(k) + 63}) of storage position {@code k}. */
    public int index(int k) {
        return index[k];
    }

    /** The bits of storage position {@code k}, never zero. */
    public long bits(int k) {
        return bits[k];
    }

    /** Word {@code j} of block {@code b}'s set (zero when the block stores no such word). */
    public long word(int b, int j) {
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
        for (int k = start[b]; k < start[b + 1]; k++) {
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
        for (int k = start[b]; k < start[b + 1]; k++) {
            dst[index[k]] |= bits[k];
        }
    }
}
