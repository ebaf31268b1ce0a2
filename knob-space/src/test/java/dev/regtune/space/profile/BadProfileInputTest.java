package dev.regtune.space.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each bad input, made by one edit of the sample profile's text in that format, and the exact
 * message it gets: one sentence naming the file and line (JSON: and column).
 */
class BadProfileInputTest {
    private static final String KNOB = "RegAllocThresholdForDiscardConflicts";

    static Stream<Arguments> json() {
        return Stream.of(
                bad("unknown knob", t -> t.replace('"' + KNOB + '"', "\"RegAllocThresholdForDiscardConflict\""),
                        "p.json:8:5: unknown knob 'RegAllocThresholdForDiscardConflict'; "
                                + "did you mean RegAllocThresholdForDiscardConflicts?"),
                bad("out of range", t -> t.replace(KNOB + "\": 70", KNOB + "\": -1"),
                        "p.json:8:45: knob RegAllocThresholdForDiscardConflicts (684) = -1 is outside its valid "
                                + "range [0, 1000000]"),
                bad("number for a BOOL", t -> t.replace("\"RegAllocCoalescing\": false", "\"RegAllocCoalescing\": 0"),
                        "p.json:9:27: knob RegAllocCoalescing (618) expects true or false, not '0'"),
                bad("fraction for an INT", t -> t.replace(KNOB + "\": 70", KNOB + "\": 70.5"),
                        "p.json:8:45: knob RegAllocThresholdForDiscardConflicts (684) expects an integer, not '70.5'"),
                bad("string for an INT", t -> t.replace(KNOB + "\": 70", KNOB + "\": \"70\""),
                        "p.json:8:45: knob RegAllocThresholdForDiscardConflicts (684) expects an integer, not '\"70\"'"),
                bad("wrong format", t -> t.replace("\"regtune-profile\"", "\"ptxas-knobs\""),
                        "p.json:2:3: the format is 'ptxas-knobs', not 'regtune-profile', so this is not a RegTune "
                                + "knob profile"),
                bad("wrong version", t -> t.replace("\"version\": 1", "\"version\": 2"),
                        "p.json:3:3: profile version 2 is not supported; this RegTune reads version 1"),
                bad("no version", t -> t.replace("  \"version\": 1,\n", ""),
                        "p.json:28:1: the profile has no \"version\" field; this RegTune reads version 1"),
                bad("no format", t -> t.replace("  \"format\": \"regtune-profile\",\n", ""),
                        "p.json:28:1: the profile has no \"format\" field; a RegTune knob profile says it is "
                                + "regtune-profile version 1"),
                bad("misspelt field", t -> t.replace("\"arch\"", "\"archh\""),
                        "p.json:4:3: unknown field 'archh' in the profile; did you mean arch?"),
                bad("no arch", t -> t.replace("  \"arch\": \"sm_90\",\n", ""),
                        "p.json:28:1: the profile has no \"arch\" field naming its architecture"),
                bad("budget too high", t -> t.replace("\"maxrregcount\": 64", "\"maxrregcount\": 300"),
                        "p.json:5:3: maxrregcount must be 0 (no limit) or a register count from 1 to 255, not 300"),
                bad("misspelt provenance", t -> t.replace("\"run_id\"", "\"runid\""),
                        "p.json:14:5: unknown field 'runid' in provenance; did you mean run_id?"),
                bad("string score", t -> t.replace("\"regret\": 0.02", "\"regret\": \"low\""),
                        "p.json:26:17: test.regret must be a number, not '\"low\"'"),
                bad("negative kernels", t -> t.replace("\"kernels\": 30", "\"kernels\": -3"),
                        "p.json:25:7: the kernel count must be a whole number of at least 0, not -3"),
                bad("missing comma", t -> t.replace("\"RegAllocCoalescing\": false,", "\"RegAllocCoalescing\": false"),
                        "p.json:10:5: malformed JSON: Unexpected character ('\"' (code 34)): was expecting comma to "
                                + "separate Object entries"),
                bad("knob twice, by name and number", t -> t.replace("\"RegAllocCoalescing\": false,",
                        "\"RegAllocCoalescing\": false, \"618\": true,"),
                        "p.json:9:41: knob RegAllocCoalescing (618) is set twice (first at line 9, column 27)"),
                bad("unknown choice", t -> t.replace("\"RegAllocCoalescing\": false,",
                        "\"allocator\": \"brigs\", \"RegAllocCoalescing\": false,"),
                        "p.json:9:18: knob allocator expects one of fatpoint, briggs, not 'brigs'; did you mean briggs?"),
                bad("index for a choice", t -> t.replace("\"RegAllocCoalescing\": false,",
                        "\"allocator\": 1, \"RegAllocCoalescing\": false,"),
                        "p.json:9:18: knob allocator expects one of fatpoint, briggs as a string, not '1'"),
                bad("not an object", t -> "[1, 2]", "p.json:1:1: expected the profile object '{', not an array"),
                bad("empty file", t -> "", "p.json:1:1: expected the profile object '{', not the end of the file"),
                bad("trailing content", t -> t + "{}", "p.json:30:1: found an object after the end of the profile object"),
                bad("empty objective", t -> t.replace("\"objective\": \"lex:spill,latency,registers\"",
                        "\"objective\": \"\""),
                        "p.json:6:3: the objective must not be empty (for example latency, spills or "
                                + "lex:spill,latency,registers)"));
    }

