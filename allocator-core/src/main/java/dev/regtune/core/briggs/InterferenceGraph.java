package dev.regtune.core.briggs;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The interference graph of one register class in one round (seed 002, phase 2): nodes are
 * values (or spill temporaries) with a width in 32-bit slots; an edge joins two nodes live at a
 * common program point. Adjacency is one ascending int array per node, memory linear in the edges
 * (it was an n x n bit matrix: 5.4 GB at 200k instructions, an int overflow at 400k); adding an
 * edge twice is harmless and merges are row unions. Building from segments meets a pair once per
 * pair of overlapping segments, so it removes repeats through a bit matrix up to
 * {@link #DENSE_NODES} nodes (32 MB at most, as fast as the old matrix); beyond, each node
 * collects its meetings, repeats included, and sorts them once (memory linear in the overlapping
 * segment pairs; a hash set of pairs, which this replaced, took 3x to 4.5x the time and more memory
 * on synthetic kernels of 10^6 instructions).
 *
 * <p>Degrees count the constraint edges of seed 002 as weights ({@link #blocked}): a 64-bit node
 * can only start at an even slot, so it has {@code colours / 2} positions, and a wider neighbour
 * blocks several positions of a narrower node (the aliasing of registers of different widths).
 * A node is therefore colourable whenever its degree is below its positions.
 */
final class InterferenceGraph {
    private static final int[] NONE = new int[0];
    /** Graphs of up to this many nodes find their edges through a bit matrix (32 MB at most). */
    static final int DENSE_NODES = 16_384;

    private final int nodes;
    /** Per node its neighbours, ascending in {@code row[n][0 .. size[n])}. */
    private final int[][] row;
    private final int[] size;
    private final int[] width;

    private final int denseNodes;
    /**
     * Per node its weighted degree with every node present (the sum of {@link #blocked} over its
     * neighbours), when the build worked it out on the way; null once an edge changes.
     */
    private int @Nullable [] degrees;

    InterferenceGraph(int[] width) {
        this(width, DENSE_NODES);
    }

    /** A graph that uses the bit matrix up to {@code denseNodes} nodes (tests compare both ways). */
    InterferenceGraph(int[] width, int denseNodes) {
        this.denseNodes = denseNodes;
        this.nodes = width.length;
        this.row = new int[nodes][];
        Arrays.fill(row, NONE);
        this.size = new int[nodes];
        this.width = width;
    }

    /**
     * A graph with the given rows: per node its neighbours, ascending, without repeats, each array
     * exactly its row (the arrays are kept and never written; the graph does not use the bit matrix).
     * The rows must be symmetric.
     */
    InterferenceGraph(int[] width, int[][] rows) {
        this(width, rows, null);
    }

    /**
     * The same, with each node's {@link #weightedDegrees weighted degree} already counted (null:
     * counted when first asked for).
     */
    InterferenceGraph(int[] width, int[][] rows, int @Nullable [] degrees) {
        this.denseNodes = DENSE_NODES;
        this.nodes = width.length;
        this.row = rows.clone();
        this.size = new int[nodes];
        for (int n = 0; n < nodes; n++) {
            size[n] = rows[n].length;
        }
        this.width = width;
        this.degrees = degrees;
    }

    int nodeCount() {
        return nodes;
    }

    int width(int n) {
        return width[n];
    }

    void addEdge(int a, int b) {
        if (a == b) {
            return;
        }
        degrees = null;
        insert(a, b);
        insert(b, a);
    }

    boolean adjacent(int a, int b) {
        int x = size[a] <= size[b] ? a : b;
        int y = x == a ? b : a;
        return Arrays.binarySearch(row[x], 0, size[x], y) >= 0;
    }

    /**
     * The neighbours of {@code n}, ascending. The caller must not write to the array: a row that
     * fills its array exactly is handed out as it is (rows are never written in place once full,
     * see {@link #insert} and {@link #remove}), others are copied.
     */
    int[] neighbours(int n) {
        int[] r = row[n];
        return r.length == size[n] ? r : Arrays.copyOf(r, size[n]);
    }

    /** Merges node {@code from} into node {@code into}: {@code into} takes every edge of {@code from}. */
    void merge(int into, int from) {
        degrees = null;
        for (int m : neighbours(from)) {
            remove(m, from);
            addEdge(into, m);
        }
        row[from] = NONE;
        size[from] = 0;
    }

    /**
     * Adds {@code b} to the row of {@code a}, keeping it ascending; nothing when it is there. A full
     * array (perhaps handed out by {@link #neighbours}) is replaced, never written.
     */
    private void insert(int a, int b) {
        int[] r = row[a];
        int n = size[a];
        int at = Arrays.binarySearch(r, 0, n, b);
        if (at >= 0) {
            return;
        }
        at = -at - 1;
        if (n == r.length) {
            r = row[a] = Arrays.copyOf(r, Math.max(4, n * 2));
        }
        System.arraycopy(r, at, r, at + 1, n - at);
        r[at] = b;
        size[a] = n + 1;
    }

    /** Removes {@code b} from the row of {@code a} into a new array, since the old one may have been handed out. */
    private void remove(int a, int b) {
        int[] r = row[a];
        int n = size[a];
        int at = Arrays.binarySearch(r, 0, n, b);
        if (at >= 0) {
            int[] fresh = n == 1 ? NONE : new int[n - 1];
            System.arraycopy(r, 0, fresh, 0, at);
            System.arraycopy(r, at + 1, fresh, at, n - at - 1);
            row[a] = fresh;
            size[a] = n - 1;
        }
    }

    /** Positions of node {@code n} among {@code colours} slots: aligned starts that fit. */
    int positions(int n, int colours) {
        return colours / width[n];
    }

    /** How many positions of node {@code n} a neighbour {@code m} can block (seed 002's constraint edges). */
    int blocked(int n, int m) {
        return Math.max(1, width[m] / width[n]);
    }

    /**
     * Builds the edges of nodes given as point segments ({@code [a0, b0, a1, b1, ...]} per node)
     * by sweeping the segments in order of their first point: a segment interferes with every
     * earlier one that has not ended. This is the seed's backward walk over live sets, expressed
     * over the same liveness, and exact at every program point.
     */
    void addEdgesFromSegments(int[][] segments) {
        int total = 0;
        for (int[] s : segments) {
            total += s == null ? 0 : s.length / 2;
        }
        long[] order = new long[total];
        int[] segStart = new int[total];
        int[] segEnd = new int[total];
        int[] segNode = new int[total];
        int k = 0;
        for (int n = 0; n < segments.length; n++) {
            int[] s = segments[n];
            if (s == null) {
                continue;
            }
            for (int j = 0; j < s.length; j += 2) {
                segStart[k] = s[j];
                segEnd[k] = s[j + 1];
                segNode[k] = n;
                order[k] = ((long) s[j] << 32) | k;
                k++;
            }
        }
        Arrays.sort(order);
        // A pair of nodes meets once per pair of their segments that overlap, often many times
        // over: up to DENSE_NODES nodes the pairs are kept once in a bit matrix (at most 32 MB, read
        // back row by row, ascending), beyond in each node's row of meetings, sorted once.
        boolean dense = nodes <= denseNodes;
        int words = (nodes + 63) >>> 6;
        long[] matrix = dense ? sweepIntoMatrix(order, segStart, segEnd, segNode, words) : new long[0];
        // Beyond DENSE_NODES each meeting is appended to both nodes' rows, repeats and all; the
        // rows are sorted and their repeats dropped below, as the bit matrix's rows need not be.
        int[][] met = new int[dense ? 0 : nodes][];
        int[] metCount = new int[dense ? 0 : nodes];
        if (!dense) {
            int[] active = new int[16];
            int activeCount = 0;
            for (long key : order) {
                int seg = (int) key;
                int start = segStart[seg];
                int x = segNode[seg];
                int kept = 0;
                for (int a = 0; a < activeCount; a++) {
                    int other = active[a];
                    if (segEnd[other] >= start) {
                        active[kept++] = other;
                        int y = segNode[other];
                        if (x != y) {
                            append(met, metCount, x, y);
                            append(met, metCount, y, x);
                        }
                    }
                }
                activeCount = kept;
                if (activeCount == active.length) {
                    active = Arrays.copyOf(active, activeCount * 2);
                }
                active[activeCount++] = seg;
            }
        }
        boolean wasEmpty = true;
        for (int n = 0; n < nodes && wasEmpty; n++) {
            wasEmpty = size[n] == 0;
        }
        // Wider neighbours block several positions: counted per width through a mask of the
        // nodes of that width (widths are powers of two), a word at a time like the degree.
        long[][] ofWidth = dense && wasEmpty ? widthMasks(words) : null;
        int[] weighted = ofWidth != null ? new int[nodes] : null;
        int[] degree = new int[nodes];
        // The common case, widths 1, 2 and 4 only: one pass over a row counts its neighbours of
        // each width.
        long[] pairMask = ofWidth != null && ofWidth.length > 1 ? ofWidth[1] : null;
        long[] quadMask = ofWidth != null && ofWidth.length > 2 ? ofWidth[2] : null;
        if (weighted != null && ofWidth != null && ofWidth.length <= 3) {
            long[] pairs2 = pairMask != null ? pairMask : new long[words];
            long[] quads = quadMask != null ? quadMask : new long[words];
            for (int n = 0; n < nodes; n++) {
                int d = 0;
                int c2 = 0;
                int c4 = 0;
                int base = n * words;
                for (int w = 0; w < words; w++) {
                    long v = matrix[base + w];
                    if (v != 0) {
                        d += Long.bitCount(v);
                        c2 += Long.bitCount(v & pairs2[w]);
                        c4 += Long.bitCount(v & quads[w]);
                    }
                }
                degree[n] = d;
                int wn = width[n];
                weighted[n] = wn == 1 ? d + c2 + 3 * c4 : wn == 2 ? d + c4 : d;
            }
        } else if (dense) {
            for (int n = 0; n < nodes; n++) {
                int d = 0;
                int base = n * words;
                for (int w = 0; w < words; w++) {
                    d += Long.bitCount(matrix[base + w]);
                }
                degree[n] = d;
                if (weighted != null && ofWidth != null) {
                    int sum = d;
                    int wn = width[n];
                    for (int log = Integer.numberOfTrailingZeros(wn) + 1; log < ofWidth.length; log++) {
                        long[] mask = ofWidth[log];
                        if (mask == null) {
                            continue;
                        }
                        int c = 0;
                        for (int w = 0; w < words; w++) {
                            c += Long.bitCount(matrix[base + w] & mask[w]);
                        }
                        sum += ((1 << log) / wn - 1) * c;
                    }
                    weighted[n] = sum;
                }
            }
        }
        if (!dense) {
            for (int n = 0; n < nodes; n++) {
                degree[n] = metCount[n] == 0 ? 0 : sortUnique(met[n], metCount[n]);
            }
        }
        int[][] fresh = new int[nodes][];
        int[] fill = new int[nodes];
        for (int n = 0; n < nodes; n++) {
            fresh[n] = degree[n] == 0 ? NONE : new int[degree[n] + size[n]];
        }
        if (dense) {
            for (int n = 0; n < nodes; n++) {
                int[] r = fresh[n];
                int f = 0;
                int d = degree[n];
                int base = n * words;
                for (int w = 0; w < words && f < d; w++) {
                    long bits = matrix[base + w];
                    while (bits != 0) {
                        r[f++] = (w << 6) + Long.numberOfTrailingZeros(bits);
                        bits &= bits - 1;
                    }
                }
                fill[n] = f;
            }
        } else {
            for (int n = 0; n < nodes; n++) {
                if (degree[n] > 0) {
                    System.arraycopy(met[n], 0, fresh[n], 0, degree[n]);
                    fill[n] = degree[n];
                    met[n] = NONE;
                }
            }
        }
        for (int n = 0; n < nodes; n++) {
            if (degree[n] == 0) {
                continue;
            }
            int[] r = fresh[n];
            System.arraycopy(row[n], 0, r, fill[n], size[n]);
            row[n] = r;
            // Both ways the new neighbours come ascending and once; only a row with old ones sorts again.
            size[n] = size[n] == 0 ? fill[n] : sortUnique(r, fill[n] + size[n]);
        }
        degrees = weighted;
    }

    /**
     * The bit matrix of the segments' overlaps, symmetric, without its diagonal: {@code words}
     * longs per node. The sweep keeps the nodes live at the current point as a bit set and ORs it
     * into the row of each segment's node where the segment starts, so it writes one row at a
     * time, sequentially, instead of a bit in the row of every live node (a cache miss each on a
     * kernel with hundreds of values live); a segment that starts later finds the earlier one
     * live, so each overlap is in the row of the node whose segment starts later (of the
     * node later in {@code order} on equal starts), and the other half is the transpose, added by
     * blocks of 64 x 64 bits.
     *
     * <p>Each block of 64 rows notes which words of the live set held a bit when it received them
     * (a bit set over the live words is kept as values come and go), so the transpose visits only
     * the blocks that hold a bit: on a large kernel most blocks are empty (values live over a
     * window of the code and are numbered in its order; two thirds of the block pairs of
     * {@code attention_fwd_tile}).
     *
     * @param order the segments by start, each {@code start << 32 | segment}
     */
    private long[] sweepIntoMatrix(long[] order, int[] segStart, int[] segEnd, int[] segNode, int words) {
        long[] matrix = new long[Math.max(1, nodes * words)];
        long[] live = new long[words];
        int summaryWords = (words + 63) >>> 6;
        long[] liveWords = new long[summaryWords];
        long[] received = new long[words * summaryWords];
        int[] liveSegments = new int[nodes];
        // The live segments by end: a binary heap of end << 32 | node.
        long[] ends = new long[Math.max(4, order.length)];
        int endCount = 0;
        for (long key : order) {
            int seg = (int) key;
            int start = segStart[seg];
            while (endCount > 0 && (int) (ends[0] >>> 32) < start) {
                int y = (int) ends[0];
                if (--liveSegments[y] == 0 && (live[y >>> 6] &= ~(1L << y)) == 0) {
                    liveWords[y >>> 12] &= ~(1L << (y >>> 6));
                }
                endCount = pollEnd(ends, endCount);
            }
            int x = segNode[seg];
            int base = x * words;
            int summary = (x >>> 6) * summaryWords;
            for (int k = 0; k < summaryWords; k++) {
                received[summary + k] |= liveWords[k];
            }
            for (int w = 0; w < words; w++) {
                matrix[base + w] |= live[w];
            }
            liveSegments[x]++;
            live[x >>> 6] |= 1L << x;
            liveWords[x >>> 12] |= 1L << (x >>> 6);
            endCount = addEnd(ends, endCount, ((long) segEnd[seg] << 32) | x);
        }
        long[] a = new long[64];
        long[] b = new long[64];
        long[] t = new long[64];
        for (int bi = 0; bi < words; bi++) {
            for (int bj = bi; bj < words; bj++) {
                // A block holds a bit exactly when its rows received a live word there.
                boolean anyA = (received[bi * summaryWords + (bj >>> 6)] & (1L << bj)) != 0;
                boolean anyB = (received[bj * summaryWords + (bi >>> 6)] & (1L << bi)) != 0;
                if (!anyA && !anyB) {
                    continue;
                }
                if (anyA) {
                    readBlock(matrix, words, bi, bj, a);
                }
                if (bi == bj) {
                    if (anyA) {
                        System.arraycopy(a, 0, t, 0, 64);
                        transpose64(t);
                        for (int r = 0; r < 64; r++) {
                            a[r] = (a[r] | t[r]) & ~(1L << r);
                        }
                        writeBlock(matrix, words, bi, bi, a);
                    }
                    continue;
                }
                // Node numbers follow the values' order in the code, so most overlaps sit in the
                // later node's row and one of the two blocks is often empty: it is then the other's
                // transpose and needs no transpose of its own.
                if (anyB) {
                    readBlock(matrix, words, bj, bi, b);
                    System.arraycopy(b, 0, t, 0, 64);
                    transpose64(t);
                    if (anyA) {
                        for (int r = 0; r < 64; r++) {
                            t[r] |= a[r];
                        }
                    }
                    writeBlock(matrix, words, bi, bj, t);
                }
                if (anyA) {
                    transpose64(a);
                    if (anyB) {
                        for (int r = 0; r < 64; r++) {
                            a[r] |= b[r];
                        }
                    }
                    writeBlock(matrix, words, bj, bi, a);
                }
            }
        }
        return matrix;
    }

    /** Reads the block of rows {@code 64 bi ..} and word {@code bj} into {@code into} (zeros past the last row). */
    private void readBlock(long[] matrix, int words, int bi, int bj, long[] into) {
        int rows = Math.min(64, nodes - (bi << 6));
        int at = (bi << 6) * words + bj;
        for (int r = 0; r < rows; r++, at += words) {
            into[r] = matrix[at];
        }
        Arrays.fill(into, rows, 64, 0L);
    }

    private void writeBlock(long[] matrix, int words, int bi, int bj, long[] from) {
        int rows = Math.min(64, nodes - (bi << 6));
        int at = (bi << 6) * words + bj;
        for (int r = 0; r < rows; r++, at += words) {
            matrix[at] = from[r];
        }
    }

    /**
     * Transposes a 64 x 64 bit matrix in place, bit {@code c} of {@code m[r]} being entry
     * {@code (r, c)}: swaps of ever smaller blocks (Hacker's Delight, 7-3).
     */
    static void transpose64(long[] m) {
        long mask = 0x00000000FFFFFFFFL;
        for (int j = 32; j != 0; j >>>= 1, mask ^= mask << j) {
            for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
                long t = ((m[k] >>> j) ^ m[k | j]) & mask;
                m[k] ^= t << j;
                m[k | j] ^= t;
            }
        }
    }

    private static int addEnd(long[] heap, int count, long value) {
        int k = count;
        while (k > 0) {
            int parent = (k - 1) >>> 1;
            if (heap[parent] <= value) {
                break;
            }
            heap[k] = heap[parent];
            k = parent;
        }
        heap[k] = value;
        return count + 1;
    }

    private static int pollEnd(long[] heap, int count) {
        int size = count - 1;
        long last = heap[size];
        int k = 0;
        int half = size >>> 1;
        while (k < half) {
            int child = 2 * k + 1;
            if (child + 1 < size && heap[child + 1] < heap[child]) {
                child++;
            }
            if (last <= heap[child]) {
                break;
            }
            heap[k] = heap[child];
            k = child;
        }
        if (size > 0) {
            heap[k] = last;
        }
        return size;
    }

    /**
     * Per node its weighted degree with every node present: the sum of {@link #blocked} over its
     * neighbours. A build from segments into an empty graph works it out while it writes the rows;
     * otherwise it is counted here, row by row.
     */
    int[] weightedDegrees() {
        int[] d = degrees;
        if (d == null) {
            d = new int[nodes];
            for (int n = 0; n < nodes; n++) {
                d[n] = weightedDegree(size[n] == row[n].length ? row[n] : Arrays.copyOf(row[n], size[n]), width, n);
            }
            degrees = d;
        }
        return d.clone();
    }

    /** The sum of {@link #blocked} of node {@code n} over the nodes of {@code row}, widths given per node. */
    static int weightedDegree(int[] row, int[] width, int n) {
        int wn = width[n];
        int sum = 0;
        if (wn == 1) {
            // A neighbour of width w blocks w positions of a single: no comparison, no division.
            for (int m : row) {
                sum += width[m];
            }
            return sum;
        }
        for (int m : row) {
            int wm = width[m];
            sum += wm > wn ? wm / wn : 1;
        }
        return sum;
    }

    /**
     * Per power of two {@code 2^k} above 1, a bit set over the nodes of that width ({@code words}
     * longs; null where no node has it); null when some width is not a power of two.
     */
    private long @Nullable [] @Nullable [] widthMasks(int words) {
        long[][] masks = new long[1][];
        for (int x = 0; x < nodes; x++) {
            int w = width[x];
            if (Integer.bitCount(w) != 1) {
                return null;
            }
            int log = Integer.numberOfTrailingZeros(w);
            if (log == 0) {
                continue;
            }
            if (log >= masks.length) {
                masks = Arrays.copyOf(masks, log + 1);
            }
            if (masks[log] == null) {
                masks[log] = new long[words];
            }
            masks[log][x >>> 6] |= 1L << x;
        }
        return masks;
    }

    /** Sorts {@code r[0 .. n)} and drops repeats; returns the new length. */
    static int sortUnique(int[] r, int n) {
        Arrays.sort(r, 0, n);
        int u = 0;
        for (int j = 0; j < n; j++) {
            if (u == 0 || r[u - 1] != r[j]) {
                r[u++] = r[j];
            }
        }
        return u;
    }

    /** Appends {@code y} to node {@code x}'s row of meetings, growing it by half when full. */
    private static void append(int[][] rows, int[] count, int x, int y) {
        int[] r = rows[x];
        int c = count[x];
        if (r == null) {
            r = new int[4];
            rows[x] = r;
        } else if (c == r.length) {
            r = Arrays.copyOf(r, c + (c >> 1) + 1);
            rows[x] = r;
        }
        r[c] = y;
        count[x] = c + 1;
    }
}
