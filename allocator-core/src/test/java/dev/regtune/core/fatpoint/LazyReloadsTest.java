package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Lazy reloads ({@code RegTuneReuseReloads}): a use of a spilled value reads the register its
 * previous occurrence in the block left it in when that register stayed free. ptxas 13.0.88 loads
 * about as many spill bytes as it stores; reloading before every use, the model loaded twice as
 * many. The bundled kernels below, with ptxas's spill loads from {@code
 * datasets/corpus/ptxas-reference.csv}: the model's loads fall towards ptxas's, its stores and
 * registers do not move, and every allocation passes the checker (which verifies that the register
 * a reused use reads is held from the previous occurrence on).
 */
class LazyReloadsTest {
    private static final Path CORPUS = Path.of("../datasets/corpus/ptx/sm_90");

    private static AllocationResult allocate(String file, String entry, int limit, boolean reuse) throws Exception {
        KernelFunction f = PtxParser.parse(CORPUS.resolve(file)).functions().stream()
                .filter(e -> e.name().equals(entry)).findFirst().orElseThrow();
        Knobs knobs = Knobs.defaults().with(KnobCatalogue.REUSE_RELOADS, reuse ? 1 : 0);
        AllocationResult r = Allocators.fatPoint().allocate(f, knobs, ArchProfiles.of("sm_90"), limit);
        assertEquals(AllocationStatus.OK, r.status());
        AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        return r;
    }

    @ParameterizedTest
    @CsvSource({"sha256.ptx, sha256d_nonce_search, 24, 748", "sha256.ptx, sha256_block, 24, 300",
        "keccak.ptx, keccak_f1600_states, 64, 32", "bitonic_sort.ptx, bitonic_sort32_kv_regs, 40, 2024",
        "pointer_chase.ptx, pointer_chase_multi8, 24, 960"})
    void reusedReloadsBringTheLoadsTowardsPtxas(String file, String entry, int limit, int ptxasLoads)
            throws Exception {
        assumeTrue(Files.isDirectory(CORPUS), "the bundled corpus is not next to allocator-core");
        assertTrue(Knobs.defaults().getBool(KnobCatalogue.REUSE_RELOADS));
        AllocationResult lazy = allocate(file, entry, limit, true);
        AllocationResult eager = allocate(file, entry, limit, false);
        assertEquals(eager.registers(), lazy.registers(), "no register moves");
        assertEquals(eager.spills().storeBytes(), lazy.spills().storeBytes(), "the same values are stored");
        assertTrue(lazy.spills().loadBytes() < eager.spills().loadBytes(),
                "reloads saved: " + lazy.spills().loadBytes() + " against " + eager.spills().loadBytes());
        assertTrue(Math.abs(lazy.spills().loadBytes() - ptxasLoads) < Math.abs(eager.spills().loadBytes() - ptxasLoads),
                "closer to ptxas's " + ptxasLoads + ": " + lazy.spills().loadBytes() + " against "
                        + eager.spills().loadBytes());
        assertTrue(lazy.spills().loadBytes() >= lazy.spills().storeBytes() / 2, "still reloads what it stores");
    }
}
