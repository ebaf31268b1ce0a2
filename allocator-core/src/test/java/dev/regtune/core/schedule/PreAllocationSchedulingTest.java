package dev.regtune.core.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.analysis.FunctionAnalyses;
import dev.regtune.core.analysis.PressureProfile;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.fatpoint.FatPointAllocator;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.core.testing.RandomKernels;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The pre-allocation scheduler, pinned to ptxas 13.0.88 and checked for what a reordering must
 * keep. Every allocation goes through the checker, on the function the allocator placed (the
 * reordered one).
 */
class PreAllocationSchedulingTest {
    private static final ArchProfile SM90 = ArchProfiles.of("sm_90");
    private static final FatPointAllocator ALLOCATOR = new FatPointAllocator();
    /** PTX's order, and each store's data reused at once (holds would spread it over odd registers). */
    private static final Knobs UNSCHEDULED = Knobs.defaults().with(KnobCatalogue.SCHEDULE_BEFORE_ALLOCATION, 0)
            .with(KnobCatalogue.STORE_OPERAND_HOLD, 0);

    /**
     * ptxas -v -arch=sm_90 on param_stores_sm90.ptx: each kernel reads n parameters, each right
     * before the store that writes it out, and ptxas hoists the reads above the stores until 32
     * registers (14, 22, 30, 32 for n = 8, 16, 24, 32). PTX's own order keeps 3 values live.
     */
    @Test
    void parameterReadsAreHoistedAboveTheStoresUpTo32RegistersAsPtxasDoes() throws IOException {
        PtxModule m = PtxParser.parse(Path.of("src/test/resources/ptx/ptxas/param_stores_sm90.ptx"));
        int[] sizes = {8, 16, 24, 32};
        int[] ptxas = {14, 22, 30, 32};
        for (int k = 0; k < sizes.length; k++) {
            KernelFunction fn = function(m, "param_stores_" + sizes[k]);
            int scheduled = allocate(fn, Knobs.defaults()).registers();
            int unscheduled = allocate(fn, UNSCHEDULED).registers();
            assertTrue(scheduled <= ptxas[k] && scheduled >= ptxas[k] - 2,
                    fn.name() + ": ptxas uses " + ptxas[k] + ", the model " + scheduled);
            assertEquals(6, unscheduled, fn.name() + " in PTX's order");
        }
    }

    @Test
    void theRegisterTargetBoundsTheHoisting() throws IOException {
        KernelFunction fn = function(PtxParser.parse(Path.of("src/test/resources/ptx/ptxas/param_stores_sm90.ptx")),
                "param_stores_32");
        int low = allocate(fn, Knobs.defaults().with(KnobCatalogue.SCHEDULE_REGISTER_TARGET, 16)).registers();
        int high = allocate(fn, Knobs.defaults().with(KnobCatalogue.SCHEDULE_REGISTER_TARGET, 64)).registers();
        assertTrue(low <= 16 + 2, "target 16 gives " + low);
        assertTrue(high >= 32, "target 64 hoists all 32 reads (the address pair then leaves R for UR, "
                + "which keeps the kernel at the occupancy cliff of 32): " + high);
    }

