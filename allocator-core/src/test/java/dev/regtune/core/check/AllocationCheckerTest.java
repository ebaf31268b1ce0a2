package dev.regtune.core.check;

import static dev.regtune.core.testing.Kernels.defs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.Assignment;
import dev.regtune.core.alloc.SpillSpace;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.testing.AssignmentBuilder;
import dev.regtune.core.testing.Kernels;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Hand-written functions with hand-written assignments, one rule at a time. */
class AllocationCheckerTest {

    private static void assertValid(KernelFunction fn, Assignment a) {
        CheckReport report = AllocationChecker.check(fn, a);
        assertTrue(report.ok(), () -> report.summary() + "\n" + fn.dump());
        AllocationChecker.verify(fn, a);
    }

    /** Asserts exactly one violation, of {@code kind}, and returns it. */
    private static Violation assertSingle(KernelFunction fn, Assignment a, ViolationKind kind) {
        CheckReport report = AllocationChecker.check(fn, a);
        assertEquals(1, report.violationCount(), () -> report.summary() + "\n" + fn.dump());
        Violation v = report.violations().get(0);
        assertEquals(kind, v.kind(), report::summary);
        AllocationCheckException e = assertThrows(AllocationCheckException.class, () -> AllocationChecker.verify(fn, a));
        assertEquals(report.summary(), e.getMessage());
        return v;
    }

    private static void assertConflict(Violation v, int x, int y, int instr) {
        assertEquals(ViolationKind.REGISTER_CONFLICT, v.kind(), v.message());
        assertTrue(v.involves(x) && v.involves(y), v.message());
        assertEquals(instr, v.instr(), v.message());
    }

    @Nested
    class StraightLine {
        private final Kernels k = new Kernels("straight");
        private final int a = k.r("%a");
        private final int b = k.r("%b");
        private final int c = k.r("%c");
        private final KernelFunction fn;

        StraightLine() {
            k.op("mov.u32", defs(a));      // 0: a lives 1..4
            k.op("mov.u32", defs(b));      // 1: b lives 3..4
            k.op("add.s32", defs(c), a, b); // 2: a and b die; c lives 5..6
            k.op("st.u32", defs(), c);     // 3
            k.ret();
            fn = k.build();
        }

        @Test
        void distinctRegistersAndReuseAfterDeathAreValid() {
            assertValid(fn, AssignmentBuilder.forFunction(fn).slot(a, 0).slot(b, 1).slot(c, 0).build());
            assertValid(fn, AssignmentBuilder.forFunction(fn).slot(a, 0).slot(b, 1).slot(c, 1).build());
        }

        @Test
        void overlapAtOnePointIsRejectedWithNamesRegisterAndPoint() {
            Violation v = assertSingle(fn, AssignmentBuilder.forFunction(fn).slot(a, 3).slot(b, 3).slot(c, 0).build(),
                    ViolationKind.REGISTER_CONFLICT);
            assertConflict(v, a, b, 1);
            assertTrue(v.message().contains("%a") && v.message().contains("%b"), v.message());
            assertTrue(v.message().contains("R3"), v.message());
            assertTrue(v.message().contains("point 3 (the write point of instruction 1, mov.u32)"), v.message());
        }

        @Test
        void slotOutOfBudget() {
            Violation v = assertSingle(fn,
                    AssignmentBuilder.forFunction(fn).budget(1, 7).slot(a, 0).slot(b, 7).slot(c, 0).build(),
                    ViolationKind.SLOT_OUT_OF_BUDGET);
            assertEquals(b, v.vreg());
            assertTrue(v.message().contains("R7") && v.message().contains("budget of 7"), v.message());
        }

        @Test
        void valueInRegistersWithoutASlot() {
            Violation v = assertSingle(fn, AssignmentBuilder.forFunction(fn).slot(a, 0).slot(c, 2).build(),
                    ViolationKind.MISSING_SLOT);
            assertEquals(b, v.vreg());
            assertEquals(1, v.instr());
        }

