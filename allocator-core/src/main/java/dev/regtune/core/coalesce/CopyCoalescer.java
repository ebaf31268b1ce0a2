package dev.regtune.core.coalesce;

import dev.regtune.core.alloc.CopyCoalescing;
import dev.regtune.core.analysis.BlockFrequency;
import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.analysis.Segments;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * CICC's NVPTX copy coalescer (seed 003, {@code sub_34AF4A0}), the worklist-driven pass that
 * removes copies before the allocator runs. See the package documentation for the algorithm and
 * the knobs. Stateless; each call works on its own arrays.
 */
public final class CopyCoalescer {
    /** Heap order: lowest destination register first, then higher weight, then layout order. */
    static final Comparator<CopyCandidate> HEAP_ORDER = Comparator.comparingInt(CopyCandidate::dst)
            .thenComparing(Comparator.comparingDouble(CopyCandidate::weight).reversed())
            .thenComparingInt(CopyCandidate::instr);

    private CopyCoalescer() {
    }

    /**
     * Coalesces the copies of {@code fn} under the coalescer knobs of {@code knobs}; with {@code
     * join_liveintervals} off the pass does not run and the function comes back unchanged.
     */
    public static CoalescedFunction coalesce(KernelFunction fn, LiveRanges ranges, BlockFrequency frequency,
            Knobs knobs) {
        if (!knobs.getBool(KnobCatalogue.JOIN_LIVEINTERVALS)) {
            return CoalescedFunction.unchanged(fn);
        }
        List<CopyCandidate> all = CopyCandidates.find(fn, frequency,
                knobs.getBool(KnobCatalogue.COALESCER_BLOCK_FREQUENCY));
        Run run = new Run(fn, ranges, knobs, all);
        run.coalesce();
        int[] rep = new int[fn.vregCount()];
        for (int v = 0; v < rep.length; v++) {
            rep[v] = run.find(v);
        }
        CopyCoalescing report = new CopyCoalescing(all.size(), run.merged, all.size() - run.merged, run.passes);
        KernelFunction coalesced = run.merged == 0 ? fn : fn.withOperandsRenamed(rep);
        return new CoalescedFunction(fn, coalesced, rep, run.removed, report);
    }

    /** The state of one coalescing run: groups (union-find over vregs) and the two heaps. */
    private static final class Run {
        final KernelFunction fn;
        final LiveRanges ranges;
        final List<CopyCandidate> all;
        final boolean globalCopies;
        final boolean terminalRule;
        final boolean retry;
        final int copyLimit;
        final int coalesceLimit;
        final int largeSize;
        final int largeJoins;

        final int[] parent;
        /** Per group root: merged segments (null until first needed), definitions, joins. */
        final int[][] segs;
        final int[] defs;
        final int[] joins;
        /** Per vreg: mergeable candidates naming it, and how many of them are not yet tried. */
        final int[] candidatesOf;
        final int[] untriedOf;
        final boolean[] removed;
        int merged;
        int passes;

        Run(KernelFunction fn, LiveRanges ranges, Knobs knobs, List<CopyCandidate> all) {
            this.fn = fn;
            this.ranges = ranges;
            this.all = all;
            globalCopies = knobs.getBool(KnobCatalogue.JOIN_GLOBALCOPIES);
            terminalRule = knobs.getBool(KnobCatalogue.TERMINAL_RULE);
            retry = knobs.getBool(KnobCatalogue.COALESCER_RETRY);
            copyLimit = knobs.getInt(KnobCatalogue.COPY_LIMIT);
            coalesceLimit = knobs.getInt(KnobCatalogue.COALESCE_LIMIT);
            largeSize = knobs.getInt(KnobCatalogue.LARGE_INTERVAL_SIZE_THRESHOLD);
            largeJoins = knobs.getInt(KnobCatalogue.LARGE_INTERVAL_FREQ_THRESHOLD);
            int n = fn.vregCount();
            parent = new int[n];
            segs = new int[n][];
            defs = new int[n];
            joins = new int[n];
            candidatesOf = new int[n];
            untriedOf = new int[n];
            removed = new boolean[fn.instrCount()];
            for (int v = 0; v < n; v++) {
                parent[v] = v;
            }
            for (int i = 0; i < fn.instrCount(); i++) {
                for (int k = 0; k < fn.defCount(i); k++) {
                    defs[fn.def(i, k)]++;
                }
            }
        }

