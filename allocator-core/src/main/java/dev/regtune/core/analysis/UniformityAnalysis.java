package dev.regtune.core.analysis;

import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;

/**
 * Which vregs hold the same value in every (active) thread of a warp: the candidates for uniform
 * registers (UR, UP). Values come from kernel parameters, constants, uniform special registers
 * ({@code %ctaid}, {@code %nctaid}, {@code %ntid}, ...) and arithmetic on uniform values, outside
 * divergent control.
 *
 * <p>An optimistic fixed point: every vreg starts uniform and is marked divergent, monotonically,
 * by a worklist until nothing changes. A vreg is divergent when
 * <ol>
 *   <li>an instruction defining it is inherently divergent: kind LOAD_GLOBAL, LOAD_SHARED,
 *       LOAD_LOCAL, ATOMIC, WARP (all warp collectives, although {@code vote.all}/{@code .any}
 *       results are in fact uniform: the kind does not tell them from {@code shfl}), TEXTURE, MMA,
 *       CALL (the callee is unknown); LOAD_PARAM in a {@code .func}, whose parameters are
 *       per-thread arguments; or flag {@link InstrFlags#READS_DIVERGENT_SPECIAL};</li>
 *   <li>an instruction defining it reads a divergent vreg, the guard predicate included (a
 *       divergent guard makes some threads write and others not). An instruction with no register
 *       uses ({@code mov.u32 %r1, 5}, {@code ld.param.u64 %rd1, [p]} in a kernel, a
 *       {@link InstrFlags#READS_UNIFORM_SPECIAL} read) defines uniform values; LOAD_PARAM and
 *       LOAD_CONST are uniform exactly when their address operands are;</li>
 *   <li>it is defined in more than one block and one of its defining blocks lies in a divergent
 *       region: the region of a divergent branch is every block reachable from the branch block
 *       before reaching the branch block's immediate post-dominator ({@link PostDominators}; if that
 *       is the virtual exit, everything reachable). A divergent branch is the last instruction of a
 *       block with two or more successors that reads a divergent vreg and is not marked
 *       {@code .uni} ({@link InstrFlags#UNIFORM_BRANCH}: the front end's assertion is trusted);</li>
 *   <li>temporal divergence: it is defined inside a natural loop that has a divergent exit (a
 *       block of the loop whose divergent branch has a successor outside the loop) and it is used
 *       in any block outside that loop. Approximation: "used outside the loop" stands for "live
 *       after the loop"; a use outside the loop that cannot see the loop's value (another def
 *       reaches it) still makes the vreg divergent, which is conservative. Loops come from
 *       {@link Loops}, so an irreducible cycle's exits are not checked; its defs are still caught
 *       by rule 3 when the cycle has a divergent branch and the vreg another def.</li>
 * </ol>
 * A single def inside a divergent region stays uniform: the threads that execute it agree, and the
 * others never define the vreg (its value there is undefined). A vreg that is never defined is
 * uniform. {@code VregFlags.UNIFORM} is neither read nor written: the allocator combines the two.
 * Guarded returns ({@code @%p ret}) do not create regions: the threads that stay agree.
 *
 * <p>Cost: O(instructions + operands + sum of divergent region sizes + loop bodies with a divergent
 * exit). Immutable and thread-safe once computed.
 */
public final class UniformityAnalysis {
    private final int vregs;
    private final long[] divergent;
    private final boolean[] divergentBlock;
    private final boolean[] divergentBranch;
    private final boolean[] divergentExitLoop;
    private final int uniformCount;

    private UniformityAnalysis(int vregs, long[] divergent, boolean[] divergentBlock, boolean[] divergentBranch,
            boolean[] divergentExitLoop) {
        this.vregs = vregs;
        this.divergent = divergent;
        this.divergentBlock = divergentBlock;
        this.divergentBranch = divergentBranch;
        this.divergentExitLoop = divergentExitLoop;
        int d = 0;
        for (long x : divergent) {
            d += Long.bitCount(x);
        }
        this.uniformCount = vregs - d;
    }

    /** Computes dominators, post-dominators and loops of {@code f}, then the uniformity. */
    public static UniformityAnalysis compute(KernelFunction f) {
        Dominators dom = Dominators.compute(f);
        return compute(dom, PostDominators.compute(dom.cfg()), Loops.compute(dom));
    }

    public static UniformityAnalysis compute(Dominators dom, PostDominators pdom, Loops loops) {
        if (loops.dominators() != dom || pdom.blockCount() != dom.blockCount()) {
            throw new IllegalArgumentException("dominators, post-dominators and loops must describe one function");
        }
        return new Solver(dom.function(), dom.cfg(), pdom, loops).solve();
    }

