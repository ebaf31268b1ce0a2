package dev.regtune.core.briggs;

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
 * Turns the last round's colouring into an {@link Assignment}: coloured values take their colour,
 * spilled ones an LMEM slot (predicates GPR bits), each spill temporary its own colour; then lazy
 * reload drops a reload whose value an earlier reload in the block still holds (under {@code
 * BriggsLazyReload}).
 */
final class BriggsAssignmentStage implements Stage<BriggsState> {
    @Override
    public String name() {
        return "spill slots, lazy reload";
    }

    @Override
    public void run(BriggsState s) {
        KernelFunction fn = s.function();
        LiveRanges ranges = s.analyses().liveRanges();
        int[] classBudget = s.classBudgets();
        int[] classOf = s.classOf();
        boolean[] spilled = s.spilled();
        int n = fn.vregCount();
        int[] vregClass = new int[n];
        int[] vregSlot = new int[n];
        byte[] space = new byte[n];
        int[] offset = new int[n];
        Arrays.fill(vregSlot, -1);
        Arrays.fill(offset, -1);
        int[] operandSlot = new int[fn.operandCount()];
        Arrays.fill(operandSlot, -1);
        SpillSlotAllocator local = new SpillSlotAllocator(s.knobs());
        boolean[] reloadable = new boolean[n];
        int localValues = 0;
        int bitValues = 0;
        for (RegClass c : RegClass.values()) {
            ClassNodes cn = s.nodes(c);
            if (cn == null) {
                continue;
            }
            ClassColouring colouring = s.colouring(c);
            for (int v = 0; v < n; v++) {
                if (cn.valueNode[v] >= 0) {
                    vregClass[v] = c.id();
                    vregSlot[v] = colouring.slotOf(cn.valueNode[v]);
                } else if (spilled[v] && classOf[v] == c.id()) {
                    vregClass[v] = c.id();
                    SpillSpace sp = c == RegClass.P ? SpillSpace.GPR_BIT : SpillSpace.LMEM;
                    space[v] = (byte) sp.ordinal();
                    if (sp == SpillSpace.LMEM) {
                        offset[v] = local.place(4 * fn.vregSlots(v), ranges.segments(v));
                        reloadable[v] = true;
                        localValues++;
                    } else {
                        bitValues++;
                    }
                }
            }
            for (int op = 0; op < operandSlot.length; op++) {
                if (cn.operandTemp[op] >= 0) {
                    operandSlot[op] = colouring.slotOf(cn.operandTemp[op]);
                }
            }
        }
        boolean[] reused = new boolean[operandSlot.length];
        if (s.knobs().getBool(KnobCatalogue.BRIGGS_LAZY_RELOAD)) {
            lazyReload(fn, ranges, classBudget, vregClass, vregSlot, operandSlot, reloadable, reused);
        }
        boolean[] removed = s.removedCopies();
        int before = 0;
        int after = 0;
        for (int i = 0; i < removed.length; i++) {
            before += removed[i] ? 1 : 0;
            removed[i] |= s.roundRemoved()[i];
            after += removed[i] ? 1 : 0;
        }
        s.countCoalescedCopies(after - before);
        s.assignment(new Assignment(vregClass, vregSlot, space, offset, operandSlot, classBudget, reused),
                local.frameBytes(), 0);
        if (s.explaining()) {
            s.report(new AllocationEvent.SpillsPlaced(localValues, 0, 0, bitValues, local.frameBytes()));
        }
    }

    private static void lazyReload(KernelFunction fn, LiveRanges ranges, int[] classBudget, int[] vregClass,
            int[] vregSlot, int[] operandSlot, boolean[] reloadable, boolean[] reused) {
        LazyReload lazy = new LazyReload(fn, classBudget);
        for (int v = 0; v < fn.vregCount(); v++) {
            if (vregSlot[v] >= 0) {
                for (int k = 0; k < ranges.segmentCount(v); k++) {
                    lazy.occupy(vregClass[v], vregSlot[v], fn.vregSlots(v), ranges.segStart(v, k),
                            ranges.segEnd(v, k));
                }
            }
        }
        for (int i = 0; i < fn.instrCount(); i++) {
            for (int k = 0; k < fn.defCount(i) + fn.useCount(i); k++) {
                boolean def = k < fn.defCount(i);
                int op = def ? fn.defOperand(i, k) : fn.useOperand(i, k - fn.defCount(i));
                if (operandSlot[op] >= 0) {
                    int v = fn.operandVreg(op);
                    int point = def ? LiveRanges.writePoint(i) : LiveRanges.readPoint(i);
                    lazy.occupy(vregClass[v], operandSlot[op], fn.vregSlots(v), point, point);
                }
            }
        }
        lazy.apply(vregClass, reloadable, operandSlot, reused);
    }
}
