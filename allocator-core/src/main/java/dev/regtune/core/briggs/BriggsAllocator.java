package dev.regtune.core.briggs;

import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.coalesce.CopyCoalescingStage;
import dev.regtune.core.explain.AllocationListener;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.model.MeasureStage;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Pipeline;
import dev.regtune.core.promote.LocalArrayPromotionStage;

/**
 * CICC's register allocator (seeds 001/002) as a pipeline of stages: copy coalescing (seed 003),
 * then rounds of interference graph, conservative coalescing, Briggs simplify/select and spilling
 * per register class until every class colours ({@link BriggsColouringStage}); then spill slots
 * and lazy reload, and the same measurements as the fat-point allocator. Stateless and
 * thread-safe: each call has its own {@link BriggsState}.
 */
public final class BriggsAllocator implements RegisterAllocator {
    private static final Pipeline<BriggsState> PIPELINE = Pipeline.of(
            new LocalArrayPromotionStage(),
            CopyCoalescingStage.always(),
            new BriggsColouringStage(),
            new BriggsAssignmentStage(),
            new MeasureStage());

    @Override
    public String name() {
        return "briggs";
    }

    @Override
    public Pipeline<?> pipeline() {
        return PIPELINE;
    }

    /**
     * A fresh state of this family for {@code fn}, nobody listening, so that a benchmark can run the
     * {@link #pipeline()}'s stages one at a time; {@link #allocate} is the same state run through
     * every stage.
     */
    public AllocationState newState(KernelFunction fn, Knobs knobs, ArchProfile arch, int maxRegisters) {
        return new BriggsState(fn, knobs, arch, maxRegisters, AllocationListener.NONE);
    }

    @Override
    public AllocationResult allocate(KernelFunction fn, Knobs knobs, ArchProfile arch, int maxRegisters,
            AllocationListener listener) {
        BriggsState state = new BriggsState(fn, knobs, arch, maxRegisters, listener);
        PIPELINE.run(state);
        return state.result();
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

    /** The interference graph of {@code nodes}, from their live segments. */
    static InterferenceGraph graphOf(ClassNodes nodes) {
        InterferenceGraph graph = new InterferenceGraph(nodes.width);
        graph.addEdgesFromSegments(nodes.segments);
        return graph;
    }

    /** Coalesces, simplifies and selects over {@code graph}, the interference graph of {@code nodes} (merges change it). */
    static ClassColouring colourClass(KernelFunction fn, ClassNodes nodes, InterferenceGraph graph,
            ColouringParameters params, int colours, double[] vregCost, boolean[] removed) {
        ClassColouring colouring = new ClassColouring(graph, params, colours, nodes.gone);
        if (params.conservativeCoalescing()) {
            colouring.coalesce(fn, nodes.valueNode, removed);
        }
        double[] cost = new double[nodes.count];
        for (int x = 0; x < nodes.count; x++) {
            if (!nodes.isGone(x)) {
                cost[colouring.find(x)] += nodes.temp[x] ? Double.POSITIVE_INFINITY : vregCost[nodes.vreg[x]];
            }
        }
        colouring.simplifyAndSelect(cost);
        return colouring;
    }

    enum Spills { NONE, MORE, IMPOSSIBLE }

    /**
     * Marks the values select could not colour as spilled. A temporary that did not colour
     * cannot be spilled again: the cheapest value live at its point is spilled instead, and when
     * there is none the class cannot be allocated at all.
     */
    static Spills spillsOf(ClassNodes nodes, ClassColouring colouring, double[] vregCost, boolean[] spilled) {
        Spills result = Spills.NONE;
        for (int x = 0; x < nodes.count; x++) {
            if (colouring.slotOf(x) >= 0 || nodes.isGone(x)) {
                continue;
            }
            if (!nodes.temp[x]) {
                spilled[nodes.vreg[x]] = true;
                result = Spills.MORE;
                continue;
            }
            int victim = -1;
            for (int m : colouring.graph.neighbours(colouring.find(x))) {
                if (!nodes.temp[m] && !nodes.isGone(m) && (victim < 0 || vregCost[nodes.vreg[m]] < vregCost[nodes.vreg[victim]])) {
                    victim = m;
                }
            }
            if (victim < 0) {
                return Spills.IMPOSSIBLE;
            }
            for (int y = 0; y < nodes.count; y++) {
                if (!nodes.temp[y] && !nodes.isGone(y) && colouring.find(y) == victim) {
                    spilled[nodes.vreg[y]] = true;
                }
            }
            result = Spills.MORE;
        }
        return result;
    }
}
