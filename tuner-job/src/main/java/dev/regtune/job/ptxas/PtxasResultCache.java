package dev.regtune.job.ptxas;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * ptxas outcomes on disk, keyed by the content that decides them: the ptxas version, the command's
 * options (architecture, entry, budget, launch bounds, controls), the PTX file's name (ptxas's
 * messages quote it) and the PTX text. One small file per key, {@code DIR/ab/abcdef....txt}, written
 * to a temporary name and renamed into place, so a reader never sees half a file and concurrent
 * writers of one key leave one whole file. A file that does not decode is treated as absent and
 * overwritten. Timeouts are not cached: a longer timeout may let the same compile finish.
 */
public final class PtxasResultCache {
    private static final String FORMAT = "regtune-ptxas-cache/1";
    private final Path dir;

    public PtxasResultCache(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** The content hash of one evaluation, 64 hex digits. */
    public static String key(String ptxasVersion, List<String> options, String fileName, String ptxText) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update((FORMAT + "\n" + ptxasVersion + "\n" + String.join("\u0000", options) + "\n" + fileName + "\n")
                    .getBytes(StandardCharsets.UTF_8));
            d.update(ptxText.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** The outcome stored under {@code key}, if any. */
    public Optional<PtxasOutcome> get(String key) throws IOException {
        try {
            return PtxasOutcome.decode(Files.readString(file(key), StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /** Stores {@code outcome} under {@code key}, unless it is not {@link PtxasOutcome#cacheable()}. */
    public void put(String key, PtxasOutcome outcome) throws IOException {
        if (!outcome.cacheable()) {
            return;
        }
        Path target = file(key);
        Files.createDirectories(target.getParent());
        Path tmp = Files.createTempFile(target.getParent(), "." + key.substring(0, 8), ".tmp");
        try {
            Files.writeString(tmp, outcome.encode(), StandardCharsets.UTF_8);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private Path file(String key) {
        return dir.resolve(key.substring(0, 2)).resolve(key + ".txt");
    }
}
