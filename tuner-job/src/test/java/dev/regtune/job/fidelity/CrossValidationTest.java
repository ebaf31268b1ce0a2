package dev.regtune.job.fidelity;

import static dev.regtune.job.fidelity.OutcomesFixture.outcome;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.knobs.Knobs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CrossValidationTest {
    private static final List<Candidate> CANDIDATES = List.of(
            Candidate.of("default", Knobs.defaults(), Knobs.defaults()),
            Candidate.of("c1", Knobs.defaults().with("RegTuneReservedRegisters", "3"), Knobs.defaults()));

    /**
     * Repositories repo0..repo5; the default is one register over everywhere but on repo5, where it
     * is exact; candidate c1 is exact everywhere but on repo5, where it doubles. Where repo5 trains,
     * its doubled counts make c1 lose; the fold holding repo5 out never sees them, chooses c1 and is
     * scored on repo5 with c1's bad predictions: the held-out figures show what the choice costs
     * where it was not made, which the training fit hides.
     */
    private static List<KernelOutcome> outcomes() {
        List<KernelOutcome> list = new ArrayList<>();
        for (int r = 0; r < 6; r++) {
            for (int k = 0; k < 4; k++) {
                int real = 10 + 7 * k + r;
                boolean bad = r == 5;
                int[] dflt = {bad ? real : real + 1, 0};
                int[] c1 = {bad ? 2 * real : real, 0};
                list.add(outcome("k" + r + "_" + k, "repo" + r, KernelKind.PLAIN, real, 0, dflt, c1));
            }
        }
        return list;
    }

    @Test
    void eachFoldChoosesOnTheOtherFoldsAndIsScoredOnItsOwn() {
        List<KernelOutcome> outcomes = outcomes();
        CrossValidation.Result cv = CrossValidation.run(CANDIDATES, outcomes, 3);
        assertEquals(3, cv.folds().size());
        int total = 0;
        for (CrossValidation.Fold f : cv.folds()) {
            total += f.kernels();
            assertEquals(2, f.trainingLosses().size());
            boolean holdsBadRepo = f.repos().contains("repo5");
            assertEquals(holdsBadRepo ? 1 : 0, f.chosen(), "fold " + f.fold() + " " + f.repos() + " "
                    + f.trainingLosses());
            assertEquals(holdsBadRepo, f.heldOut().mapePercent() > 25, f.heldOut().toString());
            if (holdsBadRepo) {
                assertTrue(f.heldOutLoss() > f.trainingLoss() + 0.2, f.heldOutLoss() + " vs " + f.trainingLoss());
            }
        }
        assertEquals(outcomes.size(), total);
        // predictions: the pair of the candidate its fold chose first (c1 in repo5's fold), then the default's
        double sum = 0;
        for (int i = 0; i < outcomes.size(); i++) {
            KernelOutcome o = outcomes.get(i);
            int chosen = cv.folds().stream().filter(f -> f.repos().contains(o.kernel().repo())).findFirst()
                    .orElseThrow().chosen();
            FidelityCase c = cv.predictions().get(i).cases().get(0);
            assertEquals(CrossValidation.CROSS_VALIDATED, c.pairs().get(0).allocator());
            assertEquals(o.cases().get(0).pairs().get(chosen).modelRegisters(), c.pairs().get(0).modelRegisters());
            assertEquals(o.cases().get(0).pairs().get(0), c.pairs().get(1));
            double real = c.first().real().registers();
            sum += Math.abs(c.pairs().get(0).modelRegisters() - real) / real;
        }
        assertEquals(100.0 * sum / outcomes.size(), GroupFigures.model(cv.predictions(), 0, "cv").mapePercent(),
                1e-9);
    }

    @Test
    void aTieGoesToTheEarlierCandidate() {
        List<KernelOutcome> same = new ArrayList<>();
        for (int r = 0; r < 4; r++) {
            same.add(outcome("k" + r, "repo" + r, KernelKind.PLAIN, 10 + r, 0, new int[] {11 + r, 0},
                    new int[] {11 + r, 0}));
        }
        CrossValidation.Result cv = CrossValidation.run(CANDIDATES, same, 2);
        cv.folds().forEach(f -> assertEquals(0, f.chosen()));
    }

    @Test
    void moreFoldsThanRepositoriesIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> CrossValidation.run(CANDIDATES, outcomes(), 7));
    }
}
