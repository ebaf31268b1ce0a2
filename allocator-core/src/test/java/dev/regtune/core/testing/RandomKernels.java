package dev.regtune.core.testing;

import dev.regtune.core.ir.ConstraintKind;
import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.ir.VregConstraint;
import dev.regtune.core.ir.VregFlags;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random but well-formed kernels for tests and fuzzing: straight-line runs, if/else diamonds,
 * nested loops with back edges, early exits (guarded {@code ret} and branches to the exit); R
 * singles, R pairs, a few R quads, a few UR values, predicates used as guards and branch
 * conditions; copies, guarded defs, vector groups, values used before any def, dead defs,
 * redefinitions, values flagged {@link VregFlags#UNIFORM}. Register pressure is drawn per kernel:
 * tiny (a handful of values), medium, or high (several hundred values live at once, far above
 * 255).
 *
 * <p>Deterministic: the same seed and size give the same function.
 */
public final class RandomKernels {
    private RandomKernels() {
    }

    /** A kernel of roughly {@code approxInstructions} instructions (a few more for the closing code). */
    public static KernelFunction generate(long seed, int approxInstructions) {
        return new Generator(seed, approxInstructions).run();
    }

    /** The kinds of value the generator makes. */
    private enum Kind {
        R(RegClass.R, PairMode.SINGLE, "%r", ".b32"),
        RD(RegClass.R, PairMode.DOUBLE, "%rd", ".b64"),
        RQ(RegClass.R, PairMode.QUAD, "%rq", ".b128"),
        UR(RegClass.UR, PairMode.SINGLE, "%ur", ".b32"),
        P(RegClass.P, PairMode.SINGLE, "%p", ".pred");

        final RegClass cls;
        final PairMode mode;
        final String prefix;
        final String suffix;

        Kind(RegClass cls, PairMode mode, String prefix, String suffix) {
            this.cls = cls;
            this.mode = mode;
            this.prefix = prefix;
            this.suffix = suffix;
        }
    }

    private static final class Generator {
        private static final int MAX_DEPTH = 4;

        private final SplittableRandom rnd;
        private final int size;
        private final int pressure;
        private final FunctionBuilder fb;
        /** Values that later instructions may read, per kind (the generator's idea of "live"). */
        private final List<List<Integer>> pools = new ArrayList<>();
        private final int[] names = new int[Kind.values().length];
        private int labels;
        private boolean exitUsed;
        private int undefinedReads;

        Generator(long seed, int approxInstructions) {
            this.rnd = new SplittableRandom(seed);
            this.size = Math.max(1, approxInstructions);
            int profile = rnd.nextInt(10);
            if (profile < 3) {
                pressure = 2 + rnd.nextInt(5);
            } else if (profile < 7) {
                pressure = 16 + rnd.nextInt(105);
            } else {
                pressure = 280 + rnd.nextInt(421);
            }
            this.fb = new FunctionBuilder("random_" + Long.toHexString(seed), FunctionKind.ENTRY);
            for (int k = 0; k < Kind.values().length; k++) {
                pools.add(new ArrayList<>());
            }
        }

        KernelFunction run() {
            // Prologue: two parameters read together, so every kernel has two R values live at one point.
            int a = fresh(Kind.R);
            int b = fresh(Kind.R);
            emit("ld.param.u32", InstrKind.LOAD_PARAM, 0, new int[] {a}, new int[0]);
            emit("ld.param.u32", InstrKind.LOAD_PARAM, 0, new int[] {b}, new int[0]);
            int c = fresh(Kind.R);
            emit("add.s32", InstrKind.INT_ALU, 0, new int[] {c}, new int[] {a, b});
            pool(Kind.R).add(a);
            pool(Kind.R).add(c);
            region(size - fb.instrCount(), 0);
            // Epilogue: read some of what is still pending, then leave.
            for (int k = 0; k < 1 + rnd.nextInt(3); k++) {
                vectorStore();
            }
            if (exitUsed) {
                fb.label("EXIT");
            }
            fb.instr("ret", InstrKind.RETURN, InstrFlags.RETURN | InstrFlags.NO_FALLTHROUGH, new int[0], new int[0], 0);
            return fb.build();
        }

        // ---- control flow ----

        private void region(int budget, int depth) {
            int end = fb.instrCount() + budget;
            while (fb.instrCount() < end) {
                int left = end - fb.instrCount();
                int r = rnd.nextInt(100);
                if (left > 8 && depth < MAX_DEPTH && r < 10) {
                    diamond(left, depth);
                } else if (left > 8 && depth < MAX_DEPTH && r < 20) {
                    loop(left, depth);
                } else if (r < 23) {
                    earlyExit();
                } else {
                    straight(Math.min(left, 1 + rnd.nextInt(10)));
                }
            }
        }

        private void diamond(int left, int depth) {
            int budget = Math.min(left - 3, 2 + rnd.nextInt(Math.max(1, left / 2)));
            int p = predicate();
            String elseLabel = label("ELSE");
            String endLabel = label("ENDIF");
            boolean hasElse = rnd.nextInt(3) != 0;
            fb.branch("bra", guard(), new int[] {p}, List.of(hasElse ? elseLabel : endLabel), 0);
            int thenBudget = hasElse ? budget / 2 : budget;
            List<List<Integer>> before = snapshot();
            region(thenBudget, depth + 1);
            List<List<Integer>> afterThen = snapshot();
            List<List<Integer>> afterElse = before;
            if (hasElse) {
                if (rnd.nextInt(6) == 0) {
                    fb.instr("ret", InstrKind.RETURN, InstrFlags.RETURN | InstrFlags.NO_FALLTHROUGH, new int[0],
                            new int[0], 0); // an early exit that ends the then-arm
                } else {
                    fb.branch("bra.uni", InstrFlags.NO_FALLTHROUGH | InstrFlags.UNIFORM_BRANCH, new int[0],
                            List.of(endLabel), 0);
                }
                restore(before); // the else-arm cannot see what the then-arm defined
                fb.label(elseLabel);
                region(budget - thenBudget, depth + 1);
                afterElse = snapshot();
            }
            fb.label(endLabel);
            join(before, afterThen, afterElse);
        }

        /**
         * After a diamond: what was readable before and is still readable after both arms, plus a
         * few values defined in one arm only (read after the join they are live from function
         * entry along the other arm, like a value used before any def).
         */
        private void join(List<List<Integer>> before, List<List<Integer>> afterThen, List<List<Integer>> afterElse) {
            for (int k = 0; k < pools.size(); k++) {
                List<Integer> joined = new ArrayList<>();
                for (int v : before.get(k)) {
                    if (afterThen.get(k).contains(v) && afterElse.get(k).contains(v)) {
                        joined.add(v);
                    }
                }
                for (List<Integer> arm : List.of(afterThen.get(k), afterElse.get(k))) {
                    for (int v : arm) {
                        if (!before.get(k).contains(v) && !joined.contains(v) && rnd.nextInt(100) < leakPercent()) {
                            joined.add(v);
                        }
                    }
                }
                pools.set(k, joined);
            }
        }

        private int leakPercent() {
            return pressure < 10 ? 1 : 8;
        }

        private List<List<Integer>> snapshot() {
            List<List<Integer>> copy = new ArrayList<>();
            for (List<Integer> p : pools) {
                copy.add(new ArrayList<>(p));
            }
            return copy;
        }

        private void restore(List<List<Integer>> saved) {
            for (int k = 0; k < pools.size(); k++) {
                pools.set(k, new ArrayList<>(saved.get(k)));
            }
        }

        private void loop(int left, int depth) {
            int budget = Math.min(left - 4, 3 + rnd.nextInt(Math.max(1, left / 2)));
            int counter = fresh(Kind.R);
            emit("mov.u32", InstrKind.MOVE, 0, new int[] {counter}, new int[0]);
            String head = label("LOOP");
            fb.label(head);
            region(budget, depth + 1);
            // Loop-carried values: redefined from themselves, so they live around the back edge.
            for (int k = rnd.nextInt(3); k > 0; k--) {
                int x = pick(Kind.R);
                if (x >= 0) {
                    emit("add.s32", InstrKind.INT_ALU, 0, new int[] {x}, new int[] {x});
                }
            }
            emit("add.s32", InstrKind.INT_ALU, 0, new int[] {counter}, new int[] {counter});
            int p = fresh(Kind.P);
            int bound = pick(Kind.R);
            emit("setp.lt.s32", InstrKind.INT_ALU, 0, new int[] {p}, bound >= 0 ? new int[] {counter, bound}
                    : new int[] {counter});
            fb.branch("bra", guard(), new int[] {p}, List.of(head), 0);
        }

        private void earlyExit() {
            int p = predicate();
            if (rnd.nextBoolean()) {
                fb.instr("ret", InstrKind.RETURN, guard() | InstrFlags.RETURN, new int[0], new int[] {p}, 0);
            } else {
                exitUsed = true;
                fb.branch("bra", guard(), new int[] {p}, List.of("EXIT"), 0);
            }
        }

        // ---- straight-line code ----

        private void straight(int n) {
            for (int k = 0; k < n; k++) {
                int r = rnd.nextInt(100);
                if (r < 55) {
                    alu();
                } else if (r < 68) {
                    copy();
                } else if (r < 80) {
                    guarded();
                } else if (r < 86) {
                    vectorLoad();
                } else if (r < 91) {
                    vectorStore();
                } else if (r < 95) {
                    useBeforeDef();
                } else {
                    int x = pick(Kind.R);
                    if (x >= 0) {
                        emit("add.s32", InstrKind.INT_ALU, 0, new int[] {x}, new int[] {x, anyUse(Kind.R, x)});
                    } else {
                        alu();
                    }
                }
            }
        }

        private void alu() {
            Kind kind = drawKind();
            if (kind == Kind.P) {
                int p = rnd.nextInt(5) == 0 && !pool(Kind.P).isEmpty() ? pick(Kind.P) : fresh(Kind.P);
                emit("setp.ne.s32", InstrKind.INT_ALU, 0, new int[] {p}, uses(Kind.R, 1 + rnd.nextInt(2)));
                maybeKeep(Kind.P, p);
                return;
            }
            // Below the pressure target, grow faster with defs that read nothing.
            int useCount = below() && rnd.nextInt(10) < 4 ? 0 : 1 + rnd.nextInt(3);
            Kind useKind = kind == Kind.UR ? Kind.UR : rnd.nextInt(4) == 0 ? kind : Kind.R;
            int[] uses = uses(useKind, useCount);
            int d;
            if (rnd.nextInt(8) == 0 && !pool(kind).isEmpty()) {
                d = pick(kind); // redefinition of a value that may still be live elsewhere
            } else {
                d = fresh(kind);
            }
            String op = switch (kind) {
                case RD -> "fma.rn.f64";
                case RQ -> "mov.b128";
                case UR -> "uiadd3";
                default -> uses.length == 0 ? "mov.u32" : "add.s32";
            };
            InstrKind ik = kind == Kind.RD ? InstrKind.FP64 : uses.length == 0 ? InstrKind.MOVE : InstrKind.INT_ALU;
            emit(op, ik, 0, new int[] {d}, uses);
            if (rnd.nextInt(16) != 0) { // otherwise a dead def
                keep(kind, d);
            }
        }

        private void copy() {
            Kind kind = drawKind();
            int src = pick(kind);
            if (src < 0) {
                alu();
                return;
            }
            int dst = rnd.nextInt(7) == 0 && pool(kind).size() > 1 ? pick(kind) : fresh(kind);
            if (dst == src) {
                dst = fresh(kind);
            }
            emit("mov" + kind.suffix, InstrKind.MOVE, InstrFlags.COPY, new int[] {dst}, new int[] {src});
            if (rnd.nextInt(5) < 3) {
                pool(kind).remove(Integer.valueOf(src)); // the source dies at the copy
            }
            keep(kind, dst);
        }

        /**
         * {@code @p d = ...}: mostly a conditional overwrite of a readable value (which stays live
         * through it), sometimes a value that only this guarded instruction defines.
         */
        private void guarded() {
            int p = predicate();
            boolean overwrite = rnd.nextInt(100) < 85 && !pool(Kind.R).isEmpty();
            int d = overwrite ? pick(Kind.R) : fresh(Kind.R);
            int[] rest = uses(Kind.R, rnd.nextInt(3));
            int[] uses = new int[rest.length + 1];
            uses[0] = p;
            System.arraycopy(rest, 0, uses, 1, rest.length);
            emit(rest.length == 0 ? "mov.u32" : "add.s32", InstrKind.INT_ALU, guard(), new int[] {d}, uses);
            if (overwrite || rnd.nextInt(100) < leakPercent()) {
                keep(Kind.R, d);
            }
        }

        private void vectorLoad() {
            int width = rnd.nextBoolean() ? 2 : 4;
            int[] defs = new int[width];
            for (int k = 0; k < width; k++) {
                defs[k] = fresh(Kind.R);
                fb.addVregFlags(defs[k], VregFlags.VECTOR_MEMBER);
            }
            for (int k = 0; k < width; k++) {
                fb.constraint(new VregConstraint(defs[k], ConstraintKind.VECTOR_GROUP, defs[0], width));
            }
            int address = pick(Kind.RD);
            emit("ld.global.v" + width + ".u32", InstrKind.LOAD_GLOBAL, 0, defs,
                    address >= 0 ? new int[] {address} : new int[0]);
            for (int d : defs) {
                if (rnd.nextInt(8) != 0) {
                    keep(Kind.R, d);
                }
            }
        }

        private void vectorStore() {
            int width = rnd.nextBoolean() ? 2 : 4;
            int[] values = uses(Kind.R, width);
            int address = anyUse(Kind.RD, -1);
            int[] uses = new int[values.length + (address >= 0 ? 1 : 0)];
            System.arraycopy(values, 0, uses, 0, values.length);
            if (address >= 0) {
                uses[values.length] = address;
            }
            emit("st.global.v" + width + ".u32", InstrKind.STORE_GLOBAL, 0, new int[0], uses);
        }

        /** Reads a value nothing has defined yet: it is live from function entry. */
        private void useBeforeDef() {
            if (undefinedReads >= Math.max(1, pressure / 4)) {
                alu();
                return;
            }
            undefinedReads++;
            int u = fresh(Kind.R);
            int d = fresh(Kind.R);
            emit("add.s32", InstrKind.INT_ALU, 0, new int[] {d}, new int[] {u, anyUse(Kind.R, u)});
            keep(Kind.R, d);
            if (rnd.nextBoolean()) {
                keep(Kind.R, u); // later code may read it again, or define it
            }
        }

        // ---- values ----

        private Kind drawKind() {
            int r = rnd.nextInt(100);
            if (r < 64) {
                return Kind.R;
            } else if (r < 80) {
                return Kind.RD;
            } else if (r < 83) {
                return Kind.RQ;
            } else if (r < 88) {
                return Kind.UR;
            }
            return Kind.P;
        }

        private int fresh(Kind kind) {
            int flags = kind == Kind.UR || (kind == Kind.R && rnd.nextInt(10) == 0) ? VregFlags.UNIFORM : 0;
            return fb.vreg(kind.prefix + names[kind.ordinal()]++, kind.cls, kind.mode, flags);
        }

        private List<Integer> pool(Kind kind) {
            return pools.get(kind.ordinal());
        }

        private int pick(Kind kind) {
            List<Integer> p = pool(kind);
            return p.isEmpty() ? -1 : p.get(rnd.nextInt(p.size()));
        }

        /** Up to {@code n} reads of {@code kind} values; each may be the value's last. */
        private int[] uses(Kind kind, int n) {
            int[] out = new int[n];
            int k = 0;
            for (int j = 0; j < n; j++) {
                int v = anyUse(kind, -1);
                if (v >= 0) {
                    out[k++] = v;
                }
            }
            return java.util.Arrays.copyOf(out, k);
        }

        /** A value of {@code kind} to read (not {@code not} if others exist), maybe dying here; -1 if none. */
        private int anyUse(Kind kind, int not) {
            List<Integer> p = pool(kind);
            if (p.isEmpty()) {
                return kind == Kind.R && not >= 0 ? not : -1;
            }
            int idx = rnd.nextInt(p.size());
            int v = p.get(idx);
            if (v == not && p.size() > 1) {
                idx = (idx + 1) % p.size();
                v = p.get(idx);
            }
            if (lastUse(kind)) {
                p.set(idx, p.get(p.size() - 1));
                p.remove(p.size() - 1);
            }
            return v;
        }

        private boolean lastUse(Kind kind) {
            return pool(kind).size() > cap(kind) ? rnd.nextInt(2) == 0 : rnd.nextInt(25) == 0;
        }

        /** How many values of a kind the generator keeps readable at once. */
        private int cap(Kind kind) {
            return switch (kind) {
                case R -> pressure;
                case RD -> Math.max(1, pressure / 5);
                case RQ -> pressure < 10 ? 1 : 3;
                case UR, P -> 5;
            };
        }

        private boolean below() {
            return pool(Kind.R).size() < pressure;
        }

        private void keep(Kind kind, int v) {
            List<Integer> p = pool(kind);
            if (!p.contains(v)) {
                p.add(v);
            }
            if (p.size() > cap(kind)) {
                p.remove(rnd.nextInt(p.size() - 1)); // an older value was read for the last time already
            }
        }

        private void maybeKeep(Kind kind, int v) {
            if (rnd.nextBoolean()) {
                keep(kind, v);
            }
        }

        /** A predicate for a guard or branch: an existing one, or a fresh compare. */
        private int predicate() {
            int p = rnd.nextInt(5) < 3 ? anyUse(Kind.P, -1) : -1;
            if (p >= 0) {
                return p;
            }
            p = fresh(Kind.P);
            emit("setp.lt.s32", InstrKind.INT_ALU, 0, new int[] {p}, uses(Kind.R, 2));
            maybeKeep(Kind.P, p);
            return p;
        }

        private int guard() {
            return InstrFlags.GUARDED | (rnd.nextInt(4) == 0 ? InstrFlags.GUARD_NEGATED : 0);
        }

        private String label(String what) {
            return what + "_" + labels++;
        }

        private void emit(String opcode, InstrKind kind, int flags, int[] defs, int[] uses) {
            fb.instr(opcode, kind, flags, defs, uses, 0);
        }
    }
}
