package dev.regtune.core.ptx;

import static dev.regtune.core.ptx.PtxTestSupport.constraintsOf;
import static dev.regtune.core.ptx.PtxTestSupport.defs;
import static dev.regtune.core.ptx.PtxTestSupport.find;
import static dev.regtune.core.ptx.PtxTestSupport.function;
import static dev.regtune.core.ptx.PtxTestSupport.uses;
import static dev.regtune.core.ptx.PtxTestSupport.vreg;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import dev.regtune.core.Allocators;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.ConstraintKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.testing.Ptxas;

/**
 * One small PTX file per construct that real-world PTX uses and that ptxas 13.0 accepts (old-style
 * {@code .func} prototypes without {@code ;}, {@code WARP_SZ}, dot-keywords without blanks, vector
 * registers and vector {@code .reg} parameters, nvopencc-era kernels), and a few near misses it
 * rejects. The files live under {@code src/test/resources/ptx/constructs/{accepted,rejected}}; the
 * split is pinned to ptxas 13.0.88 ({@code ptxas -arch=sm_90}) by {@link #ptxasAgreesWithTheSplit}.
 */
class PtxasConstructsTest {
    private static final Path DIR = resourceDir();

    static Stream<Path> accepted() throws IOException {
        return list("accepted");
    }

    static Stream<Path> rejected() throws IOException {
        return list("rejected");
    }

    @ParameterizedTest
    @MethodSource("accepted")
    void acceptedConstructParsesAndEveryEntryAllocatesThroughTheChecker(Path file) throws IOException {
        PtxModule m = PtxParser.parse(file);
        assertFalse(m.entries().isEmpty());
        for (KernelFunction f : m.functions()) {
            assertEquals(List.of(), IrSanity.problems(f, false), file + " " + f.name());
        }
        for (KernelFunction f : m.entries()) {
            AllocationResult r = allocate(f);
            assertEquals(AllocationStatus.OK, r.status(), f.name());
            AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        }
    }

    /** Each rejected file is one parse error at the line ptxas also complains about. */
    @ParameterizedTest
    @CsvSource({
        "entry_prototype_without_semicolon.ptx, 5, '{' or ';' after the signature of 'k2'",
        "unknown_opcode.ptx, 9, 'a PTX instruction such as add, ld or mov (not a known opcode)'",
        "missing_version.ptx, 3, a .version directive",
        "missing_target.ptx, 2, a .target directive",
        "comments_only.ptx, 3, a .version directive",
        "latin1_comment.ptx, 4, 'ASCII text (PTX is ASCII, comments included)'",
        "vector_of_predicates.ptx, 6, a non-predicate element type (.pred registers are scalar)",
        "vector_over_128_bits.ptx, 6, an element type that keeps the vector within 128 bits",
        "reg_v8.ptx, 6, 'a register type such as .b32, .f64, .pred or a vector prefix .v2/.v4'",
        "explicit_constant_bank.ptx, 4, 'a type such as .b32 or an attribute such as .align'",
        "array_size_expression.ptx, 7, an array size",
        "func_noreturn_before_name.ptx, 4, a function name"})
    void rejectedConstructIsOneParseError(String name, int line, String expected) {
        Path file = DIR.resolve("rejected").resolve(name);
        PtxParseException e = assertThrows(PtxParseException.class, () -> PtxParser.parse(file));
        assertEquals(file.toString(), e.file());
        assertEquals(line, e.line());
        assertEquals(expected, e.expected());
    }

    @Test
    void everyRejectedFileHasAnExpectedError() throws IOException {
        assertEquals(12, rejected().count(), "add a row to rejectedConstructIsOneParseError for each rejected file");
    }

    /** The accepted/rejected split is what ptxas 13.0 does with these files. */
    @Test
    void ptxasAgreesWithTheSplit() throws Exception {
        Ptxas ptxas = Ptxas.find();
        assumeTrue(ptxas != null, "ptxas is not installed; skipping the check of the construct files against it");
        List<String> disagreements = new ArrayList<>();
        for (Path p : accepted().toList()) {
            Ptxas.Run run = ptxas.run(p, "sm_90", 0);
            if (!run.accepted()) {
                disagreements.add("ptxas rejects " + p.getFileName() + ": " + run.output());
            }
        }
        for (Path p : rejected().toList()) {
            if (ptxas.run(p, "sm_90", 0).accepted()) {
                disagreements.add("ptxas accepts " + p.getFileName());
            }
        }
        assertEquals(List.of(), disagreements);
    }

    @Test
    void oldStylePrototypesWithoutSemicolonDeclareTheFunction() throws IOException {
        PtxModule m = parse("accepted/old_func_prototype_before_file.ptx");
        assertEquals(List.of("_Z1kPi", "_Z3addii"), m.functions().stream().map(KernelFunction::name).toList());
        KernelFunction k = function(m, "_Z1kPi");
        assertTrue(k.instrHas(find(k, "call.uni"), InstrFlags.CALL));

        // Pre-ABI register parameters and register call arguments.
        PtxModule r = parse("accepted/old_func_prototype_before_entry_reg_params.ptx");
        KernelFunction entry = function(r, "k");
        int call = find(entry, "call.uni");
        assertEquals(List.of("%r2"), defs(entry, call));
        assertEquals(List.of("%r1"), uses(entry, call));
        KernelFunction sq = function(r, "_Z3sqi");
        assertEquals(List.of("%rv1"), defs(sq, find(sq, "mul.lo.u32")));
        assertEquals(List.of("%ra1", "%ra1"), uses(sq, find(sq, "mul.lo.u32")));
    }

