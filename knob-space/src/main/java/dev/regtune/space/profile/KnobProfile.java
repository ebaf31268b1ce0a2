package dev.regtune.space.profile;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.space.Configuration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A tuned knob profile: knob values for one architecture, register budget and objective, with
 * where they came from and how they scored. Formats write only the knobs that differ from their
 * default ({@link #changedKnobs()}); a profile read back is equal to the one written.
 *
 * @param arch the architecture tuned for, e.g. {@code sm_90}
 * @param maxrregcount the register budget (ptxas {@code -maxrregcount}), 0 for none
 * @param objective what was minimised, as text: {@code latency}, {@code spills},
 *     {@code lex:spill,latency,registers}, {@code weighted:...}
 * @param knobs the knob values; a -0.0 becomes 0.0, since no format tells them apart
 * @param provenance corpus, run and model version
 * @param train scores on the training kernels
 * @param test scores on the held-out kernels
 */
public record KnobProfile(String arch, int maxrregcount, String objective, Knobs knobs, Provenance provenance,
        Scores train, Scores test) {

    public KnobProfile {
        ProfileChecks.arch(arch);
        ProfileChecks.budget(maxrregcount);
        ProfileChecks.objective(objective);
        if (knobs == null || provenance == null || train == null || test == null) {
            throw new IllegalArgumentException("a profile needs knobs, provenance and scores (use Knobs.defaults(), "
                    + "Provenance.NONE and Scores.NONE when there are none)");
        }
        knobs = withoutNegativeZero(knobs);
    }

    /** A profile without provenance or scores. */
    public static KnobProfile of(String arch, int maxrregcount, String objective, Knobs knobs) {
        return new KnobProfile(arch, maxrregcount, objective, knobs, Provenance.NONE, Scores.NONE, Scores.NONE);
    }

    /**
     * The profile of a selected configuration: its knobs, its architecture (or {@code defaultArch}
     * when the space does not vary it) and its register budget.
     */
    public static KnobProfile of(Configuration configuration, String defaultArch, String objective) {
        return of(configuration.arch(defaultArch), configuration.registerBudget(), objective,
                configuration.knobs());
    }

    public KnobProfile withProvenance(Provenance p) {
        return new KnobProfile(arch, maxrregcount, objective, knobs, p, train, test);
    }

    public KnobProfile withScores(Scores trainScores, Scores testScores) {
        return new KnobProfile(arch, maxrregcount, objective, knobs, provenance, trainScores, testScores);
    }

    /** The knobs whose value differs from the default, in catalogue order: what the formats write. */
    public List<KnobDef> changedKnobs() {
        return KnobCatalogue.all().stream().filter(d -> knobs.get(d) != d.defaultValue()).toList();
    }

    /**
     * This profile as a point of a knob space: arch, maxrregcount and the changed knobs, so that
     * {@code of(toConfiguration(), arch(), objective())} has the same knobs, arch and budget.
     */
    public Configuration toConfiguration() {
        Map<String, String> v = new TreeMap<>();
        v.put(Configuration.ARCH, arch);
        v.put(Configuration.REGISTER_BUDGET, Integer.toString(maxrregcount));
        for (KnobDef d : changedKnobs()) {
            v.put(d.name(), d.format(knobs.get(d)));
        }
        return Configuration.of(v);
    }

    private static Knobs withoutNegativeZero(Knobs knobs) {
        double[] v = knobs.toArray();
        boolean changed = false;
        for (int i = 0; i < v.length; i++) {
            if (v[i] == 0.0 && Double.doubleToRawLongBits(v[i]) != 0L) {
                v[i] = 0.0;
                changed = true;
            }
        }
        return changed ? Knobs.ofArray(v) : knobs;
    }
}
