package dev.regtune.core.lower;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.analysis.PressureProfile;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Adds to the function what ptxas's lowering of its PTX instructions needs (see the package
 * documentation): the temporaries of each construct, live beside its inputs (the budget probes'
 * count, or the count where registers are free when that is larger, as {@code
 * RegTuneLowerFreeTemporaries} says), and the register floor of the most demanding construct.
 * Runs after pre-allocation scheduling, so the scheduler moves PTX instructions and the
 * temporaries stay with theirs.
 */
public final class LoweringStage implements Stage<AllocationState> {
    /** {@code RegTuneLowerFreeTemporaries}: constructs with temporaries under pressure take the free count too. */
    private static final int FREE_SEQUENCES = 1;
    /** {@code RegTuneLowerFreeTemporaries}: every construct takes the free count. */
    private static final int FREE_ALL = 2;

    private final LoweringTable table;

    /** The stage with the table bundled with the model. */
    public LoweringStage() {
        this(LoweringTable.standard());
    }

    /** The stage with another table (tests, a freshly probed table). */
    public LoweringStage(LoweringTable table) {
        this.table = table;
    }

    @Override
    public String name() {
        return "lowering";
    }

    @Override
    public boolean runsFor(AllocationState s) {
        return s.knobs().getBool(KnobCatalogue.LOWER_TEMPORARIES) || s.knobs().getBool(KnobCatalogue.LOWER_REGISTER_FLOORS)
                || s.knobs().getBool(KnobCatalogue.LOWER_ODD_STORE_DATA)
                || s.knobs().getBool(KnobCatalogue.LOWER_ODD_WIDE_MULTIPLICANDS);
    }

    /** Peak pressure of the general registers (32-bit slots) of the function as it stands. */
    private static int peakGeneralPressure(AllocationState s) {
        return PressureProfile.of(s.function(), s.analyses().liveRanges()).maxPressure(RegClass.R);
    }

    @Override
    public void run(AllocationState s) {
        KernelFunction f = s.function();
        LoweringTable.ArchRules rules = table.rules(s.arch().name());
        boolean temporaries = s.knobs().getBool(KnobCatalogue.LOWER_TEMPORARIES);
        boolean floors = s.knobs().getBool(KnobCatalogue.LOWER_REGISTER_FLOORS);
        int freeTemporaries = s.knobs().getInt(KnobCatalogue.LOWER_FREE_TEMPORARIES);
        int smallestFloor = s.knobs().getInt(KnobCatalogue.LOWER_FLOOR_MINIMUM);
        int[] count = new int[f.instrCount()];
        int lowered = 0;
        int added = 0;
        int floor = 0;
        @Nullable String floorConstruct = null;
        // One look-up per distinct opcode (the rules are keyed by its spelling).
        @Nullable LoweringRule[] byOpcode = new LoweringRule[f.opcodeCount()];
        boolean[] looked = new boolean[byOpcode.length];
        for (int i = 0; i < count.length; i++) {
            int id = f.opcodeId(i);
            if (!looked[id]) {
                looked[id] = true;
                byOpcode[id] = rules.rule(f.opcode(i));
            }
            LoweringRule r = byOpcode[id];
            if (r == null) {
                continue;
            }
            int needed = freeTemporaries == FREE_ALL || (freeTemporaries == FREE_SEQUENCES && r.temporaries() > 0)
                    ? Math.max(r.temporaries(), r.freeTemporaries()) : r.temporaries();
            if (temporaries && needed > 0) {
                count[i] = needed;
                lowered++;
                added += needed;
            }
            if (floors && r.registerFloor() > floor && r.registerFloor() >= smallestFloor) {
                floor = r.registerFloor();
                floorConstruct = r.construct();
            }
        }
        // Read before the temporaries are added: they follow a store's own operands.
        @Nullable PairMode[] modes = s.knobs().getBool(KnobCatalogue.LOWER_ODD_STORE_DATA)
                ? StoreDataRegisters.of(f) : new PairMode[0];
        if (s.knobs().getBool(KnobCatalogue.LOWER_ODD_WIDE_MULTIPLICANDS)) {
            modes = merged(modes, WideMultiplicandRegisters.of(f, s.arch()));
        }
        int odd = 0;
        for (PairMode m : modes) {
            odd += m != null ? 1 : 0;
        }
        if (odd > 0 && peakGeneralPressure(s) + odd > s.knobs().getInt(KnobCatalogue.LOWER_ODD_STORE_DATA_UP_TO)) {
            // ptxas spreads stored values only where registers are free.
            odd = 0;
        }
        KernelFunction changed = added > 0 ? Lowering.withTemporaries(f, count) : f;
        if (odd > 0) {
            changed = changed.withPairModes(modes);
        }
        if (changed != f) {
            // Temporaries are defined and read within their instruction's block: the liveness carries over.
            s.transformWithinBlocks(changed);
        }
        if (floor > 0) {
            s.raiseRegisterFloor(floor);
        }
        if (s.explaining()) {
            s.report(new AllocationEvent.ConstructsLowered(rules.arch(), lowered, added, floor,
                    floorConstruct == null ? "" : floorConstruct, odd));
        }
    }

    /** {@code a} with {@code b}'s pair modes where {@code a} has none. */
    private static @Nullable PairMode[] merged(@Nullable PairMode[] a, @Nullable PairMode[] b) {
        @Nullable PairMode[] out = Arrays.copyOf(b, b.length);
        for (int v = 0; v < a.length && v < out.length; v++) {
            if (a[v] != null) {
                out[v] = a[v];
            }
        }
        return out;
    }
}
