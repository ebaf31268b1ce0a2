package dev.regtune.core.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.fatpoint.FatPointAllocator;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The lowering stage on kernels measured with ptxas 13.0.88 ({@code lowering_probes_sm90.ptx}:
 * each keeps n values live across one construct, as {@code regtune datasets probe} generates them).
 * Every allocation goes through the checker, on the function the allocator placed (with its
 * temporaries).
 */
class LoweringStageTest {
    private static final ArchProfile SM90 = ArchProfiles.of("sm_90");
    private static final FatPointAllocator ALLOCATOR = new FatPointAllocator();
    private static final Knobs UNLOWERED = Knobs.defaults().with(KnobCatalogue.LOWER_TEMPORARIES, 0)
            .with(KnobCatalogue.LOWER_REGISTER_FLOORS, 0);

    /**
     * ptxas -v -arch=sm_90 -maxrregcount 40: add_f64_16 0 bytes of spill stores, rem_s64_16 24,
     * div_rn_f64_16 32 (16 live doubles; the remainder's and the division's sequences need 6 and 8
     * more registers than the add's). The model spills them as ptxas does only with the temporaries.
     */
    @Test
    void atForty64BitDivisionAndRemainderSpillBecauseOfTheirTemporariesAsInPtxas() throws IOException {
        PtxModule m = module();
        assertEquals(0, allocate(function(m, "add_f64_16"), Knobs.defaults(), 40).spills().storeBytes());
        for (String name : new String[] {"rem_s64_16", "div_rn_f64_16"}) {
            KernelFunction fn = function(m, name);
            assertTrue(allocate(fn, Knobs.defaults(), 40).spills().storeBytes() > 0, name + " with its temporaries");
            assertEquals(0, allocate(fn, UNLOWERED, 40).spills().storeBytes(), name + " without lowering");
        }
        assertEquals(0, allocate(function(m, "rem_s64_16"), Knobs.defaults(), 48).spills().storeBytes(),
                "ptxas: rem_s64_16 fits in 48");
    }

    /** ptxas without a limit: div_rn_f64_2 25 registers, add_f64_2 16 (the division's slow path is a subroutine). */
    @Test
    void aSmallKernelWithADoubleDivisionGetsTheSubroutinesRegisterFloor() throws IOException {
        PtxModule m = module();
        KernelFunction div = function(m, "div_rn_f64_2");
        int floor = LoweringTable.standard().rules("sm_90").rule("div.rn.f64").registerFloor();
        assertEquals(floor, allocate(div, Knobs.defaults(), 0).registers());
        assertTrue(Math.abs(floor - 25) <= 1, "ptxas 25, floor " + floor);
        assertTrue(allocate(div, UNLOWERED, 0).registers() < 20, "without the floor the kernel's own pressure");
        assertTrue(allocate(function(m, "add_f64_2"), Knobs.defaults(), 0).registers() < 20, "no floor for an add");
        assertEquals(24, allocate(div, Knobs.defaults(), 24).registers(), "the floor stays within the budget");
    }

    /**
     * store_data_sm90.ptx, ptxas -v -arch=sm_90: stores_4/8/12 use 14, 22 and 30 registers, two per
     * stored value (odd registers, read from the SASS). With RegTuneLowerOddStoreData the model
     * also spends two per value; without it, one.
     */
    @Test
    void theDataOfA32BitGlobalStoreTakesAnOddRegisterWhenTheKnobSaysSo() throws IOException {
        PtxModule m = PtxParser.parse(Path.of("src/test/resources/ptx/ptxas/store_data_sm90.ptx"));
        Knobs odd = Knobs.defaults().with(KnobCatalogue.LOWER_ODD_STORE_DATA, 1);
        int[] sizes = {4, 8, 12};
        int[] ptxas = {14, 22, 30};
        for (int k = 0; k < sizes.length; k++) {
            KernelFunction fn = function(m, "stores_" + sizes[k]);
            int spread = allocate(fn, odd, 0).registers();
            int packed = allocate(fn, Knobs.defaults(), 0).registers();
            assertTrue(Math.abs(spread - ptxas[k]) <= 2, fn.name() + ": ptxas " + ptxas[k] + ", the model " + spread);
            assertEquals(sizes[k], spread - packed, fn.name() + ": one more register per stored value");
        }
        KernelFunction many = function(m, "stores_12");
        Knobs tight = odd.with(KnobCatalogue.LOWER_ODD_STORE_DATA_UP_TO, 20);
        assertEquals(allocate(many, Knobs.defaults(), 0).registers(), allocate(many, tight, 0).registers(),
                "no spreading where the registers it needs are not free");
    }