    /** The fixed-point computation; one instance per {@link #compute} call. */
    private static final class Solver {
        private final KernelFunction f;
        private final Cfg cfg;
        private final PostDominators pdom;
        private final Loops loops;
        private final int vregs;
        private final long[] div;
        private final int[] work;
        private int sp;
        /** CSR: instructions using vreg v (once per use operand). */
        private final int[] useStart;
        private final int[] useInstr;
        private final boolean[] multiDef;
        private final boolean[] divBlock;
        private final boolean[] divBranch;
        private final boolean[] divExitLoop;
        private final int[] regionStamp;
        private final int[] regionStack;
        /** Instructions known to compute divergent values (their defs are marked). */
        private final boolean[] instrDivergent;

        Solver(KernelFunction f, Cfg cfg, PostDominators pdom, Loops loops) {
            this.f = f;
            this.cfg = cfg;
            this.pdom = pdom;
            this.loops = loops;
            this.vregs = f.vregCount();
            this.div = new long[(vregs + 63) >>> 6];
            this.work = new int[vregs];
            int n = f.instrCount();
            int[] start = new int[vregs + 1];
            int[] defBlock = new int[vregs];
            java.util.Arrays.fill(defBlock, -1);
            boolean[] multi = new boolean[vregs];
            for (int i = 0; i < n; i++) {
                for (int k = 0, c = f.useCount(i); k < c; k++) {
                    start[f.use(i, k) + 1]++;
                }
                int b = f.blockOf(i);
                for (int k = 0, c = f.defCount(i); k < c; k++) {
                    int d = f.def(i, k);
                    if (defBlock[d] < 0) {
                        defBlock[d] = b;
                    } else if (defBlock[d] != b) {
                        multi[d] = true;
                    }
                }
            }
            for (int v = 0; v < vregs; v++) {
                start[v + 1] += start[v];
            }
            int[] fill = java.util.Arrays.copyOf(start, vregs);
            int[] uses = new int[start[vregs]];
            for (int i = 0; i < n; i++) {
                for (int k = 0, c = f.useCount(i); k < c; k++) {
                    uses[fill[f.use(i, k)]++] = i;
                }
            }
            this.useStart = start;
            this.useInstr = uses;
            this.multiDef = multi;
            this.divBlock = new boolean[cfg.blocks];
            this.divBranch = new boolean[cfg.blocks];
            this.divExitLoop = new boolean[loops.loopCount()];
            this.regionStamp = new int[cfg.blocks];
            java.util.Arrays.fill(regionStamp, -1);
            this.regionStack = new int[cfg.blocks];
            this.instrDivergent = new boolean[n];
        }

        UniformityAnalysis solve() {
            boolean funcParams = f.kind() == FunctionKind.FUNC;
            for (int i = 0, n = f.instrCount(); i < n; i++) {
                if (f.defCount(i) > 0 && inherentlyDivergent(i, funcParams)) {
                    instrDivergent[i] = true;
                    markDefs(i);
                }
            }
            while (sp > 0) {
                int v = work[--sp];
                for (int e = useStart[v], end = useStart[v + 1]; e < end; e++) {
                    int i = useInstr[e];
                    if (instrDivergent[i]) {
                        continue; // its defs are marked and its branch handled already
                    }
                    instrDivergent[i] = true;
                    markDefs(i);
                    int b = f.blockOf(i);
                    if (i == f.blockEnd(b) - 1 && !divBranch[b] && isConditionalBranch(i, b)) {
                        divergentBranch(b);
                    }
                }
            }
            return new UniformityAnalysis(vregs, div, divBlock, divBranch, divExitLoop);
        }

        private boolean inherentlyDivergent(int i, boolean funcParams) {
            int flags = f.instrFlags(i);
            if ((flags & (InstrFlags.READS_DIVERGENT_SPECIAL | InstrFlags.CALL)) != 0) {
                return true;
            }
            InstrKind kind = f.instrKind(i);
            return switch (kind) {
                case LOAD_GLOBAL, LOAD_SHARED, LOAD_LOCAL, ATOMIC, WARP, TEXTURE, MMA, CALL -> true;
                case LOAD_PARAM -> funcParams;
                default -> false;
            };
        }

        private boolean isConditionalBranch(int i, int b) {
            int flags = f.instrFlags(i);
            return (flags & InstrFlags.BRANCH) != 0 && (flags & InstrFlags.UNIFORM_BRANCH) == 0
                    && cfg.succStart[b + 1] - cfg.succStart[b] >= 2;
        }

