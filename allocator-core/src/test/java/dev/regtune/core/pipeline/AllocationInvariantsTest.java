package dev.regtune.core.pipeline;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.Assignment;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.explain.AllocationListener;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The allocator's {@code assert} invariants are on in tests (surefire's enableAssertions), and
 * they fire: a placement beyond its class budget is refused by the state that would carry it.
 */
class AllocationInvariantsTest {
    private static final String PTX = """
            .version 8.0
            .target sm_90
            .address_size 64
            .visible .entry k(.param .u64 p)
            {
                .reg .b32 %r<3>;
                .reg .b64 %rd<2>;
                ld.param.u64 %rd1, [p];
                mov.u32 %r1, %tid.x;
                add.s32 %r2, %r1, 1;
                st.global.u32 [%rd1], %r2;
                ret;
            }
            """;

    @Test
    void assertionsAreEnabledInTests() {
        assertTrue(AllocationState.class.desiredAssertionStatus(), "surefire must run tests with -ea");
    }

    @Test
    void aPlacementBeyondItsClassBudgetBreaksAnInvariant() {
        KernelFunction fn = PtxParser.parse(PTX, "k.ptx").functions().get(0);
        AllocationState state = new AllocationState(fn, Knobs.defaults(), ArchProfiles.of("sm_90"), 0,
                AllocationListener.NONE);
        int n = fn.vregCount();
        int[] cls = new int[n];
        int[] slot = new int[n];
        Arrays.fill(slot, -1);
        int[] budgets = state.classBudgets();
        for (int v = 0; v < n; v++) {
            cls[v] = fn.vregClassId(v);
        }
        int last = n - 1;
        while (cls[last] == 0) {
            last--;
        }
        assertTrue(budgets[cls[last]] > 0);
        slot[last] = budgets[cls[last]]; // one past the last slot of its class
        int[] offsets = new int[n];
        Arrays.fill(offsets, -1);
        Assignment beyond = new Assignment(cls, slot, new byte[n], offsets, new int[0], budgets);
        assertThrows(AssertionError.class, () -> state.assignment(beyond, 0, 0));
    }
}
