package dev.regtune.datasets.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SyntheticSpecTest {
    @Test
    void parsesFamilyParametersTargetAndArch() {
        SyntheticSpec s = SyntheticSpec.parse(" accumulators:n=64, instructions=2000 ,arch=sm_80 ");
        assertEquals("accumulators", s.family());
        assertEquals(Map.of("n", 64), s.parameters());
        assertEquals(2000, s.instructions());
        assertEquals("sm_80", s.arch());
        assertEquals(64, s.parameter("n"));
        assertEquals(4, s.parameter("loads"), "a parameter the spec leaves open takes its default");
        assertTrue(s.fixes("n"));
        assertFalse(s.fixes("loads"));
        assertEquals(Map.of("n", 64, "loads", 4), s.resolvedParameters());
    }

    @Test
    void aBareFamilyTakesEveryDefault() {
        SyntheticSpec s = SyntheticSpec.parse("Loop-Live-Through");
        assertEquals(SyntheticSpec.of("loop-live-through"), s);
        assertEquals(SyntheticSpec.DEFAULT_INSTRUCTIONS, s.instructions());
        assertEquals(SyntheticSpec.DEFAULT_ARCH, s.arch());
        assertEquals("sm_80", SyntheticSpec.parse("stencil", "sm_80").arch(), "a default architecture");
        assertEquals("sm_86", SyntheticSpec.parse("stencil:arch=sm_86", "sm_80").arch(), "the spec's own wins");
    }

    @Test
    void theCanonicalSpellingRoundTrips() {
        SyntheticSpec s = SyntheticSpec.parse("mma:tn=4,instructions=500");
        assertEquals("mma:tm=2,tn=4,instructions=500,arch=sm_90", s.toString());
        SyntheticSpec again = SyntheticSpec.parse(s.toString());
        assertEquals(s.resolvedParameters(), again.resolvedParameters());
        assertEquals(s.toString(), again.toString());
    }

    @Test
    void withersCheckLikeTheParser() {
        SyntheticSpec s = SyntheticSpec.of("reduction").with("k=32").with("instructions=300").with("arch=sm_75");
        assertEquals("reduction:k=32,wide=1,instructions=300,arch=sm_75", s.toString());
        assertEquals("parameter k of family reduction must be from 1 to 128, not 0",
                assertThrows(IllegalArgumentException.class, () -> s.withParameter("k", 0)).getMessage());
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @CsvSource(delimiter = '|', textBlock = """
            ''                              | a synthetic kernel spec must not be empty; write family[:key=value,...], e.g. accumulators:n=64,instructions=2000
            accumulator:n=4                 | unknown synthetic kernel family 'accumulator'; did you mean accumulators? known families: accumulators, stencil, reduction, loop-live-through, predicated, pairs64, mma
            gemm                            | unknown synthetic kernel family 'gemm'; known families: accumulators, stencil, reduction, loop-live-through, predicated, pairs64, mma
            'stencil:'                      | spec 'stencil:' has nothing after the colon; write key=value pairs separated by commas, or leave out the colon
            'stencil:radius=2,,dims=1'      | spec 'stencil:radius=2,,dims=1' has an empty key=value pair
            stencil:radius                  | 'radius' is not key=value; keys of family stencil are radius (1..6), dims (1..2), instructions (10..1000000) and arch (sm_75, sm_80, sm_86, sm_89, sm_90)
            stencil:width=3                 | family stencil has no parameter 'width'; its keys are radius (1..6), dims (1..2), instructions (10..1000000) and arch (sm_75, sm_80, sm_86, sm_89, sm_90)
            stencil:radius=7                | parameter radius of family stencil must be from 1 to 6, not 7
            stencil:radius=two              | parameter radius of family stencil must be an integer from 1 to 6, not 'two'
            'stencil:radius=1,radius=2'     | key radius is given twice in spec 'stencil:radius=1,radius=2'
            stencil:instructions=5          | instructions must be from 10 to 1000000, not 5
            stencil:instructions=1e5        | instructions must be an integer from 10 to 1000000, not '1e5'
            stencil:arch=sm_100             | arch of family stencil must be one of sm_75, sm_80, sm_86, sm_89, sm_90, not 'sm_100'
            mma:arch=sm_75                  | arch of family mma must be one of sm_80, sm_86, sm_89, sm_90, not 'sm_75'
            """)
    void everyBadSpecIsOneSentenceNamingWhatIsValid(String text, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SyntheticSpec.parse(text == null ? "" : text));
        assertEquals(message, e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }
}
