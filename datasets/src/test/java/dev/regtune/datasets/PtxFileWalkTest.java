package dev.regtune.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PtxFileWalkTest {
    @TempDir
    Path dir;

    @Test
    void walksPtxFilesInPathStringOrder() throws Exception {
        for (String f : List.of("b.ptx", "a.ptx", "a-b.ptx", "a/x.ptx", "a/sm_90/z.ptx", "ab/y.ptx", "notes.txt")) {
            Path p = dir.resolve(f);
            Files.createDirectories(p.getParent());
            Files.writeString(p, "");
        }
        List<String> walked;
        try (Stream<Path> s = PtxFileWalk.of(dir)) {
            walked = s.map(p -> PtxFileWalk.slashed(dir.relativize(p))).toList();
        }
        assertEquals(walked.stream().sorted().toList(), walked);
        assertEquals(List.of("a-b.ptx", "a.ptx", "a/sm_90/z.ptx", "a/x.ptx", "ab/y.ptx", "b.ptx"), walked);
        assertEquals("sm_90", PtxFileWalk.archOfFolder(dir.resolve("a/sm_90/z.ptx")).orElseThrow());
        assertEquals(true, PtxFileWalk.archOfFolder(dir.resolve("a/x.ptx")).isEmpty());
        assertEquals("gemm_tile", PtxFileWalk.baseName(Path.of("x/gemm_tile.ptx")));
    }
}
