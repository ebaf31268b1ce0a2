package dev.regtune.core.check;

import dev.regtune.core.alloc.Assignment;
import dev.regtune.core.alloc.SpillSpace;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Verifies that an {@link Assignment} of a function is free of interference, sharing nothing with the allocator but the
 * IR and the assignment itself. The rules are those of the package documentation; each stage
 * below checks one of them. Stateless and thread-safe: every call works on its own objects.
 */
public final class AllocationChecker {
    /** At most this many violations are kept in a report; all are counted. */
    public static final int MAX_REPORTED = 50;

    private final KernelFunction fn;
    private final Assignment a;
    private final List<Violation> kept = new ArrayList<>();
    private int count;
    /** Unordered vreg pairs already reported as conflicting, per conflict kind. */
    private final Set<Long> registerPairs = new HashSet<>();
    private final Set<Long> spillPairs = new HashSet<>();

    private AllocationChecker(KernelFunction fn, Assignment a) {
        this.fn = fn;
        this.a = a;
    }

    /** Checks {@code a} against {@code fn} and returns every violation found (the first few in full). */
    public static CheckReport check(KernelFunction fn, Assignment a) {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(a, "a");
        return new AllocationChecker(fn, a).run();
    }

    /**
     * Checks {@code a} against {@code fn}.
     *
     * @throws AllocationCheckException with the report's summary when the assignment is invalid
     */
    public static void verify(KernelFunction fn, Assignment a) {
        CheckReport report = check(fn, a);
        if (!report.ok()) {
            throw new AllocationCheckException(report);
        }
    }

    private CheckReport run() {
        if (a.vregCount() != fn.vregCount() || a.operandCount() != fn.operandCount()) {
            report(ViolationKind.SHAPE_MISMATCH, -1, -1, -1, "The assignment covers " + a.vregCount() + " vregs and "
                    + a.operandCount() + " operands, but " + fn.name() + " has " + fn.vregCount() + " vregs and "
                    + fn.operandCount() + " operands.");
            return report();
        }
        LiveRanges live = LiveRanges.compute(fn);
        boolean[] classed = checkClasses(live);
        UnitOccupancy[] registers = new UnitOccupancy[RegClass.ID_LIMIT];
        for (RegClass c : RegClass.values()) {
            registers[c.id()] = new UnitOccupancy();
        }
        checkValues(live, classed, registers);
        checkSpilledOperands(classed, registers);
        for (RegClass c : RegClass.values()) {
            int cls = c.id();
            registers[cls].findOverlaps((unit, first, second, point) -> registerConflict(cls, unit, first, second, point));
        }
        checkSpillMemory(live, classed, SpillSpace.LMEM);
        checkSpillMemory(live, classed, SpillSpace.SMEM);
        return report();
    }

    // ---- rule: every occurring vreg has a class ----

    private boolean[] checkClasses(LiveRanges live) {
        boolean[] classed = new boolean[fn.vregCount()];
        for (int v = 0; v < fn.vregCount(); v++) {
            if (!live.occurs(v)) {
                continue;
            }
            int c = a.classOf(v);
            if (c >= 1 && c < RegClass.ID_LIMIT) {
                classed[v] = true;
            } else {
                int i = firstInstr(v);
                report(ViolationKind.MISSING_CLASS, v, -1, i, name(v) + " appears in " + instr(i)
                        + " but is assigned class " + c + " (an allocatable class is 1..6).");
            }
        }
        return classed;
    }

    // ---- rules: registers of values in registers; spill slots of spilled values ----

    private void checkValues(LiveRanges live, boolean[] classed, UnitOccupancy[] registers) {
        for (int v = 0; v < fn.vregCount(); v++) {
            if (!classed[v]) {
                continue;
            }
            int c = a.classOf(v);
            int slot = a.slotOf(v);
            if (a.isSpilled(v)) {
                SpillSpace space = a.spillSpace(v);
                if (slot != -1) {
                    report(ViolationKind.SPILLED_WITH_SLOT, v, -1, -1, name(v) + " is spilled to " + space
                            + " but also holds " + reg(c, slot, fn.vregSlots(v)) + " (a spilled value has slot -1).");
                }
                if ((space == SpillSpace.LMEM || space == SpillSpace.SMEM)
                        && (a.spillOffset(v) < 0 || a.spillOffset(v) % 4 != 0)) {
                    report(ViolationKind.BAD_SPILL_OFFSET, v, -1, -1, name(v) + " is spilled to " + space
                            + " at byte offset " + a.spillOffset(v) + ", which is not a non-negative multiple of 4.");
                }
                continue;
            }
            if (slot < 0) {
                int p = live.firstPoint(v);
                report(ViolationKind.MISSING_SLOT, v, -1, p / 2, name(v) + " is live (first at " + point(p)
                        + ") but has neither a register nor a spill slot.");
                continue;
            }
            if (checkRegister(v, c, slot, -1, "holds")) {
                for (int k = 0; k < fn.vregSlots(v); k++) {
                    for (int r = 0; r < live.intervalCount(v); r++) {
                        registers[c].add(slot + k, live.from(v, r), live.to(v, r), v);
                    }
                }
            }
        }
    }

