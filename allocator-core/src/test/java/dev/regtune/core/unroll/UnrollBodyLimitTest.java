package dev.regtune.core.unroll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.core.testing.ProbeAllocations;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * ptxas 13.0.88 unrolls a counted loop whose body has 48 instructions before its closing branch and
 * keeps one of 49 (probe {@code unroll_body_sm90.ptx}: 22 and 12 registers, 7 and 1 {@code LDG}).
 */
class UnrollBodyLimitTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/unroll_body_sm90.ptx");

    private static KernelFunction entry(String name) throws Exception {
        return PtxParser.parse(PTX).functions().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    private static int loads(KernelFunction f, Knobs knobs) {
        return ProbeAllocations.opcodeCount(ProbeAllocations.checkedSm90(f, knobs).allocatedFunction(), "ld.global.f32");
    }

    @Test
    void aBodyOf48IsUnrolledAndOneOf49Kept() throws Exception {
        // ptxas's limit, the default (16 before the scheduler took unrolled copies' addresses early).
        Knobs defaults = Knobs.defaults();
        assertEquals(48, defaults.getInt(KnobCatalogue.UNROLL_BODY_LIMIT));
        assertEquals(defaults.getInt(KnobCatalogue.UNROLL_FACTOR), loads(entry("loop_body_48"), defaults),
                "one load per copy of the body");
        assertEquals(1, loads(entry("loop_body_48"), Knobs.defaults().with(KnobCatalogue.UNROLL_BODY_LIMIT, 16)),
                "a limit of 16 keeps it");
        assertEquals(1, loads(entry("loop_body_49"), defaults));
        int unrolled = ProbeAllocations.checkedSm90(entry("loop_body_48"), defaults).registers();
        int kept = ProbeAllocations.checkedSm90(entry("loop_body_49"), defaults).registers();
        // ptxas: 22 and 12, four copies there; the model unrolls twice (RegTuneUnrollFactor) and its counts
        // differ, but the copies' loads and addresses take registers as ptxas's do.
        assertTrue(unrolled >= kept + 2, "unrolled " + unrolled + ", kept " + kept);
    }
}
