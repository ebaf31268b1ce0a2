package dev.regtune.core.ptx;

import static dev.regtune.core.ptx.PtxTestSupport.FIRST_BODY_LINE;
import static dev.regtune.core.ptx.PtxTestSupport.HEADER;
import static dev.regtune.core.ptx.PtxTestSupport.entryText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Exact messages and positions for bad input: one sentence, file:line:column, what was expected. */
class PtxParseErrorTest {

    /** A bad body line (wrapped by {@link PtxTestSupport#entryText}) and the exact message it must give. */
    static Stream<Arguments> badBodies() {
        int l = FIRST_BODY_LINE;
        return Stream.of(
                Arguments.of("add.s32 %r1, %r2, };", l + ":19: expected a register, immediate or address operand but found '}'"),
                Arguments.of("add.s32 %r1, %q2, 1;", l + ":14: expected a register declared in 'k' but found '%q2'"),
                Arguments.of("add.s32 %r1, %r64, 1;", l + ":14: expected a register declared in 'k' but found '%r64'"),
                Arguments.of("add.s32 %r1, %r01, 1;", l + ":14: expected a register declared in 'k' but found '%r01'"),
                Arguments.of("bra $L_nowhere;", l + ":5: expected a label defined in 'k' but found '$L_nowhere'"),
                Arguments.of("bra.uni %r1;", l + ":9: expected a label but found '%r1'"),
                Arguments.of(".reg .b32 %x<>;", l + ":14: expected a register count but found '>'"),
                Arguments.of(".reg .b33 %x;", l + ":6: expected a register type such as .b32, .f64, .pred or a vector prefix .v2/.v4 but found '.b33'"),
                Arguments.of(".reg .v4 .f64 %v;", l + ":10: expected an element type that keeps the vector within 128 bits but found '.f64'"),
                Arguments.of(".reg .v2 .pred %v;", l + ":10: expected a non-predicate element type (.pred registers are scalar) but found '.pred'"),
                Arguments.of(".reg .v8 .b16 %v;", l + ":6: expected a register type such as .b32, .f64, .pred or a vector prefix .v2/.v4 but found '.v8'"),
                Arguments.of("frobnicate.u32 %r1, %r2;", l + ":1: Not a name of any known instruction: 'frobnicate'"),
                Arguments.of("add.s32 %r1, %r2, \u0001;", l + ":19: expected a register, immediate or address operand but found '\\x01'"),
                Arguments.of(".reg .b32 ;", l + ":11: expected a register name but found ';'"),
                Arguments.of(".reg .b32 %x<4 ;", l + ":16: expected '>' but found ';'"),
                Arguments.of(".reg .b32 %x %y;", l + ":14: expected ';' but found '%y'"),
                Arguments.of(".reg .b32 %r<4>;", l + ":11: expected a register name not already declared in this scope but found '%r'"),
                Arguments.of(".reg .texref %t;", l + ":6: expected a register type such as .b32, .f64, .pred or a vector prefix .v2/.v4 but found '.texref'"),
                Arguments.of("add.s32 %r1, %r2, %r3 %r4;", l + ":23: expected ',' or ';' but found '%r4'"),
                Arguments.of("add.s32 %r1, %r2|%r3, 1;", l + ":17: expected ',' or ';' but found '|'"),
                Arguments.of("#include <x>", l + ":1: expected an instruction, label, declaration or '}' but found '#'"),
                Arguments.of("$foo %r1;", l + ":1: expected an instruction, label, declaration or '}' but found '$foo'"),
                Arguments.of(".foo 1;", l + ":1: expected an instruction, label, declaration or '}' but found '.foo'"),
                Arguments.of("%r1: add.s32 %r1, %r1, 1;", l + ":1: expected a label name but found '%r1'"),
                Arguments.of("$L1:\n$L1:\nret;", (l + 1) + ":1: expected a label not already defined in this scope of 'k' but found '$L1'"),
                Arguments.of("@%r1 bra $L;", l + ":2: expected a predicate register but found '%r1'"),
                Arguments.of("@%p1 ;", l + ":6: expected an instruction opcode but found ';'"),
                Arguments.of("setp.eq.s32 %p1, !%r1, 0;", l + ":19: expected a predicate register after '!' but found '%r1'"),
                Arguments.of("mov.u32 %r1, nosuchsym;", l + ":14: expected a declared register, variable, function or label but found 'nosuchsym'"),
                Arguments.of("mov.u32 %r1, 0f3F80;", l + ":14: expected a single-precision float literal with exactly 8 hexadecimal digits after '0f' but found '0f3F80'"),
                Arguments.of("mov.f64 %fd1, 0d3FF0;", l + ":15: expected a double-precision float literal with exactly 16 hexadecimal digits after '0d' but found '0d3FF0'"),
                Arguments.of("mov.u32 %r1, 09;", l + ":14: expected an octal digit but found '09'"),
                Arguments.of("mov.u32 %r1, 12abc;", l + ":14: expected a decimal digit but found '12abc'"),
                Arguments.of("mov.u32 %r1, 0x;", l + ":14: expected a hexadecimal digit after '0x' but found '0x'"),
                Arguments.of("mov.u32 %r1, 0b102;", l + ":14: expected a binary digit after '0b' but found '0b102'"),
                Arguments.of("mov.u32 %r1, (1 + );", l + ":19: expected an immediate value but found ')'"),
                Arguments.of("mov.u32 %r1, (1 + 2;", l + ":20: expected ')' but found ';'"),
                Arguments.of("ld.global.u32 %r1, [%rd1+%r2];", l + ":26: expected an immediate offset but found '%r2'"),
                Arguments.of("ld.global.u32 %r1, [%rd1;", l + ":25: expected ']' but found ';'"),
                Arguments.of("ld.global.u32 %r1, [];", l + ":21: expected a register, symbol or immediate address but found ']'"),
                Arguments.of("ld.global.u32 %r1, [%tid.x];", l + ":21: expected a register or symbol as the address base but found '%tid.x'"),
                Arguments.of("ld.global.v2.u32 {%r1, %tid.x}, [%rd1];", l + ":24: expected a register in a vector operand but found '%tid.x'"),
                Arguments.of("ld.global.v2.u32 {%r1, %r2, [%rd1];", l + ":29: expected a register in a vector operand but found '['"),
                Arguments.of("ld.global.v2.u32 {}, [%rd1];", l + ":19: expected a register in a vector operand but found '}'"),
                Arguments.of("add.s32 %r1, %r2, é;", l + ":19: Unexpected non-ASCII character (byte 0xE9) encountered on line " + l + "; PTX is ASCII, comments included"),
                Arguments.of("add.s32 %r1, %r2, .b32;", l + ":19: expected a register, immediate or address operand but found '.b32'"),
                Arguments.of("add.s32 %r1, %r2, 1", (l + 1) + ":1: expected ',' or ';' but found '}'"),
                Arguments.of("brx.idx %r1, ts;", l + ":14: expected the label of a .branchtargets list declared before this brx.idx but found 'ts'"),
                Arguments.of("brx.idx 3, ts;", l + ":9: expected an index register but found '3'"),
                Arguments.of("ts: .branchtargets $A, 3;", l + ":24: expected a label but found '3'"),
                Arguments.of("call.uni (retval0), ;", l + ":21: expected a function name or function-pointer register but found ';'"),
                Arguments.of("call.uni f, (%q1);", l + ":14: expected a register declared in 'k' but found '%q1'"),
                Arguments.of("proto: .callprototype (.param .b32 _) _ (.param .b32 _)\n}", (l + 1) + ":1: expected ';' but found '}'"),
                Arguments.of(".loc 1 2;", l + ":9: expected a column number but found ';'"),
                Arguments.of(".loc 1 2 3, bogus 4", l + ":13: expected function_name or inlined_at but found 'bogus'"),
                Arguments.of(".pragma nounroll;", l + ":9: expected a quoted pragma string but found 'nounroll'"),
                Arguments.of(".pragma \"nounroll;", l + ":9: expected a closing '\"' on the same line but found '\"nounroll;'"),
                Arguments.of(".local .align 4 .b8 d[x];", l + ":23: expected an array size but found 'x'"),
                Arguments.of(".shared .b32;", l + ":13: expected a variable name but found ';'"),
                Arguments.of(".extern .reg .b32 %x;", l + ":9: expected a state space such as .shared after .extern but found '.reg'"),
                Arguments.of("ret", (l + 1) + ":1: expected ';' but found '}'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badBodies")
    void badBodyLines(String body, String expectedTail) {
        PtxParseException e = assertThrows(PtxParseException.class, () -> PtxParser.parse(entryText(body), "kernel.ptx"));
        assertEquals("kernel.ptx:" + expectedTail, e.getMessage());
        String[] parts = expectedTail.split(":", 3);
        assertEquals(Integer.parseInt(parts[0]), e.line());
        assertEquals(Integer.parseInt(parts[1]), e.column());
        assertEquals("kernel.ptx", e.file());
        if (parts[2].startsWith(" expected ")) { // not one of ptxas's own sentences
            String rest = parts[2].substring(" expected ".length());
            assertEquals(rest.substring(0, rest.lastIndexOf(" but found ")), e.expected());
        }
    }

    /** Whole bad modules and the exact message. */
    static Stream<Arguments> badModules() {
        return Stream.of(
                Arguments.of(HEADER + "?", "m.ptx:4:1: expected a module directive such as .version, .target, .entry, .func or .global but found '?'"),
                // ptxas 13.0.88: "Missing .version directive at start of file", "Missing .target directive ...",
                // "Unexpected non-ASCII character encountered on line N" (in a comment too), "Parsing error
                // near '.version 8.0'" for a second .version.
                Arguments.of("", "m.ptx:1:1: Missing .version directive at start of file"),
                Arguments.of("// only a comment\n/* and another */\n", "m.ptx:3:1: Missing .version directive at start of file"),
                Arguments.of("?", "m.ptx:1:1: Missing .version directive at start of file"),
                Arguments.of(".target sm_90\n.version 9.0\n", "m.ptx:1:1: Missing .version directive at start of file"),
                Arguments.of(".version 9.0\n", "m.ptx:2:1: Missing .target directive at start of file"),
                Arguments.of(".version 9.0\n.address_size 64\n.target sm_90\n", "m.ptx:2:1: Missing .target directive at start of file"),
                Arguments.of(".version 9.0\n.target sm_90\n.version 9.0\n", "m.ptx:3:1: expected one .version directive, at the start of the file but found '.version'"),
                Arguments.of("// caf\u00e9\n" + HEADER, "m.ptx:1:7: Unexpected non-ASCII character (byte 0xE9) encountered on line 1; PTX is ASCII, comments included"),
                Arguments.of("\uFEFF" + HEADER, "m.ptx:1:1: Unexpected non-ASCII character (U+FEFF) encountered on line 1; PTX is ASCII, comments included"),
                Arguments.of(HEADER + "// \u0000\n", "m.ptx:4:4: Unexpected NUL character (ptxas reads it as the end of the file: Unexpected EOF) encountered on line 4; PTX is ASCII, comments included"),
                Arguments.of(".version nine\n", "m.ptx:1:10: expected a PTX ISA version such as 9.0 but found 'nine'"),
                Arguments.of(".version 9\n", "m.ptx:1:10: expected a PTX ISA version such as 9.0 but found '9'"),
                Arguments.of(".version 9.0\n.target 90\n", "m.ptx:2:9: expected a target such as sm_90 but found '90'"),
                Arguments.of(".version 9.0\n.target sm_90\n.address_size 48\n", "m.ptx:3:15: expected an address size of 32 or 64 but found '48'"),
                Arguments.of(".version 9.0\n/* never closed\n\n", "m.ptx:2:1: expected '*/' to close the comment opened here but found end of file"),
                Arguments.of(HEADER + ".visible .entry k()\n{\n\tret;\n", "m.ptx:7:1: expected '}' to close the body of 'k' opened at line 5 but found end of file"),
                Arguments.of(HEADER + ".visible .entry k()\n.maxntid {\n{\nret;\n}\n", "m.ptx:5:10: expected a thread count but found '{'"),
                Arguments.of(HEADER + ".visible .entry k()\nret;\n", "m.ptx:5:1: expected '{' or ';' after the signature of 'k' but found 'ret'"),
                Arguments.of(HEADER + ".visible .entry k(.param .u64 a\n{\nret;\n}\n", "m.ptx:5:1: expected ')' but found '{'"),
                Arguments.of(HEADER + ".visible .entry k(.param a)\n{\nret;\n}\n", "m.ptx:4:26: expected a parameter type such as .u64 but found 'a'"),
                Arguments.of(HEADER + ".visible .entry k(.param .u32 .b32 a)\n{\nret;\n}\n", "m.ptx:4:31: expected a parameter name but found '.b32'"),
                Arguments.of(HEADER + ".visible .entry k()\n{\nret;\n}\n.visible .entry k()\n{\nret;\n}\n", "m.ptx:8:17: expected a function name not already defined in this module but found 'k'"),
                Arguments.of(HEADER + ".visible .global .u32 x = ;\n", "m.ptx:4:27: expected an initializer value but found ';'"),
                Arguments.of(HEADER + ".global .u32 x = {1, 2\n", "m.ptx:5:1: expected ';' but found end of file"),
                // Runs of plain integers in an initializer are skipped in one go: the position of
                // what follows them counts their line breaks (CR LF too), and a literal that is not
                // a plain integer stops the run where the token-by-token scan finds it.
                Arguments.of(HEADER + ".global .align 4 .u32 tbl[8] = {10, 20,\r\n  30, 40,\n\t50 , 60, 7z, 80};\n",
                        "m.ptx:6:11: expected a number but found '7z'"),
                Arguments.of(HEADER + ".global .align 1 .b8 t2[6] = {1, 2,\n3,\n 4, 5, 6};\n"
                        + ".global .align 4 .u32 t3[2] = {1, 2,\n 3};\n.reg .b32 %r;\n",
                        "m.ptx:9:1: expected a module directive such as .version, .target, .entry, .func or .global but found '.reg'"),
                Arguments.of(HEADER + ".global .align 4 .u32 t4[4] = {1, 2, 012, 0x10, 4};\n.reg .b32 %r;\n",
                        "m.ptx:5:1: expected a module directive such as .version, .target, .entry, .func or .global but found '.reg'"),
                Arguments.of(HEADER + ".visible .reg .b32 %r;\n", "m.ptx:4:10: expected .entry, .func or a variable declaration after a linkage directive but found '.reg'"),
                Arguments.of(HEADER + ".reg .b32 %r;\n", "m.ptx:4:1: expected a module directive such as .version, .target, .entry, .func or .global but found '.reg'"),
                Arguments.of(HEADER + "\t.section .debug_info\n\t{\n.b8 1\n", "m.ptx:7:1: expected '}' to close the section opened at line 5 but found end of file"),
                Arguments.of(HEADER + ".file 1 /tmp/a.cu\n", "m.ptx:4:9: expected a quoted file name but found '/'"),
                Arguments.of(HEADER + ".visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\tcall.uni (retval0), nofn, (param0);\n\tret;\n}\n",
                        "m.ptx:7:12: expected a declared register, variable, function or label but found 'retval0'"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badModules")
    void badModules(String text, String message) {
        PtxParseException e = assertThrows(PtxParseException.class, () -> PtxParser.parse(text, "m.ptx"));
        assertEquals(message, e.getMessage());
    }

    @Test
    void endOfFileHasNoFoundToken() {
        PtxParseException e = assertThrows(PtxParseException.class,
                () -> PtxParser.parse(HEADER + ".visible .entry k()\n{\n", "m.ptx"));
        assertNull(e.found());
        assertEquals("'}' to close the body of 'k' opened at line 5", e.expected());
        assertEquals(6, e.line());
        assertEquals(1, e.column());
    }

    @Test
    void bytesAreDecodedOneCharPerByteSoALatin1CommentIsAParseErrorNotADecodingFailure() {
        byte[] bytes = (HEADER + "// caf? au lait\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        bytes[HEADER.length() + 6] = (byte) 0xE9;
        PtxParseException e = assertThrows(PtxParseException.class, () -> PtxParser.parse(bytes, "m.ptx"));
        assertEquals("m.ptx:4:7: Unexpected non-ASCII character (byte 0xE9) encountered on line 4; PTX is ASCII, "
                + "comments included", e.getMessage());
        assertEquals(4, e.line());
        assertEquals(7, e.column());
    }

    @Test
    void controlCharactersInAComment() {
        // ptxas 13.0.88 accepts a control character (other than NUL) in a comment.
        assertEquals(0, PtxParser.parse(HEADER + "// bell \u0007 form feed \f\n", "m.ptx").functions().size());
    }

    @Test
    void longTokensAreShortenedInMessages() {
        String name = "%" + "x".repeat(100);
        PtxParseException e = assertThrows(PtxParseException.class,
                () -> PtxParser.parse(entryText("mov.u32 %r1, " + name + ";"), "m.ptx"));
        assertEquals(name.substring(0, 48) + "...", e.found());
    }
}
