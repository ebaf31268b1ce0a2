package dev.regtune.core.briggs;

import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.alloc.Assignment;
import dev.regtune.core.alloc.SpillSpace;
import dev.regtune.core.analysis.BlockFrequency;
import dev.regtune.core.analysis.Dominators;
import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.analysis.Loops;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.coalesce.CoalescedFunction;
import dev.regtune.core.coalesce.CopyCoalescer;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.model.LatencyTable;
import dev.regtune.core.model.Measurements;
import dev.regtune.core.model.RegisterBudget;
import dev.regtune.core.spill.SpillSlotAllocator;
import java.util.Arrays;

/**
 * CICC's register allocator (seeds 001/002): copy coalescing (seed 003), then per round and per
 * register class the interference graph, conservative coalescing, Briggs simplify/select and
 * spilling, repeated until every class colours; then lazy reload and the same measurements as
 * the fat-point allocator. Stateless and thread-safe.
 */
public final class BriggsAllocator implements RegisterAllocator {
    @Override
    public String name() {
        return "briggs";
    }

    @Override
    public AllocationResult allocate(KernelFunction original, Knobs knobs, ArchProfile arch, int maxRegisters) {
        RegisterBudget budget = RegisterBudget.of(arch, original.launchBounds(), maxRegisters);
        int reserved = knobs.getInt(KnobCatalogue.RESERVED_REGISTERS);
        Dominators dom = Dominators.compute(original);
        Loops loops = Loops.compute(dom);
        BlockFrequency frequency = BlockFrequency.compute(loops, knobs.get(KnobCatalogue.ESTIMATED_LOOP_ITERATIONS));
        LiveRanges ranges = LiveRanges.compute(original, Liveness.compute(original, dom));
        CoalescedFunction cf = CopyCoalescer.coalesce(original, ranges, frequency, knobs);
        KernelFunction fn = cf.coalesced();
        if (fn != original) {
            ranges = LiveRanges.compute(fn, Liveness.compute(fn));
        }

        int[] classBudget = RegisterBudget.classBudgets(arch, Math.max(1, budget.registers() - reserved));
        LatencyTable table = LatencyTable.forArch(arch);
        int latencyKnob = knobs.getInt(KnobCatalogue.BRIGGS_MEMORY_LATENCY);
        double[] vregCost = SpillCosts.compute(fn, loops, latencyKnob > 0 ? latencyKnob : table.localLoadLatency(),
                knobs.get(KnobCatalogue.BRIGGS_LOOP_DEPTH_BASE));
        ColouringParameters params = ColouringParameters.of(knobs);
        int n = fn.vregCount();
        int[] classOf = classes(fn, arch);
        boolean[] classPresent = new boolean[7];
        for (int v = 0; v < n; v++) {
            classPresent[classOf[v]] = true;
        }

        boolean[] spilled = new boolean[n];
        int maxRounds = knobs.getInt(KnobCatalogue.BRIGGS_MAX_ROUNDS);
        for (int round = 1; round <= maxRounds; round++) {
            boolean[] removed = cf.removedCopy().clone();
            ClassNodes[] nodes = new ClassNodes[7];
            ClassColouring[] colouring = new ClassColouring[7];
            boolean spilledMore = false;
            for (int c = 1; c <= 6; c++) {
                if (!classPresent[c]) {
                    continue;
                }
                nodes[c] = ClassNodes.build(fn, ranges, classOf, c, spilled);
                colouring[c] = colourClass(fn, nodes[c], params, classBudget[c], vregCost, removed);
                Spills s = spillsOf(nodes[c], colouring[c], vregCost, spilled);
                if (s == Spills.IMPOSSIBLE) {
                    return failed(original, arch, budget, round, cf);
                }
                spilledMore |= s == Spills.MORE;
            }
            if (!spilledMore) {
                return assemble(original, cf, fn, ranges, knobs, arch, budget, classBudget, classOf, nodes,
                        colouring, spilled, removed, frequency, round);
            }
        }
        return failed(original, arch, budget, maxRounds, cf);
    }

    /**
     * The class each occurring value is allocated in (0 for vregs that never occur): its declared
     * class, except that uniform classes go to the GPR file on architectures without uniform
     * registers. CICC itself knows no uniform datapath, but PTX never declares uniform values, so
     * only hand-built IR has them.
     */
    static int[] classes(KernelFunction fn, ArchProfile arch) {
        int[] classOf = new int[fn.vregCount()];
        for (int op = 0; op < fn.operandCount(); op++) {
            int v = fn.operandVreg(op);
            RegClass c = fn.vregClass(v);
            classOf[v] = c.uniform() && !arch.hasUniformRegisters() ? RegClass.R.id() : c.id();
        }
        return classOf;
    }

    private static ClassColouring colourClass(KernelFunction fn, ClassNodes nodes, ColouringParameters params,
            int colours, double[] vregCost, boolean[] removed) {
        InterferenceGraph graph = new InterferenceGraph(nodes.width);
        graph.addEdgesFromSegments(nodes.segments);
        ClassColouring colouring = new ClassColouring(graph, params, colours);
        if (params.conservativeCoalescing()) {
            colouring.coalesce(fn, nodes.valueNode, removed);
        }
        double[] cost = new double[nodes.count];
        for (int x = 0; x < nodes.count; x++) {
            cost[colouring.find(x)] += nodes.temp[x] ? Double.POSITIVE_INFINITY : vregCost[nodes.vreg[x]];
        }
        colouring.simplifyAndSelect(cost);
        return colouring;
    }

