package dev.regtune.datasets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.jspecify.annotations.Nullable;

/**
 * The {@code *.ptx} files below a folder, walked lazily in a fixed order: only the listing of
 * the folders on the current path is held, never the whole tree, so a folder of a million files
 * costs one folder listing at a time.
 *
 * <p>The order is that of the paths relative to the root compared as strings with {@code /}
 * separators (each folder's entries are sorted by name, a sub-folder as if its name ended in
 * {@code /}), the same on every machine and file system. Symbolic links to folders are not
 * followed.
 *
 * <p>{@link #of} fails on the first folder it cannot list; {@link #entries} instead gives such a
 * sub-folder as an {@link Unlistable} entry in its place and walks on, so that a caller can name
 * it and still use every other file.
 */
public final class PtxFileWalk {
    private static final Pattern ARCH = Pattern.compile("sm_\\d+[a-z]?");

    private PtxFileWalk() {
    }

    /** One thing met by {@link #entries}: a PTX file, or a sub-folder that could not be listed. */
    public sealed interface Entry {
        Path path();
    }

    /** A {@code *.ptx} file. */
    public record PtxFile(Path path) implements Entry {
    }

    /**
     * A sub-folder whose listing failed (permission denied, no longer a folder): its files are unknown.
     *
     * @param path the folder
     * @param failure why, as the file system said it
     */
    public record Unlistable(Path path, IOException failure) implements Entry {
    }

    /**
     * The PTX files below {@code root} (or {@code root} itself when it is a file), lazily.
     *
     * @throws UncheckedIOException (from the stream) when {@code root} or a folder below it cannot be listed
     */
    public static Stream<Path> of(Path root) {
        return entries(root).map(e -> {
            if (e instanceof Unlistable u) {
                throw new UncheckedIOException("cannot list folder '" + u.path() + "': " + u.failure().getMessage(),
                        u.failure());
            }
            return e.path();
        });
    }

    /**
     * The PTX files below {@code root} in the same order as {@link #of}, with each sub-folder that
     * cannot be listed given in its place as an {@link Unlistable} entry instead of ending the walk.
     *
     * @throws UncheckedIOException when {@code root} itself cannot be listed
     */
    public static Stream<Entry> entries(Path root) {
        return entries(root, Files::newDirectoryStream);
    }

    /** {@link #entries(Path)} with the folder listings opened by {@code lister} (tests fail one with it). */
    static Stream<Entry> entries(Path root, Lister lister) {
        if (Files.isRegularFile(root)) {
            return Stream.of(new PtxFile(root));
        }
        Iterator<Entry> it = new Walker(root, lister);
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(it,
                Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.DISTINCT), false);
    }

    /** {@code relative} with {@code /} separators, whatever the platform's. */
    public static String slashed(Path relative) {
        StringBuilder sb = new StringBuilder();
        for (Path part : relative) {
            if (sb.length() > 0) {
                sb.append('/');
            }
            sb.append(part);
        }
        return sb.toString();
    }

    /** The architecture a file's folder names ({@code .../sm_90/x.ptx} is {@code sm_90}), if it names one. */
    public static Optional<String> archOfFolder(Path file) {
        Path parent = file.toAbsolutePath().normalize().getParent();
        if (parent == null || parent.getFileName() == null) {
            return Optional.empty();
        }
        String name = parent.getFileName().toString();
        return ARCH.matcher(name).matches() ? Optional.of(name) : Optional.empty();
    }

    /** The file name without its extension ({@code gemm_tile.ptx} is {@code gemm_tile}). */
    public static String baseName(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /** Opens a folder's listing ({@link Files#newDirectoryStream(Path)}). */
    @FunctionalInterface
    interface Lister {
        DirectoryStream<Path> open(Path folder) throws IOException;
    }

    /** Depth-first over sorted folder listings. */
    private static final class Walker implements Iterator<Entry> {
        private final Deque<Iterator<Path>> stack = new ArrayDeque<>();
        private final Lister lister;
        private @Nullable Entry next;

        Walker(Path root, Lister lister) {
            this.lister = lister;
            try {
                stack.push(listing(root).iterator());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list folder '" + root + "': " + e.getMessage(), e);
            }
        }

        @Override
        public boolean hasNext() {
            while (next == null && !stack.isEmpty()) {
                Iterator<Path> top = stack.peek();
                if (!top.hasNext()) {
                    stack.pop();
                    continue;
                }
                Path p = top.next();
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    try {
                        stack.push(listing(p).iterator());
                    } catch (IOException e) {
                        next = new Unlistable(p, e);
                    }
                } else if (Files.isRegularFile(p) && p.getFileName().toString().endsWith(".ptx")) {
                    next = new PtxFile(p);
                }
            }
            return next != null;
        }

        @Override
        public Entry next() {
            Entry p = hasNext() ? next : null;
            if (p == null) {
                throw new NoSuchElementException();
            }
            next = null;
            return p;
        }

        private List<Path> listing(Path folder) throws IOException {
            List<Child> children = new ArrayList<>();
            try (DirectoryStream<Path> ds = lister.open(folder)) {
                for (Path p : ds) {
                    String name = p.getFileName().toString();
                    children.add(new Child(Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? name + "/" : name, p));
                }
            } catch (DirectoryIteratorException e) {
                throw e.getCause(); // a read of the listing failed part-way
            }
            children.sort(Comparator.comparing(Child::sortKey));
            return children.stream().map(Child::path).toList();
        }

        /** A folder entry with the key it sorts by (computed once, not per comparison). */
        private record Child(String sortKey, Path path) {
        }
    }
}
