package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.regtune.core.ir.ConstraintKind;
import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.ir.VregConstraint;
import dev.regtune.core.ir.VregFlags;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import org.junit.jupiter.api.Test;

/** Pins list membership and drain order to seed 000 (sub_93FBE0). */
class SixListOrderingTest {
    /**
     * Groups (in vreg order): g0 unconstrained single, g1 a DOUBLE pair (VeryHigh), g2 single
     * flagged 0x80000 (High), g3 and g4 constrained singles (LowConf), g5 unconstrained single.
     */
    private static KernelFunction sixValues() {
        FunctionBuilder b = new FunctionBuilder("six", FunctionKind.ENTRY);
        int a = b.vreg("%a", RegClass.R, PairMode.SINGLE, 0);
        int d = b.vreg("%d", RegClass.R, PairMode.DOUBLE, 0);
        int h = b.vreg("%h", RegClass.R, PairMode.SINGLE, VregFlags.HIGH_PRIORITY);
        int c1 = b.vreg("%c1", RegClass.R, PairMode.SINGLE, 0);
        int c2 = b.vreg("%c2", RegClass.R, PairMode.SINGLE, 0);
        int e = b.vreg("%e", RegClass.R, PairMode.SINGLE, 0);
        b.constraint(new VregConstraint(c1, ConstraintKind.VECTOR_GROUP, c1, 2));
        b.constraint(new VregConstraint(c2, ConstraintKind.VECTOR_GROUP, c1, 2));
        int[] all = {a, d, h, c1, c2, e};
        for (int v : all) {
            b.instr("ld.global", InstrKind.LOAD_GLOBAL, 0, new int[] {v}, new int[0], 0);
        }
        b.instr("st.global", InstrKind.STORE_GLOBAL, 0, new int[0], all, 0);
        b.instr("ret", InstrKind.RETURN, InstrFlags.RETURN | InstrFlags.NO_FALLTHROUGH, new int[0], new int[0], 0);
        return b.build();
    }

    @Test
    void membershipFollowsTheSeedsCriteria() {
        StageFixture p = StageFixture.of(sixValues(), Knobs.defaults());
        UnitSet u = p.unitsOfR(null);
        Knobs k = Knobs.defaults();
        assertEquals(AllocationList.UNCONSTRAINED, SixListOrdering.classify(u, 0, p.facts(), 1, 100, false, k));
        assertEquals(AllocationList.VERY_HIGH, SixListOrdering.classify(u, 1, p.facts(), 1, 100, false, k));
        assertEquals(AllocationList.HIGH, SixListOrdering.classify(u, 2, p.facts(), 1, 100, false, k));
        assertEquals(AllocationList.LOW_CONF, SixListOrdering.classify(u, 3, p.facts(), 1, 100, false, k));
        assertEquals(AllocationList.LOW_LATE, SixListOrdering.classify(u, 3, p.facts(), 1, 100, true, k),
                "low interference in spill-retry mode");
        assertEquals(AllocationList.HIGH, SixListOrdering.classify(u, 3, p.facts(), 101, 100, false, k),
                "interference above the budget is High");
        Knobs cheapHigh = k.with(KnobCatalogue.HIGH_LIST_COST_THRESHOLD, 0.5);
        assertEquals(AllocationList.HIGH, SixListOrdering.classify(u, 0, p.facts(), 1, 100, false, cheapHigh),
                "spill cost above the High threshold");
    }

    @Test
    void drainOrderIsSimplifyListsThenSelectByRatio() {
        StageFixture p = StageFixture.of(sixValues(), Knobs.defaults());
        // cost per group: LowConf g3 ratio 5, g4 ratio 1 -> g4 selected (pushed) first
        double[] cost = {1, 1, 1, 5, 1, 1};
        UnitSet u = p.unitsOfR(cost);
        int[] interference = {1, 1, 1, 1, 1, 1};
        // push order: U(g0, g5), VH(g1), H(g2), LowConf by ratio (g4, g3)
        assertArrayEquals(new int[] {0, 5, 1, 2, 4, 3},
                SixListOrdering.order(u, p.facts(), interference, 100, false, Knobs.defaults()));
        Knobs pop = Knobs.defaults().with(KnobCatalogue.ASSIGN_IN_PUSH_ORDER, 0);
        assertArrayEquals(new int[] {3, 4, 2, 1, 5, 0},
                SixListOrdering.order(u, p.facts(), interference, 100, false, pop));
    }
}
