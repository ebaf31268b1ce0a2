package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** End-to-end behaviour of the fat-point allocator; every allocation goes through the checker. */
class FatPointAllocatorTest {
    private static final ArchProfile SM90 = ArchProfiles.of("sm_90");
    private static final FatPointAllocator ALLOCATOR = new FatPointAllocator();
    /** The synthetic kernels below pin the allocation stages on their layout; the scheduler has its own tests. */
    private static final Knobs IN_LAYOUT = Knobs.defaults().with(KnobCatalogue.SCHEDULE_BEFORE_ALLOCATION, 0);

    static AllocationResult allocate(KernelFunction fn, Knobs knobs, int maxRegs) {
        AllocationResult r = ALLOCATOR.allocate(fn, knobs, SM90, maxRegs);
        if (r.status() == AllocationStatus.OK) {
            AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        }
        return r;
    }

    @Test
    void registersAreThePeakPressurePlusTheReservedRegisters() {
        // 30 loaded values + 1 accumulator + the parameter-loaded address pair live together:
        // 33 slots + 2 reserved. The pair is uniform, but moving it out of R (to 33 registers)
        // does not reach the occupancy cliff at 32, so the default policy leaves it in R.
        KernelFunction fn = SmallKernels.parallelLive(30, PairMode.SINGLE);
        AllocationResult popped = allocate(fn, IN_LAYOUT.with(KnobCatalogue.ASSIGN_IN_PUSH_ORDER, 0), 0);
        assertEquals(33 + 2, popped.registers(), "the pair (VeryHigh) is coloured before the singles");
        // In push order the 31 singles take R0..R30 first and the pair needs an even slot: R32.
        AllocationResult r = allocate(fn, IN_LAYOUT, 0);
        assertEquals(AllocationStatus.OK, r.status());
        assertEquals(34 + 2, r.registers());
        assertEquals(0, r.usage().uniform());
        assertFalse(r.spills().any());
        assertEquals(1, r.stats().attempts(), "one NOSPILL attempt for R; no other class has values");
        AllocationResult all = allocate(fn, IN_LAYOUT.with(KnobCatalogue.UNIFORM_POLICY, 2), 0);
        assertEquals(31 + 2, all.registers(), "policy 2 moves every uniform value (the pair) to UR");
        assertEquals(2, all.usage().uniform());
        AllocationResult direct = allocate(fn, IN_LAYOUT.with(KnobCatalogue.UNIFORM_POLICY, 1), 0);
        assertEquals(31 + 2, direct.registers(), "policy 1 moves the parameter-loaded pair, which the default keeps");
        assertEquals(2, direct.usage().uniform());
    }

    @Test
    void uniformValuesLeaveTheGprFileWhenThatReachesTheOccupancyCliff() {
        // 29 + 1 + 2 = 32 slots + 2 reserved = 34 registers; without the pair 32 registers,
        // which allows 64 warps of 256-thread blocks on sm_90 instead of 48
        KernelFunction fn = SmallKernels.parallelLive(29, PairMode.SINGLE);
        AllocationResult r = allocate(fn, IN_LAYOUT, 0);
        assertEquals(32, r.registers());
        assertEquals(2, r.usage().uniform());
        assertEquals(1.0, r.estimates().occupancy());
        // Without the target, and without landing on the cliff by another allocation at 32.
        AllocationResult noTarget = allocate(fn, IN_LAYOUT.with(KnobCatalogue.OCCUPANCY_TARGET, 0)
                .with(KnobCatalogue.OCCUPANCY_CLIFF_STEPS, 0), 0);
        assertEquals(34, noTarget.registers());
        assertEquals(0.75, noTarget.estimates().occupancy());
    }

    @Test
    void valuesWithoutRegisterInputsAreRematerializedNotStored() {
        // 40 constants live together; at 24 registers the overflow is recomputed before each use
        KernelFunction fn = SmallKernels.constants(40);
        Knobs inR = Knobs.defaults().with(KnobCatalogue.UNIFORM_POLICY, 0);
        AllocationResult r = allocate(fn, inR, 24);
        assertTrue(r.registers() <= 24);
        assertEquals(0, r.spills().storeBytes());
        assertEquals(0, r.spills().loadBytes());
        int remat = 0;
        for (int v = 0; v < fn.vregCount(); v++) {
            if (r.assignment().spillSpace(v) == dev.regtune.core.alloc.SpillSpace.REMAT) {
                remat++;
            }
        }
        assertTrue(remat >= 40 - 22, "at least the overflow is rematerialized: " + remat);
    }