        private void mark(int v) {
            long bit = 1L << v;
            int w = v >>> 6;
            if ((div[w] & bit) == 0) {
                div[w] |= bit;
                work[sp++] = v;
            }
        }

        private void markDefs(int i) {
            for (int k = 0, c = f.defCount(i); k < c; k++) {
                mark(f.def(i, k));
            }
        }

        private void divergentBranch(int b) {
            divBranch[b] = true;
            // The region: blocks reachable from b's successors before b's immediate post-dominator.
            int stop = pdom.ipdom(b);
            int top = 0;
            for (int e = cfg.succStart[b], end = cfg.succStart[b + 1]; e < end; e++) {
                int s = cfg.succ[e];
                if (s != stop && regionStamp[s] != b) {
                    regionStamp[s] = b;
                    regionStack[top++] = s;
                }
            }
            while (top > 0) {
                int x = regionStack[--top];
                if (!divBlock[x]) {
                    divBlock[x] = true;
                    for (int i = f.blockStart(x), end = f.blockEnd(x); i < end; i++) {
                        for (int k = 0, c = f.defCount(i); k < c; k++) {
                            int d = f.def(i, k);
                            if (multiDef[d]) {
                                mark(d);
                            }
                        }
                    }
                }
                for (int e = cfg.succStart[x], end = cfg.succStart[x + 1]; e < end; e++) {
                    int s = cfg.succ[e];
                    if (s != stop && regionStamp[s] != b) {
                        regionStamp[s] = b;
                        regionStack[top++] = s;
                    }
                }
            }
            // Temporal divergence: every loop this branch leaves has a divergent exit.
            for (int l = loops.loopOf(b); l >= 0; l = loops.loopParent(l)) {
                if (divExitLoop[l] || !leavesLoop(b, l)) {
                    continue;
                }
                divExitLoop[l] = true;
                for (int k = 0, nb = loops.loopBlockCount(l); k < nb; k++) {
                    int x = loops.loopBlock(l, k);
                    for (int i = f.blockStart(x), end = f.blockEnd(x); i < end; i++) {
                        for (int q = 0, c = f.defCount(i); q < c; q++) {
                            int d = f.def(i, q);
                            if ((div[d >>> 6] & (1L << d)) == 0 && usedOutside(d, l)) {
                                mark(d);
                            }
                        }
                    }
                }
            }
        }

        private boolean leavesLoop(int b, int l) {
            for (int e = cfg.succStart[b], end = cfg.succStart[b + 1]; e < end; e++) {
                if (!loops.contains(l, cfg.succ[e])) {
                    return true;
                }
            }
            return false;
        }

        private boolean usedOutside(int v, int l) {
            for (int e = useStart[v], end = useStart[v + 1]; e < end; e++) {
                if (!loops.contains(l, f.blockOf(useInstr[e]))) {
                    return true;
                }
            }
            return false;
        }
    }

    public int vregCount() {
        return vregs;
    }

    /** Whether {@code v} holds the same value in every active thread of a warp. */
    public boolean isUniform(int v) {
        return (divergent[v >>> 6] & (1L << v)) == 0;
    }

    /** Number of uniform vregs. */
    public int uniformCount() {
        return uniformCount;
    }

    /** Longs in {@link #uniformBits()}: {@code (vregCount + 63) / 64}. */
    public int words() {
        return divergent.length;
    }

    /** The uniform vregs as a bitset (bit {@code v & 63} of word {@code v >>> 6}); a fresh copy. */
    public long[] uniformBits() {
        long[] bits = new long[divergent.length];
        copyUniformBits(bits);
        return bits;
    }

    /** Writes the uniform set into {@code dst[0 .. words())} without allocating. */
    public void copyUniformBits(long[] dst) {
        int full = vregs >>> 6;
        for (int j = 0; j < divergent.length; j++) {
            long valid = j < full ? -1L : (1L << (vregs & 63)) - 1;
            dst[j] = ~divergent[j] & valid;
        }
    }

    /** Whether block {@code b} lies in the region of some divergent branch. */
    public boolean isDivergentBlock(int b) {
        return divergentBlock[b];
    }

    /** Whether block {@code b} ends in a divergent conditional branch. */
    public boolean isDivergentBranch(int b) {
        return divergentBranch[b];
    }

    /** Whether loop {@code l} (numbered as in {@link Loops}) has a divergent exit. */
    public boolean hasDivergentExit(int l) {
        return divergentExitLoop[l];
    }
}