    @Test
    void warpSizeIsAnImmediate() throws IOException {
        KernelFunction k = function(parse("accepted/warp_sz_operand.ptx"), "k");
        int mov = find(k, "mov.u32");
        assertEquals(List.of("%r1"), defs(k, mov));
        assertEquals(List.of(), uses(k, mov));
        assertEquals(List.of("%r1"), uses(k, find(k, "rem.u32")));
        KernelFunction e = function(parse("accepted/warp_sz_expression_and_offset.ptx"), "k");
        assertEquals(List.of("%r1"), uses(e, find(e, "add.u32")));
        assertEquals(List.of("%rd1", "%r1"), uses(e, find(e, "st.global.u32")));
    }

    @Test
    void dotKeywordsWithoutBlanksAreSeparateKeywords() throws IOException {
        PtxModule m = parse("accepted/dot_keywords_without_blanks.ptx");
        KernelFunction f = function(m, "f");
        assertEquals(".f32", f.params().get(0).type());
        assertEquals("x", f.params().get(0).name());
        KernelFunction k = function(m, "k");
        assertEquals(".u64", k.params().get(0).type());
        assertEquals(8, k.localBytes(), ".local.align 4 .b8 arr[8]");
        assertEquals(RegClass.R, k.vregClass(vreg(k, "%f1")));
    }

    @Test
    void vectorRegistersAreOneWideAlignedVreg() throws IOException {
        KernelFunction k = function(parse("accepted/vector_register_declarations.ptx"), "k");
        int q = vreg(k, "%q1");
        assertEquals(PairMode.QUAD, k.pairMode(q), ".v4 .f32 = 128 bits");
        assertTrue(constraintsOf(k, q).stream().anyMatch(c -> c.kind() == ConstraintKind.PAIRED));
        int r = vreg(k, "%r1");
        assertEquals(PairMode.SINGLE, k.pairMode(r), ".v2 .b16 = 32 bits");
        assertEquals(List.of("%q1"), defs(k, find(k, "ld.global.v4.f32")));
        assertEquals(List.of("%q1", "%q1"), uses(k, find(k, "add.f32")));
        int extract = find(k, "mov.b16");
        assertEquals(List.of("%r1"), uses(k, extract));
        assertFalse(k.instrHas(extract, InstrFlags.COPY), "extracting a component is not a copy");

        AllocationResult res = allocate(k);
        AllocationChecker.verify(res.allocatedFunction(), res.assignment());
        assertEquals(0, res.assignment().slotOf(q) % 4, "a 128-bit vector sits in an aligned quad");
    }

    @Test
    void vectorRegisterParametersAreWideRegisters() throws IOException {
        PtxModule m = parse("accepted/vector_register_parameters.ptx");
        KernelFunction f = function(m, "f");
        assertEquals(PairMode.DOUBLE, f.pairMode(vreg(f, "%x")), ".reg .v4 .u16 = 64 bits");
        assertEquals(List.of("%h1", "%x"), uses(f, find(f, "add.u16")));
        KernelFunction k = function(m, "k");
        int call = find(k, "call.uni");
        assertEquals(List.of("%v2"), defs(k, call));
        assertEquals(List.of("%v1"), uses(k, call));
    }

    @Test
    void componentWritesKeepTheOtherComponents() throws IOException {
        KernelFunction k = function(parse("accepted/vector_component_writes.ptx"), "k");
        int first = find(k, "mov.f32");
        assertEquals(List.of("%q"), defs(k, first));
        assertEquals(List.of("%f1"), uses(k, first), "the first write starts the vector's value");
        assertEquals(List.of("%q"), defs(k, first + 1));
        assertEquals(List.of("%q", "%f1"), uses(k, first + 1), "later writes keep the components already written");
        int st = find(k, "st.global.v2.f32");
        assertEquals(List.of("%rd1", "%q", "%q"), uses(k, st));
    }

    @Test
    void nvopenccEraKernel() throws IOException {
        KernelFunction k = function(parse("accepted/nvopencc_era_kernel.ptx"), "_Z6kernelPfS_i");
        assertEquals(1024, k.sharedBytes());
        assertEquals(16, k.localBytes());
        assertEquals(256, k.launchBounds().maxThreads());
        assertEquals(List.of("%rd8"), uses(k, find(k, "ld.shared.f32")), "[%rd8+-4]");
    }

    private static AllocationResult allocate(KernelFunction f) {
        return Allocators.fatPoint().allocate(f, Knobs.defaults(), ArchProfiles.of("sm_90"), 0);
    }

    private static PtxModule parse(String relative) throws IOException {
        return PtxParser.parse(DIR.resolve(relative));
    }

    private static Stream<Path> list(String sub) throws IOException {
        try (Stream<Path> s = Files.list(DIR.resolve(sub))) {
            return s.filter(p -> p.toString().endsWith(".ptx")).sorted().toList().stream();
        }
    }

    private static Path resourceDir() {
        try {
            return Path.of(PtxasConstructsTest.class.getResource("/ptx/constructs").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
