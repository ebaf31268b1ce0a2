package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regtune.core.Allocators;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.core.testing.CorpusReal;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code RegTuneNoSpillStartOrder} (off by default): corpus-real kernels whose pressure fits
 * {@code -maxrregcount 24} at every point but whose NOSPILL scan fragments. ptxas 13.0.88 spills
 * none of them (the corpus's {@code ptxas.csv}); the model without the second scan spills, with it
 * none. Every allocation passes the checker.
 */
class NoSpillStartOrderTest {
    private static AllocationResult allocate(Path corpus, String file, String entry, String arch, boolean byStart)
            throws Exception {
        KernelFunction f = PtxParser.parse(corpus.resolve("ptx").resolve(file)).functions().stream()
                .filter(e -> e.name().equals(entry)).findFirst().orElseThrow();
        Knobs knobs = Knobs.defaults().with(KnobCatalogue.NOSPILL_START_ORDER, byStart ? 1 : 0);
        AllocationResult r = Allocators.fatPoint().allocate(f, knobs, ArchProfiles.of(arch), 24);
        assertEquals(AllocationStatus.OK, r.status());
        AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        return r;
    }

    @ParameterizedTest
    @CsvSource({"phial3__learning-lm-rs__src__kernels.ptx, rope_kernel, sm_90",
        "phial3__learning-lm-rs__src__kernels.ptx, rope_kernel, sm_80",
        "RaulMoldes__ferrox__kernels__convolutions.ptx, maxpool2d_f64, sm_90",
        "mumax__3__cuda__kernmulrsymm3d_30.ptx, kernmulRSymm3D, sm_90"})
    void aFragmentedScanIsRetriedInStartOrderBeforeSpilling(String file, String entry, String arch)
            throws Exception {
        Path corpus = CorpusReal.find();
        assumeTrue(corpus != null, CorpusReal.absentMessage());
        for (CorpusReal.Measurement m : CorpusReal.measurements(corpus)) {
            if (m.file().equals(file) && m.entry().equals(entry) && m.arch().equals(arch) && m.maxRegisters() == 24) {
                assertEquals(0, m.spillStoreBytes() + m.spillLoadBytes(), "ptxas spills nothing at 24");
            }
        }
        assertFalse(Knobs.defaults().getBool(KnobCatalogue.NOSPILL_START_ORDER), "off by default");
        assertTrue(allocate(corpus, file, entry, arch, false).spills().any(), "the fragmented scan spills");
        AllocationResult r = allocate(corpus, file, entry, arch, true);
        assertFalse(r.spills().any(), "in start order it fits");
        assertTrue(r.registers() <= 24);
    }
}