        @Test
        void differentClassesNeverConflict() {
            // %c placed in UR (as the allocator may do with uniform values): UR0 and R0 are different registers.
            assertValid(fn, AssignmentBuilder.forFunction(fn).slot(a, 0).slot(b, 1).classOf(a, RegClass.UR.id())
                    .slot(c, 0).build());
            assertValid(fn, AssignmentBuilder.forFunction(fn).slot(a, 0).slot(b, 0).classOf(b, RegClass.UR.id())
                    .slot(c, 0).build());
        }

        @Test
        void occurringVregWithoutClass() {
            Violation v = assertSingle(fn,
                    AssignmentBuilder.forFunction(fn).slot(a, 0).slot(b, 1).slot(c, 2).classOf(c, 0).build(),
                    ViolationKind.MISSING_CLASS);
            assertEquals(c, v.vreg());
            assertEquals(2, v.instr());
        }

        @Test
        void assignmentForAnotherFunction() {
            Kernels other = new Kernels("other");
            int x = other.r("%x");
            other.op("mov.u32", defs(x));
            KernelFunction otherFn = other.build();
            Violation v = assertSingle(fn, AssignmentBuilder.forFunction(otherFn).slot(x, 0).build(),
                    ViolationKind.SHAPE_MISMATCH);
            assertEquals(-1, v.vreg());
        }
    }

    @Test
    void emptyFunctionIsValid() {
        KernelFunction fn = new Kernels("empty").build();
        assertValid(fn, AssignmentBuilder.forFunction(fn).build());
    }

    @Test
    void vregsThatNeverOccurAreIgnored() {
        Kernels k = new Kernels("unused");
        int a = k.r("%a");
        int unused = k.rd("%unused");
        k.op("mov.u32", defs(a));
        KernelFunction fn = k.build();
        // The unused vreg has no class, no slot and a misaligned garbage slot: none of it matters.
        assertValid(fn, AssignmentBuilder.forFunction(fn).slot(a, 0).slot(unused, 3).classOf(unused, 0).build());
    }

    @Test
    void overlapOnlyThroughALoopBackEdge() {
        // x is last read at instruction 1 in layout order, but the back edge keeps it live through the loop.
        for (boolean backEdge : new boolean[] {true, false}) {
            Kernels k = new Kernels("loop");
            int x = k.r("%x");
            int y = k.r("%y");
            int t = k.r("%t");
            int p = k.p("%p");
            k.op("mov.u32", defs(x));        // 0
            k.label("LOOP");
            k.op("add.s32", defs(y), x);     // 1
            k.op("mov.u32", defs(t));        // 2: t lives 5..6
            k.op("st.u32", defs(), t, y);    // 3
            k.op("setp.lt.s32", defs(p), y); // 4
            k.branchIf(p, backEdge ? "LOOP" : "OUT"); // 5
            k.label("OUT");
            k.ret();                         // 6
            KernelFunction fn = k.build();
            Assignment shared = AssignmentBuilder.forFunction(fn).slot(x, 0).slot(y, 1).slot(t, 0).slot(p, 0).build();
            if (backEdge) {
                assertConflict(assertSingle(fn, shared, ViolationKind.REGISTER_CONFLICT), x, t, 2);
                assertValid(fn, AssignmentBuilder.forFunction(fn).slot(x, 0).slot(y, 1).slot(t, 2).slot(p, 0).build());
            } else {
                assertValid(fn, shared);
            }
        }
    }

    @Test
    void guardedDefKeepsTheOldValueLive() {
        for (boolean guardedDef : new boolean[] {true, false}) {
            Kernels k = new Kernels("guarded");
            int a = k.r("%a");
            int q = k.r("%q");
            int c = k.r("%c");
            int p = k.p("%p");
            k.op("mov.u32", defs(a));              // 0: a
            k.op("mov.u32", defs(q));              // 1: q lives 3..4
            k.op("setp.ne.s32", defs(p), q);       // 2
            if (guardedDef) {
                k.guarded("mov.u32", p, defs(a));  // 3: @p a = ...: if p is false the a of instruction 0 survives
            } else {
                k.op("mov.u32", defs(a), p);       // 3: a = ... unconditionally: the first a is dead
            }
            k.op("add.s32", defs(c), a);           // 4
            k.op("st.u32", defs(), c);             // 5
            KernelFunction fn = k.build();
            Assignment sharesQ = AssignmentBuilder.forFunction(fn).slot(a, 0).slot(q, 0).slot(c, 1).slot(p, 0).build();
            if (guardedDef) {
                assertConflict(assertSingle(fn, sharesQ, ViolationKind.REGISTER_CONFLICT), a, q, 1);
            } else {
                assertValid(fn, sharesQ);
            }
        }
    }

