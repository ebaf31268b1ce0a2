package dev.regtune.core.briggs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.alloc.Assignment;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.check.CheckReport;
import dev.regtune.core.check.ViolationKind;
import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.testing.AssignmentBuilder;
import org.junit.jupiter.api.Test;

/** The Briggs allocator end to end; every allocation goes through the independent checker. */
class BriggsAllocatorTest {
    private static final Knobs BRIGGS = Knobs.defaults().with("allocator", "briggs");

    /**
     * v is defined, then 25 values that are each used three times, then v is used twice in a row
     * while all of them are live. At -maxrregcount 24 (22 allocatable), v is the cheapest to
     * spill; its second reload follows the first in the same block with nothing in between, so
     * lazy reload removes it and the use reads the first reload's register.
     */
    static KernelFunction pressure() {
        FunctionBuilder b = new FunctionBuilder("pressure", FunctionKind.ENTRY);
        int v = b.vreg("%v", RegClass.R, PairMode.SINGLE, 0);
        int[] x = new int[25];
        b.instr("add.s32", InstrKind.INT_ALU, 0, new int[] {v}, new int[0], 0);
        for (int i = 0; i < x.length; i++) {
            x[i] = b.vreg("%x" + i, RegClass.R, PairMode.SINGLE, 0);
            b.instr("add.s32", InstrKind.INT_ALU, 0, new int[] {x[i]}, new int[0], 0);
        }
        b.instr("st.global.u32", InstrKind.STORE_GLOBAL, 0, new int[0], new int[] {v}, 0);
        b.instr("st.global.u32", InstrKind.STORE_GLOBAL, 0, new int[0], new int[] {v}, 0);
        for (int[] round = new int[1]; round[0] < 3; round[0]++) {
            for (int xi : x) {
                b.instr("st.global.u32", InstrKind.STORE_GLOBAL, 0, new int[0], new int[] {xi}, 0);
            }
        }
        b.instr("ret", InstrKind.RETURN, InstrFlags.RETURN | InstrFlags.NO_FALLTHROUGH, new int[0], new int[0], 0);
        return b.build();
    }

    private static AllocationResult allocate(KernelFunction fn, Knobs knobs, int budget) {
        AllocationResult r = new BriggsAllocator().allocate(fn, knobs, ArchProfiles.of("sm_80"), budget);
        assertEquals(AllocationStatus.OK, r.status(), r.message());
        AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        return r;
    }

    @Test
    void lazyReloadRemovesAReloadThatADominatingReloadCovers() {
        KernelFunction fn = pressure();
        AllocationResult lazy = allocate(fn, BRIGGS, 24);
        AllocationResult eager = allocate(fn, BRIGGS.with(KnobCatalogue.BRIGGS_LAZY_RELOAD, 0), 24);
        assertTrue(eager.assignment().isSpilled(0), "v is spilled");
        int secondUse = fn.useOperand(27, 0);
        assertTrue(lazy.assignment().reloadReused(secondUse), "the second use of v reuses the first reload");
        assertEquals(lazy.assignment().operandSlot(fn.useOperand(26, 0)), lazy.assignment().operandSlot(secondUse));
        assertEquals(eager.spills().loadBytes() - 4, lazy.spills().loadBytes(), "one 4-byte reload fewer");
        assertEquals(eager.spills().storeBytes(), lazy.spills().storeBytes());
    }

    @Test
    void theCheckerRejectsAReuseWhoseRegisterDoesNotHoldTheValue() {
        KernelFunction fn = pressure();
        Assignment a = allocate(fn, BRIGGS, 24).assignment();
        int first = fn.useOperand(26, 0);
        int second = fn.useOperand(27, 0);
        // Move the reused use to another register: the value was never loaded there.
        Assignment moved = withOperand(a, fn, second, (a.operandSlot(first) + 1) % 22, true);
        CheckReport report = AllocationChecker.check(fn, moved);
        assertTrue(report.violations().stream().anyMatch(x -> x.kind() == ViolationKind.RELOAD_NOT_HELD),
                report.summary());
        // Claim a reuse for the first use in a register other than the one v's def wrote.
        int defSlot = a.operandSlot(fn.defOperand(0, 0));
        CheckReport firstReport = AllocationChecker.check(fn, withOperand(a, fn, first, (defSlot + 1) % 22, true));
        assertTrue(firstReport.violations().stream().anyMatch(x -> x.kind() == ViolationKind.RELOAD_NOT_HELD),
                firstReport.summary());
    }

    @Test
    void theCheckerRejectsAReuseAcrossAnotherValueInTheSameRegister() {
        KernelFunction fn = pressure();
        Assignment a = allocate(fn, BRIGGS.with(KnobCatalogue.BRIGGS_LAZY_RELOAD, 0), 24).assignment();
        // Claim that v's last use reuses its def's register across the 25 definitions in between:
        // some other value holds that register meanwhile.
        int def = fn.defOperand(0, 0);
        Assignment stale = withOperand(withOperand(a, fn, fn.useOperand(26, 0), a.operandSlot(def), true), fn,
                fn.useOperand(27, 0), a.operandSlot(def), true);
        CheckReport report = AllocationChecker.check(fn, stale);
        assertTrue(report.violations().stream().anyMatch(x -> x.kind() == ViolationKind.REGISTER_CONFLICT),
                report.summary());
    }

    @Test
    void sameInputsGiveTheSameResult() {
        KernelFunction fn = pressure();
        assertEquals(allocate(fn, BRIGGS, 24), allocate(fn, BRIGGS, 24));
        assertEquals(allocate(fn, BRIGGS, 0), allocate(fn, BRIGGS, 0));
    }

    @Test
    void withoutALimitNothingSpillsAndTheResultReportsTheFamilysRounds() {
        AllocationResult r = allocate(pressure(), BRIGGS, 0);
        assertTrue(!r.spills().any());
        assertEquals(1, r.stats().attempts());
        assertEquals(26 + 2, r.registers(), "26 values live together plus the 2 reserved registers");
    }

    private static Assignment withOperand(Assignment a, KernelFunction fn, int op, int slot, boolean reused) {
        return AssignmentBuilder.copyOf(a).operandSlot(op, slot).reloadReused(op, reused).build();
    }
}
