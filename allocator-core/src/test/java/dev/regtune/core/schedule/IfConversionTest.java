package dev.regtune.core.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.core.testing.ProbeAllocations;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * ptxas 13.0.88 predicates the short blocks that bounds checks skip and issues their loads together
 * (probe {@code guarded_blocks_sm90.ptx}: a tiled transpose's rows, 4 and 8 guarded blocks of 5
 * instructions take 18 and 32 registers; 4 blocks of 21 instructions stay branches, 14).
 */
class IfConversionTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/guarded_blocks_sm90.ptx");

    private static KernelFunction entry(String name) throws Exception {
        return PtxParser.parse(PTX).functions().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    private static int registers(KernelFunction f, boolean ifConvert) {
        Knobs knobs = Knobs.defaults().with(KnobCatalogue.IF_CONVERT, ifConvert ? 1 : 0);
        return ProbeAllocations.checkedSm90(f, knobs).registers();
    }

    @Test
    void guardedBlocksBecomePredicatedCodeInOneBlock() throws Exception {
        KernelFunction f = entry("guarded4");
        GuardedBlockMerging.Merged m = GuardedBlockMerging.apply(f, 20);
        // The last row's branch skips to the return: an early exit (@P EXIT), not predicated.
        assertEquals(3, m.blocks());
        KernelFunction g = m.function();
        assertEquals(3, g.blockCount(), "three rows predicated in the first block, then the last row and the return");
        assertEquals(f.instrCount() - 3, g.instrCount(), "three branches go");
        int predicated = 0;
        for (int i = 0; i < g.instrCount(); i++) {
            if (g.instrHas(i, InstrFlags.GUARDED) && !g.instrHas(i, InstrFlags.BRANCH)) {
                predicated++;
                assertTrue(g.instrHas(i, InstrFlags.GUARD_NEGATED), "runs where the branch did not jump");
                assertTrue(g.instrHas(i, InstrFlags.GUARD_SCOPED_DEFS), "its values are read under its guard only");
            }
        }
        assertEquals(3 * 5, predicated);
    }

    @Test
    void predicatedLoadsIssueTogetherAsPtxasDoes() throws Exception {
        int four = registers(entry("guarded4"), true);
        int eight = registers(entry("guarded8"), true);
        // ptxas: 18 and 32; as branches the model keeps one row at a time (10 and 10).
        assertTrue(Math.abs(four - 18) <= 3, "guarded4: the model " + four + ", ptxas 18");
        assertTrue(Math.abs(eight - 32) <= 3, "guarded8: the model " + eight + ", ptxas 32");
        assertTrue(registers(entry("guarded8"), false) <= eight - 15, "without if-conversion the rows stay apart");
    }

    @Test
    void aBlockLongerThanTheLimitStaysABranch() throws Exception {
        KernelFunction f = entry("guarded4_long");
        assertSame(f, GuardedBlockMerging.apply(f, 20).function());
        assertEquals(3, GuardedBlockMerging.apply(f, 21).blocks());
        // ptxas: 14.
        int r = registers(f, true);
        assertTrue(Math.abs(r - 14) <= 4, "the model " + r + ", ptxas 14");
    }

    @Test
    void anEarlyExitAndAValueThatLeavesTheBlockKeepTheirBranches() throws Exception {
        String ptx = """
                .version 8.0
                .target sm_90
                .address_size 64
                .visible .entry early_exit(.param .u64 p, .param .u32 n)
                {
                	.reg .pred %p<2>;
                	.reg .b32 %r<4>;
                	.reg .b64 %rd<4>;
                	ld.param.u64 %rd1, [p];
                	ld.param.u32 %r1, [n];
                	mov.u32 %r2, %tid.x;
                	setp.ge.s32 %p1, %r2, %r1;
                	@%p1 bra DONE;
                	mul.wide.s32 %rd2, %r2, 4;
                	add.s64 %rd3, %rd1, %rd2;
                	st.global.u32 [%rd3], %r2;
                DONE:
                	ret;
                }
                .visible .entry flows_out(.param .u64 p, .param .u32 n)
                {
                	.reg .pred %p<2>;
                	.reg .b32 %r<4>;
                	.reg .b64 %rd<4>;
                	ld.param.u64 %rd1, [p];
                	ld.param.u32 %r1, [n];
                	mov.u32 %r2, %tid.x;
                	mov.u32 %r3, 0;
                	setp.ge.s32 %p1, %r2, %r1;
                	@%p1 bra JOIN;
                	ld.global.u32 %r3, [%rd1];
                JOIN:
                	st.global.u32 [%rd1+4], %r3;
                	ret;
                }
                """;
        for (KernelFunction f : PtxParser.parse(ptx, "guards.ptx").functions()) {
            assertEquals(0, GuardedBlockMerging.apply(f, 20).blocks(), f.name());
            registers(f, true);
        }
    }
}
