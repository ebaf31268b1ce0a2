package dev.regtune.space.profile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.KnobType;
import dev.regtune.core.knobs.Knobs;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Write, read, equal; byte-exact layouts; the same bytes every time; the formats agree. */
class ProfileRoundTripTest {
    private static final KnobProfile DEFAULT = KnobProfile.of("sm_80", 0, "latency", Knobs.defaults());

    @ParameterizedTest
    @EnumSource(ProfileFormat.class)
    void defaultProfileRoundTrips(ProfileFormat f) {
        assertEquals(DEFAULT, f.parse(f.toText(DEFAULT), "default"));
    }

    @ParameterizedTest
    @EnumSource(ProfileFormat.class)
    void sampleRoundTripsThroughFilesAndStreams(ProfileFormat f, @TempDir Path dir) throws IOException {
        KnobProfile p = SampleProfiles.sample();
        Path file = dir.resolve("profile." + f.extensions().get(0));
        f.write(p, file);
        assertEquals(p, ProfileFormat.readFile(file));
        StringWriter out = new StringWriter();
        f.write(p, out);
        assertArrayEquals(Files.readAllBytes(file), out.toString().getBytes(StandardCharsets.UTF_8));
        assertEquals(p, f.read(new StringReader(out.toString()), "stream"));
    }

    @ParameterizedTest
    @EnumSource(ProfileFormat.class)
    void everyKnobAtADifferentValueRoundTrips(ProfileFormat f) {
        Knobs k = Knobs.defaults();
        for (KnobDef d : KnobCatalogue.all()) {
            k = k.with(d, d.defaultValue() == d.max() ? d.min() : d.max());
        }
        KnobProfile p = KnobProfile.of("sm_90", 255, "spills", k);
        assertEquals(KnobCatalogue.size(), p.changedKnobs().size());
        assertEquals(p, f.parse(f.toText(p), "all"));
    }

