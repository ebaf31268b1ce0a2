package dev.regtune.core.pipeline;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStats;
import dev.regtune.core.alloc.Assignment;
import dev.regtune.core.alloc.CopyCoalescing;
import dev.regtune.core.analysis.FunctionAnalyses;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.explain.AllocationListener;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.model.RegisterBudget;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * What the stages of one allocation share (regalloc2's {@code Env}): the request, the function as
 * the stages have rewritten it so far with its lazily computed analyses, the budget, the counters,
 * and the outputs the measuring stage turns into the result. A family extends it with the state
 * its own stages pass on.
 *
 * <p>One state per allocation call; not thread-safe.
 */
public class AllocationState {
    private final KernelFunction original;
    private final Knobs knobs;
    private final ArchProfile arch;
    private final int maxRegisters;
    private final AllocationListener listener;
    private final RegisterBudget budget;
    private final int reserved;
    private final int[] classBudgets;
    private final List<UnaryOperator<Assignment>> lifts = new ArrayList<>();

    private KernelFunction allocated;
    private KernelFunction function;
    private FunctionAnalyses analyses;
    private boolean[] removedCopies;
    private CopyCoalescing copyCoalescing = CopyCoalescing.NONE;
    private boolean failed;
    private @Nullable Assignment assignment;
    private int localFrameBytes;
    private int smemBytesPerBlock;
    private @Nullable AllocationResult result;

    private int attempts;
    private int coalescedCopies;
    private int spilledValues;
    private int guidancePicks;
    private int forcedSpills;
    private int discardedSlots;
    private int fallbacks;
    private int uniformValues;
    private int registerFloor;
    private boolean predicateRegisterShared;

    public AllocationState(KernelFunction function, Knobs knobs, ArchProfile arch, int maxRegisters,
            AllocationListener listener) {
        this.original = function;
        this.allocated = function;
        this.function = function;
        this.knobs = knobs;
        this.arch = arch;
        this.maxRegisters = maxRegisters;
        this.listener = listener;
        this.budget = RegisterBudget.of(arch, function.launchBounds(), maxRegisters);
        this.reserved = knobs.getInt(KnobCatalogue.RESERVED_REGISTERS);
        this.classBudgets = RegisterBudget.classBudgets(arch, gprBudget());
        this.analyses = FunctionAnalyses.of(function, knobs.get(KnobCatalogue.ESTIMATED_LOOP_ITERATIONS));
        this.removedCopies = new boolean[function.instrCount()];
    }

    /** The function as the caller gave it. */
    public KernelFunction original() {
        return original;
    }

    /** The function as the stages so far have rewritten it: the one later stages allocate. */
    public KernelFunction function() {
        return function;
    }

    /** The analyses of {@link #function()}. */
    public FunctionAnalyses analyses() {
        return analyses;
    }

    public Knobs knobs() {
        return knobs;
    }

    public ArchProfile arch() {
        return arch;
    }

    /** ptxas's {@code -maxrregcount}; 0 for none. */
    public int maxRegisters() {
        return maxRegisters;
    }

    public AllocationListener listener() {
        return listener;
    }

    /** Whether events should be built: someone listens. */
    public boolean explaining() {
        return listener.enabled();
    }

    /** Delivers {@code event}; call only when {@link #explaining()}. */
    public void report(AllocationEvent event) {
        listener.on(event);
    }

    /** The register budget (from -maxrregcount, .maxnreg, launch bounds). */
    public RegisterBudget budget() {
        return budget;
    }

    /** Registers ptxas counts beyond the allocated ones (knob RegTuneReservedRegisters). */
    public int reserved() {
        return reserved;
    }

    /** Slots the GPR classes may use: the budget minus the reserved registers, at least one. */
    public int gprBudget() {
        return Math.max(1, budget.registers() - reserved);
    }

    /** Slots per register class id (see {@link RegisterBudget#classBudgets}). */
    public int[] classBudgets() {
        return classBudgets;
    }

    /**
     * The function the final assignment places: the caller's, or the last one a stage {@link
     * #transform transformed} the code into.
     */
    public KernelFunction allocated() {
        return allocated;
    }

    /**
     * Replaces the function by {@code changed}, whose code differs (instructions inserted, removed
     * or reordered: lowering, promotion, scheduling), and discards every analysis of the old one
     * that reads the code (those of the CFG alone carry over while the CFG stays the same).
     * The result's assignment then places {@code changed}, which the result names as its allocated
     * function so the checker verifies what was allocated. Code transforms come before every
     * register rewrite: an assignment cannot be lifted back across a change of code.
     */
    public void transform(KernelFunction changed) {
        if (!lifts.isEmpty()) {
            throw new IllegalStateException("a stage changed the code of " + original.name()
                    + " after a register rewrite; code transforms must come first");
        }
        if (changed == function) {
            return;
        }
        function = changed;
        allocated = changed;
        analyses = analyses.afterTransform(changed, knobs.get(KnobCatalogue.ESTIMATED_LOOP_ITERATIONS));
        removedCopies = new boolean[changed.instrCount()];
    }

    /**
     * {@link #transform}, for a change that keeps every block's live-in and live-out sets: the
     * same instructions reordered within their blocks along every register dependence (the
     * pre-allocation scheduler), or values added that are defined and read within one block,
     * numbered after the existing ones (lowering's temporaries). The liveness computed so far
     * carries over ({@link FunctionAnalyses#afterBlockLocalChange}) instead of being computed again.
     */
    public void transformWithinBlocks(KernelFunction changed) {
        if (!lifts.isEmpty()) {
            throw new IllegalStateException("a stage changed the code of " + original.name()
                    + " after a register rewrite; code transforms must come first");
        }
        if (changed == function) {
            return;
        }
        analyses = analyses.afterBlockLocalChange(changed, knobs.get(KnobCatalogue.ESTIMATED_LOOP_ITERATIONS));
        function = changed;
        allocated = changed;
        removedCopies = new boolean[changed.instrCount()];
    }

    /**
     * Replaces the function by {@code rewritten}, which has the same instructions and operand
     * indices, and discards every analysis of the old one that reads the code. {@code lift} maps an assignment of the
     * new function back to the old one; {@code removed} marks, per instruction, copies the rewrite
     * removed.
     */
    public void rewrite(KernelFunction rewritten, UnaryOperator<Assignment> lift, boolean[] removed) {
        if (rewritten.instrCount() != function.instrCount()) {
            throw new IllegalArgumentException("a rewrite must keep the instructions: " + function.instrCount()
                    + " became " + rewritten.instrCount());
        }
        for (int i = 0; i < removed.length; i++) {
            removedCopies[i] |= removed[i];
        }
        if (rewritten != function) {
            function = rewritten;
            analyses = analyses.afterTransform(rewritten, knobs.get(KnobCatalogue.ESTIMATED_LOOP_ITERATIONS));
        }
        lifts.add(lift);
    }

    /**
     * What the code transforms so far have left: the function, its analyses with what has been
     * computed of them, and the register floor. Taken before any register rewrite, and only while
     * no counter has moved (code transforms count nothing), so that {@link #resume} of another
     * state of the same request, differing at most in the budget, continues as if it had run the
     * same stages itself: a family takes one of the stages that do not read the budget and skips
     * them when it allocates the same function again at another budget.
     */
    public Checkpoint checkpoint() {
        if (!lifts.isEmpty() || failed || counted()) {
            throw new IllegalStateException("a checkpoint of " + original.name()
                    + " must come before register rewrites, counters and failure");
        }
        return new Checkpoint(original, function, allocated, analyses, removedCopies.clone(), registerFloor);
    }

    /**
     * Continues from {@code c}, a checkpoint of a state of the same function and knobs whose stages
     * up to that point read nothing this state does differently (its budget): this state's
     * function, analyses (shared, computed at most once for both), removed copies and register
     * floor become the checkpoint's. Call before any stage has run on this state.
     */
    public void resume(Checkpoint c) {
        if (c.original != original || function != original || !lifts.isEmpty()) {
            throw new IllegalStateException("a checkpoint resumes only a fresh state of the function it was taken of");
        }
        function = c.function;
        allocated = c.allocated;
        analyses = c.analyses;
        removedCopies = c.removedCopies.clone();
        registerFloor = c.registerFloor;
    }

    /** What {@link #checkpoint()} keeps; opaque outside this class. */
    public static final class Checkpoint {
        private final KernelFunction original;
        private final KernelFunction function;
        private final KernelFunction allocated;
        private final FunctionAnalyses analyses;
        private final boolean[] removedCopies;
        private final int registerFloor;

        private Checkpoint(KernelFunction original, KernelFunction function, KernelFunction allocated,
                FunctionAnalyses analyses, boolean[] removedCopies, int registerFloor) {
            this.original = original;
            this.function = function;
            this.allocated = allocated;
            this.analyses = analyses;
            this.removedCopies = removedCopies;
            this.registerFloor = registerFloor;
        }

        /** The function as the stages before the checkpoint left it. */
        public KernelFunction function() {
            return function;
        }
    }

    /** Per instruction of {@link #function()}: a copy some stage removed. Stages may mark more. */
    public boolean[] removedCopies() {
        return removedCopies;
    }

    public CopyCoalescing copyCoalescing() {
        return copyCoalescing;
    }

    public void copyCoalescing(CopyCoalescing report) {
        this.copyCoalescing = report;
    }

    /** Ends the allocation as ptxas's "Register allocation failed": later stages do not run. */
    public void fail() {
        failed = true;
        AllocationResult failure = AllocationResult.failed(function.name(), arch.name(), budget.registers(), stats(),
                copyCoalescing);
        result = failure;
        if (explaining()) {
            report(new AllocationEvent.Failed(failure.message()));
        }
    }

    public boolean failed() {
        return failed;
    }

    /** The placement of {@link #function()}, once a family's allocation stage has made it. */
    public Assignment assignment() {
        if (assignment == null) {
            throw new IllegalStateException("no allocation stage has placed " + function.name() + " yet");
        }
        return assignment;
    }

    public void assignment(Assignment placement, int localFrame, int smemPerBlock) {
        assert placement.vregCount() == function.vregCount() : "the placement is not of " + function.name();
        assert withinClassBudgets(placement) : "a value of " + function.name() + " is placed beyond its class budget";
        this.assignment = placement;
        this.localFrameBytes = localFrame;
        this.smemBytesPerBlock = smemPerBlock;
    }

    /** Whether every value {@code placement} keeps in registers lies within its class's budget. */
    private boolean withinClassBudgets(Assignment placement) {
        for (int v = 0; v < placement.vregCount(); v++) {
            int slot = placement.slotOf(v);
            if (slot >= 0 && slot + function.vregSlots(v) > placement.classBudget(placement.classOf(v))) {
                return false;
            }
        }
        return true;
    }

    /** Bytes of LMEM spill slots per thread. */
    public int localFrameBytes() {
        return localFrameBytes;
    }

    /** Bytes of the SMEM spill area per block. */
    public int smemBytesPerBlock() {
        return smemBytesPerBlock;
    }

    /** {@code a}, an assignment of {@link #function()}, as an assignment of {@link #original()}. */
    public Assignment lift(Assignment a) {
        Assignment out = a;
        for (int k = lifts.size() - 1; k >= 0; k--) {
            out = lifts.get(k).apply(out);
        }
        return out;
    }

    public AllocationResult result() {
        if (result == null) {
            throw new IllegalStateException("the pipeline ended without a result for " + original.name());
        }
        return result;
    }

    public void result(AllocationResult r) {
        this.result = r;
    }

    /**
     * Records that the predicates spilled into GPR bits share a general register free wherever they
     * are spilled, so the measure adds none for them.
     */
    public void sharePredicateRegister() {
        predicateRegisterShared = true;
    }

    /** Whether spilled predicates' bits live in a general register the allocation leaves free there. */
    public boolean predicateRegisterShared() {
        return predicateRegisterShared;
    }

    /**
     * Raises the fewest registers the measure reports (within the budget) to {@code floor}: what
     * ptxas needs for a construct of the function whatever the function's own pressure.
     */
    public void raiseRegisterFloor(int floor) {
        registerFloor = Math.max(registerFloor, floor);
    }

    /** The fewest registers the measure reports, within the budget; 0 when no stage raised it. */
    public int registerFloor() {
        return registerFloor;
    }

    public void countAttempts(int n) {
        attempts += n;
    }

    public void countCoalescedCopies(int n) {
        coalescedCopies += n;
    }

    public void countSpilledValues(int n) {
        spilledValues += n;
    }

    public void countGuidancePicks(int n) {
        guidancePicks += n;
    }

    public void countForcedSpills(int n) {
        forcedSpills += n;
    }

    public void countDiscardedSlots(int n) {
        discardedSlots += n;
    }

    public void countFallbacks(int n) {
        fallbacks += n;
    }

    public void countUniformValues(int n) {
        uniformValues += n;
    }

    /** Whether any counter has moved: {@link #stats()} is not {@link AllocationStats#NONE}, read without building it. */
    private boolean counted() {
        return (attempts | coalescedCopies | spilledValues | guidancePicks | forcedSpills | discardedSlots | fallbacks
                | uniformValues) != 0;
    }

    public AllocationStats stats() {
        return new AllocationStats(attempts, coalescedCopies, spilledValues, guidancePicks, forcedSpills,
                discardedSlots, fallbacks, uniformValues);
    }
}
