package dev.regtune.job.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.AllocationStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

class FidelityScorerTest {
    private static FidelityPair pair(int budget, int realRegs, int realSpill, AllocationStatus status, int modelRegs,
            int modelSpill, int pressure) {
        return new FidelityPair("f.ptx", "k" + realRegs, "sm_90", budget, "fatpoint",
                new PtxasMeasurement("k" + realRegs, true, realRegs, realSpill, realSpill, 0), status, modelRegs,
                modelSpill, modelSpill, 0, pressure);
    }

    @Test
    void scoresModelAndBaselineOnTheSamePairs() {
        List<FidelityPair> pairs = List.of(
                pair(0, 10, 0, AllocationStatus.OK, 11, 0, 9),
                pair(0, 20, 0, AllocationStatus.OK, 20, 0, 30),
                pair(24, 24, 8, AllocationStatus.OK, 24, 16, 40),
                pair(24, 22, 0, AllocationStatus.ALLOC_FAILED, 0, 0, 20));

        PredictorScore model = FidelityScorer.score(pairs, Predictor.MODEL);
        assertEquals(3, model.registerPairs()); // the ALLOC_FAILED pair has no register count
        assertEquals(1.0, model.spearman(), 1e-12);
        assertEquals(100.0 / 3 / 10, model.mapePercent(), 1e-9); // 10%, 0%, 0%
        assertEquals(1.0, model.shareWithin10(), 1e-12);
        // budgeted: (24 real spill, model spills) TP; (24 no spill, model failed) FP
        assertEquals(new BinaryClassification(1, 1, 0, 0), model.spills());
        assertEquals(1, model.ratioPairs());
        assertEquals(2.0, model.ratioMedian(), 1e-12); // 32 / 16 bytes

        PredictorScore baseline = FidelityScorer.score(pairs, Predictor.BASELINE);
        assertEquals(3, baseline.registerPairs());
        // baseline registers 9, 30 (no budget), 24 (capped at the budget)
        assertEquals((10.0 + 50.0 + 0.0) / 3, baseline.mapePercent(), 1e-9);
        assertEquals(new BinaryClassification(1, 0, 0, 1), baseline.spills());
        assertEquals(0, baseline.ratioPairs());
        assertTrue(Double.isNaN(baseline.ratioMedian()));
    }

    @Test
    void baselineCapsAtTheBudgetAndSpillsAboveIt() {
        assertEquals(30, NaiveBaseline.registers(30, 0));
        assertEquals(24, NaiveBaseline.registers(30, 24));
        assertEquals(255, NaiveBaseline.registers(300, 0));
        assertTrue(NaiveBaseline.spills(30, 24));
        assertTrue(!NaiveBaseline.spills(24, 24));
        assertTrue(!NaiveBaseline.spills(300, 0));
    }
}
