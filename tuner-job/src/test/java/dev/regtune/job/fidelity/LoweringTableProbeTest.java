package dev.regtune.job.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regtune.core.lower.LoweringTable;
import dev.regtune.datasets.probe.ProbeConstruct;
import dev.regtune.datasets.probe.ProbeConstructs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committed lowering table against the installed ptxas: a sample of its rows, probed again,
 * comes out byte for byte as committed (skipped where ptxas is not installed). The sample has a
 * construct with a subroutine floor, one with scratch pairs, one with neither beyond the model,
 * on both architectures.
 */
class LoweringTableProbeTest {
    private static final Path TABLE =
            Path.of("../allocator-core/src/main/resources/dev/regtune/core/lower/lowering-table.csv");

    @Test
    void aSampleOfTheCommittedTableIsWhatPtxasGivesToday(@TempDir Path work) throws IOException {
        Optional<Path> ptxas = PtxasRunner.onPath();
        assumeTrue(ptxas.isPresent(), "ptxas is not installed");
        PtxasRunner runner = PtxasRunner.of(ptxas.get());
        assumeTrue(runner.version().equals("13.0.88"), "the table was probed with ptxas 13.0.88, not " + runner.version());
        List<String> committed = Files.readAllLines(TABLE);
        LoweringProber prober = new LoweringProber(runner, work);
        String[][] sample = {{"sm_90", "div.rn.f64"}, {"sm_90", "rem.s64"}, {"sm_80", "sqrt.rn.f32"},
            {"sm_80", "cvt.rzi.s32.f32"}};
        for (String[] s : sample) {
            ProbeConstruct c = ProbeConstructs.ALL.stream().filter(x -> x.spelling().equals(s[1])).findFirst()
                    .orElseThrow();
            String row = prober.probe(c, s[0]).csv();
            assertTrue(committed.contains(row), "probed again: " + row + "\ncommitted: " + committed.stream()
                    .filter(l -> l.startsWith(s[0] + "," + s[1] + ",")).findFirst().orElse("none"));
        }
        try (var left = Files.list(work)) {
            assertEquals(0, left.count(), "every probe file is deleted after its run");
        }
    }

    @Test
    void theCommittedTableHasARowPerProbedConstructAndArchitecture() throws IOException {
        LoweringTable t = LoweringTable.parse(Files.newBufferedReader(TABLE), TABLE.toString());
        for (String arch : List.of("sm_80", "sm_90")) {
            assertEquals(ProbeConstructs.ALL.stream().map(ProbeConstruct::spelling).sorted().toList(),
                    t.rules(arch).rules().keySet().stream().sorted().toList(), arch);
        }
    }
}
