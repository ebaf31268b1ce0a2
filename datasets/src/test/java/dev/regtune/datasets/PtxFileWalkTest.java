package dev.regtune.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NotDirectoryException;
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

    /**
     * A sub-folder whose listing fails is given in its place and the walk goes on; {@link PtxFileWalk#of}
     * still fails on it. The failures are made by the lister, so the test runs as root too (where
     * {@code chmod 000} keeps nobody out).
     */
    @Test
    void aSubFolderThatCannotBeListedIsGivenInItsPlaceAndTheWalkGoesOn() throws Exception {
        for (String f : List.of("a.ptx", "locked/x.ptx", "m/gone/y.ptx", "m/z.ptx", "z.ptx")) {
            Path p = dir.resolve(f);
            Files.createDirectories(p.getParent());
            Files.writeString(p, "");
        }
        PtxFileWalk.Lister lister = folder -> {
            if (folder.endsWith("locked")) {
                throw new AccessDeniedException(folder.toString());
            }
            if (folder.endsWith("gone")) {
                throw new NotDirectoryException(folder.toString());
            }
            return Files.newDirectoryStream(folder);
        };
        List<String> walked;
        try (Stream<PtxFileWalk.Entry> s = PtxFileWalk.entries(dir, lister)) {
            walked = s.map(e -> (e instanceof PtxFileWalk.Unlistable u ? u.failure().getClass().getSimpleName() + " "
                    : "") + PtxFileWalk.slashed(dir.relativize(e.path()))).toList();
        }
        assertEquals(List.of("a.ptx", "AccessDeniedException locked", "NotDirectoryException m/gone", "m/z.ptx", "z.ptx"),
                walked);
        try (Stream<Path> s = PtxFileWalk.of(dir)) {
            assertEquals(5, s.count(), "nothing fails without the lister");
        }
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> {
            try (Stream<PtxFileWalk.Entry> s = PtxFileWalk.entries(dir.resolve("locked"), lister)) {
                s.count();
            }
        });
        assertTrue(e.getMessage().startsWith("cannot list folder '"), e.getMessage());
    }
}
