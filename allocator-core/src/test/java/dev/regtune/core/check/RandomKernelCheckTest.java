package dev.regtune.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.Assignment;
import dev.regtune.core.alloc.SpillSpace;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.testing.AssignmentBuilder;
import dev.regtune.core.testing.NaiveTestAllocator;
import dev.regtune.core.testing.RandomKernels;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The checker on random kernels: trivially valid assignments pass, and breaking one on purpose is
 * always caught. Which values are live together is decided here without the checker's liveness:
 * two values read by one instruction are both live at its read point, two values written by one
 * instruction both at its write point.
 */
class RandomKernelCheckTest {
    private static final int KERNELS = 300;

    private static int size(long seed) {
        return 5 + (int) (seed * 7919 % 1200);
    }

    @Test
    void naiveAssignmentsAreAcceptedAndMovingAValueOntoACoLiveValueIsRejected() {
        for (long seed = 0; seed < KERNELS; seed++) {
            KernelFunction fn = RandomKernels.generate(seed, size(seed));
            Assignment valid = NaiveTestAllocator.allocate(fn);
            assertOk(fn, valid, seed);

            List<int[]> pairs = coLiveOperands(fn, valid, false);
            assertFalse(pairs.isEmpty(), "no two values read or written together in seed " + seed);
            SplittableRandom rnd = new SplittableRandom(seed);
            int[] pair = pairs.get(rnd.nextInt(pairs.size()));
            int mover = pair[rnd.nextInt(2)];
            int victim = mover == pair[0] ? pair[1] : pair[0];
            int slot = coveringStart(fn.pairMode(mover), valid.slotOf(victim), fn.vregSlots(victim));
            int c = valid.classOf(mover);
            Assignment broken = AssignmentBuilder.copyOf(valid).slot(mover, slot)
                    .budget(c, Math.max(valid.classBudget(c), slot + fn.vregSlots(mover))).build();

            CheckReport report = AllocationChecker.check(fn, broken);
            assertFalse(report.ok(), "seed " + seed + ": moving " + fn.vregName(mover) + " onto "
                    + fn.vregName(victim) + " was not caught");
            assertTrue(report.violations().stream().allMatch(v -> v.kind() == ViolationKind.REGISTER_CONFLICT
                    && v.involves(mover)), report::summary);
            assertTrue(report.violations().stream().anyMatch(v -> v.involves(victim)), report::summary);
        }
    }

    @Test
    void spillingNaiveAssignmentsAreAcceptedAndBrokenSpillsAreRejected() {
        int operandMutations = 0;
        int offsetMutations = 0;
        for (long seed = 0; seed < KERNELS; seed++) {
            KernelFunction fn = RandomKernels.generate(seed, size(seed));
            Assignment valid = NaiveTestAllocator.allocate(fn, 0.3, seed);
            assertOk(fn, valid, seed);
            SplittableRandom rnd = new SplittableRandom(~seed);

            // A spilled value's operand register placed on a value live at that point.
            List<int[]> operands = spilledOperandOnLiveValue(fn, valid);
            if (!operands.isEmpty()) {
                operandMutations++;
                int[] m = operands.get(rnd.nextInt(operands.size()));
                int op = m[0];
                int spilled = fn.operandVreg(op);
                int other = m[1];
                int slot = coveringStart(fn.pairMode(spilled), valid.slotOf(other), fn.vregSlots(other));
                int c = valid.classOf(spilled);
                Assignment broken = AssignmentBuilder.copyOf(valid).operandSlot(op, slot)
                        .budget(c, Math.max(valid.classBudget(c), slot + fn.vregSlots(spilled))).build();
                CheckReport report = AllocationChecker.check(fn, broken);
                assertTrue(report.violations().stream().anyMatch(v -> v.kind() == ViolationKind.REGISTER_CONFLICT
                        && v.involves(spilled) && v.involves(other)), "seed " + seed + ": " + report.summary());
            }

            // Two spilled values live together given the same spill bytes.
            List<int[]> spilledPairs = new ArrayList<>();
            for (int[] p : coLiveOperands(fn, valid, true)) {
                if (valid.spillSpace(p[0]) == SpillSpace.LMEM && valid.spillSpace(p[1]) == SpillSpace.LMEM) {
                    spilledPairs.add(p);
                }
            }
            if (!spilledPairs.isEmpty()) {
                offsetMutations++;
                int[] p = spilledPairs.get(rnd.nextInt(spilledPairs.size()));
                Assignment broken = AssignmentBuilder.copyOf(valid)
                        .spill(p[0], SpillSpace.LMEM, valid.spillOffset(p[1])).build();
                CheckReport report = AllocationChecker.check(fn, broken);
                assertEquals(List.of(ViolationKind.SPILL_SLOT_CONFLICT),
                        report.violations().stream().map(Violation::kind).distinct().toList(), report::summary);
                assertTrue(report.violations().stream().anyMatch(v -> v.involves(p[0]) && v.involves(p[1])),
                        report::summary);
            }
        }
        assertTrue(operandMutations >= KERNELS / 3, "spilled-operand mutations tried: " + operandMutations);
        assertTrue(offsetMutations >= KERNELS / 3, "spill-offset mutations tried: " + offsetMutations);
    }