    /**
     * Checks that {@code v} may start at {@code slot} of class {@code c}: within the budget and
     * aligned. Returns whether the registers lie within the budget (only those take part in the
     * conflict sweep; those beyond it are reported here once).
     */
    private boolean checkRegister(int v, int c, int slot, int instr, String what) {
        int n = fn.vregSlots(v);
        PairMode mode = fn.pairMode(v);
        String who = instr < 0 ? name(v) + " " + what : name(v) + " " + what + " in " + instr(instr);
        boolean inBudget = (long) slot + n <= a.classBudget(c);
        if (!inBudget) {
            report(ViolationKind.SLOT_OUT_OF_BUDGET, v, -1, instr, who + " " + reg(c, slot, n) + ", beyond the "
                    + RegClass.ofId(c) + " budget of " + a.classBudget(c) + " slots.");
        }
        if (!mode.accepts(slot)) {
            report(ViolationKind.MISALIGNED_SLOT, v, -1, instr, who + " " + reg(c, slot, n) + ", but a " + mode
                    + " value may not start at slot " + slot + alignmentHint(mode) + ".");
        }
        return inBudget;
    }

    // ---- rule: spilled values hold a register exactly at their own operands ----

    private void checkSpilledOperands(boolean[] classed, UnitOccupancy[] registers) {
        for (int i = 0; i < fn.instrCount(); i++) {
            checkSpilledOperandsAt(i, true, classed, registers);
            checkSpilledOperandsAt(i, false, classed, registers);
        }
    }

    /** The defs (at the write point) or the uses (at the read point) of spilled values at {@code i}. */
    private void checkSpilledOperandsAt(int i, boolean defs, boolean[] classed, UnitOccupancy[] registers) {
        int n = defs ? fn.defCount(i) : fn.useCount(i);
        int point = defs ? 2 * i + 1 : 2 * i;
        String role = defs ? "def" : "use";
        for (int k = 0; k < n; k++) {
            int op = defs ? fn.defOperand(i, k) : fn.useOperand(i, k);
            int v = fn.operandVreg(op);
            if (!classed[v] || !a.isSpilled(v)) {
                continue;
            }
            int c = a.classOf(v);
            int slot = a.operandSlot(op);
            if (slot < 0) {
                report(ViolationKind.MISSING_OPERAND_SLOT, v, -1, i, name(v) + " is spilled, but its " + role
                        + " in " + instr(i) + " has no register (operand slot " + slot + ").");
                continue;
            }
            int earlier = earlierOccurrenceSlot(i, defs, k, v);
            if (earlier == slot) {
                continue; // the same register as an earlier occurrence at this point: checked already
            }
            if (earlier >= 0) {
                report(ViolationKind.OPERAND_SLOT_MISMATCH, v, -1, i, name(v) + " is spilled and occurs twice as a "
                        + role + " of " + instr(i) + ", in " + reg(c, earlier, fn.vregSlots(v)) + " and in "
                        + reg(c, slot, fn.vregSlots(v)) + " at the same " + point(point) + ".");
            }
            int from = point;
            if (!defs && a.reloadReused(op)) {
                from = heldSince(i, v, slot, c);
            }
            if (checkRegister(v, c, slot, i, "at its " + role)) {
                for (int s = 0; s < fn.vregSlots(v); s++) {
                    registers[c].add(slot + s, from, point, v);
                }
            }
        }
    }

    /**
     * For a use of spilled {@code v} at {@code i} that reuses an earlier reload: the point just
     * after the nearest earlier occurrence of {@code v} in the same block (a def's write point
     * or a use's read point), which must hold {@code v} in the same register. The register is
     * then occupied by {@code v} from there to the use. Reports the violation and returns the
     * use's own read point when there is no such occurrence.
     */
    private int heldSince(int i, int v, int slot, int c) {
        int block = fn.blockOf(i);
        for (int j = i - 1; j >= 0 && fn.blockOf(j) == block; j--) {
            int held = occurrenceSlot(j, v, true);
            int point = 2 * j + 1;
            if (held == -2) {
                held = occurrenceSlot(j, v, false);
                point = 2 * j;
            }
            if (held == -2) {
                continue;
            }
            if (held != slot) {
                report(ViolationKind.RELOAD_NOT_HELD, v, -1, i, name(v) + " is read in " + instr(i) + " from "
                        + reg(c, slot, fn.vregSlots(v)) + " without a reload, but its previous occurrence in "
                        + instr(j) + " left it in " + (held < 0 ? "no register" : reg(c, held, fn.vregSlots(v)))
                        + ".");
                return 2 * i;
            }
            return point + 1;
        }
        report(ViolationKind.RELOAD_NOT_HELD, v, -1, i, name(v) + " is read in " + instr(i) + " from "
                + reg(c, slot, fn.vregSlots(v)) + " without a reload, but nothing earlier in its block holds it.");
        return 2 * i;
    }