    @ParameterizedTest
    @EnumSource(ProfileFormat.class)
    void everyBoolKnobRoundTripsAtBothValues(ProfileFormat f) {
        for (KnobDef d : KnobCatalogue.all()) {
            if (d.type() == KnobType.BOOL) {
                for (double v : new double[] {0, 1}) {
                    KnobProfile p = KnobProfile.of("sm_90", 0, "latency", Knobs.defaults().with(d, v));
                    assertEquals(p, f.parse(f.toText(p), d.name()), d.name() + "=" + v);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ProfileFormat.class)
    void everyChoiceOfEveryChoiceKnobRoundTripsByName(ProfileFormat f) {
        int seen = 0;
        for (KnobDef d : KnobCatalogue.all()) {
            if (d.type() == KnobType.CHOICE) {
                for (int i = 0; i < d.choices().size(); i++) {
                    KnobProfile p = KnobProfile.of("sm_90", 0, "latency", Knobs.defaults().with(d, i));
                    String text = f.toText(p);
                    assertEquals(p, f.parse(text, d.name()), d.name() + "=" + d.choices().get(i));
                    assertEquals(text, f.toText(f.parse(text, d.name())), "the same bytes again");
                    if (i != (int) d.defaultValue()) {
                        assertTrue(text.contains(d.choices().get(i)), "written by name: " + text);
                    }
                    seen++;
                }
            }
        }
        assertTrue(seen >= 2, "the catalogue has a choice knob with at least two choices");
    }

    @Test
    void aChoiceKnobIsWrittenAsItsNameInEveryFormat() {
        KnobProfile p = KnobProfile.of("sm_90", 64, "latency", Knobs.defaults().with(KnobCatalogue.ALLOCATOR,
                KnobCatalogue.ALLOCATOR.choiceIndex("briggs")).with(KnobCatalogue.BRIGGS_MAX_ROUNDS, 24));
        assertTrue(ProfileFormat.JSON.toText(p).contains("""
                  "knobs": {
                    "allocator": "briggs",
                    "BriggsMaxRounds": 24
                  },
                """), ProfileFormat.JSON.toText(p));
        assertTrue(ProfileFormat.KNOBS.toText(p).endsWith("[knobs]\nallocator=briggs\nBriggsMaxRounds=24\n"),
                ProfileFormat.KNOBS.toText(p));
        assertTrue(ProfileFormat.CSV.toText(p).endsWith("knob,allocator,-1,briggs,fatpoint\n"
                + "knob,BriggsMaxRounds,-1,24,100\n"), ProfileFormat.CSV.toText(p));
    }

    @Test
    void choiceNamesAreReadInAnyCase() {
        KnobProfile briggs = KnobProfile.of("sm_90", 0, "latency",
                Knobs.defaults().with(KnobCatalogue.ALLOCATOR, KnobCatalogue.ALLOCATOR.choiceIndex("briggs")));
        assertEquals(briggs, ProfileFormat.KNOBS.parse("# arch: sm_90\n# objective: latency\n[knobs]\n"
                + "allocator = Briggs\n", "hand.knobs"));
        assertEquals(briggs, ProfileFormat.JSON.parse("{\"format\": \"regtune-profile\", \"version\": 1, "
                + "\"arch\": \"sm_90\", \"objective\": \"latency\", \"knobs\": {\"allocator\": \"BRIGGS\"}}",
                "hand.json"));
    }

    @Test
    void sampleAsJson() {
        assertEquals("""
                {
                  "format": "regtune-profile",
                  "version": 1,
                  "arch": "sm_90",
                  "maxrregcount": 64,
                  "objective": "lex:spill,latency,registers",
                  "knobs": {
                    "RegAllocThresholdForDiscardConflicts": 70,
                    "RegAllocCoalescing": false,
                    "RegAllocEstimatedLoopIterations": 12.5
                  },
                  "provenance": {
                    "corpus": "datasets/corpus",
                    "run_id": "sweep-7",
                    "model_version": "0.1.0"
                  },
                  "scores": {
                    "train": {
                      "kernels": 120,
                      "default_objective": 1.5,
                      "improvement": 0.16666666666666666,
                      "objective": 1.25
                    },
                    "test": {
                      "kernels": 30,
                      "regret": 0.02
                    }
                  }
                }
                """, ProfileFormat.JSON.toText(SampleProfiles.sample()));
    }

    @Test
    void sampleAsKnobsFile() {
        assertEquals("""
                # RegTune knob profile
                # format: regtune-profile
                # version: 1
                # arch: sm_90
                # maxrregcount: 64
                # objective: lex:spill,latency,registers
                # corpus: datasets/corpus
                # run_id: sweep-7
                # model_version: 0.1.0
                # train.kernels: 120
                # train.default_objective: 1.5
                # train.improvement: 0.16666666666666666
                # train.objective: 1.25
                # test.kernels: 30
                # test.regret: 0.02
                [knobs]
                RegAllocThresholdForDiscardConflicts=70
                RegAllocCoalescing=false
                RegAllocEstimatedLoopIterations=12.5
                """, ProfileFormat.KNOBS.toText(SampleProfiles.sample()));
    }

    @Test
    void sampleAsCsv() {
        assertEquals("""
                kind,name,id,value,default
                profile,format,,regtune-profile,
                profile,version,,1,
                profile,arch,,sm_90,
                profile,maxrregcount,,64,
                profile,objective,,"lex:spill,latency,registers",
                provenance,corpus,,datasets/corpus,
                provenance,run_id,,sweep-7,
                provenance,model_version,,0.1.0,
                train,kernels,,120,
                train,default_objective,,1.5,
                train,improvement,,0.16666666666666666,
                train,objective,,1.25,
                test,kernels,,30,
                test,regret,,0.02,
                knob,RegAllocThresholdForDiscardConflicts,684,70,50
                knob,RegAllocCoalescing,618,false,true
                knob,RegAllocEstimatedLoopIterations,623,12.5,10.0
                """, ProfileFormat.CSV.toText(SampleProfiles.sample()));
    }

    @Test
    void defaultProfileAsKnobsFileHasAnEmptySection() {
        String text = ProfileFormat.KNOBS.toText(DEFAULT);
        assertEquals(true, text.endsWith("# corpus:\n# run_id:\n# model_version:\n# train.kernels: 0\n"
                + "# test.kernels: 0\n[knobs]\n"), text);
    }

    @Test
    void crossFormatJsonToKnobsToCsvToJson() {
        for (long seed = 0; seed < 100; seed++) {
            KnobProfile p = SampleProfiles.random(seed);
            String json = ProfileFormat.JSON.toText(p);
            KnobProfile fromJson = ProfileFormat.JSON.parse(json, "a.json");
            KnobProfile fromKnobs = ProfileFormat.KNOBS.parse(ProfileFormat.KNOBS.toText(fromJson), "b.knobs");
            KnobProfile fromCsv = ProfileFormat.CSV.parse(ProfileFormat.CSV.toText(fromKnobs), "c.csv");
            assertEquals(p, fromCsv, "seed " + seed);
            assertEquals(json, ProfileFormat.JSON.toText(fromCsv), "seed " + seed);
        }
    }

    @Test
    void knobsFileReaderIsLenientWhereTheBriefSaysSo() {
        String text = """

                # RegTune knob profile, hand-edited
                #arch:sm_90
                # objective: latency
                # Note: free comments are ignored
                   [knobs]
                684 = 70
                \tregalloccoalescing   =   false\r
                # a comment inside the section

                RegAllocEstimatedLoopIterations=12.5
                RegAllocScanSlack=7
                """;
        KnobProfile p = ProfileFormat.KNOBS.parse(text, "hand.knobs");
        assertEquals(KnobProfile.of("sm_90", 0, "latency", SampleProfiles.sample().knobs()), p);
    }

    @Test
    void fullKnobListsAreReadInEveryFormat() {
        StringBuilder knobs = new StringBuilder("# arch: sm_90\n# objective: latency\n[knobs]\n");
        StringBuilder csv = new StringBuilder("kind,name,id,value,default\nprofile,format,,regtune-profile,\n"
                + "profile,version,,1,\nprofile,arch,,sm_90,\nprofile,objective,,latency,\n");
        StringBuilder json = new StringBuilder("{\"format\":\"regtune-profile\",\"version\":1,\"arch\":\"sm_90\","
                + "\"objective\":\"latency\",\"knobs\":{");
        for (KnobDef d : KnobCatalogue.all()) {
            String v = d.format(d.defaultValue());
            knobs.append(d.name()).append('=').append(v).append('\n');
            csv.append("knob,").append(d.name()).append(',').append(d.id()).append(',').append(v).append(",\n");
            json.append(d.ordinal() == 0 ? "" : ",").append('"').append(d.name()).append("\":")
                    .append(d.type() == KnobType.CHOICE ? '"' + v + '"' : v);
        }
        json.append("}}");
        KnobProfile expected = KnobProfile.of("sm_90", 0, "latency", Knobs.defaults());
        assertEquals(expected, ProfileFormat.KNOBS.parse(knobs.toString(), "full.knobs"));
        assertEquals(expected, ProfileFormat.CSV.parse(csv.toString(), "full.csv"));
        assertEquals(expected, ProfileFormat.JSON.parse(json.toString(), "full.json"));
    }

    @Test
    void aByteOrderMarkIsSkipped() {
        String text = "\uFEFF" + ProfileFormat.CSV.toText(DEFAULT);
        assertEquals(DEFAULT, ProfileFormat.CSV.parse(text, "bom.csv"));
    }
}
