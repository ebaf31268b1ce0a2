package dev.regtune.core.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.Allocators;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Kernel parameters are read where they are used, and with R1 held by the stack pointer and
 * {@code mul.wide}+{@code add.s64} fused into {@code IMAD.WIDE} the model then matches ptxas
 * 13.0.88 on a real-world entry (12 registers; its SASS reads the three pointers after the
 * bounds check's branch, in R2:R3, R4:R5, R6:R7, with R1 the stack pointer and R9 the index).
 */
class ParameterSinkingTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/parameter_sinking_sm90.ptx");

    private static KernelFunction vectorAdd() throws Exception {
        return PtxParser.parse(PTX).functions().stream().filter(f -> f.name().equals("vectorAdd")).findFirst()
                .orElseThrow();
    }

    private static AllocationResult allocate(Knobs knobs) throws Exception {
        AllocationResult r = Allocators.fatPoint().allocate(vectorAdd(), knobs, ArchProfiles.of("sm_90"), 0);
        assertEquals(AllocationStatus.OK, r.status());
        AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        return r;
    }

    @Test
    void thePointerReadsMoveToTheBlockAfterTheBoundsCheck() throws Exception {
        KernelFunction fn = vectorAdd();
        ParameterLoadSinking.Sunk sunk = ParameterLoadSinking.apply(fn,
                dev.regtune.core.analysis.FunctionAnalyses.of(fn, 10).loops(), false);
        assertEquals(3, sunk.moved(), "the three pointers; the bound stays where the check reads it");
        KernelFunction f = sunk.function();
        int block = -1;
        for (int i = 0; i < f.instrCount(); i++) {
            if (f.instrKind(i) == InstrKind.LOAD_PARAM && f.opcode(i).endsWith(".u64")) {
                assertTrue(block < 0 || block == f.blockOf(i));
                block = f.blockOf(i);
            }
        }
        assertTrue(block > 0, "moved out of the entry block");
        assertEquals(f.blockStart(block), firstParamRead(f, block), "at the top of the block that uses them");
    }

    private static int firstParamRead(KernelFunction f, int b) {
        for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
            if (f.instrKind(i) == InstrKind.LOAD_PARAM) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void withTheStackPointerAndImadWideTheModelUsesWhatPtxasUses() throws Exception {
        // Launch dimensions held in a register, as before RegTuneFoldLaunchDimensions. Here ptxas's SASS
        // does read %ntid.x into R9 (LDC), since the IMAD's other operand, %ctaid.x, is in UR4 and an
        // instruction takes one constant-bank or uniform operand; folded, the model gets 10.
        Knobs sassFacts = Knobs.defaults().with(KnobCatalogue.STACK_POINTER_SLOT, 1)
                .with(KnobCatalogue.FUSE_WIDE_MULTIPLY_ADD, 1).with(KnobCatalogue.FOLD_LAUNCH_DIMENSIONS, 0);
        assertEquals(12, allocate(sassFacts).registers(), "ptxas: Used 12 registers");
        assertEquals(14, allocate(sassFacts.with(KnobCatalogue.SINK_PARAMETER_LOADS, 0)).registers(),
                "the pointers held across the index computation");
        assertEquals(14, allocate(sassFacts.with(KnobCatalogue.FUSE_WIDE_MULTIPLY_ADD, 0)).registers(),
                "each 64-bit product held in a register pair");
    }
}