    @Test
    void theTemporariesAreDefinedRightBeforeTheirInstructionFromItsInputs() throws IOException {
        KernelFunction fn = function(module(), "div_rn_f32_32");
        AllocationResult r = allocate(fn, Knobs.defaults().with(KnobCatalogue.SCHEDULE_BEFORE_ALLOCATION, 0), 0);
        KernelFunction lowered = r.allocatedFunction();
        LoweringTable.ArchRules rules = LoweringTable.standard().rules("sm_90");
        int temps = rules.rule("div.rn.f32").temporaries();
        int lowerable = 0;
        for (int i = 0; i < fn.instrCount(); i++) {
            LoweringRule rule = rules.rule(fn.opcode(i));
            lowerable += rule != null && rule.temporaries() > 0 ? 1 : 0;
        }
        assertTrue(lowerable >= 2, "the division and the address's mul.wide.u32");
        assertEquals(fn.instrCount() + lowerable, lowered.instrCount());
        int pseudo = -1;
        for (int i = 0; i + 1 < lowered.instrCount(); i++) {
            if (lowered.opcode(i).equals(Lowering.PSEUDO_OPCODE) && lowered.opcode(i + 1).equals("div.rn.f32")) {
                pseudo = i;
            }
        }
        assertEquals("div.rn.f32", lowered.opcode(pseudo + 1));
        assertEquals(temps, lowered.defCount(pseudo));
        assertEquals(lowered.useCount(pseudo) + temps, lowered.useCount(pseudo + 1));
        for (int k = 0; k < temps; k++) {
            assertEquals(lowered.def(pseudo, k), lowered.use(pseudo + 1, lowered.useCount(pseudo) + k));
        }
        AllocationResult again = allocate(fn, Knobs.defaults().with(KnobCatalogue.SCHEDULE_BEFORE_ALLOCATION, 0), 0);
        assertEquals(r.usage(), again.usage(), "deterministic");
        assertEquals(r.spills(), again.spills(), "deterministic");
    }

    /**
     * Temporaries are defined and read within their instruction's block, after every existing vreg,
     * so every block's live-in and live-out sets stay the same and the stage carries the liveness
     * over to the lowered code ({@code AllocationState.transformWithinBlocks}): checked against
     * liveness computed from scratch on every function of the bundled corpus and of the probes.
     */
    @Test
    void temporariesKeepEveryBlocksLiveSets() throws IOException {
        java.util.List<KernelFunction> fns = new java.util.ArrayList<>(module().functions());
        for (String arch : new String[] {"sm_80", "sm_90"}) {
            try (var files = java.nio.file.Files.newDirectoryStream(Path.of("../datasets/corpus/ptx/" + arch), "*.ptx")) {
                for (Path file : files) {
                    fns.addAll(PtxParser.parse(file).functions());
                }
            }
        }
        LoweringTable.ArchRules rules = LoweringTable.standard().rules("sm_90");
        int lowered = 0;
        for (KernelFunction fn : fns) {
            int[] count = new int[fn.instrCount()];
            boolean any = false;
            for (int i = 0; i < count.length; i++) {
                LoweringRule r = rules.rule(fn.opcode(i));
                count[i] = r != null ? r.temporaries() : 0;
                any |= count[i] > 0;
            }
            if (!any) {
                continue;
            }
            lowered++;
            KernelFunction withTemps = Lowering.withTemporaries(fn, count);
            assertTrue(dev.regtune.core.analysis.Liveness.compute(fn).extendedTo(withTemps)
                    .sameSets(dev.regtune.core.analysis.Liveness.compute(withTemps)), fn.name());
        }
        assertTrue(lowered > 20, "only " + lowered + " functions lowered");
    }

    private static AllocationResult allocate(KernelFunction fn, Knobs knobs, int budget) {
        AllocationResult r = ALLOCATOR.allocate(fn, knobs, SM90, budget);
        assertEquals(AllocationStatus.OK, r.status(), fn.name());
        AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        return r;
    }

    private static PtxModule module() throws IOException {
        return PtxParser.parse(Path.of("src/test/resources/ptx/ptxas/lowering_probes_sm90.ptx"));
    }

    private static KernelFunction function(PtxModule m, String name) {
        return m.functions().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }
}
