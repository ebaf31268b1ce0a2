package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Store data's preferred slot, three above its address pair, is taken only within the budget:
 * an address pair at the top of the budget leaves the data the lowest free slot (before the fix,
 * the data of {@code store_between_loads} went to the slot three above such a pair in a clean attempt,
 * which the checker reports as a register beyond the budget; seen on corpus-real under
 * {@code -maxrregcount 24} with {@code RegTuneFuseWideMultiplyAdd}).
 */
class StoreDataBudgetTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/store_data_budget_sm90.ptx");

    @Test
    void theDataStaysWithinTheBudgetWhenItsAddressIsAtTheTop() throws Exception {
        KernelFunction fn = PtxParser.parse(PTX).functions().get(0);
        StageFixture p = StageFixture.of(fn, Knobs.defaults());
        UnitSet units = p.unitsOfR(null);
        int store = firstStore(fn);
        int address = p.groups().groupOf(fn.use(store, 0));
        int data = p.groups().groupOf(fn.use(store, 1));
        // Every other value first, so that the address pair lands above the loaded words.
        int[] order = new int[units.count];
        int k = 0;
        for (int u = 0; u < units.count; u++) {
            if (units.group[u] != address && units.group[u] != data) {
                order[k++] = u;
            }
        }
        int addressUnit = unitOf(units, address);
        int dataUnit = unitOf(units, data);
        order[k++] = addressUnit;
        order[k] = dataUnit;
        int[] hints = new int[p.groups().groupCount()];
        Arrays.fill(hints, -1);
        StoreDataSlots storeData = StoreDataSlots.of(fn, p.groups(), 0);
        FatPointScanner scanner = new FatPointScanner(p.ranges().pointCount());
        int top = scanner.run(units, order, p.facts(), 64, 8, 1_000_000, false, hints, p.groups().groupCount(), -1,
                storeData, OperandBanks.ABSENT).slot()[addressUnit];
        assertTrue(top >= 2, "values below the address pair");
        int budget = top + 2;
        FatPointScanner.Attempt a = scanner.run(units, order, p.facts(), budget, 8, 1_000_000, false, hints,
                p.groups().groupCount(), -1, storeData, OperandBanks.ABSENT);
        assertEquals(top, a.slot()[addressUnit], "the address pair at the top of the budget");
        assertFalse(a.failed());
        assertTrue(a.needsSpill()[dataUnit] || a.slot()[dataUnit] < budget,
                "data at slot " + a.slot()[dataUnit] + " of a budget of " + budget);
        for (int u = 0; u < units.count; u++) {
            assertTrue(a.needsSpill()[u] || a.slot()[u] + units.width[u] <= budget, "unit " + u);
        }
    }

    private static int firstStore(KernelFunction fn) {
        for (int i = 0; i < fn.instrCount(); i++) {
            if (fn.instrKind(i) == InstrKind.STORE_GLOBAL) {
                return i;
            }
        }
        throw new AssertionError("no store");
    }

    private static int unitOf(UnitSet units, int group) {
        for (int u = 0; u < units.count; u++) {
            if (units.group[u] == group) {
                return u;
            }
        }
        throw new AssertionError("no unit of group " + group);
    }
}
