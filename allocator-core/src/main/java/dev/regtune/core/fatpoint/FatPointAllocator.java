package dev.regtune.core.fatpoint;

import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.alloc.Assignment;
import dev.regtune.core.alloc.CopyCoalescing;
import dev.regtune.core.alloc.SpillSpace;
import dev.regtune.core.analysis.BlockFrequency;
import dev.regtune.core.analysis.Dominators;
import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.analysis.Loops;
import dev.regtune.core.analysis.PostDominators;
import dev.regtune.core.analysis.UniformityAnalysis;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.OccupancyCalculator;
import dev.regtune.core.coalesce.CoalescedFunction;
import dev.regtune.core.coalesce.CopyCoalescer;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.model.BudgetModel;
import dev.regtune.core.model.Measurements;
import dev.regtune.core.model.RegisterBudget;
import dev.regtune.core.spill.SpillSlotAllocator;
import java.util.Arrays;

/**
 * The ptxas fat-point allocator (seed 000): (optionally, under {@code RegTuneCoalesceBeforeFatPoint},
 * CICC's copy coalescer first), analyse, place uniform values, coalesce copies, then
 * per class 1..6 run the NOSPILL attempt and the SPILL retry loop ({@link
 * ClassAllocationDriver}), place spill slots, and measure. Stateless and thread-safe.
 */
public final class FatPointAllocator implements RegisterAllocator {
    private static final OccupancyCalculator OCCUPANCY = new OccupancyCalculator();

    @Override
    public String name() {
        return "fatpoint";
    }

    @Override
    public AllocationResult allocate(KernelFunction fn, Knobs knobs, ArchProfile arch, int maxRegisters) {
        if (!knobs.getBool(KnobCatalogue.COALESCE_BEFORE_FATPOINT) || !knobs.getBool(KnobCatalogue.JOIN_LIVEINTERVALS)) {
            return allocate(fn, knobs, arch, maxRegisters, null);
        }
        Dominators dom = Dominators.compute(fn);
        BlockFrequency frequency = BlockFrequency.compute(Loops.compute(dom),
                knobs.get(KnobCatalogue.ESTIMATED_LOOP_ITERATIONS));
        LiveRanges ranges = LiveRanges.compute(fn, Liveness.compute(fn, dom));
        CoalescedFunction cf = CopyCoalescer.coalesce(fn, ranges, frequency, knobs);
        AllocationResult r = allocate(cf.coalesced(), knobs, arch, maxRegisters, cf.removedCopy());
        return new AllocationResult(r.function(), r.arch(), r.status(), r.registers(), r.spillStoreBytes(),
                r.spillLoadBytes(), r.stackFrameBytes(), r.smemSpillBytes(), r.uniformRegisters(),
                r.predicateRegisters(), r.estLatencyCycles(), r.occupancy(), r.activeWarps(), r.registerBudget(),
                r.attempts(), r.coalescedCopies() + cf.report().copiesMerged(), cf.report(), r.message(),
                r.assignment() == null ? null : cf.lift(r.assignment()));
    }

