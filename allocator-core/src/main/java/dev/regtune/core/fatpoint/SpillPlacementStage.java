package dev.regtune.core.fatpoint;

import dev.regtune.core.alloc.Assignment;
import dev.regtune.core.alloc.SpillSpace;
import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.Stage;
import dev.regtune.core.spill.SpillSlotAllocator;
import java.util.Arrays;

/**
 * Turns the groups' placement into an {@link Assignment}: unspilled values take their group's
 * slot; a spilled value goes to GPR bits (predicates), is rematerialized, or gets an SMEM (knob
 * 619, classes UR and tensor, never with the ABI) or LMEM slot in seed 004's size buckets; each
 * occurrence of a spilled value takes the slot its piece was given, and then, with knob
 * RegTuneReuseReloads, a use whose previous occurrence in its block left the value in a register
 * that stays free reads it there instead of reloading ({@link LazyReloads}).
 */
final class SpillPlacementStage implements Stage<FatPointState> {
    @Override
    public String name() {
        return "spill slots";
    }

    @Override
    public void run(FatPointState s) {
        KernelFunction fn = s.function();
        ValueGroups groups = s.groups();
        GroupFacts facts = s.facts();
        boolean[] spilled = s.spilled();
        int[] effectiveClass = s.effectiveClass();
        LiveRanges ranges = s.analyses().liveRanges();
        boolean smem = s.knobs().getBool(KnobCatalogue.SMEM_SPILLING) && !fn.usesAbi();
        int n = fn.vregCount();
        int[] vregSlot = new int[n];
        byte[] space = new byte[n];
        int[] offset = new int[n];
        int[] operandSlot = new int[fn.operandCount()];
        Arrays.fill(vregSlot, -1);
        Arrays.fill(offset, -1);
        Arrays.fill(operandSlot, -1);
        SpillSlotAllocator local = new SpillSlotAllocator(s.knobs());
        SpillSlotAllocator shared = new SpillSlotAllocator(s.knobs());
        int[] bySpace = new int[SpillSpace.values().length];
        for (int v = 0; v < n; v++) {
            int gr = groups.groupOf(v);
            if (gr < 0) {
                continue;
            }
            if (!spilled[gr]) {
                vregSlot[v] = s.groupSlot()[gr];
                continue;
            }
            int cls = effectiveClass[v];
            SpillSpace sp;
            if (cls == RegClass.P.id()) {
                sp = SpillSpace.GPR_BIT;
            } else if (facts.rematerializable(gr)) {
                sp = SpillSpace.REMAT;
            } else if (smem && (cls == RegClass.UR.id() || cls == RegClass.TENSOR.id())) {
                sp = SpillSpace.SMEM;
            } else {
                sp = SpillSpace.LMEM;
            }
            space[v] = (byte) sp.ordinal();
            bySpace[sp.ordinal()]++;
            int[] segs = ranges.segments(v);
            if (sp == SpillSpace.LMEM) {
                offset[v] = local.place(4 * fn.vregSlots(v), segs);
            } else if (sp == SpillSpace.SMEM) {
                offset[v] = shared.place(4 * fn.vregSlots(v), segs);
            }
        }
        int[][] pieceSlot = s.pieceSlot();
        for (int i = 0; i < fn.instrCount(); i++) {
            for (int k = 0; k < fn.defCount(i); k++) {
                setPieceSlot(fn, groups, facts, spilled, pieceSlot, operandSlot, fn.defOperand(i, k), 2 * i + 1);
            }
            for (int k = 0; k < fn.useCount(i); k++) {
                setPieceSlot(fn, groups, facts, spilled, pieceSlot, operandSlot, fn.useOperand(i, k), 2 * i);
            }
        }
        int spilledGroups = 0;
        for (boolean b : spilled) {
            spilledGroups += b ? 1 : 0;
        }
        s.countSpilledValues(spilledGroups);
        int threads = s.threadsPerBlock();
        int warpsPerBlock = (threads + s.arch().warpSize() - 1) / s.arch().warpSize();
        boolean[] reloadReused = new boolean[fn.operandCount()];
        if (bySpace[SpillSpace.LMEM.ordinal()] + bySpace[SpillSpace.SMEM.ordinal()] > 0
                && s.knobs().getBool(KnobCatalogue.REUSE_RELOADS)) {
            LazyReloads.apply(fn, ranges, effectiveClass, vregSlot, space, operandSlot, reloadReused);
        }
        s.assignment(new Assignment(effectiveClass, vregSlot, space, offset, operandSlot, s.classBudgets(),
                reloadReused),
                local.frameBytes(), shared.frameBytes() * warpsPerBlock);
        if (s.explaining()) {
            s.report(new AllocationEvent.SpillsPlaced(bySpace[SpillSpace.LMEM.ordinal()],
                    bySpace[SpillSpace.SMEM.ordinal()], bySpace[SpillSpace.REMAT.ordinal()],
                    bySpace[SpillSpace.GPR_BIT.ordinal()], local.frameBytes()));
        }
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
