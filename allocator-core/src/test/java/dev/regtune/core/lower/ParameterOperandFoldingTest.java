package dev.regtune.core.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

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
 * Kernel parameters read by arithmetic become constant-bank operands, as in ptxas 13.0.88's SASS
 * of two real-world entries: saxpy reads all five parameters as {@code c[0x0][...]} operands and
 * uses 12 registers; write_float's pointer is a store address and its value store data, which
 * SASS cannot read from the constant bank, so both are loaded.
 */
class ParameterOperandFoldingTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/parameter_folding_sm90.ptx");

    private static KernelFunction entry(String name) throws Exception {
        return PtxParser.parse(PTX).functions().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow();
    }

    private static int count(KernelFunction f, String opcodePrefix) {
        int n = 0;
        for (int i = 0; i < f.instrCount(); i++) {
            if (f.opcode(i).startsWith(opcodePrefix)) {
                n++;
            }
        }
        return n;
    }

    private static int useCountOf(KernelFunction f, String opcodePrefix) {
        for (int i = 0; i < f.instrCount(); i++) {
            if (f.opcode(i).startsWith(opcodePrefix)) {
                return f.useCount(i);
            }
        }
        throw new AssertionError("no " + opcodePrefix);
    }

    @Test
    void everyParameterOfSaxpyBecomesAnOperandAndNoLoadIsLeft() throws Exception {
        KernelFunction fn = entry("saxpy");
        ParameterOperandFolding.Folded folded = ParameterOperandFolding.apply(fn);
        assertEquals(5, folded.operands(), "three pointers into adds, the scale into the fma, the bound into setp");
        KernelFunction f = folded.function();
        for (int i = 0; i < f.instrCount(); i++) {
            assertFalse(f.instrKind(i) == InstrKind.LOAD_PARAM, "ld.param left at " + i + ": " + f.opcode(i));
        }
        assertEquals(5, fn.instrCount() - f.instrCount(), "the five loads go, nothing else");
        assertEquals(1, useCountOf(f, "setp"), "ISETP reads the bound from c[0x0][...]");
        assertEquals(2, useCountOf(f, "fma"), "FFMA reads the scale from c[0x0][...]");
        assertEquals(3, count(f, "add.u64"), "each address still computed, from the offset and a constant");
    }

    @Test
    void addressesAndStoreDataStayInRegisters() throws Exception {
        KernelFunction fn = entry("write_float");
        ParameterOperandFolding.Folded folded = ParameterOperandFolding.apply(fn);
        assertEquals(0, folded.operands());
        assertSame(fn, folded.function());
    }

    @Test
    void withTheOtherSassFactsTheModelUsesWhatPtxasUsesOnSaxpy() throws Exception {
        // Store data after its address off: the model puts the Z pointer in R8:R9, ptxas in R6:R7 (its data in R9).
        Knobs sass = Knobs.defaults().with(KnobCatalogue.STACK_POINTER_SLOT, 1)
                .with(KnobCatalogue.FUSE_WIDE_MULTIPLY_ADD, 1).with(KnobCatalogue.FOLD_PARAMETER_OPERANDS, 1)
                .with(KnobCatalogue.STORE_DATA_AFTER_ADDRESS, 0);
        assertEquals(12, allocate(sass).registers(), "ptxas: Used 12 registers");
        assertEquals(14, allocate(sass.with(KnobCatalogue.FOLD_PARAMETER_OPERANDS, 0)).registers(),
                "the three pointers loaded into register pairs");
    }

    private static AllocationResult allocate(Knobs knobs) throws Exception {
        AllocationResult r = Allocators.fatPoint().allocate(entry("saxpy"), knobs, ArchProfiles.of("sm_90"), 0);
        assertEquals(AllocationStatus.OK, r.status());
        AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        return r;
    }
}