    /**
     * On every kernel of the bundled corpus: the schedule is a permutation within blocks, the same
     * twice, never raises a block above both PTX's peak and the target, and allocates through the
     * checker.
     */
    @Test
    void everyBundledKernelIsScheduledDeterministicallyWithoutRaisingPressureAboveTheTarget() throws IOException {
        SchedulingParameters p = SchedulingParameters.of(Knobs.defaults(), 253, false);
        int reordered = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(Path.of("../datasets/corpus/ptx/sm_90"), "*.ptx")) {
            for (Path file : files) {
                for (KernelFunction fn : PtxParser.parse(file).functions()) {
                    FunctionAnalyses a = FunctionAnalyses.of(fn, 10);
                    int[] order = new PressureScheduler(fn, a.liveness(), p).order();
                    assertArrayEquals(order, new PressureScheduler(fn, a.liveness(), p).order(), fn.name());
                    KernelFunction scheduled = fn.withInstructionOrder(order);
                    int before = peak(fn);
                    int after = peak(scheduled);
                    assertTrue(after <= Math.max(before, p.registerTarget() + 4),
                            fn.name() + ": peak " + before + " became " + after);
                    if (!Arrays.equals(order, identity(order.length))) {
                        reordered++;
                    }
                    allocate(fn, Knobs.defaults());
                }
            }
        }
        assertTrue(reordered > 10, "only " + reordered + " kernels reordered");
    }

    /**
     * A branch, return or exit ends its block in PTX and must end it after scheduling, in both
     * modes: reducing pressure once moved a conditional branch of {@code loop_live_across_unused}
     * into the middle of its block (the dependence test asked for all of the terminator flags at
     * once), and a later rebuild of the code then split the block there.
     */
    @Test
    void everyBlockStillEndsWithItsBranchOrReturn() throws IOException {
        int terminators = 0;
        for (boolean reduce : new boolean[] {false, true}) {
            SchedulingParameters p = new SchedulingParameters(reduce ? 32 : 200, 20, 4, reduce, 255, reduce, false, false);
            try (DirectoryStream<Path> files = Files.newDirectoryStream(Path.of("../datasets/corpus/ptx/sm_90"), "*.ptx")) {
                for (Path file : files) {
                    for (KernelFunction fn : PtxParser.parse(file).functions()) {
                        int[] order = new PressureScheduler(fn, FunctionAnalyses.of(fn, 10).liveness(), p).order();
                        for (int b = 0; b < fn.blockCount(); b++) {
                            int last = fn.blockEnd(b) - 1;
                            if ((fn.instrFlags(last) & (InstrFlags.BRANCH | InstrFlags.RETURN | InstrFlags.NO_FALLTHROUGH)) != 0) {
                                assertEquals(last, order[last], fn.name() + " block " + b + " (reduce " + reduce + ")");
                                terminators++;
                            }
                        }
                    }
                }
            }
        }
        assertTrue(terminators > 200, "terminators checked: " + terminators);
    }

    /**
     * On every kernel of the bundled corpus and of the random kernels, with the target high enough
     * to move everything it may: within each block, every instruction still comes after the
     * instructions it depended on in PTX's order (the last def of each register it reads or writes,
     * the readers of a register it overwrites, the memory operations and fences it must follow).
     */
    @Test
    void everyReorderingKeepsTheDependencesOfTheLayout() throws IOException {
        SchedulingParameters wide = new SchedulingParameters(200, 20, 4, true, 255, true, false, false);
        int checked = 0;
        int reordered = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(Path.of("../datasets/corpus/ptx/sm_80"), "*.ptx")) {
            for (Path file : files) {
                for (KernelFunction fn : PtxParser.parse(file).functions()) {
                    int[] order = new PressureScheduler(fn, FunctionAnalyses.of(fn, 10).liveness(), wide).order();
                    assertDependencesKept(fn, order);
                    checked++;
                    reordered += Arrays.equals(order, identity(order.length)) ? 0 : 1;
                }
            }
        }
        for (long seed = 1; seed <= 200; seed++) {
            KernelFunction fn = RandomKernels.generate(seed, 60);
            int[] order = new PressureScheduler(fn, FunctionAnalyses.of(fn, 10).liveness(), wide).order();
            assertDependencesKept(fn, order);
            checked++;
            reordered += Arrays.equals(order, identity(order.length)) ? 0 : 1;
        }
        assertTrue(checked > 200);
        // PTX's own order keeps every dependence: the check means something only where the order moved
        assertTrue(reordered > 50, "only " + reordered + " of " + checked + " functions reordered");
    }

    /**
     * A reordering keeps every register dependence within its block, so every block's live-in and
     * live-out sets stay the same and the stage carries the liveness over to the reordered code
     * ({@code AllocationState.transformWithinBlocks}): checked against liveness computed from
     * scratch on the bundled corpus and the random kernels, with a target that moves everything
     * it may and one that reduces pressure.
     */
    @Test
    void aReorderingKeepsEveryBlocksLiveSets() throws IOException {
        int reordered = 0;
        for (SchedulingParameters p : new SchedulingParameters[] {new SchedulingParameters(200, 20, 4, true, 255, true, false, false),
                new SchedulingParameters(24, 20, 4, true, 255, false, false, false)}) {
            java.util.List<KernelFunction> fns = new java.util.ArrayList<>();
            try (DirectoryStream<Path> files = Files.newDirectoryStream(Path.of("../datasets/corpus/ptx/sm_90"), "*.ptx")) {
                for (Path file : files) {
                    fns.addAll(PtxParser.parse(file).functions());
                }
            }
            for (long seed = 1; seed <= 100; seed++) {
                fns.add(RandomKernels.generate(seed, 60));
            }
            for (KernelFunction fn : fns) {
                dev.regtune.core.analysis.Liveness live = FunctionAnalyses.of(fn, 10).liveness();
                int[] order = new PressureScheduler(fn, live, p).order();
                if (Arrays.equals(order, identity(order.length))) {
                    continue;
                }
                reordered++;
                KernelFunction scheduled = fn.withInstructionOrder(order);
                assertTrue(live.extendedTo(scheduled).sameSets(dev.regtune.core.analysis.Liveness.compute(scheduled)),
                        fn.name());
            }
        }
        assertTrue(reordered > 50, "only " + reordered + " functions reordered");
    }

    /** Whether each node of {@code g} has an edge from the one before it, read off the edges. */
    private static boolean chained(BlockDependences g) {
        for (int k = 1; k < g.size(); k++) {
            boolean linked = false;
            for (int s = 0; s < g.succCount(k - 1); s++) {
                linked |= g.succ(k - 1, s) == k;
            }
            if (!linked) {
                return false;
            }
        }
        return true;
    }

    private static void assertDependencesKept(KernelFunction fn, int[] order) {
        int[] position = new int[order.length];
        for (int p = 0; p < order.length; p++) {
            position[order[p]] = p;
        }
        for (int b = 0; b < fn.blockCount(); b++) {
            BlockDependences g = BlockDependences.of(fn, b);
            int start = fn.blockStart(b);
            assertEquals(chained(g), g.fixesLayoutOrder(), fn.name() + ": block " + b + " chained");
            for (int k = 0; k < g.size(); k++) {
                for (int s = 0; s < g.succCount(k); s++) {
                    int succ = g.succ(k, s);
                    assertTrue(position[start + k] < position[start + succ], fn.name() + ": instruction "
                            + (start + succ) + " (" + fn.opcode(start + succ) + ") moved above " + (start + k) + " ("
                            + fn.opcode(start + k) + ") it depends on");
                }
            }
            for (int i = start; i < fn.blockEnd(b); i++) {
                for (int j = start; j < i; j++) {
                    boolean ordered = fn.instrHas(i, InstrFlags.ORDERED_MEMORY) && fn.instrHas(j, InstrFlags.ORDERED_MEMORY);
                    boolean mayAlias = !disjointSpaces(fn, i, j);
                    if (ordered || (mayAlias && writesMemory(fn, i) && touchesMemory(fn, j))
                            || (mayAlias && writesMemory(fn, j) && touchesMemory(fn, i))) {
                        assertTrue(position[j] < position[i], fn.name() + ": memory order of " + j + " ("
                                + fn.opcode(j) + ") and " + i + " (" + fn.opcode(i) + ") changed");
                    }
                }
                for (int u = 0; u < fn.useCount(i); u++) {
                    int v = fn.use(i, u);
                    for (int j = start; j < i; j++) {
                        for (int d = 0; d < fn.defCount(j); d++) {
                            if (fn.def(j, d) == v) {
                                assertTrue(position[j] < position[i], fn.name() + ": " + fn.vregName(v)
                                        + " read at " + i + " before its def at " + j);
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * Whether two accesses that name different state spaces ({@code .global}, {@code .shared},
     * {@code .local}) cannot touch the same bytes (a generic address, an atomic or a barrier may).
     */
    private static boolean disjointSpaces(KernelFunction fn, int i, int j) {
        String a = space(fn, i);
        String b = space(fn, j);
        return a != null && b != null && !a.equals(b);
    }

    private static @Nullable String space(KernelFunction fn, int i) {
        String op = fn.opcode(i);
        boolean memory = switch (fn.instrKind(i)) {
            case LOAD_GLOBAL, STORE_GLOBAL, LOAD_SHARED, STORE_SHARED, LOAD_LOCAL, STORE_LOCAL -> true;
            default -> false;
        };
        if (!memory) {
            return null;
        }
        return op.contains(".global") ? "global" : op.contains(".shared") ? "shared" : op.contains(".local") ? "local" : null;
    }

    private static boolean writesMemory(KernelFunction fn, int i) {
        return switch (fn.instrKind(i)) {
            case STORE_GLOBAL, STORE_SHARED, STORE_LOCAL, STORE_PARAM, ATOMIC, BARRIER, CALL -> true;
            default -> false;
        };
    }

    private static boolean touchesMemory(KernelFunction fn, int i) {
        return writesMemory(fn, i) || switch (fn.instrKind(i)) {
            case LOAD_GLOBAL, LOAD_SHARED, LOAD_LOCAL, TEXTURE -> true;
            default -> false;
        };
    }

    /**
     * load_sinking_sm90.ptx, ptxas -v -arch=sm_90: loads_20 28 registers. Twenty loads and the
     * volatile read fit under the target, so ptxas issues every load first; the critical path alone
     * would start folding before the last loads and need 2 fewer.
     */
    @Test
    void underTheTargetEveryReadyLoadGoesFirstAsPtxasDoes() throws IOException {
        KernelFunction fn = function(sinkingProbes(), "loads_20");
        assertEquals(28, allocate(fn, Knobs.defaults()).registers(), "ptxas: 28");
        assertEquals(26, allocate(fn, Knobs.defaults().with(KnobCatalogue.SCHEDULE_LOADS_FIRST, 0)).registers(),
                "by the critical path alone");
    }

    /**
     * load_sinking_sm90.ptx, ptxas -v -arch=sm_90: loads_40 and loads_80 30 registers each (ptxas
     * sinks the loads past the volatile read, keeping about 24 in flight), volatile_loads_40/80 48
     * and 88, block_loads_40/80 48 and 87 (volatile loads keep their order among themselves, and no
     * load moves across a branch). With RegTuneScheduleReducePressure the model sinks as ptxas does;
     * by default a block whose PTX order is above the target keeps that order (cross-validation keeps
     * reducing off, README "Calibration by cross-validation").
     */
    @Test
    void aboveTheTargetLoadsAreSunkTowardsTheirReadersButNotPastAVolatileLoadOrABranch() throws IOException {
        PtxModule m = sinkingProbes();
        Knobs reducing = Knobs.defaults().with(KnobCatalogue.SCHEDULE_REDUCE_PRESSURE, 1);
        for (String name : new String[] {"loads_40", "loads_80"}) {
            int r = allocate(function(m, name), reducing).registers();
            assertTrue(Math.abs(r - 30) <= 2, name + ": ptxas 30, the model reducing pressure " + r);
        }
        String[] kept = {"volatile_loads_40", "volatile_loads_80", "block_loads_40", "block_loads_80"};
        int[] ptxas = {48, 88, 48, 87};
        for (int k = 0; k < kept.length; k++) {
            KernelFunction fn = function(m, kept[k]);
            int r = allocate(fn, reducing).registers();
            assertTrue(Math.abs(r - ptxas[k]) <= 2, kept[k] + ": ptxas " + ptxas[k] + ", the model " + r);
            assertDependencesKept(fn, new PressureScheduler(fn, FunctionAnalyses.of(fn, 10).liveness(),
                    new SchedulingParameters(32, 20, 4, true, 255, true, false, false)).order());
        }
        assertEquals(46, allocate(function(m, "loads_40"), Knobs.defaults()).registers(),
                "by default PTX's order, above the target, is kept");
    }

    /**
     * load_sinking_sm90.ptx without a limit: ptxas gives loads_40 and loads_80 30 registers, sinking
     * loads that PTX issues ahead of their readers. With RegTuneScheduleToOccupancyCliff the block,
     * above the target, is reordered to fit under the occupancy cliff below its demand (46 and 86
     * registers in PTX's order); volatile loads keep their order and their 46 registers (ptxas 48).
     */
    @Test
    void withoutALimitABlockIsReorderedToTheOccupancyCliffBelowItsDemand() throws IOException {
        PtxModule m = sinkingProbes();
        Knobs cliff = Knobs.defaults().with(KnobCatalogue.SCHEDULE_TO_OCCUPANCY_CLIFF, 1);
        for (String name : new String[] {"loads_40", "loads_80"}) {
            int r = allocate(function(m, name), cliff).registers();
            assertTrue(Math.abs(r - 30) <= 2, name + ": ptxas 30, the model " + r);
            assertTrue(allocate(function(m, name), Knobs.defaults()).registers() > 40, name + " in PTX's order");
        }
        assertEquals(46, allocate(function(m, "volatile_loads_40"), cliff).registers(), "ptxas 48");
        AllocationResult limited = ALLOCATOR.allocate(function(m, "loads_40"), cliff, SM90, 64);
        AllocationChecker.verify(limited.allocatedFunction(), limited.assignment());
        assertEquals(46, limited.registers(), "under -maxrregcount 64 the cliff plays no part");
    }

    /**
     * loads_ahead_sm90.ptx: 300 shared loads ahead of the FMAs that read them, more values live in
     * PTX's order than the register file holds. ptxas 13.0.88 -arch=sm_90: 16 registers, no spills,
     * at no limit, 64 and 32. A block above RegTuneScheduleReducePressureAbove (255 slots) is
     * reordered to free registers first even with RegTuneScheduleReducePressure off; kept in PTX's
     * order it spills.
     */
    @Test
    void aBlockThatPtxOrderCannotHoldIsReorderedToFreeRegisters() throws IOException {
        KernelFunction fn = function(PtxParser.parse(Path.of("src/test/resources/ptx/ptxas/loads_ahead_sm90.ptx")),
                "loads_ahead_300");
        AllocationResult reordered = allocate(fn, Knobs.defaults());
        assertTrue(reordered.registers() <= 32 && !reordered.spills().any(),
                "ptxas: 16, no spills; the model " + reordered.registers() + ", " + reordered.spills());
        AllocationResult kept = allocate(fn, Knobs.defaults().with(KnobCatalogue.SCHEDULE_REDUCE_PRESSURE_ABOVE, 100_000));
        assertTrue(kept.spills().any(), "in PTX's order 300 values are live at once");
    }

    /**
     * The reordered 8x16 GEMM tile needs 197 registers at its peak, yet the fat-point scan finds no
     * slot for a long-lived value with 253 (the histogram is fragmented, not full): spill guidance
     * sees no point over its target, so without RegTuneSpillFailedValue the class ends with every
     * value in memory (6 registers; ptxas: 221 registers, no spill). By default the reordering is
     * refused (it lowers the scheduler's peak from 337 to 325 slots only, still more than
     * RegTuneScheduleReducePressureAbove's 255), so the test lifts that cap.
     */
    @Test
    void aFragmentedAttemptSpillsWhatItCouldNotPlaceWhenTheKnobSaysSo() throws IOException {
        KernelFunction fn = function(PtxParser.parse(Path.of("../datasets/corpus/ptx/sm_90/gemm_tile.ptx")),
                "sgemm_tile_8x16");
        assertTrue(allocate(fn, Knobs.defaults().with(KnobCatalogue.SCHEDULE_REDUCE_PRESSURE, 1)).registers() > 200,
                "kept in PTX's order");
        Knobs reducing = Knobs.defaults().with(KnobCatalogue.SCHEDULE_REDUCE_PRESSURE, 1)
                .with(KnobCatalogue.SCHEDULE_REDUCE_PRESSURE_ABOVE, 100_000);
        AllocationResult fallback = allocate(fn, reducing);
        AllocationResult spilling = allocate(fn, reducing.with(KnobCatalogue.SPILL_FAILED_VALUE, 1));
        assertTrue(fallback.registers() < 16, "every value in memory: " + fallback.registers());
        assertTrue(spilling.registers() > 200, "the values the scan could not place spilled: "
                + spilling.registers());
        assertTrue(spilling.spills().storeBytes() < fallback.spills().storeBytes() / 10,
                spilling.spills().storeBytes() + " against " + fallback.spills().storeBytes() + " bytes stored");
    }

    private static PtxModule sinkingProbes() throws IOException {
        return PtxParser.parse(Path.of("src/test/resources/ptx/ptxas/load_sinking_sm90.ptx"));
    }

    @Test
    void anOrderThatMovesAnInstructionToAnotherBlockIsRefused() throws IOException {
        KernelFunction fn = function(PtxParser.parse(Path.of("../datasets/corpus/ptx/sm_90/gemm_tile.ptx")),
                "sgemm_tile_4x4");
        int[] order = identity(fn.instrCount());
        int last = fn.blockEnd(0) - 1;
        order[last] = last + 1;
        order[last + 1] = last;
        assertThrows(IllegalArgumentException.class, () -> fn.withInstructionOrder(order));
    }

    @Test
    void theStageIsSwitchedByItsKnob() throws IOException {
        KernelFunction fn = function(PtxParser.parse(Path.of("src/test/resources/ptx/ptxas/param_stores_sm90.ptx")),
                "param_stores_16");
        AllocationResult on = allocate(fn, Knobs.defaults());
        AllocationResult off = allocate(fn, UNSCHEDULED);
        assertNotEquals(fn, on.allocatedFunction(), "the scheduled function is the one allocated");
        assertEquals(fn, off.allocatedFunction());
    }

    private static AllocationResult allocate(KernelFunction fn, Knobs knobs) {
        AllocationResult r = ALLOCATOR.allocate(fn, knobs, SM90, 0);
        assertEquals(AllocationStatus.OK, r.status(), fn.name());
        AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        return r;
    }

    private static KernelFunction function(PtxModule m, String name) {
        return m.functions().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    private static int[] identity(int n) {
        int[] order = new int[n];
        Arrays.setAll(order, i -> i);
        return order;
    }

    private static int peak(KernelFunction f) {
        return PressureProfile.of(f, FunctionAnalyses.of(f, 10).liveRanges()).maxPressure(1);
    }
}
