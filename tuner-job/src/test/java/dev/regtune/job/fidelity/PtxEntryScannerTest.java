package dev.regtune.job.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PtxEntryScannerTest {
    static final String PTX = """
            .version 8.0
            .target sm_80
            .address_size 64
            .extern .func (.param .b32 func_retval0) vprintf (.param .b64 a, .param .b64 b);
            .func (.param .b32 func_retval0) helper(.param .b32 p)
            {
                ret;
            }
            .visible .entry caller(.param .u64 p)
            {
                .reg .b32 %r<4>;
                .loc 1 10 3
                mov.u32 %r1, 1; // a comment; with a semicolon
                { // callseq 0, 0
                .param .b32 param0;
                st.param.b32 [param0], %r1;
                call.uni (retval0),
                helper,
                (
                param0
                );
                } // callseq 0
            $L__BB0_1:
                call.uni (retval0), vprintf, (param0, param0);
                ret;
            }
            .visible .entry withLocal()
            {
                .local .align 4 .b8 __local_depot1[64];
                .reg .b64 %SP;
                mov.u64 %SP, __local_depot1;
                ret;
            }
            .entry tensor()
            {
                .reg .f32 %f<9>;
            $L__BB2_1: @%p1 mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2}, {%r3}, {%f5,%f6,%f7,%f8};
                ret;
            }
            .entry plain()
            {
                /* block
                   comment; */
                ret;
            }
            """;

    @Test
    void classifiesAndCountsAsCorpusRealDoes() {
        Map<String, EntryTraits> t = PtxEntryScanner.scan(PTX);
        assertEquals(List.of("caller", "withLocal", "tensor", "plain"), List.copyOf(t.keySet()));
        // mov, st.param, the multi-line call (once), the call to vprintf, ret
        assertEquals(new EntryTraits(KernelKind.CALLS, 5, "calls a .func (helper), vprintf"), t.get("caller"));
        assertEquals(new EntryTraits(KernelKind.LOCAL, 2, "uses .local (64 bytes)"), t.get("withLocal"));
        assertEquals(new EntryTraits(KernelKind.TENSOR, 2, "uses tensor cores"), t.get("tensor"));
        assertEquals(new EntryTraits(KernelKind.PLAIN, 1, "plain"), t.get("plain"));
    }

    /** A file read a statement at a time gives the map its whole text gives, on every corpus file. */
    @Test
    void aStreamedFileScansAsItsWholeText() throws IOException {
        List<Path> files = new ArrayList<>();
        Path real = CorpusFidelityTest.corpusReal();
        for (Path folder : real == null ? List.of(Path.of("../datasets/corpus/ptx"))
                : List.of(Path.of("../datasets/corpus/ptx"), real.resolve("ptx"))) {
            try (Stream<Path> s = Files.walk(folder)) {
                s.filter(p -> p.toString().endsWith(".ptx")).sorted().forEach(files::add);
            }
        }
        assertTrue(files.size() >= 54, files.size() + " files");
        for (Path file : files) {
            assertEquals(PtxEntryScanner.scan(Files.readString(file, StandardCharsets.ISO_8859_1)),
                    PtxEntryScanner.scan(file), file.toString());
        }
    }

    /**
     * Text that is not PTX streams to the same map too: comments the pattern does not close,
     * comment markers in strings, braces and parentheses left open or closing nothing, an entry
     * without a body, a function defined after the entry that calls it, a name entered twice.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "",
        PTX,
        ".entry a() { ret; } /* never closed\n.entry b() { ret; }",
        ".entry a() { ret; } /* closed */ .entry b() { x; } /* open /* still open",
        ".entry a() { mov.u32 %r1, 1; // one; \n } /**/ /*/ .entry b() { ret; } */",
        ".pragma \"//not a comment\"; .entry a() { ret; }",
        ".entry a() { { ret; } .entry b() { ret; }",
        ".entry a() ) { ret; } .entry b() { ret; }",
        ".entry a() { ret; } } .entry b() { ret; }",
        "( .entry a ; ) { ret; } .entry b() { ret; }",
        ".entry a(.param .u32 p; .param .u32 q) { ret; }",
        ".entry decl();\n.entry a() { call f, (); }\n.func f() { ret; }",
        ".entry a() { ret; }\n.entry a() { call.uni g, (); }\n.func (.param .b32 r; x) g() { ret; }",
        ".entry a() { .local .b8 d[16]; ret; } .entry t() { @%p1 mma.sync x; }",
        ".entry unclosed() { ret;"
    })
    void malformedTextStreamsToTheSameMap(String text, @TempDir Path dir) throws IOException {
        Path file = dir.resolve("t.ptx");
        Files.writeString(file, text, StandardCharsets.ISO_8859_1);
        assertEquals(PtxEntryScanner.scan(text), PtxEntryScanner.scan(file));
    }

    /**
     * Long pieces: a table initializer (dropped as it is read), one that mentions {@code .func}
     * and {@code .entry} (kept), a top-level list, and an entry body longer than the dropping
     * threshold.
     */
    @Test
    void longInitializersAndBodiesStreamToTheSameMap(@TempDir Path dir) throws IOException {
        StringBuilder table = new StringBuilder();
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < 40_000; i++) {
            table.append(i).append(i % 1000 == 999 ? ",\n" : ", ");
            body.append("add.s32 %r1, %r1, ").append(i).append(";\n");
        }
        String t = table.append('0').toString();
        List<String> texts = List.of(
                ".global .u32 table[40001] = {" + t + "};\n" + PTX,
                ".global .u32 table[40001] = {" + t + ", .func f};\n.entry a() { call f, (); }\n.func f() { ret; }",
                ".global .u32 table[2] = {{" + t + "}, { .entry b() { ret; } }};\n" + PTX,
                ".global .u32 " + t.replace(", ", ", x").replace(",\n", ", y") + ";\n" + PTX,
                PTX + "\n.entry big() {\n" + body + "call.uni helper, ();\nret;\n}\n");
        for (String text : texts) {
            Path file = dir.resolve("long.ptx");
            Files.writeString(file, text, StandardCharsets.ISO_8859_1);
            assertEquals(PtxEntryScanner.scan(text), PtxEntryScanner.scan(file), text.substring(0, 60));
        }
    }

    @Test
    void sizeBucketsCoverEveryCount() {
        assertEquals("<32", SizeBucket.of(0).label());
        assertEquals("<32", SizeBucket.of(31).label());
        assertEquals("32-127", SizeBucket.of(32).label());
        assertEquals("512-2047", SizeBucket.of(2047).label());
        assertEquals(">=2048", SizeBucket.of(5470).label());
    }

    /** The manifest of corpus-real was made by another program; the scanner must agree with it on every kernel. */
    @Test
    void agreesWithTheManifestOfCorpusReal() throws IOException {
        Path dir = CorpusFidelityTest.corpusReal();
        assumeTrue(dir != null, "../shared/corpus-real is absent; skipping the comparison with its manifest");
        ReferenceCorpus corpus = ReferenceCorpus.load(dir);
        Map<String, Map<String, EntryTraits>> scanned = new HashMap<>();
        int checked = 0;
        for (CorpusKernel k : corpus.kernels()) {
            Map<String, EntryTraits> t = scanned.computeIfAbsent(k.file(), f -> scan(dir.resolve("ptx").resolve(f)));
            EntryTraits s = t.get(k.entry());
            assertEquals(k.traits().kind(), s.kind(), k.file() + " " + k.entry());
            assertEquals(k.traits().ptxInstructions(), s.ptxInstructions(), k.file() + " " + k.entry());
            checked++;
        }
        assertEquals(935, checked); // 469 kernels on sm_90, 466 on sm_80
    }

    private static Map<String, EntryTraits> scan(Path file) {
        try {
            return PtxEntryScanner.scan(Files.readString(file, StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