    private enum Spills { NONE, MORE, IMPOSSIBLE }

    /**
     * Marks the values select could not colour as spilled. A temporary that did not colour
     * cannot be spilled again: the cheapest value live at its point is spilled instead, and when
     * there is none the class cannot be allocated at all.
     */
    private static Spills spillsOf(ClassNodes nodes, ClassColouring colouring, double[] vregCost, boolean[] spilled) {
        Spills result = Spills.NONE;
        for (int x = 0; x < nodes.count; x++) {
            if (colouring.slotOf(x) >= 0) {
                continue;
            }
            if (!nodes.temp[x]) {
                spilled[nodes.vreg[x]] = true;
                result = Spills.MORE;
                continue;
            }
            int victim = -1;
            for (int m : colouring.graph.neighbours(colouring.find(x))) {
                if (!nodes.temp[m] && (victim < 0 || vregCost[nodes.vreg[m]] < vregCost[nodes.vreg[victim]])) {
                    victim = m;
                }
            }
            if (victim < 0) {
                return Spills.IMPOSSIBLE;
            }
            for (int y = 0; y < nodes.count; y++) {
                if (!nodes.temp[y] && colouring.find(y) == victim) {
                    spilled[nodes.vreg[y]] = true;
                }
            }
            result = Spills.MORE;
        }
        return result;
    }

    private static AllocationResult assemble(KernelFunction original, CoalescedFunction cf, KernelFunction fn,
            LiveRanges ranges, Knobs knobs, ArchProfile arch, RegisterBudget budget, int[] classBudget, int[] classOf,
            ClassNodes[] nodes, ClassColouring[] colouring, boolean[] spilled, boolean[] removed,
            BlockFrequency frequency, int rounds) {
        int n = fn.vregCount();
        int[] vregClass = new int[n];
        int[] vregSlot = new int[n];
        byte[] space = new byte[n];
        int[] offset = new int[n];
        Arrays.fill(vregSlot, -1);
        Arrays.fill(offset, -1);
        int[] operandSlot = new int[fn.operandCount()];
        Arrays.fill(operandSlot, -1);
        SpillSlotAllocator local = new SpillSlotAllocator(knobs);
        boolean[] reloadable = new boolean[n];
        for (int c = 1; c <= 6; c++) {
            ClassNodes cn = nodes[c];
            if (cn == null) {
                continue;
            }
            for (int v = 0; v < n; v++) {
                if (cn.valueNode[v] >= 0) {
                    vregClass[v] = c;
                    vregSlot[v] = colouring[c].slotOf(cn.valueNode[v]);
                } else if (spilled[v] && classOf[v] == c) {
                    vregClass[v] = c;
                    SpillSpace s = c == RegClass.P.id() ? SpillSpace.GPR_BIT : SpillSpace.LMEM;
                    space[v] = (byte) s.ordinal();
                    if (s == SpillSpace.LMEM) {
                        offset[v] = local.place(4 * fn.vregSlots(v), ranges.segments(v));
                        reloadable[v] = true;
                    }
                }
            }
            for (int op = 0; op < operandSlot.length; op++) {
                if (cn.operandTemp[op] >= 0) {
                    operandSlot[op] = colouring[c].slotOf(cn.operandTemp[op]);
                }
            }
        }
        boolean[] reused = new boolean[operandSlot.length];
        if (knobs.getBool(KnobCatalogue.BRIGGS_LAZY_RELOAD)) {
            LazyReload lazy = new LazyReload(fn, classBudget);
            for (int v = 0; v < n; v++) {
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
        Assignment assignment = new Assignment(vregClass, vregSlot, space, offset, operandSlot, classBudget, reused);
        double[] freq = new double[fn.blockCount()];
        for (int b = 0; b < freq.length; b++) {
            freq[b] = frequency.freq(b);
        }
        Measurements m = Measurements.measure(fn, assignment, removed, freq, arch, knobs, 0);
        int coalesced = 0;
        for (boolean r : removed) {
            coalesced += r ? 1 : 0;
        }
        return new AllocationResult(original.name(), arch.name(), AllocationStatus.OK, m.registers(),
                m.spills().localSpillBytes(), m.spills().localRefillBytes(), local.frameBytes() + original.localBytes(),
                0, m.uniformRegisters(), m.predicateRegisters(), m.estLatencyCycles(), m.occupancy().occupancy(),
                m.occupancy().activeWarpsPerSm(), budget.registers(), rounds, coalesced, cf.report(), "",
                cf.lift(assignment));
    }

    private static AllocationResult failed(KernelFunction fn, ArchProfile arch, RegisterBudget budget, int rounds,
            CoalescedFunction cf) {
        return new AllocationResult(fn.name(), arch.name(), AllocationStatus.ALLOC_FAILED, budget.registers(), 0, 0, 0,
                0, 0, 0, 0, 0.0, 0, budget.registers(), rounds, cf.report().copiesMerged(), cf.report(),
                AllocationResult.failureMessage(budget.registers()), null);
    }
}
