package dev.regtune.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.ptx.PtxParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class PtxEntriesTest {
    private static final String PTX = """
            .version 9.0
            .target sm_90
            .address_size 64
            // .entry commented_out( ) { }
            /* .entry also_commented() { } */
            .extern .func (.param .b32 r) helper(.param .b32 a);
            .visible .entry first(
            \t.param .u32 first_param_0
            )
            .maxntid 256, 1, 1
            {
            \t.reg .b32 %r<3>;
            \t{ // inner scope with a brace in a comment }
            \t.reg .b32 %t;
            \t}
            \tret;
            }
            .entry second()
            {
            \tret;
            }
            """;

    @Test
    void findsEntriesAndTheirTextSkippingCommentsAndDeclarations() {
        List<PtxEntries.Entry> entries = PtxEntries.scan(PTX);
        assertEquals(List.of("first", "second"), entries.stream().map(PtxEntries.Entry::name).toList());
        String first = entries.get(0).text(PTX);
        assertTrue(first.startsWith(".visible .entry first("), first);
        assertTrue(first.endsWith("\tret;\n}"), first);
        assertEquals(".entry second()\n{\n\tret;\n}", entries.get(1).text(PTX));
        assertEquals("sm_90", PtxEntries.target(PTX).orElseThrow());
    }

    @Test
    void idFollowsTheCodeAndTheArchNotTheLineEndings() {
        String text = PtxEntries.scan(PTX).get(0).text(PTX);
        String id = KernelId.of("sm_90", text);
        assertTrue(KernelId.isValid(id), id);
        assertEquals(id, KernelId.of("sm_90", text.replace("\n", "\r\n")));
        assertNotEquals(id, KernelId.of("sm_80", text));
        assertNotEquals(id, KernelId.of("sm_90", text.replace("%r<3>", "%r<4>")));
        // Pinned: the id scheme is part of the manifest format (sha256sum of "sm_90\n" + the text, 16 digits).
        assertEquals("748157f59e32517b", KernelId.of("sm_90", ".entry k()\n{\n\tret;\n}"));
    }

    @Test
    void findsTheSameEntriesAsTheParserInEveryCorpusFile() throws Exception {
        Path ptx = Path.of("corpus/ptx");
        try (Stream<Path> files = PtxFileWalk.of(ptx)) {
            for (Path f : files.toList()) {
                String text = Files.readString(f);
                PtxModule module = PtxParser.parse(text, f.toString());
                assertEquals(module.entries().stream().map(e -> e.name()).toList(),
                        PtxEntries.scan(text).stream().map(PtxEntries.Entry::name).toList(), f.toString());
            }
        }
    }
}
