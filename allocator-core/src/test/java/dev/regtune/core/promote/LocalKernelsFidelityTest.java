package dev.regtune.core.promote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.regtune.core.Allocators;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.core.testing.CorpusReal;

/**
 * The fat-point model on the {@code kind=local} kernels of {@code shared/corpus-real} (20 kernels
 * whose entry body uses {@code .local}), no register limit, against {@code ptxas.csv}. Floors at
 * what this stage reached: stack frames equal to ptxas's for 15 of 20 (sm_90) and 13 of 20 (sm_80),
 * where 8 of 20 were before it (the 28-byte arrays ptxas reports as 32-byte frames); the register
 * MAPE is unchanged by promotion (17.4% / 18.4%: no array there is constant-indexed, NVVM promoted
 * those already), 18.7% / 19.7% with the pre-allocation scheduler, which on these kernels hoists
 * more than ptxas does (it helps every other kind), and 21.3% / 22.4% with lowering, whose
 * division temporaries ptxas does not spend in the rope kernels. Skipped when the corpus is absent.
 */
class LocalKernelsFidelityTest {
    @ParameterizedTest
    @CsvSource({"sm_90, 15, 0.22", "sm_80, 13, 0.23"})
    void stackFramesAndRegistersOnRealLocalKernels(String arch, int stackFloor, double mapeCeiling) throws IOException {
        Path corpus = CorpusReal.find();
        assumeTrue(corpus != null, CorpusReal.absentMessage());
        Map<String, CorpusReal.Measurement> ptxas = new HashMap<>();
        for (CorpusReal.Measurement m : CorpusReal.measurements(corpus)) {
            if (m.arch().equals(arch) && m.maxRegisters() == 0) {
                ptxas.put(m.file() + "," + m.entry(), m);
            }
        }
        Map<String, PtxModule> modules = new HashMap<>();
        int kernels = 0;
        int stackEqual = 0;
        double ape = 0;
        for (CorpusReal.Kernel k : CorpusReal.manifest(corpus)) {
            CorpusReal.Measurement m = ptxas.get(k.file() + "," + k.entry());
            if (!k.kind().equals("local") || m == null) {
                continue;
            }
            PtxModule module = modules.computeIfAbsent(k.file(), f -> parse(corpus.resolve("ptx").resolve(f)));
            KernelFunction f = module.entries().stream().filter(e -> e.name().equals(k.entry())).findFirst().orElseThrow();
            AllocationResult r = Allocators.fatPoint().allocate(f, Knobs.defaults(), ArchProfiles.of(arch), 0);
            AllocationChecker.verify(r.allocatedFunction(), r.assignment());
            kernels++;
            stackEqual += r.spills().stackFrameBytes() == m.stackFrameBytes() ? 1 : 0;
            ape += Math.abs(r.registers() - m.registers()) / (double) m.registers();
        }
        assertEquals(20, kernels, "manifest.csv lists 20 kind=local kernels");
        double mape = ape / kernels;
        System.out.printf("corpus-real local kernels, %s: stack frame equal %d/%d, register MAPE %.1f%%%n", arch,
                stackEqual, kernels, 100 * mape);
        assertTrue(stackEqual >= stackFloor, "stack frames equal to ptxas: " + stackEqual + " of " + kernels);
        assertTrue(mape <= mapeCeiling, "register MAPE " + mape);
    }

    private static PtxModule parse(Path file) {
        try {
            return PtxParser.parse(file);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
