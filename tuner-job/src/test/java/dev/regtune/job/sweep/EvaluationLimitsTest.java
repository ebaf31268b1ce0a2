package dev.regtune.job.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.datasets.load.KernelSource;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.space.Configuration;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** One kernel never costs the others: a pair beyond a limit is an ERROR row saying which, the next pair runs. */
class EvaluationLimitsTest {
    private static final int STATUS = ResultSchema.fileIndexOf(ResultColumns.STATUS);
    private static final int MESSAGE = ResultSchema.fileIndexOf(ResultColumns.MESSAGE);

    @Test
    void aFunctionAboveTheInstructionLimitIsAnErrorRowAndTheSmallOneIsAllocated() {
        KernelCatalog catalog = catalog();
        ConfigurationTable table = new ConfigurationTable(List.of(SweepConfiguration.of(Configuration.of(Map.of()))));
        int[] sizes = new int[catalog.size()];
        int big = 0;
        for (int k = 0; k < catalog.size(); k++) {
            SweepKernel kernel = catalog.kernel(k);
            sizes[k] = ParsedModule.parse(catalog.module(kernel.module()), kernel.source()).functions()
                    .get(kernel.name()).instrCount();
            big = sizes[k] > sizes[big] ? k : big;
        }
        int limit = sizes[big] - 1;
        PairEvaluator evaluator = new PairEvaluator(catalog, table, null, true, new EvaluationLimits(limit, 0, 0.25));
        for (int k = 0; k < catalog.size(); k++) {
            Object[] row = evaluator.evaluate(k, 0);
            if (sizes[k] > limit) {
                assertEquals("ERROR", row[STATUS]);
                assertEquals(String.format(java.util.Locale.ROOT, "not evaluated: the function has %,d instructions, "
                        + "more than the sweep's limit of %,d (--max-instructions)", sizes[k], limit), row[MESSAGE]);
            } else {
                assertTrue("OK".equals(row[STATUS]) || "ALLOC_FAILED".equals(row[STATUS]), row[STATUS] + ": "
                        + row[MESSAGE]);
            }
        }
    }

    @Test
    void aBriggsGraphBeyondTheHeapShareIsRefusedBeforeItIsBuilt() {
        KernelCatalog catalog = catalog();
        ConfigurationTable table = new ConfigurationTable(List.of(SweepConfiguration.of(Configuration.of(
                Map.of(KnobCatalogue.ALLOCATOR.name(), "briggs")))));
        Object[] row = new PairEvaluator(catalog, table, null, true, new EvaluationLimits(0, 0, 1e-12))
                .evaluate(largest(catalog), 0);
        assertEquals("ERROR", row[STATUS]);
        assertTrue(((String) row[MESSAGE]).startsWith("not evaluated: the Briggs interference graph of "),
                (String) row[MESSAGE]);
        Object[] fatpoint = new PairEvaluator(catalog, new ConfigurationTable(List.of(SweepConfiguration.of(
                Configuration.of(Map.of())))), null, true, new EvaluationLimits(0, 0, 1e-12)).evaluate(largest(catalog), 0);
        assertFalse("ERROR".equals(fatpoint[STATUS]), "the estimate is the Briggs allocator's only");
    }

    @Test
    void anEvaluationPastItsTimeLimitIsStoppedAndTheThreadGoesOn() {
        EvaluationTimer.TimedOut e = assertThrows(EvaluationTimer.TimedOut.class, () -> EvaluationTimer.call(0.3, () -> {
            long x = 0;
            while (x >= 0) {
                x = (x + 1) & 0xFFFF;
            }
            return x;
        }));
        assertEquals("not evaluated: the evaluation ran longer than the sweep's limit of 0.3 s "
                + "(--max-evaluation-seconds) and was stopped", e.getMessage());
        assertFalse(Thread.currentThread().isInterrupted());
        assertEquals(42, EvaluationTimer.call(30, () -> 42), "the next evaluation runs normally");
    }

    private static KernelCatalog catalog() {
        Assumptions.assumeTrue(java.nio.file.Files.isDirectory(SweepFixtures.CORPUS_SM90), "no bundled corpus");
        return KernelCatalog.of(KernelSource.folder(Path.of(SweepFixtures.CORPUS_SM90.toString(), "transpose.ptx")
                .getParent()), Optional.empty(), "sm_90");
    }

    /** The kernel of the catalog with the most PTX text (a stand-in for the most instructions). */
    private static int largest(KernelCatalog catalog) {
        int best = 0;
        for (int k = 1; k < catalog.size(); k++) {
            if (catalog.module(catalog.kernel(k).module()).length() > catalog.module(catalog.kernel(best).module()).length()) {
                best = k;
            }
        }
        return best;
    }
}
