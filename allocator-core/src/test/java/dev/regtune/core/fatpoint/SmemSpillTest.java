package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.alloc.SpillSpace;
import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import org.junit.jupiter.api.Test;

/** SMEM spilling of the uniform class under knob 619, and its ABI restriction (seed 004). */
class SmemSpillTest {
    private static final Knobs ALL_UNIFORM_TO_UR = Knobs.defaults().with(KnobCatalogue.UNIFORM_POLICY, 2);

    /** 80 uniform values computed from a parameter, live together, folded into a per-thread sum. */
    private static KernelFunction uniformHeavy(boolean withCall) {
        FunctionBuilder b = new FunctionBuilder(withCall ? "uniform_heavy_abi" : "uniform_heavy", FunctionKind.ENTRY);
        int p = b.vreg("%p", RegClass.R, PairMode.SINGLE, 0);
        b.instr("ld.param.u32", InstrKind.LOAD_PARAM, 0, new int[] {p}, new int[0], 0);
        int[] u = new int[80];
        for (int i = 0; i < u.length; i++) {
            u[i] = b.vreg("%u" + i, RegClass.R, PairMode.SINGLE, 0);
            b.instr("add.s32", InstrKind.INT_ALU, 0, new int[] {u[i]}, new int[] {p}, 0);
        }
        int acc = b.vreg("%acc", RegClass.R, PairMode.SINGLE, 0);
        b.instr("mov.u32", InstrKind.MOVE, InstrFlags.READS_DIVERGENT_SPECIAL, new int[] {acc}, new int[0], 0);
        for (int v : u) {
            b.instr("add.s32", InstrKind.INT_ALU, 0, new int[] {acc}, new int[] {acc, v}, 0);
        }
        if (withCall) {
            b.instr("call.uni", InstrKind.CALL, InstrFlags.CALL, new int[0], new int[0], 0);
        }
        b.instr("st.global.u32", InstrKind.STORE_GLOBAL, 0, new int[0], new int[] {acc}, 0);
        return b.build();
    }

    private static int count(AllocationResult r, KernelFunction fn, SpillSpace space) {
        int n = 0;
        for (int v = 0; v < fn.vregCount(); v++) {
            if (r.assignment().spillSpace(v) == space) {
                n++;
            }
        }
        return n;
    }

    @Test
    void withoutKnob619TheUniformOverflowGoesBackToTheGprFile() {
        KernelFunction fn = uniformHeavy(false);
        AllocationResult r = FatPointAllocatorTest.allocate(fn, ALL_UNIFORM_TO_UR, 0);
        assertEquals(AllocationStatus.OK, r.status());
        assertEquals(0, r.spills().smemBytes());
        assertTrue(r.usage().uniform() <= 63);
        assertTrue(r.registers() > 17 + 2, "at least the 17 values beyond UR63 are in R: " + r.registers());
    }

    @Test
    void withKnob619TheUniformClassSpillsToSharedMemory() {
        KernelFunction fn = uniformHeavy(false);
        Knobs smem = ALL_UNIFORM_TO_UR.with(KnobCatalogue.SMEM_SPILLING, 1);
        AllocationResult r = FatPointAllocatorTest.allocate(fn, smem, 0);
        assertEquals(AllocationStatus.OK, r.status());
        int inSmem = count(r, fn, SpillSpace.SMEM);
        assertTrue(inSmem >= 80 + 1 - 63, "the UR overflow lives in shared memory: " + inSmem);
        // one 4-byte slot per spilled uniform value, per warp of the default 256-thread block
        assertEquals(inSmem * 4 * 8, r.spills().smemBytes());
        assertEquals(0, r.spills().storeBytes(), "no local-memory traffic");
        assertTrue(r.registers() < 10, "the GPR file keeps only the per-thread sum: " + r.registers());
    }

    @Test
    void smemSpillingIsNeverUsedWhenTheFunctionUsesTheAbi() {
        KernelFunction fn = uniformHeavy(true);
        AllocationResult r = FatPointAllocatorTest.allocate(fn, ALL_UNIFORM_TO_UR.with(KnobCatalogue.SMEM_SPILLING, 1),
                0);
        assertEquals(AllocationStatus.OK, r.status());
        assertEquals(0, r.spills().smemBytes());
        assertEquals(0, count(r, fn, SpillSpace.SMEM));
    }
}