    /**
     * Allocates {@code fn}, whose copies marked in {@code removedBefore} (may be null) CICC's
     * coalescer has already removed.
     */
    private AllocationResult allocate(KernelFunction fn, Knobs knobs, ArchProfile arch, int maxRegisters,
            boolean[] removedBefore) {
        RegisterBudget budget = RegisterBudget.of(arch, fn.launchBounds(), maxRegisters);
        int reserved = knobs.getInt(KnobCatalogue.RESERVED_REGISTERS);

        Dominators dom = Dominators.compute(fn);
        Loops loops = Loops.compute(dom);
        BlockFrequency frequency = BlockFrequency.compute(loops,
                knobs.get(KnobCatalogue.ESTIMATED_LOOP_ITERATIONS));
        Liveness liveness = Liveness.compute(fn, dom);
        LiveRanges ranges = LiveRanges.compute(fn, liveness);
        UniformityAnalysis uniformity = arch.hasUniformRegisters() && knobs.getInt(KnobCatalogue.UNIFORM_POLICY) > 0
                ? UniformityAnalysis.compute(dom, PostDominators.compute(fn), loops)
                : null;
        int threads = fn.launchBounds().threadsPerBlock() > 0 ? fn.launchBounds().threadsPerBlock()
                : knobs.getInt(KnobCatalogue.DEFAULT_THREADS_PER_BLOCK);
        threads = Math.min(threads, arch.maxThreadsPerBlock());
        int gprBudget = Math.max(1, budget.registers() - reserved);
        boolean explicitLimit = budget.limited();
        int[] effectiveClass = UniformPlacement.place(fn, ranges, uniformity, frequency, arch, knobs,
                explicitLimit ? gprBudget : -1, reserved, threads);
        ValueGroups groups = ValueGroups.build(fn, ranges, effectiveClass, knobs);
        GroupFacts facts = GroupFacts.build(fn, groups, frequency);

        int[] classBudget = RegisterBudget.classBudgets(arch, gprBudget);

        BudgetModel budgetModel = BudgetModel.of(knobs, threads, reserved);
        int minWarps = OCCUPANCY.compute(arch, arch.maxRegistersPerThread(), threads, 0).activeWarpsPerSm();
        int targetWarps = OCCUPANCY.compute(arch, budget.registers(), threads, 0).activeWarpsPerSm();
        double linear = budgetModel.linearFraction(targetWarps, minWarps, arch.maxWarpsPerSm());

        int g = groups.groupCount();
        boolean[] spilled = new boolean[g];
        int[] groupSlot = new int[g];
        Arrays.fill(groupSlot, -1);
        int[][] pieceSlot = new int[g][];
        ClassAllocationDriver.Context cx = new ClassAllocationDriver.Context(groups, facts, ranges.pointCount(), knobs,
                budgetModel, linear, new FatPointScanner(ranges.pointCount()), spilled, groupSlot, pieceSlot);
        int attempts = 0;
        boolean ok = true;
        for (int c = 1; c <= 6; c++) {
            ClassAllocationDriver.ClassResult r = ClassAllocationDriver.run(cx, c, classBudget[c]);
            attempts += r.attempts();
            ok &= r.ok();
        }
        if (!ok) {
            return new AllocationResult(fn.name(), arch.name(), AllocationStatus.ALLOC_FAILED, budget.registers(), 0, 0,
                    0, 0, 0, 0, 0, 0.0, 0, budget.registers(), attempts, groups.coalescedCopies(),
                    CopyCoalescing.NONE, AllocationResult.failureMessage(budget.registers()), null);
        }

        boolean smem = knobs.getBool(KnobCatalogue.SMEM_SPILLING) && !fn.usesAbi();
        int n = fn.vregCount();
        int[] vregSlot = new int[n];
        byte[] space = new byte[n];
        int[] offset = new int[n];
        int[] operandSlot = new int[fn.operandCount()];
        Arrays.fill(vregSlot, -1);
        Arrays.fill(offset, -1);
        Arrays.fill(operandSlot, -1);
        SpillSlotAllocator local = new SpillSlotAllocator(knobs);
        SpillSlotAllocator shared = new SpillSlotAllocator(knobs);
        for (int v = 0; v < n; v++) {
            int gr = groups.groupOf(v);
            if (gr < 0) {
                continue;
            }
            if (!spilled[gr]) {
                vregSlot[v] = groupSlot[gr];
                continue;
            }
            int cls = effectiveClass[v];
            SpillSpace s;
            if (cls == RegClass.P.id()) {
                s = SpillSpace.GPR_BIT;
            } else if (facts.rematerializable(gr)) {
                s = SpillSpace.REMAT;
            } else if (smem && (cls == RegClass.UR.id() || cls == RegClass.TENSOR.id())) {
                s = SpillSpace.SMEM;
            } else {
                s = SpillSpace.LMEM;
            }
            space[v] = (byte) s.ordinal();
            int[] segs = ranges.segments(v);
            if (s == SpillSpace.LMEM) {
                offset[v] = local.place(4 * fn.vregSlots(v), segs);
            } else if (s == SpillSpace.SMEM) {
                offset[v] = shared.place(4 * fn.vregSlots(v), segs);
            }
        }
        for (int i = 0; i < fn.instrCount(); i++) {
            for (int k = 0; k < fn.defCount(i); k++) {
                setPieceSlot(fn, groups, facts, spilled, pieceSlot, operandSlot, fn.defOperand(i, k), 2 * i + 1);
            }
            for (int k = 0; k < fn.useCount(i); k++) {
                setPieceSlot(fn, groups, facts, spilled, pieceSlot, operandSlot, fn.useOperand(i, k), 2 * i);
            }
        }
        Assignment assignment = new Assignment(effectiveClass, vregSlot, space, offset, operandSlot, classBudget);
        boolean[] removed = new boolean[fn.instrCount()];
        for (int i = 0; i < removed.length; i++) {
            removed[i] = groups.removedCopy(i) || (removedBefore != null && removedBefore[i]);
        }
        double[] freq = new double[fn.blockCount()];
        for (int b = 0; b < freq.length; b++) {
            freq[b] = frequency.freq(b);
        }
        int warpsPerBlock = (threads + arch.warpSize() - 1) / arch.warpSize();
        int smemBytes = shared.frameBytes() * warpsPerBlock;
        Measurements m = Measurements.measure(fn, assignment, removed, freq, arch, knobs, smemBytes);
        int frame = local.frameBytes() + fn.localBytes();
        return new AllocationResult(fn.name(), arch.name(), AllocationStatus.OK, m.registers(),
                m.spills().localSpillBytes(), m.spills().localRefillBytes(), frame, smemBytes, m.uniformRegisters(),
                m.predicateRegisters(), m.estLatencyCycles(), m.occupancy().occupancy(),
                m.occupancy().activeWarpsPerSm(), budget.registers(), attempts, groups.coalescedCopies(), CopyCoalescing.NONE, "",
                assignment);
    }

    private static void setPieceSlot(KernelFunction fn, ValueGroups groups, GroupFacts facts, boolean[] spilled,
            int[][] pieceSlot, int[] operandSlot, int op, int point) {
        int gr = groups.groupOf(fn.operandVreg(op));
        if (gr < 0 || !spilled[gr] || pieceSlot[gr] == null) {
            return;
        }
        int idx = facts.occurrenceIndex(gr, point);
        if (idx >= 0) {
            operandSlot[op] = pieceSlot[gr][idx];
        }
    }
}
