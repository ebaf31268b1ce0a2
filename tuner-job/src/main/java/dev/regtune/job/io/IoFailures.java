package dev.regtune.job.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/**
 * Turns an {@link IOException} into the reason part of a sentence. Java's file-system exceptions
 * carry the path as their whole message ({@code AccessDeniedException: /out/results}), which is
 * what a user saw for a read-only {@code --out}; the reason is in the exception's type or in
 * {@link FileSystemException#getReason()}.
 */
public final class IoFailures {
    private IoFailures() {
    }

    /** "cannot WHAT 'PATH': REASON", e.g. {@code cannot read 'a.ptx': permission denied}. */
    public static String sentence(String what, Object path, IOException e) {
        return "cannot " + what + " '" + path + "': " + reason(e);
    }

    /** The reason in plain words, lower case, without the path, e.g. "permission denied". */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "it already exists";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "the folder is not empty";
        }
        if (e instanceof FileSystemLoopException) {
            return "symbolic links form a loop";
        }
        if (e instanceof CharacterCodingException) {
            return "it is not text in the expected encoding";
        }
        if (e instanceof FileSystemException f && f.getReason() != null && !f.getReason().isBlank()) {
            return lower(f.getReason());
        }
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            return "input/output error (" + e.getClass().getSimpleName() + ")";
        }
        return lower(m);
    }

    /** The reason of an {@link UncheckedIOException}'s cause. */
    public static String reason(UncheckedIOException e) {
        IOException cause = e.getCause();
        return cause == null ? reason(new IOException(e.getMessage())) : reason(cause);
    }

    /** "Is a directory" becomes "is a directory": the reason goes after a colon, mid-sentence. */
    private static String lower(String s) {
        String t = s.strip();
        if (t.length() > 1 && Character.isUpperCase(t.charAt(0)) && Character.isLowerCase(t.charAt(1))) {
            return t.substring(0, 1).toLowerCase(Locale.ROOT) + t.substring(1);
        }
        return t;
    }
}