        int find(int v) {
            while (parent[v] != v) {
                parent[v] = parent[parent[v]];
                v = parent[v];
            }
            return v;
        }

        void coalesce() {
            PriorityQueue<CopyCandidate> heap = new PriorityQueue<>(HEAP_ORDER);
            for (int k = 0; k < all.size() && k < copyLimit; k++) {
                CopyCandidate c = all.get(k);
                if (c.kind().mergeable() && fn.nvptxClass(c.dst()).coalescable()
                        && (globalCopies || (isLocal(c.dst()) && isLocal(c.src())))) {
                    heap.add(c);
                    candidatesOf[c.dst()]++;
                    candidatesOf[c.src()]++;
                    untriedOf[c.dst()]++;
                    untriedOf[c.src()]++;
                }
            }
            boolean[] tried = new boolean[fn.instrCount()];
            PriorityQueue<CopyCandidate> secondary = new PriorityQueue<>(HEAP_ORDER);
            while (!heap.isEmpty()) {
                passes++;
                int mergedBefore = merged;
                while (!heap.isEmpty()) {
                    if (merged >= coalesceLimit) {
                        return;
                    }
                    CopyCandidate c = heap.poll();
                    if (!tried[c.instr()]) {
                        tried[c.instr()] = true;
                        untriedOf[c.dst()]--;
                        untriedOf[c.src()]--;
                        if (deferredByTerminalRule(c)) {
                            secondary.add(c);
                            continue;
                        }
                    }
                    if (!attempt(c)) {
                        secondary.add(c);
                    }
                }
                if (!retry || merged == mergedBefore) {
                    return;
                }
                PriorityQueue<CopyCandidate> swap = heap;
                heap = secondary;
                secondary = swap;
            }
        }

        /**
         * LLVM's terminal rule: a copy into a register that no other candidate names waits while
         * its source still has a candidate not yet tried, so that one is joined first.
         */
        boolean deferredByTerminalRule(CopyCandidate c) {
            return terminalRule && candidatesOf[c.dst()] == 1 && untriedOf[c.src()] > 0;
        }

        /** Tries to merge the candidate's two registers; false when blocked (it goes to the retry heap). */
        boolean attempt(CopyCandidate c) {
            int a = find(c.dst());
            int b = find(c.src());
            if (a == b) {
                removed[c.instr()] = true; // an identity copy after earlier merges
                merged++;
                return true;
            }
            if (fn.nvptxClass(a) != fn.nvptxClass(b)) {
                return false;
            }
            int[] sa = segments(a);
            int[] sb = segments(b);
            if (Segments.overlap(sa, sa.length / 2, sb, sb.length / 2)) {
                return false;
            }
            if (tooLarge(a) || tooLarge(b)) {
                return false;
            }
            int root = Math.min(a, b);
            int other = Math.max(a, b);
            parent[other] = root;
            segs[root] = Segments.union(sa, sa.length / 2, sb, sb.length / 2);
            segs[other] = null;
            defs[root] = defs[a] + defs[b];
            joins[root] = Math.max(joins[a], joins[b]) + 1;
            removed[c.instr()] = true;
            merged++;
            return true;
        }

        /** A large interval (more value numbers than the size threshold) stops joining after the join threshold. */
        boolean tooLarge(int g) {
            return defs[g] > largeSize && joins[g] >= largeJoins;
        }

        int[] segments(int g) {
            if (segs[g] == null) {
                segs[g] = ranges.segments(g);
            }
            return segs[g];
        }

        /** Whether the register lives within one block (its segments start and end in the same block). */
        boolean isLocal(int v) {
            if (ranges.segmentCount(v) == 0) {
                return true;
            }
            int first = fn.blockOf(LiveRanges.instrOf(ranges.firstPoint(v)));
            int last = fn.blockOf(LiveRanges.instrOf(ranges.lastPoint(v)));
            return first == last;
        }
    }
}
