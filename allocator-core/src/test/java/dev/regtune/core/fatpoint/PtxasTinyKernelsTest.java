package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Pinned to ptxas 13.0.88 output on three tiny kernels (nvcc -ptx -arch=sm_90, then ptxas -v):
 * {@code empty} uses 4 registers, {@code two} (load, add, store) 10.
 */
class PtxasTinyKernelsTest {
    @Test
    void tinyKernelsMatchPtxas() throws Exception {
        PtxModule m = PtxParser.parse(Path.of("src/test/resources/ptx/ptxas/tiny_sm90.ptx"));
        assertEquals(4, registers(m, "empty"), "ptxas: Used 4 registers");
        assertEquals(10, registers(m, "two"), "ptxas: Used 10 registers");
    }

    private static int registers(PtxModule m, String name) {
        KernelFunction fn = m.functions().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
        AllocationResult r = FatPointAllocatorTest.allocate(fn, Knobs.defaults(), 0);
        return r.registers();
    }
}
