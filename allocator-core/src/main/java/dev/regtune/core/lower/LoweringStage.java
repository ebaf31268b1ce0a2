package dev.regtune.core.lower;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;
import org.jspecify.annotations.Nullable;

/**
 * Adds to the function what ptxas's lowering of its PTX instructions needs (see the package
 * documentation): the temporaries of each construct, live beside its inputs, and the register
 * floor of the most demanding construct. Runs after pre-allocation scheduling, so the scheduler
 * moves PTX instructions and the temporaries stay with theirs.
 */
public final class LoweringStage implements Stage<AllocationState> {
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
        return s.knobs().getBool(KnobCatalogue.LOWER_TEMPORARIES) || s.knobs().getBool(KnobCatalogue.LOWER_REGISTER_FLOORS);
    }

    @Override
    public void run(AllocationState s) {
        KernelFunction f = s.function();
        LoweringTable.ArchRules rules = table.rules(s.arch().name());
        boolean temporaries = s.knobs().getBool(KnobCatalogue.LOWER_TEMPORARIES);
        boolean floors = s.knobs().getBool(KnobCatalogue.LOWER_REGISTER_FLOORS);
        int smallestFloor = s.knobs().getInt(KnobCatalogue.LOWER_FLOOR_MINIMUM);
        int[] count = new int[f.instrCount()];
        int lowered = 0;
        int added = 0;
        int floor = 0;
        @Nullable String floorConstruct = null;
        for (int i = 0; i < count.length; i++) {
            LoweringRule r = rules.rule(f.opcode(i));
            if (r == null) {
                continue;
            }
            if (temporaries && r.temporaries() > 0) {
                count[i] = r.temporaries();
                lowered++;
                added += r.temporaries();
            }
            if (floors && r.registerFloor() > floor && r.registerFloor() >= smallestFloor) {
                floor = r.registerFloor();
                floorConstruct = r.construct();
            }
        }
        if (added > 0) {
            s.transform(Lowering.withTemporaries(f, count));
        }
        if (floor > 0) {
            s.raiseRegisterFloor(floor);
        }
        if (s.explaining()) {
            s.report(new AllocationEvent.ConstructsLowered(rules.arch(), lowered, added, floor,
                    floorConstruct == null ? "" : floorConstruct));
        }
    }
}
