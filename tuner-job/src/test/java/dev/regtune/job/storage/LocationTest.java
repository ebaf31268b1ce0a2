package dev.regtune.job.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plain paths stay {@code java.nio} paths as written; URIs go to Hadoop; bad ones are one sentence. */
class LocationTest {
    @TempDir
    Path dir;

    @Test
    void aPlainPathIsLocalAndPrintsAsWritten() {
        Location l = Location.of("runs/core");
        assertEquals(Optional.of(Path.of("runs/core")), l.localPath());
        assertEquals("runs/core", l.toString());
        assertEquals("runs/core/results", l.resolve("results").toString());
        assertTrue(l.atomicRename());
        assertEquals(Optional.of(Path.of("C:x")), Location.of("C:x").localPath(), "one letter is a drive, not a scheme");
    }

    @Test
    void aFileUriIsTheLocalPathItNames() {
        assertEquals(Optional.of(dir.resolve("a")), Location.of(dir.resolve("a").toUri().toString()).localPath());
    }

    @Test
    void createNewIsCreateIfAbsentAndAnAtomicWriteLeavesNothingBeside() throws IOException {
        Location a = Location.local(dir.resolve("a"));
        assertTrue(a.createNew("1".getBytes(StandardCharsets.UTF_8)));
        assertFalse(a.createNew("2".getBytes(StandardCharsets.UTF_8)), "the second create loses");
        assertEquals("1", a.readString());
        a.writeStringAtomically("3");
        assertArrayEquals("3".getBytes(StandardCharsets.UTF_8), Files.readAllBytes(dir.resolve("a")));
        assertEquals(List.of("a"), Location.local(dir).list(), "no temporary file is left beside it");
        Location folder = Location.local(dir.resolve("f/g"));
        folder.createDirectories();
        folder.moveTo(Location.local(dir.resolve("moved")));
        assertEquals(List.of("a", "f", "moved"), Location.local(dir).list());
        assertThrows(NoSuchFileException.class, () -> Location.local(dir.resolve("none")).readAllBytes());
    }

    @Test
    void aSchemeWithoutAFileSystemIsOneSentenceNamingIt() {
        UnsupportedLocationException e = assertThrows(UnsupportedLocationException.class,
                () -> Location.of("nosuch://host/x"));
        assertEquals("'nosuch://host/x' has scheme 'nosuch', for which no Hadoop FileSystem is on the class path; use "
                + "a plain path, file:, hdfs:, or add the scheme's connector (hadoop-aws for s3a:, hadoop-azure for "
                + "abfs:, gcs-connector for gs:)", e.getMessage());
    }

    @Test
    void objectStoresAreKnownByTheirScheme() {
        assertEquals(Optional.of("s3a"), Location.objectStoreScheme("s3a://bucket/x"));
        assertEquals(Optional.of("abfss"), Location.objectStoreScheme("ABFSS://c@a.dfs.core.windows.net/x"));
        assertEquals(Optional.empty(), Location.objectStoreScheme("hdfs://nn:8020/x"));
        assertEquals(Optional.empty(), Location.objectStoreScheme("runs/s3a"));
    }
}
