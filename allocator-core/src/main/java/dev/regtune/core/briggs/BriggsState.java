package dev.regtune.core.briggs;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.explain.AllocationListener;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.pipeline.AllocationState;

/**
 * What the Briggs stages pass on: the class of every value, the values spilled so far, and the
 * last round's graph nodes, colouring and removed copies per class.
 */
final class BriggsState extends AllocationState {
    private int[] classOf;
    private boolean[] spilled;
    private final ClassNodes[] nodes = new ClassNodes[RegClass.ID_LIMIT];
    private final ClassColouring[] colouring = new ClassColouring[RegClass.ID_LIMIT];
    private boolean[] roundRemoved;

    // Each field is set by the stage that computes it, before the later stages that read it run.
    @SuppressWarnings("NullAway.Init")
    BriggsState(KernelFunction fn, Knobs knobs, ArchProfile arch, int maxRegisters, AllocationListener listener) {
        super(fn, knobs, arch, maxRegisters, listener);
    }

    /** Class id per vreg (0 for vregs that never occur). */
    int[] classOf() {
        return classOf;
    }

    /** Per vreg: spilled in some round. */
    boolean[] spilled() {
        return spilled;
    }

    void start(int[] classes) {
        this.classOf = classes;
        this.spilled = new boolean[classes.length];
    }

    /** The last round's nodes of class {@code c}; null when the class has no values. */
    ClassNodes nodes(RegClass c) {
        return nodes[c.id()];
    }

    ClassColouring colouring(RegClass c) {
        return colouring[c.id()];
    }

    void coloured(RegClass c, ClassNodes classNodes, ClassColouring classColouring) {
        nodes[c.id()] = classNodes;
        colouring[c.id()] = classColouring;
    }

    /** Per instruction: copies removed by the copy coalescer and by the last round's George coalescing. */
    boolean[] roundRemoved() {
        return roundRemoved;
    }

    void roundRemoved(boolean[] removed) {
        this.roundRemoved = removed;
    }
}
