package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.testing.RandomKernels;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The determinism and thread-safety contract: one allocator instance of each family shared by many
 * threads gives exactly the results it gives sequentially.
 */
class ConcurrentDeterminismTest {
    @ParameterizedTest
    @ValueSource(strings = {"fatpoint", "briggs"})
    void aSharedAllocatorGivesTheSequentialResultsOnEveryThread(String family) throws Exception {
        RegisterAllocator allocator = Allocators.byName(family);
        ArchProfile arch = ArchProfiles.of("sm_80");
        List<KernelFunction> kernels = new ArrayList<>();
        for (int k = 0; k < 40; k++) {
            kernels.add(RandomKernels.generate(1000 + k, 60 + 10 * k));
        }
        int[] budgets = {0, 24, 40};
        List<AllocationResult> sequential = new ArrayList<>();
        for (KernelFunction fn : kernels) {
            for (int b : budgets) {
                AllocationResult r = allocator.allocate(fn, Knobs.defaults(), arch, b);
                AllocationChecker.verify(r.allocatedFunction(), r.assignment());
                sequential.add(r);
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (int round = 0; round < 3; round++) {
                List<Future<AllocationResult>> futures = new ArrayList<>();
                for (KernelFunction fn : kernels) {
                    for (int b : budgets) {
                        futures.add(pool.submit(() -> allocator.allocate(fn, Knobs.defaults(), arch, b)));
                    }
                }
                for (int i = 0; i < futures.size(); i++) {
                    assertEquals(sequential.get(i), futures.get(i).get(), "result " + i + " in round " + round);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
