package dev.regtune.job.select;

import static dev.regtune.job.select.ResultFixture.ALPHA;
import static dev.regtune.job.select.ResultFixture.BETA;
import static dev.regtune.job.select.ResultFixture.C1;
import static dev.regtune.job.select.ResultFixture.C2;
import static dev.regtune.job.select.ResultFixture.D;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.job.results.ResultStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultTableTest {
    @Test
    void rowsAreSortedByKernelThenConfigurationAndLookedUpByPair() {
        ResultTable t = ResultFixture.standard().reversed().table();
        assertEquals(List.of("k0alpha", "k1beta", "k2gamma", "k3delta", "k4eps"),
                t.kernels().stream().map(KernelInfo::kernelId).toList());
        List<String> ids = t.configs().stream().map(ConfigInfo::configId).toList();
        assertEquals(ids.stream().sorted().toList(), ids);
        assertEquals(20, t.size());
        for (int k = 0; k < t.kernels().size(); k++) {
            assertEquals(4, t.endRow(k) - t.firstRow(k));
            for (int r = t.firstRow(k); r < t.endRow(k); r++) {
                assertEquals(k, t.kernelOf(r));
                assertEquals(r, t.row(k, t.configOf(r)));
                if (r > t.firstRow(k)) {
                    assertTrue(t.configOf(r) > t.configOf(r - 1));
                }
            }
        }
        int d = t.defaultConfig().orElseThrow();
        assertEquals(D.id(), t.configs().get(d).configId());
        assertEquals("defaults", t.configs().get(d).changes());
        assertEquals(16 - 1, t.count(ResultStatus.OK));
        assertEquals(1, t.count(ResultStatus.ALLOC_FAILED));
        assertEquals(4, t.count(ResultStatus.PARSE_ERROR));
        assertEquals(List.of("sm_90"), t.archs());
    }

    @Test
    void duplicatesAreMergedByContentWhateverTheirOrder() {
        ResultFixture f = new ResultFixture().ok(ALPHA, C1, 100, 0, 32).failed(ALPHA, C1, 100, 0, 32)
                .ok(ALPHA, C1, 100, 0, 32).ok(BETA, C2, 5, 0, 8);
        ResultTable t = f.table();
        assertEquals(2, t.size());
        assertEquals(ResultStatus.OK, t.status(0));
        assertEquals(List.of("2 duplicate evaluations of the same kernel and configuration (a resumed run, or several "
                + "runs) were merged"), t.notes());
        assertEquals(-1, t.row(0, t.configOf(1)));
        assertTrue(t.defaultConfig().isEmpty());
    }
}
