package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.check.CheckReport;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobType;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.testing.RandomKernels;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Property: for 10,000 random kernels under random knob values, budgets and architectures, every
 * allocation succeeds, is accepted by the independent checker and stays within its budget.
 */
class RandomAllocationPropertyTest {
    private static final int KERNELS = 10_000;
    private static final int[] BUDGETS = {0, 24, 32, 40, 64, 128};

    /** A random valid value for every modelled knob; ranges with a huge maximum are sampled log-uniformly. */
    static Knobs randomKnobs(SplittableRandom rnd) {
        Knobs k = Knobs.defaults();
        for (KnobDef d : KnobCatalogue.all()) {
            if (rnd.nextInt(3) == 0) {
                continue; // keep some defaults
            }
            double v;
            if (d.type() == KnobType.BOOL) {
                v = rnd.nextBoolean() ? 1 : 0;
            } else {
                double lo = d.min();
                double hi = Math.min(d.max(), lo + 1000);
                v = lo + rnd.nextDouble() * (hi - lo);
                if (d.type() == KnobType.INT || d.type() == KnobType.CHOICE) {
                    v = Math.floor(v); // a CHOICE knob holds the index of a choice
                }
            }
            k = k.with(d, v);
        }
        return k;
    }

    @Test
    void everyResultPassesTheChecker() {
        SplittableRandom rnd = new SplittableRandom(20261122L);
        List<ArchProfile> archs = ArchProfiles.all();
        FatPointAllocator allocator = new FatPointAllocator();
        int ok = 0;
        int spilled = 0;
        int failed = 0;
        for (int n = 0; n < KERNELS; n++) {
            long seed = rnd.nextLong();
            int size = 10 + rnd.nextInt(n % 100 == 0 ? 2000 : 150);
            KernelFunction fn = RandomKernels.generate(seed, size);
            Knobs knobs = randomKnobs(rnd);
            ArchProfile arch = archs.get(rnd.nextInt(archs.size()));
            int budget = BUDGETS[rnd.nextInt(BUDGETS.length)];
            AllocationResult r = allocator.allocate(fn, knobs, arch, budget);
            String where = "kernel seed " + seed + " size " + size + " on " + arch.name() + " budget " + budget + " "
                    + knobs;
            if (r.status() == AllocationStatus.OK) {
                CheckReport report = AllocationChecker.check(fn, r.assignment());
                assertTrue(report.ok(), where + ": " + report.summary());
                assertTrue(r.registers() <= r.registerBudget() + 1, where + ": registers " + r.registers());
                ok++;
                if (r.spills()) {
                    spilled++;
                }
            } else {
                assertEquals(AllocationStatus.ALLOC_FAILED, r.status(), where);
                assertTrue(r.message().startsWith("Register allocation failed with register count of '"), where);
                failed++;
            }
        }
        System.out.printf("random allocations: %d OK (%d with spills), %d ALLOC_FAILED%n", ok, spilled, failed);
        // No random kernel has an instruction whose own operands exceed 24 registers, so the last
        // resort (every value of the class in memory) always succeeds.
        assertEquals(0, failed, "every random kernel must be allocatable");
        assertTrue(spilled > 100, "the property must exercise spilling: " + spilled);
    }
}
