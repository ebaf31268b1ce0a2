package dev.regtune.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.ir.LaunchBounds;
import org.junit.jupiter.api.Test;

/** Pins the budget rules to what ptxas 13.0.88 does on the corpus (datasets/corpus/README.md). */
class RegisterBudgetTest {
    private final ArchProfile sm90 = ArchProfiles.of("sm_90");

    @Test
    void noLimitIsTheArchitectureMaximum() {
        assertEquals(new RegisterBudget(255, RegisterBudget.Source.ARCH), RegisterBudget.of(sm90, LaunchBounds.NONE, 0));
    }

    @Test
    void maxrregcountBelow24IsRaisedTo24() {
        assertEquals(24, RegisterBudget.of(sm90, LaunchBounds.NONE, 16).registers());
        assertEquals(40, RegisterBudget.of(sm90, LaunchBounds.NONE, 40).registers());
    }

    @Test
    void launchBoundsOverrideMaxrregcountEvenWhenSmaller() {
        // sgemm_tile_8x8: __launch_bounds__(256, 2) keeps 128 registers at -maxrregcount 24
        LaunchBounds lb = LaunchBounds.NONE.withMaxThreads(256).withMinBlocksPerSm(2);
        RegisterBudget b = RegisterBudget.of(sm90, lb, 24);
        assertEquals(128, b.registers());
        assertEquals(RegisterBudget.Source.LAUNCH_BOUNDS, b.source());
        // 1024 threads, one block: 64 registers
        assertEquals(64, RegisterBudget.of(sm90, LaunchBounds.NONE.withMaxThreads(1024), 0).registers());
    }

    @Test
    void maxnregCapsEverything() {
        assertEquals(new RegisterBudget(48, RegisterBudget.Source.MAXNREG),
                RegisterBudget.of(sm90, LaunchBounds.NONE.withMaxRegisters(48), 128));
    }
}
