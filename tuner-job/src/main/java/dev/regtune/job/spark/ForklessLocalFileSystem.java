package dev.regtune.job.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.nativeio.NativeIO;
import org.jspecify.annotations.Nullable;

/**
 * Hadoop's {@code file:} file system (checksummed, as {@link LocalFileSystem}) whose permission
 * changes do not start a process. Without Hadoop's native library (RegTune ships none), Hadoop's
 * {@link RawLocalFileSystem#setPermission} runs {@code chmod} as a child process, and it is called
 * for every file and folder a Spark write creates: three processes and a stderr-reading thread per
 * task of a sweep, about 150 for a sweep of 48 tasks, each a {@code posix_spawn} of the whole JVM
 * competing for the cores with the evaluations. Here the same mode is set with
 * {@link Files#setPosixFilePermissions}, the same {@code chmod(2)} without a process. Where the
 * native library is loaded, a mode has a sticky, setuid or setgid bit, or the file system is not
 * POSIX, Hadoop's own path is taken unchanged.
 *
 * <p>{@link SparkSessions} installs it as {@code fs.file.impl} of the sessions it starts.
 */
public final class ForklessLocalFileSystem extends LocalFileSystem {
    public ForklessLocalFileSystem() {
        super(new Raw());
    }

    /** The raw local file system under the checksums, with {@link #setPermission} in-process. */
    static final class Raw extends RawLocalFileSystem {
        @Override
        public void setPermission(Path p, FsPermission permission) throws IOException {
            Set<PosixFilePermission> mode = posix(permission.toShort());
            if (mode == null || NativeIO.isAvailable()) {
                super.setPermission(p, permission);
                return;
            }
            try {
                Files.setPosixFilePermissions(pathToFile(p).toPath(), mode);
            } catch (UnsupportedOperationException notPosix) {
                super.setPermission(p, permission);
            }
        }
    }

    private static final PosixFilePermission[] BITS = {
        PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_READ,
        PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
        PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_READ,
    };

    /**
     * The permissions of the mode {@code bits} (0755 and the like), or null when it has bits
     * beyond read, write and execute (sticky, setuid, setgid), which only {@code chmod} sets.
     */
    static @Nullable Set<PosixFilePermission> posix(short bits) {
        if ((bits & ~0777) != 0) {
            return null;
        }
        Set<PosixFilePermission> out = EnumSet.noneOf(PosixFilePermission.class);
        for (int i = 0; i < BITS.length; i++) {
            if ((bits & (1 << i)) != 0) {
                out.add(BITS[i]);
            }
        }
        return out;
    }
}
