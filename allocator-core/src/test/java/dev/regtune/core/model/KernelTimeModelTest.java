package dev.regtune.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.Allocators;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.alloc.KernelTime;
import dev.regtune.core.alloc.WarpWork;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Pins the kernel-time model on hand-computed cases, and shows that the budget it prefers moves
 * the right way when local memory gets slower or issue gets scarcer.
 */
class KernelTimeModelTest {
    private static final ArchProfile SM_90 = ArchProfiles.of("sm_90");
    /**
     * sm_90 defaults: 4 warp instructions per cycle, 43 requests in flight per SM, 1 per warp, LDG 380, LDL 22,
     * 64 work warps.
     */
    private static final TimeParameters HOPPER = TimeParameters.of(SM_90, Knobs.defaults());

    @Test
    void theHopperParametersAreTheTableValues() {
        assertEquals(new TimeParameters(4.0, 43, 1.0, 380, 22, 64, true), HOPPER);
    }

    @Test
    void anIssueBoundKernelDoesNotGainFromOccupancy() {
        // 1000 instructions, latency 1200: issue 64 x 1000 / 4 = 16000 cycles whatever the warps
        WarpWork work = new WarpWork(1000, 0, 0);
        KernelTime full = KernelTimeModel.estimate(work, 1200, 64, HOPPER);
        KernelTime quarter = KernelTimeModel.estimate(work, 1200, 16, HOPPER);
        assertEquals(new KernelTime(16000, KernelTime.Bound.ISSUE, 16000, 1200, 0), full);
        // a quarter of the warps: latency 64 x 1200 / 16 = 4800, still below the issue bound
        assertEquals(new KernelTime(16000, KernelTime.Bound.ISSUE, 16000, 4800, 0), quarter);
    }

    @Test
    void aLatencyBoundKernelScalesWithTheActiveWarps() {
        // 100 instructions, 2 global requests, latency 8000 cycles
        WarpWork work = new WarpWork(100, 2, 0);
        double memory = 64 * 2 * 380 / 43.0; // 1131.2: 64 warps keep the 43 requests in flight
        assertEquals(new KernelTime(8000, KernelTime.Bound.LATENCY, 1600, 8000, memory),
                KernelTimeModel.estimate(work, 8000, 64, HOPPER));
        // 16 warps keep only 16 requests in flight: memory 64 x 760 / 16 = 3040, still far below the latency
        assertEquals(new KernelTime(32000, KernelTime.Bound.LATENCY, 1600, 32000, 3040),
                KernelTimeModel.estimate(work, 8000, 16, HOPPER));
    }

    @Test
    void localTrafficCanSetTheTime() {
        // 300 local requests x 22 cycles over 43 in flight (48 warps could keep more), for 64 warps: 9823.3 cycles
        WarpWork work = new WarpWork(200, 0, 300);
        KernelTime t = KernelTimeModel.estimate(work, 3000, 48, HOPPER);
        assertEquals(KernelTime.Bound.MEMORY, t.bound());
        assertEquals(9823, t.cycles());
        assertEquals(4000, t.latencyCycles());
        // without global traffic counted, global requests are free
        TimeParameters localOnly = TimeParameters.of(SM_90, Knobs.defaults().with(KnobCatalogue.TIME_GLOBAL_TRAFFIC, 0));
        assertEquals(0.0, KernelTimeModel.estimate(new WarpWork(10, 50, 0), 100, 64, localOnly).memoryCycles());
    }

    @Test
    void aMemoryBoundKernelGainsFromWarpsUntilTheyFillTheMemoryParallelism() {
        // 100 instructions, 10 global requests (M = 10 x 380 = 3800 request-cycles), latency 1000:
        // issue 64 x 100 / 4 = 1600, latency 64 x 1000 / W, memory 64 x 3800 / min(43, W x 1)
        WarpWork work = new WarpWork(100, 10, 0);
        assertEquals(new KernelTime(30400, KernelTime.Bound.MEMORY, 1600, 8000, 30400),
                KernelTimeModel.estimate(work, 1000, 8, HOPPER));
        assertEquals(new KernelTime(15200, KernelTime.Bound.MEMORY, 1600, 4000, 15200),
                KernelTimeModel.estimate(work, 1000, 16, HOPPER));
        assertEquals(new KernelTime(7600, KernelTime.Bound.MEMORY, 1600, 2000, 7600),
                KernelTimeModel.estimate(work, 1000, 32, HOPPER));
        // from 43 warps on the memory system is the limit: 64 x 3800 / 43 = 5655.8, at 43, 48 and 64 warps
        double saturated = 64 * 3800 / 43.0;
        for (int warps : new int[] {43, 48, 64}) {
            assertEquals(new KernelTime(5656, KernelTime.Bound.MEMORY, 1600, 64 * 1000.0 / warps, saturated),
                    KernelTimeModel.estimate(work, 1000, warps, HOPPER), warps + " warps");
        }
        // two requests in flight per warp: 16 warps keep 32 in flight, 22 warps already fill the 43
        TimeParameters two = TimeParameters.of(SM_90,
                Knobs.defaults().with(KnobCatalogue.TIME_WARP_REQUESTS_IN_FLIGHT, 2));
        assertEquals(7600, KernelTimeModel.estimate(work, 1000, 16, two).cycles());
        assertEquals(5656, KernelTimeModel.estimate(work, 1000, 22, two).cycles());
    }

