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
        MessageDigest sha = sha(arch);
        sha.update(normalised(functionText).getBytes(StandardCharsets.UTF_8));
        return hex(sha);
    }

    /**
     * {@code of(arch, text.subSequence(start, end))}, hashed a buffer at a time: the function text is
     * never copied whole, so an entry of a file read a page at a time ({@link PtxFileText}) is
     * identified in the memory of one buffer, however long it is.
     */
    public static String of(String arch, CharSequence text, int start, int end) {
        MessageDigest sha = sha(arch);
        byte[] buf = new byte[8192];
        int n = 0;
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            if (c >= 0x800) {
                // Beyond two UTF-8 bytes (never in a file's text, decoded a byte a char): the plain way.
                return of(arch, text.subSequence(start, end));
            }
            if (c == '\r') {
                // "\r\n" and a lone '\r' both become '\n', as normalised() does.
                c = '\n';
                if (i + 1 < end && text.charAt(i + 1) == '\n') {
                    i++;
                }
            }
            if (n > buf.length - 2) {
                sha.update(buf, 0, n);
                n = 0;
            }
            if (c < 0x80) {
                buf[n++] = (byte) c;
            } else {
                buf[n++] = (byte) (0xc0 | c >> 6);
                buf[n++] = (byte) (0x80 | c & 0x3f);
            }
        }
        sha.update(buf, 0, n);
        return hex(sha);
    }

    private static MessageDigest sha(String arch) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime provides SHA-256", e);
        }
        sha.update(arch.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) '\n');
        return sha;
    }

    private static String hex(MessageDigest sha) {
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
