package dev.regtune.space.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.regtune.space.search.Strategy;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The typed choices: each name the command line accepts maps to one kind, which builds its own sampler. */
class SamplerKindTest {
    @Test
    void eachKindBuildsASamplerOfItsKindUnderTheNameUsersType() {
        assertEquals(List.of("grid", "random", "lhs", "sobol"),
                Arrays.stream(SamplerKind.values()).map(SamplerKind::cliName).toList());
        for (SamplerKind k : SamplerKind.values()) {
            Sampler s = k.create(3);
            assertEquals(k, s.kind());
            assertEquals(k.cliName(), s.name());
            assertEquals(k, SamplerKind.named(k.cliName()));
            assertEquals(k, Sampler.of(k.cliName(), 3).kind());
        }
        assertEquals(SamplerKind.LHS, SamplerKind.named(" LHS "), "case and blanks are ignored, as before");
        assertEquals(List.of(false, true, true, true),
                Arrays.stream(SamplerKind.values()).map(SamplerKind::needsCount).toList());
    }

    @Test
    void anUnknownNameIsOneSentenceListingTheKnownOnes() {
        assertEquals("unknown sampler 'halton'; expected one of grid, random, lhs, sobol",
                assertThrows(IllegalArgumentException.class, () -> SamplerKind.named("halton")).getMessage());
        assertEquals("unknown strategy 'tpe'; expected one of halving, bayes, nsga2",
                assertThrows(IllegalArgumentException.class, () -> Strategy.named("tpe")).getMessage());
        assertEquals(Strategy.NSGA2, Strategy.named("NSGA2"));
    }
}
