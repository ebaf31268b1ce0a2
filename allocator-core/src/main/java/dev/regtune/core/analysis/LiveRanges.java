package dev.regtune.core.analysis;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;

/**
 * Live segments of every virtual register over program points in layout order.
 *
 * <p>Instruction {@code i} has two points: {@code 2i}, its read point (the values live into
 * {@code i}, including those it uses), and {@code 2i+1}, its write point (the values live out of
 * {@code i}, including those it defines). So a value defined at {@code i} and last used at
 * {@code j} in the same block occupies {@code [2i+1, 2j]}; a def nobody reads occupies just
 * {@code 2i+1}; a value live out of block {@code b} reaches {@code 2*blockEnd(b)-1} and a value
 * live into {@code b} starts at {@code 2*blockStart(b)}. A use and a def at the same instruction
 * never conflict at a point: the used value ends at {@code 2i}, the def starts at {@code 2i+1}.
 * A guarded def does not end the old value (see {@link Liveness}); if the value was dead after it,
 * the def still occupies its write point. A guarded def that is the first def of its vreg in a
 * block its vreg is not live into has no old value to keep (no def of it may have run before), so
 * it starts the value, as an unguarded def does: predicated code such as {@code @p ld x; @!p mov x}
 * holds {@code x} from its first def, not from the block's start. An empty block contributes no points.
 *
 * <p>Segments of a vreg are sorted, disjoint and merged ({@code [a,b]} and {@code [b+1,c]} become
 * {@code [a,c]}), with inclusive ends. Storage is flat: one offset table and two int arrays.
 * Immutable and thread-safe; no accessor allocates.
 */
public final class LiveRanges {
    private final int pointCount;
    private final int[] segOffset;
    private final int[] segStart;
    private final int[] segEnd;

    private LiveRanges(int pointCount, int[] segOffset, int[] segStart, int[] segEnd) {
        this.pointCount = pointCount;
        this.segOffset = segOffset;
        this.segStart = segStart;
        this.segEnd = segEnd;
    }

