package dev.regtune.job.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.fidelity.CalibrationLoss;
import dev.regtune.job.fidelity.Candidate;
import dev.regtune.job.fidelity.GroupFigures;
import dev.regtune.job.fidelity.LossWeights;
import dev.regtune.job.fidelity.ReferenceCorpus;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.search.Pareto;
import dev.regtune.space.spec.SpaceSpecReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The adaptive strategies, bayes and nsga2, on a synthetic reference made with known knobs: they find
 * those knobs, nsga2's front is non-dominated, and a fold's search never sees its held-out kernels.
 */
class AdaptiveCalibrationTest {
    private static final KnobDef RESERVED = KnobCatalogue.require("RegTuneReservedRegisters");
    private static final KnobDef TARGET = KnobCatalogue.require("RegTuneScheduleRegisterTarget");
    private static final List<ArchProfile> SM90 = List.of(ArchProfiles.of("sm_90"));
    /** Enough for the model of either search to act on what its first points showed (bayes: 10 random points). */
    private static final int BUDGET = 20;
    /** The smaller files of the synthetic reference, so that a search takes a second. */
    private static final List<String> FILES = List.of("elementwise.ptx", "warp_reduce.ptx", "histogram.ptx",
            "int64_index.ptx");

    @TempDir
    Path dir;

    /**
     * 8 x 2 x 2 = 32 configurations, two of them perfect: the reference's reserved registers and uniform
     * register limit, with either register target (which does not change these kernels' figures).
     */
    private KnobSpace space() throws Exception {
        Path spec = dir.resolve("space.json");
        Files.writeString(spec, "{\"name\": \"t\", \"knobs\": [{\"knob\": \"RegTuneReservedRegisters\", "
                + "\"values\": [0, 1, 2, 3, 4, 5, 6, 7]}, {\"knob\": \"RegTuneScheduleRegisterTarget\", \"values\": "
                + "[32, 40]}, {\"knob\": \"RegTuneUniformRegisterLimit\", \"values\": [8, 32]}]}");
        return SpaceSpecReader.read(spec);
    }

    private static Knobs known() {
        return Knobs.defaults().with(RESERVED, 4).with(TARGET, 40);
    }

    private Calibration.Result calibrate(Path corpus, Calibration.Strategy strategy, SplitBy split,
            LossWeights weights) throws Exception {
        return calibrate(corpus, strategy, split, weights, BUDGET);
    }

    private Calibration.Result calibrate(Path corpus, Calibration.Strategy strategy, SplitBy split,
            LossWeights weights, int budget) throws Exception {
        CaseSlots slots = CaseSlots.of(List.of(ReferenceCorpus.load(corpus)), SM90, SyntheticReference.BUDGETS,
                n -> { });
        List<Candidate> base = List.of(Candidate.of("default", Knobs.defaults(), Knobs.defaults()));
        EvaluationPlan plan = new EvaluationPlan(slots.files(), SyntheticReference.BUDGETS,
                base.stream().map(Candidate::knobs).toList());
        return new Calibration(slots, plan, new LocalModelEvaluator(), new Calibration.Request(base, split, 2,
                strategy, weights, 7, space(), budget), n -> { }).run();
    }

    @Test
    void bayesAndNsga2FindTheConfigurationTheReferenceWasMadeWith() throws Exception {
        Path corpus = SyntheticReference.write(dir.resolve("corpus"), known(), e -> false, FILES);
        for (Calibration.Strategy strategy : List.of(Calibration.Strategy.BAYES, Calibration.Strategy.NSGA2)) {
            Calibration.Result r = calibrate(corpus, strategy, SplitBy.FAMILY, LossWeights.ALL);
            Candidate chosen = r.candidates().get(r.chosen());
            assertEquals(4, chosen.knobs().get(RESERVED), strategy + " final: " + chosen.changes());
            assertEquals(0.0, CalibrationLoss.of(r.chosenFigures()), 1e-12, strategy + ": the model's own figures");
            for (Calibration.Fold f : r.folds()) {
                assertEquals(4, r.candidates().get(f.chosen()).knobs().get(RESERVED), strategy + " fold " + f.fold());
                assertTrue(f.trainingLosses().size() <= BUDGET + 1, "a search spends its budget, no more");
            }
            assertTrue(r.losses().size() > 5, strategy + " scored several configurations on every kernel");
            assertTrue(CalibrationLoss.of(r.crossValidated()) < CalibrationLoss.of(r.defaultFigures()),
                    strategy + ": held out, the calibrated model beats the default");
            assertEquals(strategy == Calibration.Strategy.NSGA2, !r.front().isEmpty());
        }
    }

