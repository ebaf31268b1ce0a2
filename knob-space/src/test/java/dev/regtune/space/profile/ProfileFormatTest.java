package dev.regtune.space.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.space.Configuration;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Choosing a format, and the rules of the profile records. */
class ProfileFormatTest {
    @Test
    void formatFromExtension() {
        assertEquals(ProfileFormat.JSON, ProfileFormat.forPath(Path.of("out/best.json")));
        assertEquals(ProfileFormat.KNOBS, ProfileFormat.forPath(Path.of("best.knobs")));
        assertEquals(ProfileFormat.KNOBS, ProfileFormat.forPath(Path.of("best.TXT")));
        assertEquals(ProfileFormat.CSV, ProfileFormat.forPath(Path.of("best.csv")));
        assertEquals("cannot tell the profile format of 'best.yaml' from its name; use the extension .json, .knobs, "
                + ".txt or .csv, or name the format (json, knobs or csv)",
                assertThrows(IllegalArgumentException.class, () -> ProfileFormat.forPath(Path.of("best.yaml")))
                        .getMessage());
    }

    @Test
    void explicitFormatOverridesTheExtension() {
        assertEquals(ProfileFormat.CSV, ProfileFormat.choose(Path.of("best.txt"), ProfileFormat.named("CSV")));
        assertEquals(ProfileFormat.KNOBS, ProfileFormat.choose(Path.of("best.txt"), null));
        assertEquals("unknown profile format 'jsn'; did you mean json?",
                assertThrows(IllegalArgumentException.class, () -> ProfileFormat.named("jsn")).getMessage());
    }

    @Test
    void negativeZeroBecomesZero() {
        Knobs k = Knobs.defaults().with(KnobCatalogue.SPILL_WEIGHT, -0.0);
        KnobProfile p = KnobProfile.of("sm_90", 0, "latency", k);
        assertEquals(KnobProfile.of("sm_90", 0, "latency", Knobs.defaults().with(KnobCatalogue.SPILL_WEIGHT, 0.0)), p);
        for (ProfileFormat f : ProfileFormat.values()) {
            assertEquals(p, f.parse(f.toText(p), "zero"));
        }
    }

    @Test
    void recordsRejectWhatNoFormatCouldHold() {
        assertEquals("the architecture must be a name such as sm_90, not 'sm 90'", message(
                () -> KnobProfile.of("sm 90", 0, "latency", Knobs.defaults())));
        assertEquals("maxrregcount must be 0 (no limit) or a register count from 1 to 255, not -1", message(
                () -> KnobProfile.of("sm_90", -1, "latency", Knobs.defaults())));
        assertEquals("the corpus must be one line of text without control characters", message(
                () -> new Provenance("a\nb", "", "")));
        assertEquals("the run id must not begin or end with white space", message(
                () -> new Provenance("", " r1", "")));
        assertEquals("a score figure's name must be a letter followed by letters, digits or underscores, other "
                + "than 'kernels', not 'kernels'", message(() -> Scores.of(1, Map.of("kernels", 1.0))));
        assertEquals("score figure regret must be a finite number, not Infinity", message(
                () -> Scores.of(1, Map.of("regret", Double.POSITIVE_INFINITY))));
    }

    @Test
    void configurationConvertsBothWays() {
        KnobProfile p = SampleProfiles.sample();
        Configuration c = p.toConfiguration();
        assertEquals("64", c.get(Configuration.REGISTER_BUDGET));
        assertEquals("70", c.get("RegAllocThresholdForDiscardConflicts"));
        assertEquals(KnobProfile.of(p.arch(), p.maxrregcount(), p.objective(), p.knobs()),
                KnobProfile.of(c, "sm_80", p.objective()));
    }

    private static String message(Runnable r) {
        return assertThrows(IllegalArgumentException.class, r::run).getMessage();
    }
}