    @Test
    void deadGuardedDefLivesOnlyAtItsWritePoint() {
        Kernels k = new Kernels("dead_guarded");
        int a = k.r("%a");
        int g = k.r("%g");
        int p = k.p("%p");
        k.op("mov.u32", defs(a));          // 0: a lives 1..2
        k.op("setp.ne.s32", defs(p), a);   // 1
        k.guarded("mov.u32", p, defs(g));  // 2: g is never read: it occupies point 5 only
        k.op("mov.u32", defs(a));          // 3: a again, lives 7..8
        k.op("st.u32", defs(), a);         // 4
        KernelFunction fn = k.build();
        assertValid(fn, AssignmentBuilder.forFunction(fn).slot(a, 0).slot(g, 0).slot(p, 0).build());
    }

    @Test
    void valueUsedBeforeAnyDefIsLiveFromEntry() {
        Kernels k = new Kernels("undef");
        int b = k.r("%b");
        int u = k.r("%u");
        int c = k.r("%c");
        k.op("mov.u32", defs(b));        // 0
        k.op("add.s32", defs(c), u, b);  // 1: u was never defined: live from point 0
        KernelFunction fn = k.build();
        assertConflict(assertSingle(fn, AssignmentBuilder.forFunction(fn).slot(b, 0).slot(u, 0).slot(c, 1).build(),
                ViolationKind.REGISTER_CONFLICT), b, u, 0);
        assertValid(fn, AssignmentBuilder.forFunction(fn).slot(b, 0).slot(u, 1).slot(c, 0).build());
    }

    @Test
    void copyDestinationMayTakeTheSlotOfADyingSource() {
        Kernels k = new Kernels("copy");
        int a = k.r("%a");
        int b = k.r("%b");
        k.op("mov.u32", defs(a)); // 0
        k.copy(b, a);             // 1: a dies here
        k.op("st.u32", defs(), b); // 2
        KernelFunction fn = k.build();
        assertValid(fn, AssignmentBuilder.forFunction(fn).slot(a, 5).slot(b, 5).build());
    }

    @Test
    void copyDestinationMayNotTakeTheSlotOfASourceThatLivesOn() {
        Kernels k = new Kernels("copy_live");
        int a = k.r("%a");
        int b = k.r("%b");
        k.op("mov.u32", defs(a));     // 0
        k.copy(b, a);                 // 1
        k.op("st.u32", defs(), b, a); // 2: a is read again
        KernelFunction fn = k.build();
        assertConflict(assertSingle(fn, AssignmentBuilder.forFunction(fn).slot(a, 5).slot(b, 5).build(),
                ViolationKind.REGISTER_CONFLICT), a, b, 1);
    }

    @Test
    void deadDefConflictsWithALiveValue() {
        Kernels k = new Kernels("dead_def");
        int a = k.r("%a");
        int d = k.r("%d");
        k.op("mov.u32", defs(a));  // 0
        k.op("mov.u32", defs(d));  // 1: d is never read, but it is written at point 3
        k.op("st.u32", defs(), a); // 2
        KernelFunction fn = k.build();
        Violation v = assertSingle(fn, AssignmentBuilder.forFunction(fn).slot(a, 2).slot(d, 2).build(),
                ViolationKind.REGISTER_CONFLICT);
        assertConflict(v, a, d, 1);
        assertTrue(v.message().contains("point 3"), v.message());
        assertValid(fn, AssignmentBuilder.forFunction(fn).slot(a, 2).slot(d, 3).build());
    }

