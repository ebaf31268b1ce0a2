package dev.regtune.space.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Property: for 500 seeded random profiles over the catalogue's valid ranges (edges, values next
 * to the edges, Double.MIN_VALUE, every BOOL at both values, awkward text and extreme score
 * figures), reading what a format wrote gives the profile back, and writing it again gives the
 * same bytes.
 */
class RandomProfilePropertyTest {
    private static final int SEEDS = 500;

    @ParameterizedTest
    @EnumSource(ProfileFormat.class)
    void randomProfilesRoundTripByteForByte(ProfileFormat f) {
        for (long seed = 0; seed < SEEDS; seed++) {
            KnobProfile p = SampleProfiles.random(seed);
            String text = f.toText(p);
            assertEquals(text, f.toText(SampleProfiles.random(seed)), "seed " + seed + " is not deterministic");
            KnobProfile back = f.parse(text, "seed-" + seed);
            assertEquals(p, back, "seed " + seed);
            assertEquals(text, f.toText(back), "seed " + seed + " rewrites differently");
        }
    }
}