    @Test
    void aKernelThatCannotLaunchHasNoTime() {
        KernelTime t = KernelTimeModel.estimate(new WarpWork(10, 0, 0), 100, 0, HOPPER);
        assertFalse(t.known());
        assertEquals(KernelTime.NONE, t);
    }

    @Test
    void theAllocatorReportsTheTimeOfItsOwnCounts() throws IOException {
        KernelFunction fn = kernel("pointer_chase", "pointer_chase_multi8");
        AllocationResult r = allocate(fn, Knobs.defaults(), 0);
        KernelTime expected = KernelTimeModel.estimate(r.estimates().work(), r.estimates().latencyCycles(),
                r.estimates().activeWarps(), HOPPER);
        assertEquals(expected, r.estimates().time());
        assertTrue(r.estimates().work().instructions() > 0);
    }

    @Test
    void slowerLocalMemoryMovesTheBestBudgetUp() throws IOException {
        // pointer_chase_multi8 uses 66 registers (24 warps) unlimited; budgets buy warps with spills
        KernelFunction fn = kernel("pointer_chase", "pointer_chase_multi8");
        int fast = bestBudget(fn, KnobCatalogue.LOCAL_LOAD_LATENCY, 1);
        int table = bestBudget(fn, KnobCatalogue.LOCAL_LOAD_LATENCY, 0);
        int slow = bestBudget(fn, KnobCatalogue.LOCAL_LOAD_LATENCY, 400);
        int slowest = bestBudget(fn, KnobCatalogue.LOCAL_LOAD_LATENCY, 2000);
        assertTrue(fast <= table && table <= slow && slow <= slowest, fast + " " + table + " " + slow + " " + slowest);
        assertTrue(fast < slowest, "the optimum must move: " + fast + " -> " + slowest);
        assertEquals(255, slowest, "at 2000-cycle reloads no budget pays");
    }

    @Test
    void scarcerIssueMovesTheBestBudgetUp() throws IOException {
        // spill reloads and stores are instructions: when issue is scarce they cost more than the warps gain
        for (String[] k : new String[][] {{"live_through", "loop_live_across_unused"}, {"conv2d", "conv2d_3x3_c16_k4"}}) {
            KernelFunction fn = kernel(k[0], k[1]);
            int scarce = bestBudget(fn, KnobCatalogue.TIME_ISSUE_RATE, 0.5);
            int table = bestBudget(fn, KnobCatalogue.TIME_ISSUE_RATE, 0);
            int ample = bestBudget(fn, KnobCatalogue.TIME_ISSUE_RATE, 16);
            assertTrue(ample <= table && table < scarce, k[1] + ": " + ample + " " + table + " " + scarce);
        }
    }

    /** The budget of the lowest time, no limit counted as 255 registers; ties go to the larger budget. */
    private static int bestBudget(KernelFunction fn, KnobDef knob, double value) {
        Knobs knobs = Knobs.defaults().with(knob, value);
        int best = -1;
        long bestTime = Long.MAX_VALUE;
        for (int budget : new int[] {0, 128, 96, 64, 48, 40, 32}) {
            KernelTime t = allocate(fn, knobs, budget).estimates().time();
            if (t.known() && t.cycles() < bestTime) {
                bestTime = t.cycles();
                best = budget == 0 ? 255 : budget;
            }
        }
        return best;
    }

    private static AllocationResult allocate(KernelFunction fn, Knobs knobs, int budget) {
        AllocationResult r = Allocators.all().get(0).allocate(fn, knobs, SM_90, budget);
        assertEquals(AllocationStatus.OK, r.status(), r.message());
        assertTrue(AllocationChecker.check(r.allocatedFunction(), r.assignment()).ok(), fn.name() + " at " + budget);
        return r;
    }

    private static KernelFunction kernel(String file, String entry) throws IOException {
        return PtxParser.parse(Path.of("../datasets/corpus/ptx/sm_90/" + file + ".ptx")).entries().stream()
                .filter(f -> f.name().equals(entry)).findFirst().orElseThrow();
    }
}
