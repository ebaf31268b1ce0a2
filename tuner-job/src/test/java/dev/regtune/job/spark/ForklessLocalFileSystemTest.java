package dev.regtune.job.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code file:} file system of RegTune's sessions sets the modes Hadoop's own would (its umask
 * applied), writes checksummed files as {@code LocalFileSystem} does, and is the one Spark's writes
 * get.
 */
class ForklessLocalFileSystemTest {
    @TempDir
    Path dir;

    private static FileSystem fileSystem() throws Exception {
        Configuration conf = new Configuration();
        conf.set("fs.file.impl", ForklessLocalFileSystem.class.getName());
        conf.set("fs.permissions.umask-mode", "022");
        return FileSystem.newInstance(URI.create("file:///"), conf); // not the JVM-wide cached instance
    }

    @Test
    void filesAndFoldersGetHadoopsModesAndChecksums() throws Exception {
        try (FileSystem fs = fileSystem()) {
            assertInstanceOf(ForklessLocalFileSystem.class, fs);
            org.apache.hadoop.fs.Path folder = new org.apache.hadoop.fs.Path(dir.resolve("a/b").toUri());
            fs.mkdirs(folder, new FsPermission((short) 0750));
            assertEquals("rwxr-x---", mode(dir.resolve("a/b")));
            org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(folder, "part.txt");
            try (FSDataOutputStream out = fs.create(file, new FsPermission((short) 0666), false, 4096, (short) 1,
                    1 << 20, null)) {
                out.write("rows".getBytes(StandardCharsets.UTF_8));
            }
            assertEquals("rw-r--r--", mode(dir.resolve("a/b/part.txt"))); // 0666 under the umask 022
            assertEquals("rows", Files.readString(dir.resolve("a/b/part.txt")));
            assertEquals(true, Files.exists(dir.resolve("a/b/.part.txt.crc")), "the checksum file is written");
            fs.setPermission(file, new FsPermission((short) 0604));
            assertEquals("rw----r--", mode(dir.resolve("a/b/part.txt")));
        }
    }

    @Test
    void modesWithBitsBeyondReadWriteExecuteAreLeftToChmod() {
        assertEquals(PosixFilePermissions.fromString("rwxr-x--x"), ForklessLocalFileSystem.posix((short) 0751));
        assertEquals(PosixFilePermissions.fromString("---------"), ForklessLocalFileSystem.posix((short) 0));
        assertNull(ForklessLocalFileSystem.posix((short) 01777));
        assertNull(ForklessLocalFileSystem.posix((short) 02755));
    }

    @Test
    void sessionsStartedHereWriteThroughIt() {
        SparkSession spark = SparkSessions.open("forkless file system test", Optional.of("local[2]"));
        assertEquals(ForklessLocalFileSystem.class.getName(), spark.sparkContext().hadoopConfiguration()
                .get("fs.file.impl"));
    }

    private static String mode(Path p) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }
}
