package dev.regtune.core.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random CFGs and instruction streams (seeded) checked against naive reference implementations
 * written here: per-instruction liveness, dominators by "remove a block and search", and the
 * program-point model of {@link LiveRanges} and {@link PressureProfile} derived from the naive
 * per-instruction sets.
 */
class RandomizedAnalysisTest {
    private static final InstrKind[] KINDS = {InstrKind.INT_ALU, InstrKind.MOVE, InstrKind.FP32, InstrKind.LOAD_PARAM,
        InstrKind.LOAD_GLOBAL, InstrKind.INT_MUL, InstrKind.WARP};

    /** A random function: blocks with labels L0.., random defs/uses, guarded instructions, branches. */
    static KernelFunction randomFunction(Random rnd, int maxBlocks, int maxVregs, int maxInstrsPerBlock) {
        FunctionBuilder b = new FunctionBuilder("rand", FunctionKind.ENTRY);
        int nv = 2 + rnd.nextInt(maxVregs);
        int preds = 1 + rnd.nextInt(3);
        int[] pred = new int[preds];
        for (int k = 0; k < preds; k++) {
            pred[k] = b.vreg("p" + k, RegClass.P, PairMode.SINGLE, 0);
        }
        for (int k = preds; k < nv; k++) {
            PairMode mode = rnd.nextInt(5) == 0 ? PairMode.DOUBLE : PairMode.SINGLE;
            b.vreg("r" + k, RegClass.R, mode, 0);
        }
        int blocks = 1 + rnd.nextInt(maxBlocks);
        for (int blk = 0; blk < blocks; blk++) {
            b.label("L" + blk);
            int m = rnd.nextInt(maxInstrsPerBlock + 1);
            for (int k = 0; k < m; k++) {
                int flags = 0;
                int nd = rnd.nextInt(10) == 0 ? 2 : rnd.nextInt(5) == 0 ? 0 : 1;
                int nu = rnd.nextInt(4);
                boolean guarded = rnd.nextInt(5) == 0;
                int[] defs = new int[nd];
                for (int d = 0; d < nd; d++) {
                    defs[d] = rnd.nextInt(nv);
                }
                int[] uses = new int[nu + (guarded ? 1 : 0)];
                int u0 = 0;
                if (guarded) {
                    flags |= InstrFlags.GUARDED;
                    uses[u0++] = pred[rnd.nextInt(preds)];
                }
                for (int u = 0; u < nu; u++) {
                    uses[u0++] = rnd.nextInt(nv);
                }
                int special = rnd.nextInt(12);
                if (special == 0) {
                    flags |= InstrFlags.READS_DIVERGENT_SPECIAL;
                } else if (special == 1) {
                    flags |= InstrFlags.READS_UNIFORM_SPECIAL;
                }
                b.instr("op", KINDS[rnd.nextInt(KINDS.length)], flags, defs, uses, 0);
            }
            int term = rnd.nextInt(6);
            String target = "L" + rnd.nextInt(blocks);
            switch (term) {
                case 0 -> b.branch("bra", InstrFlags.NO_FALLTHROUGH, new int[0], List.of(target), 0);
                case 1, 2 -> b.branch("bra", InstrFlags.GUARDED, new int[] {pred[rnd.nextInt(preds)]}, List.of(target), 0);
                case 3 -> b.instr("ret", InstrKind.RETURN, InstrFlags.RETURN | InstrFlags.NO_FALLTHROUGH, new int[0],
                        new int[0], 0);
                default -> {
                    // fall through
                }
            }
        }
        if (rnd.nextBoolean()) {
            b.instr("ret", InstrKind.RETURN, InstrFlags.RETURN | InstrFlags.NO_FALLTHROUGH, new int[0], new int[0], 0);
        }
        return b.build();
    }

    /** Naive liveness: a boolean set before every instruction and at every block entry, to a fixed point. */
    static final class NaiveLiveness {
        final boolean[][] before;
        final boolean[][] blockIn;
        final boolean[][] blockOut;

