package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Property: for random kernels under random knob values, budgets and architectures, every
 * allocation of every allocator family succeeds (briggs may run out of the rounds a random
 * {@code BriggsMaxRounds} allows), is accepted by the independent checker and stays within its
 * budget. 10,000 kernels for the fat-point allocator, 3,000 for briggs.
 */
class RandomAllocationPropertyTest {
    private static final int[] BUDGETS = {0, 24, 32, 40, 64, 128};
    /**
     * Fewer allocatable registers than this (budget minus a random RegTuneReservedRegisters) may
     * be too few for the widest random instruction with its live-through values: such
     * failures are legitimate and counted apart.
     */
    private static final int TIGHT = 16;

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
            } else if (d.type() == KnobType.CHOICE) {
                v = rnd.nextInt(d.choices().size());
            } else {
                double lo = d.min();
                double hi = Math.min(d.max(), lo + 1000);
                v = lo + rnd.nextDouble() * (hi - lo);
                if (d.type() == KnobType.INT) {
                    v = Math.floor(v);
                }
            }
            k = k.with(d, v);
        }
        return k;
    }

    @ParameterizedTest
    @CsvSource({"fatpoint, 10000", "briggs, 3000"})
    void everyResultPassesTheChecker(String family, int kernels) {
        SplittableRandom rnd = new SplittableRandom(20261122L);
        List<ArchProfile> archs = ArchProfiles.all();
        RegisterAllocator allocator = Allocators.byName(family);
        int failedByRounds = 0;
        int failedTight = 0;
        int ok = 0;
        int spilled = 0;
        int failed = 0;
        for (int n = 0; n < kernels; n++) {
            long seed = rnd.nextLong();
            int size = 10 + rnd.nextInt(n % 100 == 0 ? 2000 : 150);
            KernelFunction fn = RandomKernels.generate(seed, size);
            Knobs knobs = randomKnobs(rnd).with(KnobCatalogue.ALLOCATOR, KnobCatalogue.ALLOCATOR.choiceIndex(family));
            ArchProfile arch = archs.get(rnd.nextInt(archs.size()));
            int budget = BUDGETS[rnd.nextInt(BUDGETS.length)];
            AllocationResult r = allocator.allocate(fn, knobs, arch, budget);
            String where = "kernel seed " + seed + " size " + size + " on " + arch.name() + " budget " + budget + " "
                    + knobs;
            if (r.status() == AllocationStatus.OK) {
                CheckReport report = AllocationChecker.check(r.allocatedFunction(), r.assignment());
                assertTrue(report.ok(), where + ": " + report.summary());
                assertTrue(r.registers() <= r.usage().budget() + 1, where + ": registers " + r.registers());
                ok++;
                if (r.spills().any()) {
                    spilled++;
                }
            } else {
                assertEquals(AllocationStatus.ALLOC_FAILED, r.status(), where);
                assertTrue(r.message().startsWith("Register allocation failed with register count of '"), where);
                if (family.equals("briggs") && r.stats().attempts() == knobs.getInt(KnobCatalogue.BRIGGS_MAX_ROUNDS)) {
                    failedByRounds++;
                } else if (budget > 0 && budget - knobs.getInt(KnobCatalogue.RESERVED_REGISTERS) < TIGHT) {
                    failedTight++;
                } else {
                    failed++;
                }
            }
        }
        System.out.printf("random %s allocations: %d OK (%d with spills), %d ALLOC_FAILED, %d out of rounds, "
                + "%d under a tight budget%n", family, ok, spilled, failed, failedByRounds, failedTight);
        // No random kernel has an instruction whose own operands exceed 16 registers, so the last
        // resort (every value of the class in memory) succeeds whenever 16 are allocatable.
        assertEquals(0, failed, "every random kernel must be allocatable");
        assertTrue(spilled > kernels / 100, "the property must exercise spilling: " + spilled);
    }
}
