package dev.regtune.core.fatpoint;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.explain.AllocationListener;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.model.BudgetModel;
import dev.regtune.core.pipeline.AllocationState;
import java.util.Arrays;

/**
 * What the fat-point stages pass on: the occupancy-aware budget model, each value's effective
 * class after uniform placement, the value groups and their facts, and per group whether it is
 * spilled and where it (or each of its pieces) sits.
 */
final class FatPointState extends AllocationState {
    private int threadsPerBlock;
    private BudgetModel budgetModel;
    private double linearFraction;
    private int[] effectiveClass;
    private ValueGroups groups;
    private GroupFacts facts;
    private boolean[] spilled;
    private int[] groupSlot;
    private int[][] pieceSlot;

    // Each field is set by the stage that computes it, before the later stages that read it run.
    @SuppressWarnings("NullAway.Init")
    FatPointState(KernelFunction fn, Knobs knobs, ArchProfile arch, int maxRegisters, AllocationListener listener) {
        super(fn, knobs, arch, maxRegisters, listener);
    }

    int threadsPerBlock() {
        return threadsPerBlock;
    }

    BudgetModel budgetModel() {
        return budgetModel;
    }

    /** The budget model's interpolation between the linear and the occupancy-limited budget. */
    double linearFraction() {
        return linearFraction;
    }

    void budgetModel(int threads, BudgetModel model, double linear) {
        this.threadsPerBlock = threads;
        this.budgetModel = model;
        this.linearFraction = linear;
    }

    /** Class id per vreg after uniform placement; 0 for a vreg that never occurs. */
    int[] effectiveClass() {
        return effectiveClass;
    }

    void effectiveClass(int[] cls) {
        this.effectiveClass = cls;
    }

    ValueGroups groups() {
        return groups;
    }

    GroupFacts facts() {
        return facts;
    }

    /** Sets the groups and makes every group unspilled and unplaced. */
    void groups(ValueGroups valueGroups, GroupFacts groupFacts) {
        this.groups = valueGroups;
        this.facts = groupFacts;
        int g = valueGroups.groupCount();
        spilled = new boolean[g];
        groupSlot = new int[g];
        Arrays.fill(groupSlot, -1);
        pieceSlot = new int[g][];
    }

    /** Per group: spilled (lives in memory, or is rematerialized, between its occurrences). */
    boolean[] spilled() {
        return spilled;
    }

    /** Per group: the slot of an unspilled group, -1 otherwise. */
    int[] groupSlot() {
        return groupSlot;
    }

    /** Per group: for a spilled group, the slot of each occurrence (null until placed). */
    int[][] pieceSlot() {
        return pieceSlot;
    }

    /** Program points of the function being allocated. */
    int points() {
        return analyses().liveRanges().pointCount();
    }
}
