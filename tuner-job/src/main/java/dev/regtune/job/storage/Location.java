package dev.regtune.job.storage;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.UnsupportedFileSystemException;
import org.apache.hadoop.security.AccessControlException;
import org.jspecify.annotations.Nullable;

/**
 * A file or folder: a plain local path (kept as a {@link Path}, with {@code java.nio} semantics
 * exactly as before) or a URI resolved by Hadoop's {@link FileSystem} ({@code file:} URIs are
 * local paths too). Its operations are the few RegTune needs, each with the strongest guarantee the
 * storage gives:
 *
 * <ul>
 *   <li>{@link #createNew} is an atomic create-if-absent (POSIX {@code O_EXCL}; HDFS
 *       {@code create(overwrite=false)}, atomic at the NameNode);</li>
 *   <li>{@link #moveTo} renames a file or folder to a name that does not exist yet, atomically on a
 *       local or POSIX shared file system and on HDFS; on object stores a rename is a copy and a
 *       delete, which is why {@link #atomicRename()} says so and a sweep refuses to commit there;</li>
 *   <li>{@link #writeAtomically} replaces a file so that a reader sees the old or the new bytes,
 *       never half (a temporary sibling renamed over it; on object stores one PUT, visible whole on
 *       close).</li>
 * </ul>
 *
 * <p>Hadoop's failures are given as {@code java.nio} ones ({@link NoSuchFileException},
 * {@link AccessDeniedException}, {@link FileAlreadyExistsException}) so that callers word them
 * the same way whatever the storage.
 */
public final class Location {
    /** A URI scheme: two or more characters, so that a Windows drive letter stays a plain path. */
    private static final Pattern SCHEME = Pattern.compile("([A-Za-z][A-Za-z0-9+.-]+):.*", Pattern.DOTALL);
    /**
     * Object stores: a "rename" there copies and deletes object by object, so a folder can be seen
     * half moved, and a kill can leave it so.
     */
    private static final Set<String> OBJECT_STORES = Set.of("s3", "s3a", "s3n", "gs", "abfs", "abfss", "wasb",
            "wasbs", "adl", "oss", "cos", "cosn", "obs");

    private final @Nullable Path local;
    private final org.apache.hadoop.fs.@Nullable Path remote;
    private final @Nullable FileSystem fs;

    private Location(@Nullable Path local, org.apache.hadoop.fs.@Nullable Path remote, @Nullable FileSystem fs) {
        this.local = local;
        this.remote = remote;
        this.fs = fs;
    }

    /** A local path. */
    public static Location local(Path path) {
        return new Location(Objects.requireNonNull(path, "path"), null, null);
    }

    /** {@code text} resolved with Hadoop's default configuration (core-site.xml, hdfs-site.xml on the class path). */
    public static Location of(String text) {
        return of(text, new Configuration());
    }

