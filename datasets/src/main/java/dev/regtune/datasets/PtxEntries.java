package dev.regtune.datasets;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Finds the kernel entries of a PTX module and the text of each, without parsing instructions: a
 * scan that skips comments and counts braces. It is what lets a loader name the kernels of a
 * million files (and {@link KernelId} identify them) at the cost of reading the text once; the
 * full front end ({@code dev.regtune.core.ptx.PtxParser}) is left to whoever allocates them.
 *
 * <p>An entry is a {@code .entry NAME} directive outside any braces and comments that is followed
 * by a body; a declaration ending in {@code ;} is not an entry. Its text runs from the start of
 * the directive's line (so {@code .visible}/{@code .weak} are included) through the brace that
 * closes the body.
 *
 * <p>The module is any {@link CharSequence}: a {@code String}, or the pages of a file
 * ({@link PtxFileText}), which a scan reads front to back (looking back only to the start of an
 * entry's line), so that a file need not be held whole to find and identify its entries.
 */
public final class PtxEntries {
    private static final Pattern TARGET = Pattern.compile("(?m)^\\s*\\.target\\s+(sm_\\w+)");

    /** One entry of a module: its name and where its text is. */
    public record Entry(String name, int start, int end) {
        /** The entry's text within the module text it was found in. */
        public String text(CharSequence module) {
            return module.subSequence(start, end).toString();
        }

        /**
         * The entry's {@link KernelId} on {@code arch}: the same as {@code KernelId.of(arch, text(module))},
         * hashed from the module without copying the entry's text out of it.
         */
        public String id(String arch, CharSequence module) {
            return KernelId.of(arch, module, start, end);
        }
    }

    private PtxEntries() {
    }

    /** Every entry of the module, in file order. Text that is not PTX yields no entries. */
    public static List<Entry> scan(CharSequence ptx) {
        List<Entry> entries = new ArrayList<>();
        int n = ptx.length();
        int depth = 0;
        int i = 0;
        while (i < n) {
            char c = ptx.charAt(i);
            if (c == '/' && i + 1 < n && ptx.charAt(i + 1) == '/') {
                i = lineEnd(ptx, i);
            } else if (c == '/' && i + 1 < n && ptx.charAt(i + 1) == '*') {
                i = blockCommentEnd(ptx, i);
            } else if (c == '"') {
                i = stringEnd(ptx, i);
            } else if (c == '{') {
                depth++;
                i++;
            } else if (c == '}') {
                depth = Math.max(0, depth - 1);
                i++;
            } else if (depth == 0 && c == '.' && isDirective(ptx, i, ".entry")) {
                Entry e = entryAt(ptx, i);
                if (e != null) {
                    entries.add(e);
                    i = e.end();
                } else {
                    i += ".entry".length();
                }
            } else {
                i++;
            }
        }
        return entries;
    }

    /**
     * The entry whose body opens but never closes (a file cut short), if there is one: a name and
     * the text from its line to the end of the module. {@link #scan} skips it, since it has no
     * complete text; a loader that must account for every entry reports it instead.
     */
    public static Optional<Entry> unclosed(CharSequence ptx) {
        int from = 0;
        List<Entry> complete = scan(ptx);
        if (!complete.isEmpty()) {
            from = complete.get(complete.size() - 1).end();
        }
        int at = from;
        while ((at = indexOf(ptx, ".entry", at)) >= 0) {
            if (isDirective(ptx, at, ".entry") && !insideComment(ptx, from, at)) {
                int i = skipSpace(ptx, at + ".entry".length());
                int nameStart = i;
                while (i < ptx.length() && isNameChar(ptx.charAt(i))) {
                    i++;
                }
                if (i > nameStart && entryAt(ptx, at) == null && opensBody(ptx, i)) {
                    return Optional.of(new Entry(ptx.subSequence(nameStart, i).toString(), lineStart(ptx, at), ptx.length()));
                }
            }
            at += ".entry".length();
        }
        return Optional.empty();
    }

    /** Whether a signature starting at {@code i} reaches a body's '{' (before any ';' outside parentheses). */
    private static boolean opensBody(CharSequence ptx, int i) {
        int parens = 0;
        for (; i < ptx.length(); i++) {
            char c = ptx.charAt(i);
            if (c == '(') {
                parens++;
            } else if (c == ')') {
                parens--;
            } else if (parens <= 0 && c == ';') {
                return false;
            } else if (parens <= 0 && c == '{') {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code at} is inside a comment, scanning from {@code from} (outside any comment). */
    private static boolean insideComment(CharSequence ptx, int from, int at) {
        int i = from;
        while (i < at) {
            char c = ptx.charAt(i);
            if (c == '/' && i + 1 < ptx.length() && ptx.charAt(i + 1) == '/') {
                int end = lineEnd(ptx, i);
                if (at < end) {
                    return true;
                }
                i = end;
            } else if (c == '/' && i + 1 < ptx.length() && ptx.charAt(i + 1) == '*') {
                int end = blockCommentEnd(ptx, i);
                if (at < end) {
                    return true;
                }
                i = end;
            } else {
                i++;
            }
        }
        return false;
    }

    /** The architecture of the module's {@code .target} directive ({@code sm_90}), if it has one. */
    public static Optional<String> target(CharSequence ptx) {
        Matcher m = TARGET.matcher(ptx);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** The entry starting with the {@code .entry} at {@code at}, or null for a declaration. */
    private static @Nullable Entry entryAt(CharSequence ptx, int at) {
        int n = ptx.length();
        int i = skipSpace(ptx, at + ".entry".length());
        int nameStart = i;
        while (i < n && isNameChar(ptx.charAt(i))) {
            i++;
        }
        if (i == nameStart) {
            return null;
        }
        String name = ptx.subSequence(nameStart, i).toString();
        int parens = 0;
        while (i < n) {
            char c = ptx.charAt(i);
            if (c == '/' && i + 1 < n && ptx.charAt(i + 1) == '/') {
                i = lineEnd(ptx, i);
                continue;
            }
            if (c == '/' && i + 1 < n && ptx.charAt(i + 1) == '*') {
                i = blockCommentEnd(ptx, i);
                continue;
            }
            if (c == '(') {
                parens++;
            } else if (c == ')') {
                parens--;
            } else if (parens <= 0 && c == ';') {
                return null;
            } else if (parens <= 0 && c == '{') {
                int end = bodyEnd(ptx, i);
                return end < 0 ? null : new Entry(name, lineStart(ptx, at), end);
            }
            i++;
        }
        return null;
    }

    /** The index after the brace closing the body that opens at {@code open}, or -1. */
    private static int bodyEnd(CharSequence ptx, int open) {
        int n = ptx.length();
        int depth = 0;
        int i = open;
        while (i < n) {
            char c = ptx.charAt(i);
            if (c == '/' && i + 1 < n && ptx.charAt(i + 1) == '/') {
                i = lineEnd(ptx, i);
            } else if (c == '/' && i + 1 < n && ptx.charAt(i + 1) == '*') {
                i = blockCommentEnd(ptx, i);
            } else if (c == '"') {
                i = stringEnd(ptx, i);
            } else {
                if (c == '{') {
                    depth++;
                } else if (c == '}' && --depth == 0) {
                    return i + 1;
                }
                i++;
            }
        }
        return -1;
    }

    private static boolean isDirective(CharSequence ptx, int at, String directive) {
        if (!startsWith(ptx, directive, at)) {
            return false;
        }
        int after = at + directive.length();
        boolean endOk = after >= ptx.length() || !isNameChar(ptx.charAt(after));
        boolean startOk = at == 0 || !isNameChar(ptx.charAt(at - 1)) && ptx.charAt(at - 1) != '.';
        return endOk && startOk;
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '%';
    }

    private static int skipSpace(CharSequence ptx, int i) {
        while (i < ptx.length() && Character.isWhitespace(ptx.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int lineStart(CharSequence ptx, int i) {
        int j = i - 1;
        if (ptx instanceof String s) {
            return s.lastIndexOf('\n', j) + 1;
        }
        while (j >= 0 && ptx.charAt(j) != '\n') {
            j--;
        }
        return j + 1;
    }

    private static int lineEnd(CharSequence ptx, int i) {
        int nl = indexOf(ptx, '\n', i);
        return nl < 0 ? ptx.length() : nl;
    }

    private static int blockCommentEnd(CharSequence ptx, int i) {
        int close = indexOf(ptx, "*/", i + 2);
        return close < 0 ? ptx.length() : close + 2;
    }

    private static int stringEnd(CharSequence ptx, int i) {
        int close = indexOf(ptx, '"', i + 1);
        return close < 0 ? ptx.length() : close + 1;
    }

    // String's own searches for a String (what most callers pass); a char at a time for the pages of
    // a file (PtxFileText), with the same answers.

    private static int indexOf(CharSequence ptx, char c, int from) {
        if (ptx instanceof String s) {
            return s.indexOf(c, from);
        }
        for (int i = Math.max(0, from), n = ptx.length(); i < n; i++) {
            if (ptx.charAt(i) == c) {
                return i;
            }
        }
        return -1;
    }

    private static int indexOf(CharSequence ptx, String what, int from) {
        if (ptx instanceof String s) {
            return s.indexOf(what, from);
        }
        char first = what.charAt(0);
        for (int i = indexOf(ptx, first, from); i >= 0; i = indexOf(ptx, first, i + 1)) {
            if (startsWith(ptx, what, i)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean startsWith(CharSequence ptx, String prefix, int at) {
        if (ptx instanceof String s) {
            return s.startsWith(prefix, at);
        }
        if (at < 0 || at > ptx.length() - prefix.length()) {
            return false;
        }
        for (int k = 0; k < prefix.length(); k++) {
            if (ptx.charAt(at + k) != prefix.charAt(k)) {
                return false;
            }
        }
        return true;
    }
}
