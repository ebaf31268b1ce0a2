package dev.regtune.datasets;

import java.io.IOException;
import java.io.UncheckedIOException;
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
 */
public final class PtxFileWalk {
    private static final Pattern ARCH = Pattern.compile("sm_\\d+[a-z]?");

    private PtxFileWalk() {
    }

    /** The PTX files below {@code root} (or {@code root} itself when it is a file), lazily. */
    public static Stream<Path> of(Path root) {
        if (Files.isRegularFile(root)) {
            return Stream.of(root);
        }
        Iterator<Path> it = new Walker(root);
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

    /** Depth-first over sorted folder listings. */
    private static final class Walker implements Iterator<Path> {
        private final Deque<Iterator<Path>> stack = new ArrayDeque<>();
        private @Nullable Path next;

        Walker(Path root) {
            stack.push(listing(root).iterator());
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
                    stack.push(listing(p).iterator());
                } else if (Files.isRegularFile(p) && p.getFileName().toString().endsWith(".ptx")) {
                    next = p;
                }
            }
            return next != null;
        }

        @Override
        public Path next() {
            Path p = hasNext() ? next : null;
            if (p == null) {
                throw new NoSuchElementException();
            }
            next = null;
            return p;
        }

        private static List<Path> listing(Path folder) {
            List<Child> children = new ArrayList<>();
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(folder)) {
                for (Path p : ds) {
                    String name = p.getFileName().toString();
                    children.add(new Child(Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? name + "/" : name, p));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list folder '" + folder + "': " + e.getMessage(), e);
            }
            children.sort(Comparator.comparing(Child::sortKey));
            return children.stream().map(Child::path).toList();
        }

        /** A folder entry with the key it sorts by (computed once, not per comparison). */
        private record Child(String sortKey, Path path) {
        }
    }
}