    @Test
    void constantsAreFoldedIntoTheirUsesLikeSassImmediates() {
        // 30 constants live together until a store that uses them all
        KernelFunction fn = SmallKernels.constants(30);
        Knobs inR = Knobs.defaults().with(KnobCatalogue.UNIFORM_POLICY, 0);
        AllocationResult folded = allocate(fn, inR, 0);
        assertEquals(4, folded.registers(), "each constant needs a register only at its store");
        assertFalse(folded.spills().any());
        AllocationResult kept = allocate(fn, inR.with(KnobCatalogue.FOLD_CONSTANTS, 0), 0);
        assertEquals(30 + 2, kept.registers());
    }

    /**
     * constant_bank_sm90.ptx: ptxas 38 registers, as SASS reads each c[3][offset] where it is used;
     * the 24 values held from the top to the end would need 48.
     */
    @Test
    void constantBankReadsAreFoldedIntoTheirUsesAsPtxasDoes() throws IOException {
        KernelFunction fn = PtxParser.parse(Path.of("src/test/resources/ptx/ptxas/constant_bank_sm90.ptx"))
                .functions().get(0);
        int folded = allocate(fn, Knobs.defaults(), 0).registers();
        // Held from the top, without landing on the cliff below by another allocation.
        int kept = allocate(fn, Knobs.defaults().with(KnobCatalogue.FOLD_CONSTANT_BANK, 0)
                .with(KnobCatalogue.OCCUPANCY_CLIFF_STEPS, 0), 0).registers();
        assertTrue(Math.abs(folded - 38) <= 2, "ptxas 38, the model " + folded);
        assertTrue(kept >= 46, "held from the top: " + kept);
    }

    @Test
    void aTightBudgetSpillsExactlyTheOverflowAndStaysWithinIt() {
        KernelFunction fn = SmallKernels.parallelLive(40, PairMode.SINGLE);
        AllocationResult r = allocate(fn, Knobs.defaults(), 24);
        assertEquals(AllocationStatus.OK, r.status());
        assertTrue(r.registers() <= 24, "used " + r.registers());
        assertTrue(r.spills().any());
        // each spilled value is stored once after its load and reloaded once before its add
        assertEquals(r.spills().storeBytes(), r.spills().loadBytes());
        assertEquals(0, r.spills().storeBytes() % 4);
        assertTrue(r.spills().stackFrameBytes() >= 4 && r.spills().stackFrameBytes() % 8 == 0, "8-byte buckets: " + r.spills().stackFrameBytes());
        assertTrue(r.stats().attempts() >= 2, "NOSPILL then at least one SPILL attempt");
    }

    @Test
    void spillRetryIsBoundedByKnob639() {
        KernelFunction fn = SmallKernels.loopCarried(60);
        for (int trials : new int[] {1, 2, 4, 8}) {
            Knobs k = Knobs.defaults().with(KnobCatalogue.NUM_NON_SPILL_TRIALS, trials);
            AllocationResult r = allocate(fn, k, 24);
            assertEquals(AllocationStatus.OK, r.status());
            assertTrue(r.spills().any());
            // R: 1 NOSPILL + at most `trials` SPILL attempts + the fallback and its last resort;
            // the other non-empty classes (P for the loop predicate, UR for the address) fit at once
            int otherClasses = (r.usage().predicates() > 0 ? 1 : 0) + (r.usage().uniform() > 0 ? 1 : 0);
            assertTrue(r.stats().attempts() >= 2 + otherClasses, "attempts " + r.stats().attempts());
            assertTrue(r.stats().attempts() <= 1 + trials + 2 + otherClasses, "attempts " + r.stats().attempts() + " for " + trials);
        }
    }