    @Test
    void valuesOnDifferentArmsOfADiamondMayShare() {
        Kernels k = new Kernels("diamond");
        int x = k.r("%x");
        int a = k.r("%a");
        int b = k.r("%b");
        int p = k.p("%p");
        k.op("mov.u32", defs(x));        // 0
        k.op("setp.ne.s32", defs(p), x); // 1
        k.branchIf(p, "ELSE");           // 2
        k.op("mov.u32", defs(a));        // 3
        k.op("st.u32", defs(), a);       // 4
        k.jump("END");                   // 5
        k.label("ELSE");
        k.op("mov.u32", defs(b));        // 6
        k.op("st.u32", defs(), b);       // 7
        k.label("END");
        k.op("st.u32", defs(), x);       // 8: x is live on both arms
        k.ret();
        KernelFunction fn = k.build();
        assertValid(fn, AssignmentBuilder.forFunction(fn).slot(x, 0).slot(a, 1).slot(b, 1).slot(p, 0).build());
        CheckReport report = AllocationChecker.check(fn,
                AssignmentBuilder.forFunction(fn).slot(x, 0).slot(a, 1).slot(b, 0).slot(p, 0).build());
        assertEquals(1, report.violationCount(), report.summary());
        assertConflict(report.violations().get(0), x, b, 6);
    }

    @Nested
    class PairsAndQuads {
        private final Kernels k = new Kernels("pairs");
        private final int d = k.rd("%rd");
        private final int q = k.rq("%rq");
        private final int s = k.r("%s");
        private final KernelFunction fn;

        PairsAndQuads() {
            k.op("mov.b64", defs(d));         // 0
            k.op("mov.b128", defs(q));        // 1
            k.op("mov.u32", defs(s));         // 2
            k.op("st.u32", defs(), d, q, s);  // 3
            fn = k.build();
        }

        private AssignmentBuilder valid() {
            return AssignmentBuilder.forFunction(fn).slot(d, 0).slot(q, 4).slot(s, 2);
        }

        @Test
        void alignedPairAndQuadAreValid() {
            assertValid(fn, valid().build());
        }

        @Test
        void pairMisaligned() {
            Violation v = assertSingle(fn, valid().slot(d, 1).slot(s, 3).build(), ViolationKind.MISALIGNED_SLOT);
            assertEquals(d, v.vreg());
            assertTrue(v.message().contains("R1..R2") && v.message().contains("even"), v.message());
        }

        @Test
        void quadMisaligned() {
            Violation v = assertSingle(fn, valid().slot(q, 6).slot(d, 2).slot(s, 0).build(),
                    ViolationKind.MISALIGNED_SLOT);
            assertEquals(q, v.vreg());
        }

        @Test
        void pairStraddlingTheBudget() {
            Violation v = assertSingle(fn, valid().budget(1, 9).slot(q, 0).slot(s, 4).slot(d, 8).build(),
                    ViolationKind.SLOT_OUT_OF_BUDGET);
            assertEquals(d, v.vreg());
            assertTrue(v.message().contains("R8..R9"), v.message());
        }

        @Test
        void quadStraddlingTheBudget() {
            Violation v = assertSingle(fn, valid().budget(1, 7).build(), ViolationKind.SLOT_OUT_OF_BUDGET);
            assertEquals(q, v.vreg());
        }

        @Test
        void everySlotOfAPairConflicts() {
            // s in R1, the high half of the pair R0..R1.
            assertConflict(assertSingle(fn, valid().slot(s, 1).build(), ViolationKind.REGISTER_CONFLICT), d, s, 2);
            // s in R7, the last slot of the quad R4..R7.
            assertConflict(assertSingle(fn, valid().slot(s, 7).build(), ViolationKind.REGISTER_CONFLICT), q, s, 2);
        }
    }

    @Nested
    class Spills {
        private final Kernels k = new Kernels("spills");
        private final int a = k.r("%a");
        private final int s = k.r("%s");
        private final int t = k.r("%t");
        private final int c = k.r("%c");
        private final KernelFunction fn;
        private final int sDef;
        private final int sUse;
        private final int tUse;

        Spills() {
            k.op("mov.u32", defs(a));          // 0: a lives 1..6
            int i1 = k.op("mov.u32", defs(s)); // 1: s lives 3..4
            int i2 = k.op("add.s32", defs(t), s, a); // 2: t lives 5..6
            int i3 = k.op("add.s32", defs(c), t, a); // 3
            k.op("st.u32", defs(), c);         // 4
            fn = k.build();
            sDef = fn.defOperand(i1, 0);
            sUse = fn.useOperand(i2, 0);
            tUse = fn.useOperand(i3, 0);
        }

