package dev.regtune.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import org.junit.jupiter.api.Test;

/** Pins the in-order scoreboard schedule of the latency model. */
class LatencyModelTest {
    private static final LatencyTable HOPPER = LatencyTable.forArch(ArchProfiles.of("sm_90"));

    /** ld.global a; fma b <- a; fma c <- b; st c: a dependent chain in one block. */
    private static KernelFunction chain() {
        FunctionBuilder b = new FunctionBuilder("chain", FunctionKind.ENTRY);
        int a = b.vreg("%a", RegClass.R, PairMode.SINGLE, 0);
        int x = b.vreg("%b", RegClass.R, PairMode.SINGLE, 0);
        int c = b.vreg("%c", RegClass.R, PairMode.SINGLE, 0);
        b.instr("ld.global.f32", InstrKind.LOAD_GLOBAL, 0, new int[] {a}, new int[0], 0);
        b.instr("fma.rn.f32", InstrKind.FP32, 0, new int[] {x}, new int[] {a}, 0);
        b.instr("fma.rn.f32", InstrKind.FP32, 0, new int[] {c}, new int[] {x}, 0);
        b.instr("st.global.f32", InstrKind.STORE_GLOBAL, 0, new int[0], new int[] {c}, 0);
        return b.build();
    }

    @Test
    void dependentInstructionsWaitForTheirOperands() {
        int load = HOPPER.of(InstrKind.LOAD_GLOBAL);
        int fp32 = HOPPER.of(InstrKind.FP32);
        // ld issues at 0; fma at `load`; fma at load+fp32; st at load+2*fp32, done one cycle later
        long expected = load + 2L * fp32 + HOPPER.of(InstrKind.STORE_GLOBAL);
        assertEquals(expected, LatencyModel.estimate(chain(), HOPPER, new double[] {1.0}, SpillTraffic.NONE, 30, 1));
    }

    @Test
    void blockFrequencyWeightsTheBlock() {
        long once = LatencyModel.estimate(chain(), HOPPER, new double[] {1.0}, SpillTraffic.NONE, 30, 1);
        assertEquals(100 * once, LatencyModel.estimate(chain(), HOPPER, new double[] {100.0}, SpillTraffic.NONE, 30,
                1));
    }

    @Test
    void aReloadBeforeAnInstructionExposesTheLocalLoadLatency() {
        // one local reload before instruction 1, the first fma
        SpillTraffic reloadBeforeFirstFma = new SpillTraffic.PerInstruction(new int[] {0, 1, 0, 0}, new int[4],
                new int[4], new boolean[4]);
        long plain = LatencyModel.estimate(chain(), HOPPER, new double[] {1.0}, SpillTraffic.NONE, 30, 1);
        long spilled = LatencyModel.estimate(chain(), HOPPER, new double[] {1.0}, reloadBeforeFirstFma, 1000, 1);
        // the reload is issued one cycle after the load and takes 1000 cycles, longer than the load
        assertEquals(plain - HOPPER.of(InstrKind.LOAD_GLOBAL) + 1 + 1000, spilled);
    }
}