    @Test
    void valuesDeclaredUniformLiveInTheGprFileBeforeSm75() {
        dev.regtune.core.ir.FunctionBuilder b = new dev.regtune.core.ir.FunctionBuilder("ur",
                dev.regtune.core.ir.FunctionKind.ENTRY);
        int[] u = new int[10];
        for (int i = 0; i < u.length; i++) {
            u[i] = b.vreg("%u" + i, dev.regtune.core.ir.RegClass.UR, PairMode.SINGLE, 0);
            b.instr("ld.param.u32", dev.regtune.core.ir.InstrKind.LOAD_PARAM, 0, new int[] {u[i]}, new int[0], 0);
        }
        b.instr("st.global", dev.regtune.core.ir.InstrKind.STORE_GLOBAL, 0, new int[0], u, 0);
        KernelFunction fn = b.build();
        AllocationResult volta = ALLOCATOR.allocate(fn, Knobs.defaults(), ArchProfiles.of("sm_70"), 0);
        AllocationChecker.verify(volta.allocatedFunction(), volta.assignment());
        assertEquals(10 + 2, volta.registers());
        assertEquals(0, volta.usage().uniform());
        assertEquals(dev.regtune.core.ir.RegClass.R.id(), volta.assignment().classOf(u[0]));
        AllocationResult hopper = allocate(fn, Knobs.defaults(), 0);
        assertEquals(10, hopper.usage().uniform());
        assertEquals(4, hopper.registers(), "only the reserved registers, raised to ptxas's minimum of 4");
    }

    @Test
    void theSameInputsGiveTheSameResult() {
        KernelFunction fn = SmallKernels.loopCarried(50);
        AllocationResult a = allocate(fn, Knobs.defaults(), 32);
        AllocationResult b = allocate(fn, Knobs.defaults(), 32);
        assertEquals(a, b);
    }

    @Test
    void spillingInsideALoopCostsMoreLatencyThanNotSpilling() {
        KernelFunction fn = SmallKernels.loopCarried(50);
        AllocationResult free = allocate(fn, Knobs.defaults(), 0);
        AllocationResult tight = allocate(fn, Knobs.defaults(), 32);
        assertFalse(free.spills().any());
        assertTrue(tight.spills().any());
        assertTrue(tight.estimates().latencyCycles() > free.estimates().latencyCycles(),
                tight.estimates().latencyCycles() + " vs " + free.estimates().latencyCycles());
        assertTrue(tight.estimates().occupancy() >= free.estimates().occupancy());
    }

    @Test
    void impossibleBudgetsFailWithPtxasMessage() {
        // one instruction reads 30 quads at once: no spilling can bring that under 24 registers
        dev.regtune.core.ir.FunctionBuilder b = new dev.regtune.core.ir.FunctionBuilder("wide",
                dev.regtune.core.ir.FunctionKind.ENTRY);
        int[] v = new int[30];
        for (int i = 0; i < v.length; i++) {
            v[i] = b.vreg("%q" + i, dev.regtune.core.ir.RegClass.R, PairMode.QUAD, 0);
            b.instr("ld.global.v4.u32", dev.regtune.core.ir.InstrKind.LOAD_GLOBAL, 0, new int[] {v[i]}, new int[0], 0);
        }
        b.instr("st.global", dev.regtune.core.ir.InstrKind.STORE_GLOBAL, 0, new int[0], v, 0);
        AllocationResult r = allocate(b.build(), Knobs.defaults(), 24);
        assertEquals(AllocationStatus.ALLOC_FAILED, r.status());
        assertEquals("Register allocation failed with register count of '24'. Compile the program with a higher "
                + "register target", r.message());
        assertNull(r.assignment());
    }

