package dev.regtune.core.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.Allocators;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.core.testing.ProbeAllocations;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * ptxas 13.0.88 loads each distinct value of a {@code .f16} WMMA fragment once (probe
 * {@code wmma_fragments_sm90.ptx}: the SASS stores a fragment's eight registers from 4, 8 or 2
 * registers by shape and matrix, and ptxas uses 18, 26 and 14 registers for those kernels).
 */
class DuplicatedFragmentRegistersTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/wmma_fragments_sm90.ptx");
    private static final Path BUNDLED = Path.of("../datasets/corpus/ptx/sm_90/tensor_core_gemm.ptx");

    /** Distinct registers of the stored fragment, per kernel, as ptxas's SASS shows them. */
    private static final Map<String, Integer> DISTINCT = Map.of("stores_a16_row", 4, "stores_a16_col", 4,
            "stores_b16_row", 4, "stores_b16_col", 4, "stores_a32_row", 8, "stores_b32_row", 2, "stores_a8_row", 2,
            "stores_b8_row", 8);

    private static KernelFunction entry(Path ptx, String name) throws Exception {
        return PtxParser.parse(ptx).functions().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    private static Knobs merging(boolean on) {
        return Knobs.defaults().with(KnobCatalogue.MERGE_DUPLICATED_FRAGMENTS, on ? 1 : 0);
    }

    private static int registers(KernelFunction f, boolean merge) {
        return ProbeAllocations.checkedSm90(f, merging(merge)).registers();
    }

    @Test
    void eachLoadKeepsOneRegisterPerDistinctValue() throws Exception {
        for (Map.Entry<String, Integer> e : DISTINCT.entrySet()) {
            KernelFunction f = entry(PTX, e.getKey());
            DuplicatedFragmentRegisters.Merged m = DuplicatedFragmentRegisters.apply(f);
            assertEquals(8 - e.getValue(), m.registers(), e.getKey());
            for (int i = 0; i < m.function().instrCount(); i++) {
                if (m.function().opcode(i).startsWith("wmma.load.")) {
                    assertEquals(e.getValue(), m.function().defCount(i), e.getKey() + ": the load's registers");
                }
            }
        }
    }

    @Test
    void registerCountsFollowTheDistinctValuesAsPtxasDoes() throws Exception {
        // ptxas: 26 (8 distinct) > 18 (4) > 14 (2); without merging every kernel holds eight.
        int eight = registers(entry(PTX, "stores_a32_row"), true);
        int four = registers(entry(PTX, "stores_a16_row"), true);
        int two = registers(entry(PTX, "stores_b32_row"), true);
        assertTrue(eight > four && four > two, "8, 4, 2 distinct: " + eight + ", " + four + ", " + two);
        assertEquals(eight, registers(entry(PTX, "stores_b32_row"), false), "unmerged, 2 distinct hold as many as 8");
        // Eight A fragments: ptxas 40; the model without merging holds 64 fragment registers.
        KernelFunction chain = entry(PTX, "chain_a8");
        int merged = registers(chain, true);
        int unmerged = registers(chain, false);
        assertTrue(Math.abs(merged - 40) < Math.abs(unmerged - 40), "ptxas 40, merged " + merged + ", not " + unmerged);
        assertTrue(unmerged - merged >= 24, "four registers of each of eight fragments go: " + unmerged + " -> " + merged);
    }

    @Test
    void theBundledWmmaGemmComesWithinTenPercentOfPtxas() throws Exception {
        KernelFunction f = entry(BUNDLED, "wmma_gemm_f16f32");
        for (String arch : new String[] {"sm_80", "sm_90"}) {
            AllocationResult r = Allocators.fatPoint().allocate(f, merging(true), ArchProfiles.of(arch), 0);
            assertEquals(AllocationStatus.OK, r.status());
            AllocationChecker.verify(r.allocatedFunction(), r.assignment());
            int ptxas = arch.equals("sm_80") ? 72 : 64;
            assertTrue(Math.abs(r.registers() - ptxas) <= ptxas / 10, arch + ": ptxas " + ptxas + ", model " + r.registers());
        }
    }

    @Test
    void otherTypesAndOlderArchitecturesAreLeftAlone() throws Exception {
        KernelFunction bf16 = entry(BUNDLED, "mma_m16n8k16_gemm");
        assertSame(bf16, DuplicatedFragmentRegisters.apply(bf16).function(), "inline mma.sync fragments have no copies");
        KernelFunction f = entry(PTX, "stores_a16_row");
        AllocationResult sm75 = Allocators.fatPoint().allocate(f, merging(true), ArchProfiles.of("sm_75"), 0);
        AllocationResult sm75Off = Allocators.fatPoint().allocate(f, merging(false), ArchProfiles.of("sm_75"), 0);
        AllocationChecker.verify(sm75.allocatedFunction(), sm75.assignment());
        assertEquals(sm75Off.registers(), sm75.registers(), "the stage runs from sm_80 on");
    }
}