    static Stream<Arguments> knobs() {
        return Stream.of(
                bad("unknown knob", t -> t.replace(KNOB + "=70", "RegAllocThresholdForDiscardConflict=70"),
                        "p.knobs:17: unknown knob 'RegAllocThresholdForDiscardConflict'; "
                                + "did you mean RegAllocThresholdForDiscardConflicts?"),
                bad("out of range, by number", t -> t.replace(KNOB + "=70", "684 = 2000000"),
                        "p.knobs:17: knob RegAllocThresholdForDiscardConflicts (684) = 2000000 is outside its valid "
                                + "range [0, 1000000]"),
                bad("unknown knob number", t -> t.replace(KNOB + "=70", "999=1"),
                        "p.knobs:17: there is no knob number 999 in the catalogue"),
                bad("bad BOOL", t -> t.replace("RegAllocCoalescing=false", "RegAllocCoalescing=maybe"),
                        "p.knobs:18: knob RegAllocCoalescing (618) expects true or false, not 'maybe'"),
                bad("no equals sign", t -> t.replace("RegAllocCoalescing=false", "RegAllocCoalescing false"),
                        "p.knobs:18: expected a Name=Value knob setting, a comment or a section header, not "
                                + "'RegAllocCoalescing false'"),
                bad("no value", t -> t.replace("RegAllocCoalescing=false", "RegAllocCoalescing="),
                        "p.knobs:18: expected a Name=Value knob setting, a comment or a section header, not "
                                + "'RegAllocCoalescing='"),
                bad("setting before the section", t -> t.replace("[knobs]\n", ""),
                        "p.knobs:16: knob setting 'RegAllocThresholdForDiscardConflicts=70' comes before the [knobs] "
                                + "section header"),
                bad("no [knobs] section", t -> t.substring(0, t.indexOf("[knobs]")),
                        "p.knobs:15: the file has no [knobs] section header, so it is not a knobs file"),
                bad("unknown section", t -> t.replace("[knobs]", "[options]"),
                        "p.knobs:16: unknown section '[options]'; a knobs file has only the [knobs] section"),
                bad("section twice", t -> t + "[knobs]\n",
                        "p.knobs:20: the [knobs] section header appears twice (first on line 16)"),
                bad("knob twice", t -> t + "618=true\n",
                        "p.knobs:20: knob RegAllocCoalescing (618) is set twice (first on line 18)"),
                bad("wrong version", t -> t.replace("# version: 1", "# version: 2"),
                        "p.knobs:3: profile version 2 is not supported; this RegTune reads version 1"),
                bad("no arch", t -> t.replace("# arch: sm_90\n", ""),
                        "p.knobs:18: the profile has no '# arch:' comment naming its architecture"),
                bad("bad budget", t -> t.replace("# maxrregcount: 64", "# maxrregcount: lots"),
                        "p.knobs:5: maxrregcount must be a whole number, not 'lots'"),
                bad("bad score", t -> t.replace("# test.regret: 0.02", "# test.regret: low"),
                        "p.knobs:15: test.regret must be a number, not 'low'"),
                bad("arch twice", t -> t + "# arch: sm_80\n", "p.knobs:20: arch is given twice (first on line 4)"),
                bad("unknown choice", t -> t + "allocator=brigs\n",
                        "p.knobs:20: knob allocator expects one of fatpoint, briggs, not 'brigs'; did you mean briggs?"),
                bad("index for a choice", t -> t + "allocator=1\n",
                        "p.knobs:20: knob allocator expects one of fatpoint, briggs, not '1'"));
    }

