package dev.regtune.core.unroll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.analysis.FunctionAnalyses;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.core.testing.ProbeAllocations;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * ptxas 13.0.88 keeps one register for induction variables that step together and start a
 * parameter apart (probe {@code induction_variables_sm90.ptx}: 10 registers for 2, 4 and 8 of them;
 * 12, 13 and 21 when they start a thread-dependent amount apart).
 */
class InductionVariableMergingTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/induction_variables_sm90.ptx");

    private static KernelFunction entry(String name) throws Exception {
        return PtxParser.parse(PTX).functions().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    private static InductionVariableMerging.Merged merge(KernelFunction f) {
        return InductionVariableMerging.apply(f, FunctionAnalyses.of(f, 10).loops());
    }

    private static int registers(KernelFunction f, boolean merge) {
        return ProbeAllocations.checkedSm90(f, Knobs.defaults().with(KnobCatalogue.MERGE_INDUCTION_VARIABLES, merge ? 1 : 0))
                .registers();
    }

    @Test
    void variablesAParameterApartShareOneRegister() throws Exception {
        for (int k : new int[] {2, 4, 8}) {
            KernelFunction f = entry("iv_params_" + k);
            InductionVariableMerging.Merged m = merge(f);
            assertEquals(k - 1, m.variables(), "all but the first of " + k);
            // The k - 1 updates and the starting values' subtractions and parameter reads go.
            assertEquals(f.instrCount() - 3 * (k - 1), m.function().instrCount());
            int r = registers(f, true);
            assertTrue(Math.abs(r - 10) <= 2, k + " variables: the model " + r + ", ptxas 10");
        }
        assertTrue(registers(entry("iv_params_8"), false) >= registers(entry("iv_params_8"), true) + 5,
                "without merging each variable holds a register across the loop");
    }

    @Test
    void variablesAThreadDependentAmountApartKeepTheirRegisters() throws Exception {
        for (int k : new int[] {2, 4, 8}) {
            KernelFunction f = entry("iv_divergent_" + k);
            assertSame(f, merge(f).function());
            assertEquals(registers(f, false), registers(f, true));
        }
        // ptxas: 12, 13 and 21; the count grows with the variables, as the model's does.
        assertTrue(registers(entry("iv_divergent_8"), true) > registers(entry("iv_params_8"), true) + 4);
    }
}