    public static LiveRanges compute(KernelFunction f, Liveness live) {
        if (live.function() != f) {
            throw new IllegalArgumentException("the liveness was computed for another function");
        }
        int vregs = f.vregCount();
        int[] end = new int[vregs];
        Arrays.fill(end, -1);
        // The open values' bits. With dense live sets the function's width is a few words, scanned
        // whole at each block start. With sparse ones (many blocks and many values) only the words
        // written since the last block start are scanned and cleared (listed in `touched`), which
        // costs the block's live words, not the width (O(blocks x vregs) on such functions).
        BlockBitSets outs = live.liveOutSets();
        boolean sparse = !outs.isDense();
        int w = live.words();
        long[] set = new long[w];
        boolean[] listed = new boolean[sparse ? w : 0];
        int[] touched = new int[sparse ? 16 : 0];
        int touchedCount = 0;

        // Raw segments, produced with non-increasing start: blocks last to first, each walked
        // backwards, live-in segments (the smallest starts of a block) emitted last. Each vreg's
        // segments form a list through rawNext, newest (smallest start) first, so walking a list
        // yields ascending order without sorting.
        int cap = Math.max(16, f.instrCount() + vregs);
        int[] head = new int[vregs];
        Arrays.fill(head, -1);
        int[] rawNext = new int[cap];
        int[] rawS = new int[cap];
        int[] rawE = new int[cap];
        int raw = 0;
        boolean[] startsValue = guardedFirstDefs(f, live);

        int blocks = f.blockCount();
        for (int b = blocks - 1; b >= 0; b--) {
            int s = f.blockStart(b);
            int e = f.blockEnd(b);
            // Live-out values start a segment at the block's last write point, except those live
            // into the next block in layout, whose segment is still open (see the block start below).
            int outPoint = 2 * e - 1;
            int next = b + 1 < blocks ? b + 1 : -1;
            for (int k = outs.start(b), ke = outs.end(b); k < ke; k++) {
                int j = outs.index(b, k);
                set[j] = outs.bits(k);
                if (sparse) {
                    if (touchedCount == touched.length) {
                        touched = Arrays.copyOf(touched, 2 * touchedCount);
                    }
                    listed[j] = true;
                    touched[touchedCount++] = j;
                }
                long fresh = next < 0 ? outs.bits(k) : outs.bits(k) & ~live.liveInWord(next, j);
                for (long x = fresh; x != 0; x &= x - 1) {
                    end[(j << 6) + Long.numberOfTrailingZeros(x)] = outPoint;
                }
            }
            for (int i = e - 1; i >= s; i--) {
                int write = 2 * i + 1;
                boolean guarded = !InstrFlags.killsDefs(f.instrFlags(i));
                int dc = f.defCount(i);
                if (raw + dc + 1 > cap) {
                    cap = Math.max(raw + dc + 1, cap * 2);
                    rawNext = Arrays.copyOf(rawNext, cap);
                    rawS = Arrays.copyOf(rawS, cap);
                    rawE = Arrays.copyOf(rawE, cap);
                }
                for (int k = 0; k < dc; k++) {
                    int d = f.def(i, k);
                    int de = end[d];
                    if (de < 0) {
                        rawNext[raw] = head[d];
                        head[d] = raw;
                        rawS[raw] = write;
                        rawE[raw++] = write; // dead def: only its write point
                    } else if (!guarded || startsValue[f.defOperand(i, k)]) {
                        rawNext[raw] = head[d];
                        head[d] = raw;
                        rawS[raw] = write;
                        rawE[raw++] = de;
                        end[d] = -1;
                        set[d >>> 6] &= ~(1L << d);
                    }
                }
                int read = 2 * i;
                for (int k = 0, c = f.useCount(i); k < c; k++) {
                    int u = f.use(i, k);
                    if (end[u] < 0) {
                        end[u] = read;
                        set[u >>> 6] |= 1L << u;
                        if (sparse && !listed[u >>> 6]) {
                            if (touchedCount == touched.length) {
                                touched = Arrays.copyOf(touched, 2 * touchedCount);
                            }
                            listed[u >>> 6] = true;
                            touched[touchedCount++] = u >>> 6;
                        }
                    }
                }
            }
            // A value live into b and out of the block before it in layout continues without a
            // break (points 2s-1 and 2s are adjacent): leave its segment open instead of emitting
            // one segment per block, which would cost O(blocks x live values) raw segments.
            int inPoint = 2 * s;
            int prev = b - 1;
            if (sparse) {
                Arrays.sort(touched, 0, touchedCount); // raw segments in the order a full scan gives
            }
            for (int t = 0, words = sparse ? touchedCount : w; t < words; t++) {
                int j = sparse ? touched[t] : t;
                // Open here but not live into b (read before any def reaches b): closed at b's start.
                long close = prev >= 0 ? set[j] & ~(live.liveOutWord(prev, j) & live.liveInWord(b, j)) : set[j];
                for (long x = close; x != 0; x &= x - 1) {
                    int v = (j << 6) + Long.numberOfTrailingZeros(x);
                    if (end[v] >= inPoint) {
                        if (raw == cap) {
                            cap *= 2;
                            rawNext = Arrays.copyOf(rawNext, cap);
                            rawS = Arrays.copyOf(rawS, cap);
                            rawE = Arrays.copyOf(rawE, cap);
                        }
                        rawNext[raw] = head[v];
                        head[v] = raw;
                        rawS[raw] = inPoint;
                        rawE[raw++] = end[v];
                    }
                    end[v] = -1;
                }
            }
            // The block before starts from its own live-out set.
            if (sparse) {
                for (int t = 0; t < touchedCount; t++) {
                    set[touched[t]] = 0L;
                    listed[touched[t]] = false;
                }
                touchedCount = 0;
            } else {
                Arrays.fill(set, 0L);
            }
        }

        // Per vreg: walk the list (ascending starts) and merge touching or overlapping segments.
        int[] outOffset = new int[vregs + 1];
        int[] outS = new int[raw];
        int[] outE = new int[raw];
        int n = 0;
        for (int v = 0; v < vregs; v++) {
            outOffset[v] = n;
            int first = n;
            for (int r = head[v]; r >= 0; r = rawNext[r]) {
                int a = rawS[r];
                int z = rawE[r];
                if (n > first && a <= outE[n - 1] + 1) {
                    if (z > outE[n - 1]) {
                        outE[n - 1] = z;
                    }
                } else {
                    outS[n] = a;
                    outE[n++] = z;
                }
            }
        }
        outOffset[vregs] = n;
        return new LiveRanges(2 * f.instrCount(), outOffset, Arrays.copyOf(outS, n), Arrays.copyOf(outE, n));
    }