        private AssignmentBuilder spilled() {
            return AssignmentBuilder.forFunction(fn).slot(a, 0).slot(t, 1).slot(c, 0).spill(s, SpillSpace.LMEM, 0)
                    .operandSlot(sDef, 1).operandSlot(sUse, 2);
        }

        @Test
        void spilledValueNeedsRegistersOnlyAtItsOperands() {
            assertValid(fn, spilled().build());
            // t may even take the register s is read from at instruction 2: s is in memory afterwards.
            assertValid(fn, spilled().slot(t, 2).build());
        }

        @Test
        void spilledValueWithoutAnOperandSlot() {
            Violation v = assertSingle(fn, spilled().operandSlot(sUse, -1).build(), ViolationKind.MISSING_OPERAND_SLOT);
            assertEquals(s, v.vreg());
            assertEquals(2, v.instr());
            assertTrue(v.message().contains("use in instruction 2"), v.message());
        }

        @Test
        void spilledValueThatAlsoClaimsARegister() {
            Violation v = assertSingle(fn, spilled().slot(s, 3).build(), ViolationKind.SPILLED_WITH_SLOT);
            assertEquals(s, v.vreg());
        }

        @Test
        void spilledOperandOnALiveValuesRegister() {
            // The def of s at instruction 1 writes R0 while a (in R0) is live.
            Violation v = assertSingle(fn, spilled().operandSlot(sDef, 0).build(), ViolationKind.REGISTER_CONFLICT);
            assertConflict(v, a, s, 1);
            assertTrue(v.message().contains("spilled"), v.message());
            // The use of s at instruction 2 reads R0, where a is read too.
            assertConflict(assertSingle(fn, spilled().operandSlot(sUse, 0).build(), ViolationKind.REGISTER_CONFLICT),
                    a, s, 2);
        }

        @Test
        void spilledOperandOutOfBudget() {
            Violation v = assertSingle(fn, spilled().operandSlot(sUse, 255).build(), ViolationKind.SLOT_OUT_OF_BUDGET);
            assertEquals(2, v.instr());
        }

        @Test
        void spillOffsetMustBeANonNegativeMultipleOfFour() {
            assertEquals(s, assertSingle(fn, spilled().spill(s, SpillSpace.LMEM, 6).build(),
                    ViolationKind.BAD_SPILL_OFFSET).vreg());
            assertSingle(fn, spilled().spill(s, SpillSpace.SMEM, -4).build(), ViolationKind.BAD_SPILL_OFFSET);
            // A predicate-style spill into a GPR bit has no offset.
            assertValid(fn, spilled().spill(s, SpillSpace.GPR_BIT, -1).build());
        }

        @Test
        void spillSlotsOfOverlappingLiveRangesMayNotOverlap() {
            // a (1..6) and s (3..4) overlap in time.
            AssignmentBuilder both = spilled().spill(a, SpillSpace.LMEM, 0);
            for (int op = 0; op < fn.operandCount(); op++) {
                if (fn.operandVreg(op) == a) {
                    both.operandSlot(op, 3);
                }
            }
            Violation v = assertSingle(fn, both.build(), ViolationKind.SPILL_SLOT_CONFLICT);
            assertTrue(v.involves(a) && v.involves(s), v.message());
            assertEquals(1, v.instr());
            assertTrue(v.message().contains("LMEM bytes [0, 4)"), v.message());
            assertValid(fn, both.spill(a, SpillSpace.LMEM, 4).build());
            // Local and shared memory are different memories.
            assertValid(fn, both.spill(a, SpillSpace.SMEM, 0).build());
        }

        @Test
        void spillSlotsMayBeSharedWhenLiveRangesAreDisjoint() {
            // s (3..4) and t (5..6) are never live at once: both at offset 0.
            AssignmentBuilder b = spilled().spill(t, SpillSpace.LMEM, 0).operandSlot(fn.defOperand(2, 0), 1)
                    .operandSlot(tUse, 1);
            assertValid(fn, b.build());
        }
    }