    /** The operand slot of {@code v} among the defs (or uses) of {@code j}; -2 when it is not among them. */
    private int occurrenceSlot(int j, int v, boolean defs) {
        int n = defs ? fn.defCount(j) : fn.useCount(j);
        for (int k = 0; k < n; k++) {
            int op = defs ? fn.defOperand(j, k) : fn.useOperand(j, k);
            if (fn.operandVreg(op) == v) {
                return a.operandSlot(op);
            }
        }
        return -2;
    }

    /** The operand slot of the first earlier def (or use) of {@code v} at {@code i}, or -1 if none. */
    private int earlierOccurrenceSlot(int i, boolean defs, int k, int v) {
        for (int j = 0; j < k; j++) {
            int op = defs ? fn.defOperand(i, j) : fn.useOperand(i, j);
            if (fn.operandVreg(op) == v) {
                return a.operandSlot(op);
            }
        }
        return -1;
    }

    // ---- rule: no two values of one class in overlapping registers at one point ----

    private void registerConflict(int c, int unit, int first, int second, int point) {
        if (!registerPairs.add(pairKey(first, second))) {
            return;
        }
        report(ViolationKind.REGISTER_CONFLICT, first, second, point / 2, describe(first, c) + " and "
                + describe(second, c) + " both hold " + RegClass.ofId(c).prefix() + unit + " at " + point(point) + ".");
    }

    private String describe(int v, int c) {
        if (a.isSpilled(v)) {
            return name(v) + " (spilled, at an operand)";
        }
        return name(v) + " (" + reg(c, a.slotOf(v), fn.vregSlots(v)) + ")";
    }

    // ---- rule: spilled values whose live ranges overlap do not share spill bytes ----

    private void checkSpillMemory(LiveRanges live, boolean[] classed, SpillSpace space) {
        UnitOccupancy words = new UnitOccupancy();
        for (int v = 0; v < fn.vregCount(); v++) {
            if (!classed[v] || a.spillSpace(v) != space || a.spillOffset(v) < 0 || a.spillOffset(v) % 4 != 0) {
                continue;
            }
            int firstWord = a.spillOffset(v) / 4;
            for (int k = 0; k < fn.vregSlots(v); k++) {
                for (int r = 0; r < live.intervalCount(v); r++) {
                    words.add(firstWord + k, live.from(v, r), live.to(v, r), v);
                }
            }
        }
        words.findOverlaps((unit, first, second, point) -> {
            if (!spillPairs.add(pairKey(first, second))) {
                return;
            }
            report(ViolationKind.SPILL_SLOT_CONFLICT, first, second, point / 2, name(first) + " (" + bytes(first)
                    + ") and " + name(second) + " (" + bytes(second) + ") share " + space + " bytes ["
                    + 4 * unit + ", " + (4 * unit + 4) + ") while both are live at " + point(point) + ".");
        });
    }

    private String bytes(int v) {
        int off = a.spillOffset(v);
        return "bytes [" + off + ", " + (off + 4 * fn.vregSlots(v)) + ")";
    }

    // ---- reporting ----

    private void report(ViolationKind kind, int vreg, int otherVreg, int instr, String message) {
        count++;
        if (kept.size() < MAX_REPORTED) {
            kept.add(new Violation(kind, vreg, otherVreg, instr, message));
        }
    }

    private CheckReport report() {
        return new CheckReport(fn.name(), kept, count);
    }

    private String name(int v) {
        return fn.vregName(v);
    }

    private String instr(int i) {
        return i < 0 ? "no instruction" : "instruction " + i + " (" + fn.opcode(i) + ")";
    }

    private String point(int p) {
        if (p < 0) {
            return "no point";
        }
        int i = p / 2;
        return "point " + p + " (the " + ((p & 1) == 0 ? "read" : "write") + " point of instruction " + i + ", "
                + fn.opcode(i) + ")";
    }

    private static String reg(int c, int slot, int n) {
        String prefix = RegClass.ofId(c).prefix();
        return n == 1 ? prefix + slot : prefix + slot + ".." + prefix + ((long) slot + n - 1);
    }

    private static String alignmentHint(PairMode mode) {
        return switch (mode) {
            case SINGLE -> "";
            case LO_HALF, DOUBLE -> " (it needs an even slot)";
            case HI_HALF -> " (it needs an odd slot)";
            case QUAD -> " (it needs a multiple of 4)";
        };
    }

    private static long pairKey(int x, int y) {
        return ((long) Math.min(x, y) << 32) | Math.max(x, y);
    }

    private int firstInstr(int v) {
        for (int op = 0; op < fn.operandCount(); op++) {
            if (fn.operandVreg(op) == v) {
                return instrOfOperand(op);
            }
        }
        return -1;
    }

    private int instrOfOperand(int op) {
        // Operands are stored instruction by instruction; find the instruction whose range holds op.
        int lo = 0;
        int hi = fn.instrCount() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (fn.defOperand(mid, 0) <= op) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }
}
