package dev.regtune.core.promote;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which PTX instructions count as a subroutine's result for local-array promotion: those whose
 * result, used as an index, kept the array of ptxas 13.0.88's probe in memory (see {@link
 * SubroutineResults} and {@code LocalArrayPromotionTest}'s {@code dyn_index_*} kernels).
 */
class SubroutineResultsTest {
    @ParameterizedTest
    @CsvSource({"div.rn.f32, true", "div.rn.ftz.f32, true", "rcp.rn.f32, true", "sqrt.rn.f32, true",
            "div.rn.f64, true", "rcp.rn.f64, true", "sqrt.rn.f64, true", "div.rz.f64, true", "div.u64, true",
            "div.s64, true", "rem.s64, true", "rem.u64, true", "div.full.f32, false", "div.approx.f32, false",
            "rcp.approx.f32, false", "sqrt.approx.f32, false", "div.u32, false", "div.s32, false", "rem.u32, false",
            "add.f32, false", "mul.wide.u32, false", "rcp.approx.ftz.f64, false"})
    void theProbedConstructsLowerToCalls(String opcode, boolean call) {
        assertEquals(call, SubroutineResults.lowersToCall(opcode));
    }
}