    /**
     * A plain path ({@code runs/core}, {@code /data/x}) is local and stays as written; a
     * {@code file:} URI is the local path it names; any other {@code scheme:} goes to Hadoop.
     *
     * @throws UnsupportedLocationException naming the scheme when no Hadoop file system serves it,
     *     or the URI when it is malformed or its file system cannot be opened
     */
    public static Location of(String text, Configuration conf) {
        var m = SCHEME.matcher(text);
        if (!m.matches()) {
            return local(Path.of(text));
        }
        String scheme = m.group(1).toLowerCase(Locale.ROOT);
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new UnsupportedLocationException("'" + text + "' is not a valid URI (" + e.getReason()
                    + "); give a plain path or a URI such as hdfs://namenode:8020/folder");
        }
        if (scheme.equals("file")) {
            try {
                return local(Path.of(uri));
            } catch (IllegalArgumentException e) {
                throw new UnsupportedLocationException("'" + text + "' is not a file: URI of a local path ("
                        + e.getMessage() + "); write file:///absolute/path or a plain path");
            }
        }
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(uri);
        try {
            FileSystem system = FileSystem.get(uri, conf);
            return new Location(null, system.makeQualified(p), system);
        } catch (UnsupportedFileSystemException e) {
            throw new UnsupportedLocationException("'" + text + "' has scheme '" + scheme + "', for which no Hadoop "
                    + "FileSystem is on the class path; use a plain path, file:, hdfs:, or add the scheme's connector "
                    + "(hadoop-aws for s3a:, hadoop-azure for abfs:, gcs-connector for gs:)");
        } catch (IOException | RuntimeException e) {
            throw new UnsupportedLocationException("cannot open the file system of '" + text + "': "
                    + firstLine(e.getMessage()));
        }
    }

    /** Whether this is a local path (plain, or a {@code file:} URI). */
    public boolean isLocal() {
        return local != null;
    }

    /** The local path, when this is one. */
    public Optional<Path> localPath() {
        return Optional.ofNullable(local);
    }

    /** The URI scheme: {@code file} for a local path. */
    public String scheme() {
        return local != null ? "file" : Objects.requireNonNull(remote).toUri().getScheme();
    }

    /**
     * Whether renaming a folder here is atomic (local and POSIX shared file systems, HDFS and
     * other Hadoop file systems with real directories) rather than a copy that can be seen or left
     * half done (object stores: s3a, gs, abfs, wasb, oss...).
     */
    public boolean atomicRename() {
        return local != null || !OBJECT_STORES.contains(scheme().toLowerCase(Locale.ROOT));
    }

    /**
     * The scheme of {@code text} when it names an object store ({@code s3a://bucket/x} is
     * {@code s3a}), whether or not its connector is on the class path; empty for anything else.
     */
    public static Optional<String> objectStoreScheme(String text) {
        var m = SCHEME.matcher(text);
        if (!m.matches()) {
            return Optional.empty();
        }
        String scheme = m.group(1).toLowerCase(Locale.ROOT);
        return OBJECT_STORES.contains(scheme) ? Optional.of(scheme) : Optional.empty();
    }

    /** The child {@code name} (may contain {@code /}). */
    public Location resolve(String name) {
        if (local != null) {
            return local(local.resolve(name));
        }
        return new Location(null, new org.apache.hadoop.fs.Path(Objects.requireNonNull(remote), name), fs);
    }

    /** The parent folder, if there is one. */
    public Optional<Location> parent() {
        if (local != null) {
            Path p = local.toAbsolutePath().normalize().getParent();
            return Optional.ofNullable(p).map(Location::local);
        }
        return Optional.ofNullable(Objects.requireNonNull(remote).getParent()).map(p -> new Location(null, p, fs));
    }

    /** The last name of the path ("" for a root). */
    public String name() {
        if (local != null) {
            Path n = local.getFileName();
            return n == null ? "" : n.toString();
        }
        return Objects.requireNonNull(remote).getName();
    }

    /** A local path made absolute and normalised; a URI as it is (Hadoop qualified it already). */
    public Location absolute() {
        return local != null ? local(local.toAbsolutePath().normalize()) : this;
    }

    /** The path as Spark's readers and writers take it. */
    public String sparkPath() {
        return toString();
    }

    /** A local path as {@link Path#toString()} gives it; a URI in full. */
    @Override
    public String toString() {
        return local != null ? local.toString() : Objects.requireNonNull(remote).toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Location l && Objects.equals(local, l.local) && Objects.equals(remote, l.remote);
    }

    @Override
    public int hashCode() {
        return Objects.hash(local, remote);
    }

    // ------------------------------------------------------------------ queries

    public boolean exists() {
        if (local != null) {
            return Files.exists(local);
        }
        return status().isPresent();
    }

    public boolean isDirectory() {
        if (local != null) {
            return Files.isDirectory(local);
        }
        return status().map(FileStatus::isDirectory).orElse(false);
    }

    public boolean isFile() {
        if (local != null) {
            return Files.isRegularFile(local);
        }
        return status().map(FileStatus::isFile).orElse(false);
    }

    /** Whether this file can be read (a remote file that exists is taken as readable: opening it says). */
    public boolean isReadable() {
        return local != null ? Files.isReadable(local) : exists();
    }

    /** When the file was last modified (or {@link #touch touched}). */
    public Instant lastModified() throws IOException {
        if (local != null) {
            return Files.getLastModifiedTime(local).toInstant();
        }
        try {
            return Instant.ofEpochMilli(fs().getFileStatus(remote).getModificationTime());
        } catch (IOException e) {
            throw nio(e);
        }
    }

    /** The names in this folder, sorted. */
    public List<String> list() throws IOException {
        return list(s -> true);
    }

    /** The names of the sub-folders of this folder, sorted. */
    public List<String> listFolders() throws IOException {
        return list(Boolean.TRUE::equals);
    }

    private List<String> list(Predicate<Boolean> folder) throws IOException {
        List<String> names = new ArrayList<>();
        if (local != null) {
            try (Stream<Path> s = Files.list(local)) {
                s.filter(p -> folder.test(Files.isDirectory(p))).forEach(p -> names.add(p.getFileName().toString()));
            }
        } else {
            try {
                for (FileStatus st : fs().listStatus(remote)) {
                    if (folder.test(st.isDirectory())) {
                        names.add(st.getPath().getName());
                    }
                }
            } catch (IOException e) {
                throw nio(e);
            }
        }
        names.sort(null);
        return names;
    }

    /**
     * Whether a file below this folder, at most {@code maxDepth} levels down, has a path (relative
     * to this folder, {@code /}-separated) that {@code test} accepts; stops at the first. False when
     * the folder does not exist.
     */
    public boolean anyFile(int maxDepth, Predicate<String> test) {
        try {
            if (local != null) {
                if (!Files.isDirectory(local)) {
                    return false;
                }
                try (Stream<Path> walk = Files.walk(local, maxDepth)) {
                    return walk.filter(Files::isRegularFile).anyMatch(p -> test.test(slashed(local.relativize(p))));
                }
            }
            if (!isDirectory()) {
                return false;
            }
            String base = Objects.requireNonNull(remote).toUri().getPath();
            RemoteIterator<LocatedFileStatus> it = fs().listFiles(remote, true);
            while (it.hasNext()) {
                String path = it.next().getPath().toUri().getPath();
                String rel = path.startsWith(base + "/") ? path.substring(base.length() + 1) : path;
                if (rel.split("/").length <= maxDepth && test.test(rel)) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list '" + this + "': " + e.getMessage(), e);
        }
    }

    private static String slashed(Path relative) {
        StringBuilder sb = new StringBuilder();
        for (Path part : relative) {
            sb.append(sb.length() == 0 ? "" : "/").append(part);
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ reading

    public byte[] readAllBytes() throws IOException {
        if (local != null) {
            return Files.readAllBytes(local);
        }
        try (InputStream in = fs().open(remote)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw nio(e);
        }
    }

    /** The file as UTF-8 text. */
    public String readString() throws IOException {
        if (local != null) {
            return Files.readString(local, StandardCharsets.UTF_8);
        }
        return new String(readAllBytes(), StandardCharsets.UTF_8);
    }

    /**
     * Copies this file or folder (recursively) to the local path {@code target}, which must not
     * exist yet; for a local location, a plain copy of a file.
     */
    public void copyToLocal(Path target) throws IOException {
        if (local != null) {
            Files.createDirectories(Objects.requireNonNull(target.toAbsolutePath().getParent()));
            Files.copy(local, target);
            return;
        }
        try {
            Files.createDirectories(Objects.requireNonNull(target.toAbsolutePath().getParent()));
            fs().copyToLocalFile(false, remote, new org.apache.hadoop.fs.Path(target.toUri()), true);
        } catch (IOException e) {
            throw nio(e);
        }
    }

    // ------------------------------------------------------------------ writing

    /** Creates this folder and its parents. */
    public void createDirectories() throws IOException {
        if (local != null) {
            Files.createDirectories(local);
            return;
        }
        try {
            if (!fs().mkdirs(remote)) {
                throw new IOException("cannot create folder '" + this + "'");
            }
        } catch (IOException e) {
            throw nio(e);
        }
    }

    /** Writes {@code bytes} to this file, replacing it (a plain write: a reader may see it part-written). */
    public void write(byte[] bytes) throws IOException {
        if (local != null) {
            Files.write(local, bytes);
            return;
        }
        try (OutputStream out = fs().create(remote, true)) {
            out.write(bytes);
        } catch (IOException e) {
            throw nio(e);
        }
    }

    /** {@link #write(byte[])} of UTF-8 text. */
    public void writeString(String text) throws IOException {
        write(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Replaces this file with {@code bytes} so that a reader sees the old bytes or the new ones, never
     * part of them: written to a hidden sibling and renamed over the file (atomic locally and on
     * HDFS); on an object store, one upload, which becomes visible whole when it completes.
     */
    public void writeAtomically(byte[] bytes) throws IOException {
        if (local != null) {
            Path parent = Objects.requireNonNull(local.toAbsolutePath().getParent());
            Path tmp = parent.resolve("." + local.getFileName() + ".tmp");
            Files.write(tmp, bytes);
            Files.move(tmp, local, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return;
        }
        if (!atomicRename()) {
            write(bytes);
            return;
        }
        org.apache.hadoop.fs.Path target = Objects.requireNonNull(remote);
        org.apache.hadoop.fs.Path tmp = new org.apache.hadoop.fs.Path(target.getParent(),
                "." + target.getName() + "." + UUID.randomUUID().toString().substring(0, 8) + ".tmp");
        try {
            try (OutputStream out = fs().create(tmp, false)) {
                out.write(bytes);
            }
            FileContext.getFileContext(target.toUri(), fs().getConf()).rename(tmp, target, Options.Rename.OVERWRITE);
        } catch (IOException e) {
            try {
                fs().delete(tmp, false);
            } catch (IOException ignored) {
                // the failure that matters is the write's
            }
            throw nio(e);
        }
    }

    /** {@link #writeAtomically(byte[])} of UTF-8 text. */
    public void writeStringAtomically(String text) throws IOException {
        writeAtomically(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Creates this file with {@code bytes} if it does not exist, atomically: of two callers racing
     * for the same name, exactly one gets true.
     */
    public boolean createNew(byte[] bytes) throws IOException {
        if (local != null) {
            try {
                Files.write(local, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                return true;
            } catch (FileAlreadyExistsException e) {
                return false;
            }
        }
        OutputStream out;
        try {
            out = fs().create(remote, false);
        } catch (org.apache.hadoop.fs.FileAlreadyExistsException e) {
            return false;
        } catch (IOException e) {
            if (e.getClass().getSimpleName().equals("AlreadyBeingCreatedException")) {
                return false; // another client holds the create of this very name
            }
            throw nio(e);
        }
        try (out) {
            out.write(bytes);
        } catch (IOException e) {
            throw nio(e);
        }
        return true;
    }

    /**
     * Renames this file or folder to {@code target}, a name that does not exist and that only the
     * caller uses (a chunk's attempt-unique name): atomic where {@link #atomicRename()} holds. On a
     * Hadoop file system an existing target is refused ({@code FileSystem.rename} would move this
     * into it); locally {@code rename(2)} decides.
     */
    public void moveTo(Location target) throws IOException {
        if (local != null) {
            Files.move(local, Objects.requireNonNull(target.local, "a local path moves to a local path"),
                    StandardCopyOption.ATOMIC_MOVE);
            return;
        }
        org.apache.hadoop.fs.Path to = Objects.requireNonNull(target.remote, "a URI moves to a URI");
        try {
            // FileSystem.rename moves into an existing folder instead of failing: rule that out first
            // (the name is unique to the mover, so nobody creates it in between).
            if (fs().exists(to)) {
                throw new FileAlreadyExistsException(target.toString());
            }
            if (!fs().rename(remote, to)) {
                throw new IOException("cannot rename '" + this + "' to '" + target + "' (the file system refused)");
            }
        } catch (IOException e) {
            throw nio(e);
        }
    }

    /** Sets this file's modification time to now. */
    public void touch() throws IOException {
        if (local != null) {
            Files.setLastModifiedTime(local, FileTime.from(Instant.now()));
            return;
        }
        try {
            fs().setTimes(remote, System.currentTimeMillis(), -1);
        } catch (IOException e) {
            throw nio(e);
        }
    }

    /** Deletes this file (or empty folder) if it exists. */
    public void deleteIfExists() throws IOException {
        if (local != null) {
            Files.deleteIfExists(local);
            return;
        }
        try {
            fs().delete(remote, false);
        } catch (IOException e) {
            throw nio(e);
        }
    }

    /** Deletes this file or folder with everything below it, if it exists. */
    public void deleteRecursively() throws IOException {
        if (local != null) {
            if (!Files.exists(local)) {
                return;
            }
            try (Stream<Path> walk = Files.walk(local)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
            return;
        }
        try {
            fs().delete(remote, true);
        } catch (IOException e) {
            throw nio(e);
        }
    }

    // ------------------------------------------------------------------ internals

    private FileSystem fs() {
        return Objects.requireNonNull(fs);
    }

    private Optional<FileStatus> status() {
        try {
            return Optional.of(fs().getFileStatus(remote));
        } catch (FileNotFoundException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(nio(e));
        }
    }

    /** Hadoop's exception as the {@code java.nio} one that means the same, naming this location. */
    private IOException nio(IOException e) {
        if (e instanceof FileNotFoundException) {
            return withCause(new NoSuchFileException(toString()), e);
        }
        if (e instanceof AccessControlException) {
            return withCause(new AccessDeniedException(toString(), null, "permission denied"), e);
        }
        if (e instanceof org.apache.hadoop.fs.FileAlreadyExistsException) {
            return withCause(new FileAlreadyExistsException(toString()), e);
        }
        return e;
    }

    private static IOException withCause(IOException e, Throwable cause) {
        e.initCause(cause);
        return e;
    }

    private static String firstLine(@Nullable String s) {
        return s == null ? "no reason given" : s.lines().findFirst().orElse(s).strip();
    }
}