    /** Number of program points: twice the instruction count. */
    public int pointCount() {
        return pointCount;
    }

    public int vregCount() {
        return segOffset.length - 1;
    }

    /** The read point of instruction {@code i}. */
    public static int readPoint(int i) {
        return 2 * i;
    }

    /** The write point of instruction {@code i}. */
    public static int writePoint(int i) {
        return 2 * i + 1;
    }

    /** The instruction a point belongs to. */
    public static int instrOf(int point) {
        return point >>> 1;
    }

    public int segmentCount(int v) {
        return segOffset[v + 1] - segOffset[v];
    }

    /** First point of segment {@code k} of vreg {@code v}. */
    public int segStart(int v, int k) {
        return segStart[segOffset[v] + k];
    }

    /** Last point (inclusive) of segment {@code k} of vreg {@code v}. */
    public int segEnd(int v, int k) {
        return segEnd[segOffset[v] + k];
    }

    /** Vreg {@code v}'s segments as a fresh array {@code [start0, end0, start1, end1, ...]}. */
    public int[] segments(int v) {
        int c = segmentCount(v);
        int[] s = new int[2 * c];
        for (int k = 0; k < c; k++) {
            s[2 * k] = segStart(v, k);
            s[2 * k + 1] = segEnd(v, k);
        }
        return s;
    }

    /** Segments of all vregs together. */
    public int totalSegmentCount() {
        return segStart.length;
    }

    /** First live point of {@code v}, or -1 when it is never live. */
    public int firstPoint(int v) {
        return segOffset[v] == segOffset[v + 1] ? -1 : segStart[segOffset[v]];
    }

    /** Last live point of {@code v}, or -1 when it is never live. */
    public int lastPoint(int v) {
        return segOffset[v] == segOffset[v + 1] ? -1 : segEnd[segOffset[v + 1] - 1];
    }

    /** Number of points at which {@code v} is live. */
    public int livePointCount(int v) {
        int c = 0;
        for (int p = segOffset[v], e = segOffset[v + 1]; p < e; p++) {
            c += segEnd[p] - segStart[p] + 1;
        }
        return c;
    }

    /** Whether {@code v} is live at {@code point} (binary search over its segments). */
    public boolean isLiveAt(int v, int point) {
        int lo = segOffset[v];
        int hi = segOffset[v + 1] - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (segEnd[mid] < point) {
                lo = mid + 1;
            } else if (segStart[mid] > point) {
                hi = mid - 1;
            } else {
                return true;
            }
        }
        return false;
    }

    /** Whether the live ranges of {@code a} and {@code b} share a point (linear merge of segments). */
    public boolean overlaps(int a, int b) {
        int p = segOffset[a];
        int pe = segOffset[a + 1];
        int q = segOffset[b];
        int qe = segOffset[b + 1];
        while (p < pe && q < qe) {
            if (segEnd[p] < segStart[q]) {
                p++;
            } else if (segEnd[q] < segStart[p]) {
                q++;
            } else {
                return true;
            }
        }
        return false;
    }

    /**
     * Per def operand: whether it is a guarded def that starts its value, the first def of its
     * vreg in its block with the vreg not live into the block. No def of the value may have run
     * before it, so there is no old value for the guard to keep: the value is live from here, not
     * from the block's start.
     */
    private static boolean[] guardedFirstDefs(KernelFunction f, Liveness live) {
        boolean[] starts = new boolean[f.operandCount()];
        int[] seenInBlock = new int[f.vregCount()];
        for (int b = 0; b < f.blockCount(); b++) {
            int stamp = b + 1;
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                boolean guarded = (f.instrFlags(i) & InstrFlags.GUARDED) != 0;
                for (int k = 0, c = f.defCount(i); k < c; k++) {
                    int d = f.def(i, k);
                    if (seenInBlock[d] != stamp) {
                        seenInBlock[d] = stamp;
                        starts[f.defOperand(i, k)] = guarded && !live.isLiveIn(b, d);
                    }
                }
            }
        }
        return starts;
    }
}