    static Stream<Arguments> csv() {
        return Stream.of(
                bad("bad header", t -> t.replace("kind,name,id,value,default", "knob,id,value,default"),
                        "p.csv:1: the header is 'knob,id,value,default'; expected kind,name,id,value,default"),
                bad("unknown knob", t -> t.replace(KNOB + ",684,70", "RegAllocThresholdForDiscardConflict,684,70"),
                        "p.csv:16: unknown knob 'RegAllocThresholdForDiscardConflict'; "
                                + "did you mean RegAllocThresholdForDiscardConflicts?"),
                bad("out of range", t -> t.replace(KNOB + ",684,70", KNOB + ",684,1e9"),
                        "p.csv:16: knob RegAllocThresholdForDiscardConflicts (684) = 1000000000 is outside its valid "
                                + "range [0, 1000000]"),
                bad("wrong id", t -> t.replace(KNOB + ",684,70", KNOB + ",685,70"),
                        "p.csv:16: knob RegAllocThresholdForDiscardConflicts has number 684 in the catalogue, "
                                + "not '685'"),
                bad("short row", t -> t.replace("knob,RegAllocCoalescing,618,false,true",
                        "knob,RegAllocCoalescing,618,false"),
                        "p.csv:17: the row has 4 cells, not 5 (kind,name,id,value,default)"),
                bad("unknown kind", t -> t.replace("knob,RegAllocCoalescing", "knobs,RegAllocCoalescing"),
                        "p.csv:17: unknown row kind 'knobs'; expected one of profile, provenance, train, test, knob"),
                bad("unknown field", t -> t.replace("profile,arch", "profile,architecture"),
                        "p.csv:4: unknown field 'architecture' of kind profile; expected one of format, version, "
                                + "arch, maxrregcount, objective"),
                bad("wrong version", t -> t.replace("profile,version,,1,", "profile,version,,2,"),
                        "p.csv:3: profile version 2 is not supported; this RegTune reads version 1"),
                bad("no format", t -> t.replace("profile,format,,regtune-profile,\n", ""),
                        "p.csv:17: the profile has no 'profile,format' row; a RegTune knob profile says it is "
                                + "regtune-profile version 1"),
                bad("NaN score", t -> t.replace("train,improvement,,0.16666666666666666,", "train,improvement,,NaN,"),
                        "p.csv:12: score figure train.improvement must be a finite number, not NaN"),
                bad("unclosed quote", t -> t + "knob,RegAllocCoalescing,618,\"true,\n",
                        "p.csv:19: malformed CSV: EOF reached before encapsulated token finished"),
                bad("blank lines counted", t -> t + "\n\nprofile,arch,,sm_80,\n",
                        "p.csv:19: arch is given twice (first on line 4)"),
                bad("empty file", t -> "", "p.csv:1: the file is empty; expected the header kind,name,id,value,default"),
                bad("unknown choice", t -> t + "knob,allocator,-1,fatpoint2,fatpoint\n",
                        "p.csv:19: knob allocator expects one of fatpoint, briggs, not 'fatpoint2'; did you mean "
                                + "fatpoint?"));
    }

    @ParameterizedTest(name = "json: {0}")
    @MethodSource("json")
    void jsonErrors(String what, UnaryOperator<String> edit, String message) {
        check(ProfileFormat.JSON, edit, message);
    }

    @ParameterizedTest(name = "knobs: {0}")
    @MethodSource("knobs")
    void knobsFileErrors(String what, UnaryOperator<String> edit, String message) {
        check(ProfileFormat.KNOBS, edit, message);
    }

    @ParameterizedTest(name = "csv: {0}")
    @MethodSource("csv")
    void csvErrors(String what, UnaryOperator<String> edit, String message) {
        check(ProfileFormat.CSV, edit, message);
    }

    private static void check(ProfileFormat format, UnaryOperator<String> edit, String message) {
        String text = edit.apply(format.toText(SampleProfiles.sample()));
        ProfileFormatException e = assertThrows(ProfileFormatException.class,
                () -> format.parse(text, "p." + format.id()));
        assertEquals(message, e.getMessage());
        assertEquals("p." + format.id(), e.file());
    }

    private static Arguments bad(String what, UnaryOperator<String> edit, String message) {
        return Arguments.of(what, edit, message);
    }
}