    @Test
    void nsga2sFrontIsNonDominatedAndDominatesTheRest() throws Exception {
        // registers doubled on two entries: no configuration of the space is perfect, so terms trade off
        Path corpus = SyntheticReference.write(dir.resolve("corpus"), known(),
                e -> e.contains("reduce") || e.contains("hist"), FILES);
        LossWeights weights = LossWeights.parse("mape=1,within10=1,bytes=1");
        Calibration.Result r = calibrate(corpus, Calibration.Strategy.NSGA2, SplitBy.FAMILY, weights, 12);
        assertFalse(r.front().isEmpty());
        assertTrue(r.front().contains(r.chosen()));
        for (int a : r.front()) {
            for (int b : r.front()) {
                assertFalse(Pareto.dominates(terms(r, a), terms(r, b)), a + " dominates " + b + " on the front");
            }
        }
        for (int c : r.losses().keySet()) {
            if (!r.front().contains(c)) {
                assertTrue(r.front().stream().anyMatch(f -> Pareto.dominates(terms(r, f), terms(r, c))),
                        "configuration " + c + " off the front is dominated");
            }
        }
        double best = r.front().stream().mapToDouble(c -> CalibrationLoss.of(figures(r, c), weights)).min()
                .orElseThrow();
        assertEquals(best, CalibrationLoss.of(r.chosenFigures(), weights), 0.0, "the front's lowest weighted loss");
    }

    private static GroupFigures figures(Calibration.Result r, int c) {
        return Objects.requireNonNull(r.figures().get(c));
    }

    /** The terms nsga2 trades off under mape=1,within10=1,bytes=1. */
    private static double[] terms(Calibration.Result r, int c) {
        double[] t = CalibrationLoss.terms(figures(r, c));
        return new double[] {t[0], t[2], t[4]};
    }

    @Test
    void aFoldsSearchSeesNothingOfItsHeldOutKernels() throws Exception {
        for (Calibration.Strategy strategy : List.of(Calibration.Strategy.BAYES, Calibration.Strategy.NSGA2)) {
            Calibration.Result first = calibrate(SyntheticReference.write(dir.resolve(strategy + "a/corpus"), known(),
                    e -> false, FILES), strategy, SplitBy.KERNEL, LossWeights.ALL, 8);
            Calibration.Fold fold0 = first.folds().get(0);
            Set<String> heldOut = fold0.groups().stream().map(g -> g.substring(g.lastIndexOf(':') + 1))
                    .collect(Collectors.toSet());
            Calibration.Result changed = calibrate(SyntheticReference.write(dir.resolve(strategy + "b/corpus"),
                    known(), heldOut::contains, FILES), strategy, SplitBy.KERNEL, LossWeights.ALL, 8);
            Calibration.Fold again = changed.folds().get(0);
            assertEquals(fold0.groups(), again.groups());
            assertEquals(fold0.trainingLosses(), again.trainingLosses(), strategy + ": fold 0's search saw none of "
                    + "its kernels");
            assertEquals(fold0.chosen(), again.chosen());
            assertEquals(first.candidates().get(fold0.chosen()).knobs(), changed.candidates().get(again.chosen())
                    .knobs());
            assertNotEquals(fold0.heldOut().mapePercent(), again.heldOut().mapePercent(),
                    strategy + ": the held-out figures do see the change");
        }
    }

    @Test
    void sameSeedSameSearch() throws Exception {
        Path corpus = SyntheticReference.write(dir.resolve("corpus"), known(), e -> e.contains("hist"), FILES);
        for (Calibration.Strategy strategy : List.of(Calibration.Strategy.BAYES, Calibration.Strategy.NSGA2)) {
            Calibration.Result a = calibrate(corpus, strategy, SplitBy.FAMILY, LossWeights.ALL, 6);
            Calibration.Result b = calibrate(corpus, strategy, SplitBy.FAMILY, LossWeights.ALL, 6);
            assertEquals(a.losses(), b.losses());
            assertEquals(a.candidates(), b.candidates());
            assertEquals(a.front(), b.front());
        }
    }

    @Test
    void nsga2NeedsTwoTermsAndAdaptiveStrategiesASpace() {
        List<Candidate> base = List.of(Candidate.of("default", Knobs.defaults(), Knobs.defaults()));
        assertThrows(IllegalArgumentException.class, () -> new Calibration.Request(base, SplitBy.FAMILY, 3,
                Calibration.Strategy.NSGA2, LossWeights.parse("mape"), 0, space(), 4));
        assertThrows(IllegalArgumentException.class, () -> new Calibration.Request(base, SplitBy.FAMILY, 3,
                Calibration.Strategy.BAYES, LossWeights.ALL, 0));
    }
}
