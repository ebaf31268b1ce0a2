package dev.regtune.job.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.fidelity.CalibrationLoss;
import dev.regtune.job.fidelity.Candidate;
import dev.regtune.job.fidelity.LossWeights;
import dev.regtune.job.fidelity.ReferenceCorpus;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.spec.SpaceSpecReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Calibration on a synthetic reference whose best configuration is known, and folds that do not leak. */
class CalibrationTest {
    private static final KnobDef RESERVED = KnobCatalogue.require("RegTuneReservedRegisters");
    private static final List<ArchProfile> SM90 = List.of(ArchProfiles.of("sm_90"));

    @TempDir
    Path dir;

    private List<Candidate> candidates() throws Exception {
        Path spec = dir.resolve("space.json");
        Files.writeString(spec, "{\"name\": \"t\", \"knobs\": [{\"knob\": \"RegTuneReservedRegisters\", "
                + "\"values\": [2, 3, 4, 5]}, {\"knob\": \"RegTuneUniformRegisterLimit\", \"values\": [8, 32]}]}");
        KnobSpace space = SpaceSpecReader.read(spec);
        return Candidates.draw(space, Knobs.defaults(), "sobol", 8, 0);
    }

    private Calibration.Result calibrate(Path corpus, List<Candidate> candidates, Calibration.Strategy strategy,
            SplitBy split) throws Exception {
        CaseSlots slots = CaseSlots.of(List.of(ReferenceCorpus.load(corpus)), SM90, SyntheticReference.BUDGETS,
                n -> { });
        EvaluationPlan plan = new EvaluationPlan(slots.files(), SyntheticReference.BUDGETS,
                candidates.stream().map(Candidate::knobs).toList());
        return new Calibration(slots, plan, new LocalModelEvaluator(), new Calibration.Request(candidates, split, 3,
                strategy, LossWeights.ALL, 0), n -> { }).run();
    }

    private static Knobs known() {
        return Knobs.defaults().with(RESERVED, 4);
    }

    @Test
    void findsTheConfigurationTheReferenceWasMadeWith() throws Exception {
        Path corpus = SyntheticReference.write(dir.resolve("corpus"), known(), e -> false);
        List<Candidate> candidates = candidates();
        assertTrue(candidates.stream().anyMatch(c -> c.knobs().get(RESERVED) == 4), "the space holds the answer");
        for (Calibration.Strategy strategy : List.of(Calibration.Strategy.RANDOM, Calibration.Strategy.SOBOL,
                Calibration.Strategy.HALVING)) { // bayes and nsga2: AdaptiveCalibrationTest
            Calibration.Result r = calibrate(corpus, candidates, strategy, SplitBy.FAMILY);
            assertEquals(4, r.candidates().get(r.chosen()).knobs().get(RESERVED), strategy + " final");
            for (Calibration.Fold f : r.folds()) {
                assertEquals(4, r.candidates().get(f.chosen()).knobs().get(RESERVED), strategy + " fold " + f.fold());
            }
            assertEquals(0.0, r.chosenFigures().mapePercent(), 1e-12, strategy + ": the model's own figures");
            assertEquals(1.0, r.chosenFigures().shareWithin10(), 1e-12);
            assertTrue(CalibrationLoss.of(r.crossValidated()) < CalibrationLoss.of(r.defaultFigures()),
                    strategy + ": held out, the calibrated model beats the default");
        }
    }

    @Test
    void aFoldsChoiceSeesNothingOfItsHeldOutKernels() throws Exception {
        List<Candidate> candidates = candidates();
        Calibration.Result first = calibrate(SyntheticReference.write(dir.resolve("a/corpus"), known(), e -> false),
                candidates, Calibration.Strategy.SOBOL, SplitBy.KERNEL);
        Calibration.Fold fold0 = first.folds().get(0);
        // the held-out kernels of fold 0, by entry name (groups are corpus:family:entry)
        Set<String> heldOut = fold0.groups().stream().map(g -> g.substring(g.lastIndexOf(':') + 1))
                .collect(Collectors.toSet());
        Calibration.Result changed = calibrate(SyntheticReference.write(dir.resolve("b/corpus"), known(), heldOut::contains),
                candidates, Calibration.Strategy.SOBOL, SplitBy.KERNEL);
        Calibration.Fold again = changed.folds().get(0);
        assertEquals(fold0.groups(), again.groups());
        assertEquals(fold0.trainingLosses(), again.trainingLosses(), "fold 0's choice saw none of its kernels");
        assertEquals(fold0.chosen(), again.chosen());
        assertNotEquals(fold0.heldOut().mapePercent(), again.heldOut().mapePercent(),
                "the held-out figures do see the change");
        assertNotEquals(first.folds().get(1).trainingLosses(), changed.folds().get(1).trainingLosses(),
                "fold 1 trains on fold 0's kernels");
    }

    @Test
    void sameInputsSameResult() throws Exception {
        Path corpus = SyntheticReference.write(dir.resolve("corpus"), known(), e -> false);
        List<Candidate> candidates = candidates();
        Calibration.Result a = calibrate(corpus, candidates, Calibration.Strategy.HALVING, SplitBy.FAMILY);
        Calibration.Result b = calibrate(corpus, candidates, Calibration.Strategy.HALVING, SplitBy.FAMILY);
        assertEquals(a.losses(), b.losses());
        assertEquals(a.folds().stream().map(Calibration.Fold::trainingLosses).toList(),
                b.folds().stream().map(Calibration.Fold::trainingLosses).toList());
    }
}
