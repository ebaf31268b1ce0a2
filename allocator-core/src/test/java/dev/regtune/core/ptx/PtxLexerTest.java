package dev.regtune.core.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Token boundaries, classes, positions and number values of the hand-written lexer. */
class PtxLexerTest {

    private static List<String> tokens(String text) {
        PtxLexer lx = new PtxLexer(text.toCharArray(), "t.ptx");
        List<String> out = new ArrayList<>();
        while (lx.type != PtxLexer.EOF) {
            out.add(lx.type + ":" + lx.text() + "@" + lx.tokLine + ":" + lx.tokCol);
            lx.advance();
        }
        return out;
    }

    @Test
    void wordsJoinDotsAndDoubleColons() {
        assertEquals(List.of("1:ld.global.nc.v4.f32@1:1", "4:{@1:21", "1:%f1@1:22", "4:}@1:25",
                "4:,@1:26", "4:[@1:28", "1:%rd1@1:29", "4:+@1:33", "2:16@1:34", "4:]@1:36", "4:;@1:37"),
                tokens("ld.global.nc.v4.f32 {%f1}, [%rd1+16];"));
        assertEquals(List.of("1:mbarrier.try_wait.parity.shared::cta.b64@1:1"),
                tokens("mbarrier.try_wait.parity.shared::cta.b64"));
        assertEquals(List.of("1:$L__BB0_1@1:1", "4::@1:10"), tokens("$L__BB0_1:"));
        assertEquals(List.of("1:%tid.x@1:1", "1:%r22@1:8", "4:|@1:12", "1:%p6@1:13"), tokens("%tid.x %r22|%p6"));
    }

    @Test
    void positionsCountTabsAsOneColumnAndSkipComments() {
        List<String> t = tokens("\tadd.s32\t%r1, /* a\n b */ %r2; // c\r\n  ret;");
        assertEquals(List.of("1:add.s32@1:2", "1:%r1@1:10", "4:,@1:13", "1:%r2@2:7", "4:;@2:10", "1:ret@3:3", "4:;@3:6"), t);
    }

    @Test
    void lineContinuationIsWhitespace() {
        assertEquals(List.of("1:add.s32@1:1", "1:%r1@2:2"), tokens("add.s32 \\\n %r1"));
        assertEquals(List.of("1:add.s32@1:1", "1:%r1@2:2"), tokens("add.s32 \\\r\n %r1"));
    }

    @Test
    void numberForms() {
        assertInt("42", 42);
        assertInt("0x1fU", 31);
        assertInt("017", 15);
        assertInt("0b1011", 11);
        assertInt("4294967295U", 4294967295L);
        assertInt("0", 0);
        PtxLexer lx = new PtxLexer("0xFFFFFFFFFFFFFFFF".toCharArray(), "t");
        assertEquals(-1L, lx.value);
        assertFalse(lx.overflow);
        lx = new PtxLexer("0x1FFFFFFFFFFFFFFFF".toCharArray(), "t");
        assertTrue(lx.overflow);
        for (String f : new String[] {"0f3F800000", "0F7F800000", "0d3FF0000000000000", "1.5", "2.5e-3", "1e10", "9.0"}) {
            lx = new PtxLexer(f.toCharArray(), "t");
            assertEquals(PtxLexer.NUMBER, lx.type, f);
            assertTrue(lx.isFloat, f);
            assertEquals(f, lx.text());
        }
    }

    private static void assertInt(String text, long value) {
        PtxLexer lx = new PtxLexer(text.toCharArray(), "t");
        assertEquals(PtxLexer.NUMBER, lx.type, text);
        assertFalse(lx.isFloat, text);
        assertEquals(value, lx.value, text);
        assertEquals(text, lx.text());
        lx.advance();
        assertEquals(PtxLexer.EOF, lx.type);
    }

    @Test
    void stringsAndPunctuation() {
        assertEquals(List.of("1:.pragma@1:1", "3:\"nounroll\\\"x\"@1:9", "4:;@1:22"), tokens(".pragma \"nounroll\\\"x\";"));
        assertEquals(List.of("4:%@1:1", "4:.@1:3", "4:#@1:5"), tokens("% . #"));
    }

    @Test
    void byteOrderMarkIsSkipped() {
        assertEquals(List.of("1:.version@1:1", "2:9.0@1:10"), tokens("\uFEFF.version 9.0"));
    }

    @Test
    void hashesMatchStringHashCode() {
        PtxLexer lx = new PtxLexer("ld.shared::cta.u32 %r17".toCharArray(), "t");
        assertEquals("ld.shared::cta.u32".hashCode(), lx.hash);
        lx.advance();
        assertEquals("%r17".hashCode(), lx.hash);
    }
}