    @Test
    void spillBytesOfAPairCountWhole() {
        Kernels k = new Kernels("spill_pair");
        int d = k.rd("%rd");
        int s = k.r("%s");
        int i0 = k.op("mov.b64", defs(d));
        int i1 = k.op("mov.u32", defs(s));
        int i2 = k.op("st.u32", defs(), d, s);
        KernelFunction fn = k.build();
        AssignmentBuilder b = AssignmentBuilder.forFunction(fn).spill(d, SpillSpace.LMEM, 0).spill(s, SpillSpace.LMEM, 4)
                .operandSlot(fn.defOperand(i0, 0), 0).operandSlot(fn.defOperand(i1, 0), 0)
                .operandSlot(fn.useOperand(i2, 0), 0).operandSlot(fn.useOperand(i2, 1), 2);
        Violation v = assertSingle(fn, b.build(), ViolationKind.SPILL_SLOT_CONFLICT);
        assertTrue(v.message().contains("bytes [0, 8)") && v.message().contains("bytes [4, 8)"), v.message());
        assertValid(fn, b.spill(s, SpillSpace.LMEM, 8).build());
    }

    @Test
    void spilledPairOperandMisaligned() {
        Kernels k = new Kernels("spill_pair_operand");
        int d = k.rd("%rd");
        int i0 = k.op("mov.b64", defs(d));
        int i1 = k.op("st.u64", defs(), d);
        KernelFunction fn = k.build();
        AssignmentBuilder b = AssignmentBuilder.forFunction(fn).spill(d, SpillSpace.LMEM, 0)
                .operandSlot(fn.defOperand(i0, 0), 2).operandSlot(fn.useOperand(i1, 0), 4);
        assertValid(fn, b.build());
        Violation v = assertSingle(fn, b.operandSlot(fn.useOperand(i1, 0), 3).build(), ViolationKind.MISALIGNED_SLOT);
        assertEquals(i1, v.instr());
        assertTrue(v.message().contains("at its use in instruction 1") && v.message().contains("R3..R4"), v.message());
    }

    @Test
    void occurrencesOfOneSpilledValueAtOnePointShareARegister() {
        Kernels k = new Kernels("twice");
        int s = k.r("%s");
        int c = k.r("%c");
        int i0 = k.op("mov.u32", defs(s));
        int i1 = k.op("mul.lo.s32", defs(c), s, s);
        k.op("st.u32", defs(), c);
        KernelFunction fn = k.build();
        AssignmentBuilder b = AssignmentBuilder.forFunction(fn).slot(c, 0).spill(s, SpillSpace.LMEM, 0)
                .operandSlot(fn.defOperand(i0, 0), 0).operandSlot(fn.useOperand(i1, 0), 1)
                .operandSlot(fn.useOperand(i1, 1), 1);
        assertValid(fn, b.build());
        Violation v = assertSingle(fn, b.operandSlot(fn.useOperand(i1, 1), 2).build(),
                ViolationKind.OPERAND_SLOT_MISMATCH);
        assertEquals(s, v.vreg());
        assertTrue(v.message().contains("R1") && v.message().contains("R2"), v.message());
    }

    @Test
    void reportKeepsTheFirstFiftyAndCountsAll() {
        Kernels k = new Kernels("crowded");
        int[] vs = new int[100];
        for (int j = 0; j < vs.length; j++) {
            vs[j] = k.r("%v" + j);
            k.op("mov.u32", defs(vs[j]));
        }
        k.op("st.u32", defs(), vs);
        KernelFunction fn = k.build();
        AssignmentBuilder b = AssignmentBuilder.forFunction(fn); // every value in R0
        for (int v : vs) {
            b.slot(v, 0);
        }
        CheckReport report = AllocationChecker.check(fn, b.build());
        assertFalse(report.ok());
        assertEquals(AllocationChecker.MAX_REPORTED, report.violations().size());
        assertTrue(report.violationCount() >= 99, report.summary());
        String summary = report.summary();
        assertTrue(summary.startsWith("The allocation of crowded has " + report.violationCount() + " violations:"),
                summary);
        assertTrue(summary.endsWith("And " + (report.violationCount() - CheckReport.SUMMARY_VIOLATIONS) + " more."),
                summary);
        assertEquals("The allocation of crowded is valid.",
                new CheckReport("crowded", List.of(), 0).summary());
    }
}