    @Test
    void coalescingRemovesCopiesWhoseSourceDies() {
        dev.regtune.core.ir.FunctionBuilder b = new dev.regtune.core.ir.FunctionBuilder("copies",
                dev.regtune.core.ir.FunctionKind.ENTRY);
        int a = b.vreg("%a", dev.regtune.core.ir.RegClass.R, PairMode.SINGLE, 0);
        int c = b.vreg("%c", dev.regtune.core.ir.RegClass.R, PairMode.SINGLE, 0);
        b.instr("ld.global.u32", dev.regtune.core.ir.InstrKind.LOAD_GLOBAL, 0, new int[] {a}, new int[0], 0);
        b.instr("mov.u32", dev.regtune.core.ir.InstrKind.MOVE, dev.regtune.core.ir.InstrFlags.COPY, new int[] {c},
                new int[] {a}, 0);
        b.instr("st.global.u32", dev.regtune.core.ir.InstrKind.STORE_GLOBAL, 0, new int[0], new int[] {c}, 0);
        KernelFunction fn = b.build();
        AllocationResult on = allocate(fn, Knobs.defaults(), 0);
        AllocationResult off = allocate(fn, Knobs.defaults().with(KnobCatalogue.COALESCING, 0), 0);
        assertEquals(1, on.stats().coalescedCopies());
        assertEquals(0, off.stats().coalescedCopies());
        assertEquals(on.assignment().slotOf(a), on.assignment().slotOf(c));
        assertTrue(on.estimates().latencyCycles() < off.estimates().latencyCycles());
    }

    /**
     * Occupancy cliff landing allocates an entry again at the cliff, resuming from what the first
     * allocation computed before the scheduler (and after lowering, when the scheduler orders the
     * code the same way): what it reports must be exactly what allocating at that cliff from
     * scratch gives, on every entry of the bundled corpus and of corpus-real that lands.
     */
    @Test
    void aLandedAllocationIsTheAllocationAtItsCliffFromScratch() throws IOException {
        Path bundled = Path.of("../datasets/corpus/ptx");
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isDirectory(bundled),
                "datasets/corpus/ptx is not next to this module; skipping");
        Knobs defaults = Knobs.defaults();
        int landed = landedAsFromScratch(bundled.resolve("sm_80"), ArchProfiles.of("sm_80"), defaults)
                + landedAsFromScratch(bundled.resolve("sm_90"), SM90, defaults);
        Path real = dev.regtune.core.testing.CorpusReal.find();
        if (real != null) {
            landed += landedAsFromScratch(real.resolve("ptx"), SM90, defaults);
        }
        assertTrue(landed >= 4, "entries landed on a cliff: " + landed);
        // What the scheduler reads of the budget: its target following the limit, the cliffs it
        // reorders to without one.
        for (Knobs knobs : new Knobs[] {defaults.with(KnobCatalogue.SCHEDULE_TARGET_FOLLOWS_LIMIT, 1),
                defaults.with(KnobCatalogue.SCHEDULE_TO_OCCUPANCY_CLIFF, 1),
                defaults.with(KnobCatalogue.SCHEDULE_REGISTER_TARGET, 64).with(KnobCatalogue.OCCUPANCY_CLIFF_STEPS, 2)}) {
            assertTrue(landedAsFromScratch(bundled.resolve("sm_90"), SM90, knobs) > 0, knobs.toString());
        }
    }

    /** Entries of the files in {@code dir} that land on a cliff, each checked against a fresh allocation there. */
    private static int landedAsFromScratch(Path dir, ArchProfile arch, Knobs knobs) throws IOException {
        int landed = 0;
        try (var files = java.nio.file.Files.list(dir)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".ptx")).sorted().toList()) {
                for (KernelFunction fn : PtxParser.parse(file).entries()) {
                    if (!fn.callTargets().isEmpty() || !fn.launchBounds().isEmpty()) {
                        continue;
                    }
                    AllocationResult r = ALLOCATOR.allocate(fn, knobs, arch, 0);
                    int budget = r.usage().budget();
                    if (r.status() != AllocationStatus.OK || budget >= arch.maxRegistersPerThread()) {
                        continue;
                    }
                    landed++;
                    AllocationChecker.verify(r.allocatedFunction(), r.assignment());
                    AllocationResult scratch = ALLOCATOR.allocate(fn, knobs, arch, budget);
                    String what = file.getFileName() + " " + fn.name() + " at " + budget;
                    assertEquals(scratch.usage(), r.usage(), what);
                    assertEquals(scratch.spills(), r.spills(), what);
                    assertEquals(scratch.estimates(), r.estimates(), what);
                    assertEquals(scratch.stats(), r.stats(), what);
                    assertEquals(scratch.assignment(), r.assignment(), what);
                    assertEquals(scratch.allocatedFunction(), r.allocatedFunction(), what);
                }
            }
        }
        return landed;
    }
}
