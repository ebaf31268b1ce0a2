package dev.regtune.datasets;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The stable identifier of one kernel on one architecture: the first 16 hex digits (64 bits) of
 * the SHA-256 of {@code arch + "\n" + function text}, where the function text is the entry's PTX
 * from the line of its {@code .entry} directive through the closing brace of its body (as
 * {@link PtxEntries} finds it), with line endings normalised to {@code \n}.
 *
 * <p>Why the text and not the file name: the id then names exactly the code that ptxas and the
 * model measured. It survives renaming or moving files, reordering entries in a file, a checkout
 * with CRLF line endings and regeneration by the same nvcc (which is byte-identical), and it
 * changes precisely when the kernel's code changes, which is when earlier measurements of it stop
 * being valid. Kernels from the corpus, a folder and a generator are identified the same way, so
 * a sweep can de-duplicate them. Two byte-identical entries on the same architecture share an id;
 * that is intended (they are the same kernel to ptxas as far as its own code goes).
 */
public final class KernelId {
    /** Hex digits kept: 64 bits, collision-free in practice for corpora of millions of kernels. */
    public static final int LENGTH = 16;

    private KernelId() {
    }

    /** The id of an entry whose function text is {@code functionText}, compiled for {@code arch}. */
    public static String of(String arch, CharSequence functionText) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime provides SHA-256", e);
        }
        sha.update(arch.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) '\n');
        sha.update(normalised(functionText).getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(sha.digest()).substring(0, LENGTH);
    }

    /** Whether {@code text} has the shape of an id (16 lower-case hex digits). */
    public static boolean isValid(String text) {
        if (text.length() != LENGTH) {
            return false;
        }
        for (int i = 0; i < LENGTH; i++) {
            char c = text.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }

    private static String normalised(CharSequence text) {
        String s = text.toString();
        return s.indexOf('\r') < 0 ? s : s.replace("\r\n", "\n").replace('\r', '\n');
    }
}
