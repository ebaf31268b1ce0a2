package dev.regtune.job.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.arch.ArchProfiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReferenceCorpusTest {
    static final String MANIFEST_HEADER =
            "file,repo,commit,path,entry,ptx_instructions,declared_vregs,rewrote_header,generator,kind\n";
    static final String PTXAS_HEADER = "file,entry,arch,maxrregcount,regs,spill_store_bytes,spill_load_bytes,"
            + "stack_frame_bytes,compile_ms\n";
    static final String PTX = """
            .version 8.0
            .target sm_80
            .address_size 64
            .visible .entry k(.param .u64 p)
            {
                .reg .b32 %r<3>;
                mov.u32 %r1, %tid.x;
                add.s32 %r2, %r1, %r1;
                ret;
            }
            """;

    @TempDir
    Path dir;

    /** A corpus-real style folder: a.ptx (repo o/a, both archs), b.ptx (repo o/b, sm_90 only). */
    static Path corpus(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("ptx"));
        Files.writeString(dir.resolve("ptx/a.ptx"), PTX);
        Files.writeString(dir.resolve("ptx/b.ptx"), PTX.replace("sm_80", "sm_90a"));
        Files.writeString(dir.resolve("manifest.csv"), MANIFEST_HEADER
                + "a.ptx,o/a,abc,src/a.ptx,k,3,3,yes,nvcc,plain\n"
                + "b.ptx,o/b,def,src/b.ptx,k,3,3,sm_90a,hand,plain\n");
        StringBuilder ptxas = new StringBuilder(PTXAS_HEADER);
        for (String budget : List.of("0", "24")) {
            ptxas.append("a.ptx,k,sm_80,").append(budget).append(",6,0,0,0,1.0\n");
            ptxas.append("a.ptx,k,sm_90,").append(budget).append(",8,0,0,0,1.0\n");
            ptxas.append("b.ptx,k,sm_90,").append(budget).append(",8,0,0,0,1.0\n");
        }
        Files.writeString(dir.resolve("ptxas.csv"), ptxas.toString());
        return dir;
    }

    @Test
    void readsCorpusRealsLayout() throws IOException {
        ReferenceCorpus c = ReferenceCorpus.load(corpus(dir));
        assertEquals(dir.getFileName().toString(), c.name());
        assertEquals(2, c.inputs().size());
        assertEquals(List.of(ArchProfiles.of("sm_80"), ArchProfiles.of("sm_90")), c.inputs().get(0).archs());
        assertEquals(List.of(ArchProfiles.of("sm_90")), c.inputs().get(1).archs()); // no sm_80 rows
        assertEquals(3, c.kernels().size());
        CorpusKernel k = c.kernels().get(0);
        assertEquals(new CorpusKernel("a.ptx", "k", "sm_80", "o/a", new EntryTraits(KernelKind.PLAIN, 3, "plain")), k);
        assertEquals(1, c.inputs(List.of(ArchProfiles.of("sm_80"))).size());
        assertEquals(6, c.truth().row("a.ptx", "sm_80", 0, "k").registers());
        assertTrue(c.truth().description().contains("13.0.88"));
    }

    @Test
    void readsTheBundledLayoutAsOneRepository() throws IOException {
        Path ptx = dir.resolve("ptx/sm_90");
        Files.createDirectories(ptx);
        Files.writeString(ptx.resolve("x.ptx"), PTX);
        Files.writeString(dir.resolve("ptxas-reference.csv"), String.join(",", ReferenceCsv.COLUMNS) + "\n"
                + "ptx/sm_90/x.ptx,k,entry,sm_90,0,8,0,0,0,13.0.88\n");
        ReferenceCorpus c = ReferenceCorpus.load(dir);
        assertEquals(List.of(new CorpusKernel("sm_90/x.ptx", "k", "sm_90", ReferenceCorpus.BUNDLED_REPO,
                new EntryTraits(KernelKind.PLAIN, 3, "plain"))), c.kernels());
    }

    @Test
    void badFoldersAreOneSentence() throws IOException {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> ReferenceCorpus.load(dir));
        assertTrue(none.getMessage().contains("neither manifest.csv"), none.getMessage());
        corpus(dir);
        Files.writeString(dir.resolve("manifest.csv"), MANIFEST_HEADER + "a.ptx,o/a,abc,src/a.ptx,k,3,3,yes,nvcc,odd\n");
        IllegalArgumentException kind = assertThrows(IllegalArgumentException.class, () -> ReferenceCorpus.load(dir));
        assertTrue(kind.getMessage().contains("manifest.csv:2: kind should be one of"), kind.getMessage());
        Files.writeString(dir.resolve("manifest.csv"), MANIFEST_HEADER + "zz.ptx,o/a,abc,src/a.ptx,k,3,3,yes,nvcc,plain\n");
        IllegalArgumentException file = assertThrows(IllegalArgumentException.class, () -> ReferenceCorpus.load(dir));
        assertTrue(file.getMessage().contains("zz.ptx is not under"), file.getMessage());
    }
}