    @Test
    void acceptsAValidAllocationOfALargeHighPressureKernel() {
        KernelFunction fn = null;
        for (long seed = 1000; fn == null; seed++) {
            KernelFunction candidate = RandomKernels.generate(seed, 20_000);
            if (LiveRangesTest.maxLiveSlots(candidate, dev.regtune.core.ir.RegClass.R) > 255) {
                fn = candidate;
            }
        }
        Assignment a = NaiveTestAllocator.allocate(fn, 0.2, 7);
        assertTrue(AllocationChecker.check(fn, a).ok());
    }

    @Test
    void reportsAreDeterministic() {
        KernelFunction fn = RandomKernels.generate(42, 800);
        Assignment valid = NaiveTestAllocator.allocate(fn);
        AssignmentBuilder b = AssignmentBuilder.copyOf(valid);
        for (int v = 0; v < fn.vregCount(); v++) {
            if (valid.slotOf(v) >= 0 && valid.classOf(v) == 1 && fn.vregSlots(v) == 1) {
                b.slot(v, 0); // every R single in R0
            }
        }
        Assignment broken = b.build();
        CheckReport first = AllocationChecker.check(fn, broken);
        assertFalse(first.ok());
        assertEquals(first, AllocationChecker.check(fn, broken));
        assertEquals(first.summary(), AllocationChecker.check(fn, broken).summary());
    }

    private static void assertOk(KernelFunction fn, Assignment a, long seed) {
        CheckReport report = AllocationChecker.check(fn, a);
        assertTrue(report.ok(), () -> "seed " + seed + ": " + report.summary());
    }

    /**
     * Pairs of distinct vregs of one class that one instruction reads together, or writes together;
     * with {@code spilled} both spilled, otherwise both in registers.
     */
    private static List<int[]> coLiveOperands(KernelFunction fn, Assignment a, boolean spilled) {
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < fn.instrCount(); i++) {
            for (boolean defs : new boolean[] {true, false}) {
                int n = defs ? fn.defCount(i) : fn.useCount(i);
                for (int x = 0; x < n; x++) {
                    for (int y = x + 1; y < n; y++) {
                        int v = defs ? fn.def(i, x) : fn.use(i, x);
                        int w = defs ? fn.def(i, y) : fn.use(i, y);
                        if (v != w && a.classOf(v) == a.classOf(w) && a.isSpilled(v) == spilled
                                && a.isSpilled(w) == spilled) {
                            pairs.add(new int[] {v, w});
                        }
                    }
                }
            }
        }
        return pairs;
    }

    /** {operand of a spilled value, a value in registers of its class read (or written) by the same instruction}. */
    private static List<int[]> spilledOperandOnLiveValue(KernelFunction fn, Assignment a) {
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < fn.instrCount(); i++) {
            for (boolean defs : new boolean[] {true, false}) {
                int n = defs ? fn.defCount(i) : fn.useCount(i);
                for (int x = 0; x < n; x++) {
                    int op = defs ? fn.defOperand(i, x) : fn.useOperand(i, x);
                    int s = fn.operandVreg(op);
                    if (!a.isSpilled(s)) {
                        continue;
                    }
                    for (int y = 0; y < n; y++) {
                        int w = defs ? fn.def(i, y) : fn.use(i, y);
                        if (w != s && !a.isSpilled(w) && a.classOf(w) == a.classOf(s)) {
                            out.add(new int[] {op, w});
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The lowest start the mode accepts whose slots overlap [slot, slot + width). */
    private static int coveringStart(PairMode mode, int slot, int width) {
        for (int t = Math.max(0, slot - mode.slots() + 1); t < slot + width; t++) {
            if (mode.accepts(t)) {
                return t;
            }
        }
        throw new AssertionError(mode + " cannot overlap slots " + slot + ".." + (slot + width - 1));
    }
}