        NaiveLiveness(KernelFunction f) {
            int n = f.instrCount();
            int nv = f.vregCount();
            int nb = f.blockCount();
            before = new boolean[n][nv];
            blockIn = new boolean[nb][nv];
            blockOut = new boolean[nb][nv];
            // Maybe-defined at block entry and exit: a def of v on some path from the entry.
            boolean[][] definedIn = new boolean[nb][nv];
            boolean[][] definedOut = new boolean[nb][nv];
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int b = 0; b < nb; b++) {
                    for (int k = 0; k < f.predCount(b); k++) {
                        for (int v = 0; v < nv; v++) {
                            if (definedOut[f.pred(b, k)][v] && !definedIn[b][v]) {
                                definedIn[b][v] = true;
                                changed = true;
                            }
                        }
                    }
                    for (int v = 0; v < nv; v++) {
                        if (definedIn[b][v] && !definedOut[b][v]) {
                            definedOut[b][v] = true;
                            changed = true;
                        }
                    }
                    for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                        for (int k = 0; k < f.defCount(i); k++) {
                            if (!definedOut[b][f.def(i, k)]) {
                                definedOut[b][f.def(i, k)] = true;
                                changed = true;
                            }
                        }
                    }
                }
            }
            // Live where a use follows without a killing def (unguarded, or guarded with no def of
            // the value possibly run before it), and only where some def may have run
            // (checked at block boundaries; inside a block a read of an undefined value is live
            // from the block's start).
            changed = true;
            while (changed) {
                changed = false;
                for (int b = 0; b < nb; b++) {
                    boolean[] out = new boolean[nv];
                    for (int k = 0; k < f.succCount(b); k++) {
                        boolean[] in = blockIn[f.succ(b, k)];
                        for (int v = 0; v < nv; v++) {
                            out[v] |= in[v] && definedOut[b][v];
                        }
                    }
                    blockOut[b] = out;
                    boolean[] after = out;
                    for (int i = f.blockEnd(b) - 1; i >= f.blockStart(b); i--) {
                        boolean[] cur = after.clone();
                        for (int k = 0; k < f.defCount(i); k++) {
                            int d = f.def(i, k);
                            // A guarded def kills only where no def of d may have run before it.
                            if (!f.instrHas(i, InstrFlags.GUARDED) || (!definedIn[b][d] && !definedEarlier(f, b, i, d))) {
                                cur[d] = false;
                            }
                        }
                        for (int k = 0; k < f.useCount(i); k++) {
                            cur[f.use(i, k)] = true;
                        }
                        if (!java.util.Arrays.equals(cur, before[i])) {
                            before[i] = cur;
                            changed = true;
                        }
                        after = cur;
                    }
                    boolean[] in = after.clone();
                    for (int v = 0; v < nv; v++) {
                        in[v] &= definedIn[b][v];
                    }
                    if (!java.util.Arrays.equals(in, blockIn[b])) {
                        blockIn[b] = in;
                        changed = true;
                    }
                }
            }
        }

        /** Whether an instruction of block b before i defines d. */
        private static boolean definedEarlier(KernelFunction f, int b, int i, int d) {
            for (int j = f.blockStart(b); j < i; j++) {
                for (int k = 0; k < f.defCount(j); k++) {
                    if (f.def(j, k) == d) {
                        return true;
                    }
                }
            }
            return false;
        }

        /** Values at the write point of i: live after i, plus everything i defines. */
        boolean atWritePoint(KernelFunction f, int i, int v) {
            for (int k = 0; k < f.defCount(i); k++) {
                if (f.def(i, k) == v) {
                    return true;
                }
            }
            int b = f.blockOf(i);
            return i + 1 < f.blockEnd(b) ? before[i + 1][v] : blockOut[b][v];
        }
    }

    /** Dominance by definition: a dominates b iff b is reachable and not reachable once a is removed. */
    static boolean naiveDominates(KernelFunction f, int a, int b) {
        boolean[] all = reach(f, -1);
        if (!all[a] || !all[b]) {
            return false;
        }
        if (a == b) {
            return true;
        }
        return !reach(f, a)[b];
    }

    private static boolean[] reach(KernelFunction f, int removed) {
        int nb = f.blockCount();
        boolean[] seen = new boolean[nb];
        if (removed == 0) {
            return seen;
        }
        int[] stack = new int[nb];
        int sp = 0;
        seen[0] = true;
        stack[sp++] = 0;
        while (sp > 0) {
            int x = stack[--sp];
            for (int k = 0; k < f.succCount(x); k++) {
                int s = f.succ(x, k);
                if (s != removed && !seen[s]) {
                    seen[s] = true;
                    stack[sp++] = s;
                }
            }
        }
        return seen;
    }

    /** Post-dominance on the CFG augmented with the exit links the analysis chose. */
    static boolean naivePostDominates(KernelFunction f, PostDominators pd, int a, int b) {
        if (a == b) {
            return true;
        }
        // Reverse search from the virtual exit avoiding a: b is post-dominated by a iff not found.
        int nb = f.blockCount();
        boolean[] seen = new boolean[nb];
        int[] stack = new int[nb];
        int sp = 0;
        for (int x = 0; x < nb; x++) {
            if (pd.isExitLinked(x) && x != a) {
                seen[x] = true;
                stack[sp++] = x;
            }
        }
        while (sp > 0) {
            int x = stack[--sp];
            for (int k = 0; k < f.predCount(x); k++) {
                int p = f.pred(x, k);
                if (p != a && !seen[p]) {
                    seen[p] = true;
                    stack[sp++] = p;
                }
            }
        }
        return !seen[b];
    }

    @Test
    void livenessRangesAndPressure_matchNaiveReference() {
        Random rnd = new Random(0x5eed_1234L);
        for (int iter = 0; iter < 600; iter++) {
            KernelFunction f = randomFunction(rnd, 12, iter % 3 == 0 ? 140 : 20, 6);
            String ctx = "iteration " + iter + "\n" + f.dump();
            NaiveLiveness ref = new NaiveLiveness(f);
            Liveness live = Liveness.compute(f);
            for (int b = 0; b < f.blockCount(); b++) {
                for (int v = 0; v < f.vregCount(); v++) {
                    assertEquals(ref.blockIn[b][v], live.isLiveIn(b, v), "live-in B" + b + " v" + v + " " + ctx);
                    assertEquals(ref.blockOut[b][v], live.isLiveOut(b, v), "live-out B" + b + " v" + v + " " + ctx);
                }
            }
            LiveRanges lr = LiveRanges.compute(f, live);
            int[] slots = new int[f.vregCount()];
            int[] cls = new int[f.vregCount()];
            for (int v = 0; v < f.vregCount(); v++) {
                slots[v] = f.vregSlots(v);
                cls[v] = f.vregClassId(v);
                int prevEnd = -2;
                for (int k = 0; k < lr.segmentCount(v); k++) {
                    assertTrue(lr.segStart(v, k) <= lr.segEnd(v, k), ctx);
                    assertTrue(lr.segStart(v, k) > prevEnd + 1, "segments sorted and merged, v" + v + " " + ctx);
                    prevEnd = lr.segEnd(v, k);
                }
            }
            PressureProfile pp = PressureProfile.compute(lr, slots, cls);
            int[] maxSeen = new int[7];
            int[] maxAt = {-1, -1, -1, -1, -1, -1, -1};
            for (int i = 0; i < f.instrCount(); i++) {
                int[] pr = new int[7];
                int[] pw = new int[7];
                for (int v = 0; v < f.vregCount(); v++) {
                    boolean r = ref.before[i][v];
                    boolean w = ref.atWritePoint(f, i, v);
                    assertEquals(r, lr.isLiveAt(v, 2 * i), "read point of " + i + " v" + v + " " + ctx);
                    assertEquals(w, lr.isLiveAt(v, 2 * i + 1), "write point of " + i + " v" + v + " " + ctx);
                    if (r) {
                        pr[cls[v]] += slots[v];
                    }
                    if (w) {
                        pw[cls[v]] += slots[v];
                    }
                }
                for (int c = 1; c < 7; c++) {
                    assertEquals(pr[c], pp.pressureAt(c, 2 * i), ctx);
                    assertEquals(pw[c], pp.pressureAt(c, 2 * i + 1), ctx);
                    if (pr[c] > maxSeen[c]) {
                        maxSeen[c] = pr[c];
                        maxAt[c] = 2 * i;
                    }
                    if (pw[c] > maxSeen[c]) {
                        maxSeen[c] = pw[c];
                        maxAt[c] = 2 * i + 1;
                    }
                }
            }
            for (int c = 1; c < 7; c++) {
                assertEquals(maxSeen[c], pp.maxPressure(c), ctx);
                assertEquals(maxAt[c], pp.maxPoint(c), ctx);
            }
        }
    }

    /**
     * Both layouts hold the same sets. The sparse one holds exactly the live words: ascending, none
     * zero, so equal sets have equal storage; in both, every word read by index or binary search
     * agrees with the bits scanned through the storage positions.
     */
    @Test
    void denseAndSparseLiveSets_agree() {
        Random rnd = new Random(0x5eed_5678L);
        for (int iter = 0; iter < 200; iter++) {
            KernelFunction f = randomFunction(rnd, 12, 300, 6);
            Liveness sparse = Liveness.compute(f, false);
            Liveness dense = Liveness.compute(f, true);
            assertFalse(sparse.liveInSets().isDense());
            assertTrue(dense.liveInSets().isDense());
            for (Liveness live : List.of(sparse, dense)) {
                for (BlockBitSets sets : List.of(live.liveInSets(), live.liveOutSets())) {
                    for (int b = 0; b < f.blockCount(); b++) {
                        int count = 0;
                        for (int k = sets.start(b); k < sets.end(b); k++) {
                            if (!sets.isDense()) {
                                assertTrue(sets.bits(k) != 0, "a stored word is zero, iteration " + iter);
                                assertTrue(k == sets.start(b) || sets.index(b, k - 1) < sets.index(b, k),
                                        "words not ascending");
                            }
                            assertEquals(sets.bits(k), sets.word(b, sets.index(b, k)));
                            count += Long.bitCount(sets.bits(k));
                        }
                        int members = 0;
                        for (int v = 0; v < f.vregCount(); v++) {
                            members += sets.contains(b, v) ? 1 : 0;
                            assertEquals(live.isLiveIn(b, v), dense.isLiveIn(b, v));
                            assertEquals(live.isLiveOut(b, v), dense.isLiveOut(b, v));
                        }
                        assertEquals(members, count, "iteration " + iter + " block " + b);
                        assertEquals(count, sets.count(b));
                    }
                }
            }
            assertTrue(sparse.sameSets(dense) && dense.sameSets(sparse) && sparse.sameSets(Liveness.compute(f)));
        }
    }

    /**
     * Live ranges read the sets through either layout (the sparse one tracking the words it
     * touched): the segments must be the same. The functions are wide enough (many values, many
     * blocks, few instructions) that {@link Liveness#compute(KernelFunction)} itself picks the
     * sparse layout for some of them.
     */
    @Test
    void liveRanges_sameFromEitherLayout() {
        Random rnd = new Random(0x5eed_9abcL);
        int sparseChosen = 0;
        for (int iter = 0; iter < 100; iter++) {
            KernelFunction f = randomFunction(rnd, 200, 6000, 4);
            Liveness chosen = Liveness.compute(f);
            sparseChosen += chosen.liveInSets().isDense() ? 0 : 1;
            LiveRanges dense = LiveRanges.compute(f, Liveness.compute(f, true));
            LiveRanges sparse = LiveRanges.compute(f, Liveness.compute(f, false));
            LiveRanges auto = LiveRanges.compute(f, chosen);
            for (int v = 0; v < f.vregCount(); v++) {
                assertArrayEquals(dense.segments(v), sparse.segments(v), "iteration " + iter + " vreg " + v);
                assertArrayEquals(dense.segments(v), auto.segments(v), "iteration " + iter + " vreg " + v);
            }
        }
        assertTrue(sparseChosen > 0, "no function was wide enough for the sparse layout");
    }

    @Test
    void dominatorsAndPostDominators_matchDefinition() {
        Random rnd = new Random(42);
        for (int iter = 0; iter < 300; iter++) {
            KernelFunction f = randomFunction(rnd, 14, iter % 2 == 0 ? 6 : 40, 3);
            String ctx = "iteration " + iter + "\n" + f.dump();
            Dominators d = Dominators.compute(f);
            PostDominators pd = PostDominators.compute(f);
            Loops loops = Loops.compute(d);
            int nb = f.blockCount();
            for (int a = 0; a < nb; a++) {
                for (int b = 0; b < nb; b++) {
                    assertEquals(naiveDominates(f, a, b), d.dominates(a, b), a + " dom " + b + " " + ctx);
                    assertEquals(naivePostDominates(f, pd, a, b), pd.postDominates(a, b),
                            a + " pdom " + b + " " + ctx);
                }
                // idom: the strict dominator that every other strict dominator dominates.
                int idom = d.idom(a);
                if (idom >= 0) {
                    assertTrue(d.strictlyDominates(idom, a), ctx);
                    for (int c = 0; c < nb; c++) {
                        if (d.strictlyDominates(c, a)) {
                            assertTrue(d.dominates(c, idom), ctx);
                        }
                    }
                }
                int ip = pd.ipdom(a);
                if (ip >= 0) {
                    assertTrue(pd.postDominates(ip, a) && ip != a, ctx);
                    for (int c = 0; c < nb; c++) {
                        if (c != a && pd.postDominates(c, a)) {
                            assertTrue(pd.postDominates(c, ip), ctx);
                        }
                    }
                } else {
                    for (int c = 0; c < nb; c++) {
                        assertTrue(c == a || !pd.postDominates(c, a), ctx);
                    }
                }
                // Loop depth: the number of back-edge headers whose natural loop contains a.
                int depth = 0;
                for (int h = 0; h < nb; h++) {
                    if (naturalLoopContains(f, d, h, a)) {
                        depth++;
                    }
                }
                assertEquals(depth, loops.depth(a), "depth of B" + a + " " + ctx);
            }
            UniformityAnalysis u = UniformityAnalysis.compute(d, pd, loops);
            boolean[][] ref = naiveUniformity(f, pd, loops);
            int uniform = 0;
            for (int v = 0; v < f.vregCount(); v++) {
                assertEquals(!ref[0][v], u.isUniform(v), "uniformity of v" + v + " " + ctx);
                uniform += ref[0][v] ? 0 : 1;
            }
            assertEquals(uniform, u.uniformCount());
            for (int b = 0; b < nb; b++) {
                assertEquals(ref[1][b], u.isDivergentBranch(b), "divergent branch B" + b + " " + ctx);
                assertEquals(ref[2][b], u.isDivergentBlock(b), "divergent block B" + b + " " + ctx);
            }
        }
    }

    /**
     * The uniformity rules applied round-robin until nothing changes: {divergent vregs, divergent
     * branches, divergent blocks}.
     */
    static boolean[][] naiveUniformity(KernelFunction f, PostDominators pd, Loops loops) {
        int nv = f.vregCount();
        int nb = f.blockCount();
        boolean[] div = new boolean[nv];
        boolean[] divBranch = new boolean[nb];
        boolean[] divBlock = new boolean[nb];
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < f.instrCount(); i++) {
                boolean d = f.instrHas(i, InstrFlags.READS_DIVERGENT_SPECIAL) || f.instrHas(i, InstrFlags.CALL);
                switch (f.instrKind(i)) {
                    case LOAD_GLOBAL, LOAD_SHARED, LOAD_LOCAL, ATOMIC, WARP, TEXTURE, MMA, CALL -> d = true;
                    case LOAD_PARAM -> d |= f.kind() == FunctionKind.FUNC;
                    default -> {
                    }
                }
                for (int k = 0; k < f.useCount(i); k++) {
                    d |= div[f.use(i, k)];
                }
                if (d) {
                    for (int k = 0; k < f.defCount(i); k++) {
                        changed |= !div[f.def(i, k)];
                        div[f.def(i, k)] = true;
                    }
                    int b = f.blockOf(i);
                    if (i == f.blockEnd(b) - 1 && f.instrHas(i, InstrFlags.BRANCH)
                            && !f.instrHas(i, InstrFlags.UNIFORM_BRANCH) && f.succCount(b) >= 2
                            && f.useCount(i) > 0 && !divBranch[b]) {
                        divBranch[b] = true;
                        changed = true;
                    }
                }
            }
            for (int b = 0; b < nb; b++) {
                if (!divBranch[b]) {
                    continue;
                }
                int stop = pd.ipdom(b);
                boolean[] seen = new boolean[nb];
                java.util.ArrayDeque<Integer> q = new java.util.ArrayDeque<>();
                for (int k = 0; k < f.succCount(b); k++) {
                    q.add(f.succ(b, k));
                }
                while (!q.isEmpty()) {
                    int x = q.poll();
                    if (x == stop || seen[x]) {
                        continue;
                    }
                    seen[x] = true;
                    changed |= !divBlock[x];
                    divBlock[x] = true;
                    for (int k = 0; k < f.succCount(x); k++) {
                        q.add(f.succ(x, k));
                    }
                }
            }
            for (int v = 0; v < nv; v++) {
                int blocks = 0;
                boolean inDivergent = false;
                boolean[] defined = new boolean[nb];
                for (int i = 0; i < f.instrCount(); i++) {
                    for (int k = 0; k < f.defCount(i); k++) {
                        if (f.def(i, k) == v && !defined[f.blockOf(i)]) {
                            defined[f.blockOf(i)] = true;
                            blocks++;
                            inDivergent |= divBlock[f.blockOf(i)];
                        }
                    }
                }
                if (blocks > 1 && inDivergent && !div[v]) {
                    div[v] = true;
                    changed = true;
                }
            }
            for (int l = 0; l < loops.loopCount(); l++) {
                boolean divergentExit = false;
                for (int b = 0; b < nb; b++) {
                    if (loops.contains(l, b) && divBranch[b]) {
                        for (int k = 0; k < f.succCount(b); k++) {
                            divergentExit |= !loops.contains(l, f.succ(b, k));
                        }
                    }
                }
                if (!divergentExit) {
                    continue;
                }
                for (int i = 0; i < f.instrCount(); i++) {
                    if (!loops.contains(l, f.blockOf(i))) {
                        continue;
                    }
                    for (int k = 0; k < f.defCount(i); k++) {
                        int v = f.def(i, k);
                        for (int j = 0; j < f.instrCount(); j++) {
                            for (int q = 0; q < f.useCount(j); q++) {
                                if (f.use(j, q) == v && !loops.contains(l, f.blockOf(j)) && !div[v]) {
                                    div[v] = true;
                                    changed = true;
                                }
                            }
                        }
                    }
                }
            }
        }
        return new boolean[][] {div, divBranch, divBlock};
    }

    private static boolean naturalLoopContains(KernelFunction f, Dominators d, int h, int x) {
        if (!d.isReachable(x) || !d.dominates(h, x)) {
            return false;
        }
        boolean isHeader = false;
        int nb = f.blockCount();
        boolean[] seen = new boolean[nb];
        int[] stack = new int[nb];
        int sp = 0;
        seen[h] = true;
        for (int k = 0; k < f.predCount(h); k++) {
            int t = f.pred(h, k);
            if (d.isReachable(t) && d.dominates(h, t)) {
                isHeader = true;
                if (!seen[t]) {
                    seen[t] = true;
                    stack[sp++] = t;
                }
            }
        }
        while (sp > 0) {
            int y = stack[--sp];
            for (int k = 0; k < f.predCount(y); k++) {
                int p = f.pred(y, k);
                if (!seen[p] && d.isReachable(p)) {
                    seen[p] = true;
                    stack[sp++] = p;
                }
            }
        }
        return isHeader && seen[x];
    }
}
