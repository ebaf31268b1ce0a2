package dev.regtune.job.fidelity;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Classifies the {@code .entry} kernels of a PTX file from its text, by corpus-real's rules (its
 * README): the instruction count is the number of statements of the entry body ending in {@code ;}
 * that are neither directives nor labels (a multi-line {@code call} counts once), and the kind is
 * {@link KernelKind#CALLS} when the body has a {@code call}, else {@link KernelKind#LOCAL} when it
 * mentions {@code .local}, else {@link KernelKind#TENSOR} for {@code mma}, {@code wmma},
 * {@code wgmma}, {@code ldmatrix} or {@code stmatrix}, else {@link KernelKind#PLAIN}.
 *
 * <p>It reads text, not the parsed module, so it classifies files the parser rejects too (their
 * entries show up in the report as parse errors with their kind and size), and it gives the same
 * answer whatever the model's front end makes of a construct.
 */
public final class PtxEntryScanner {
    private static final Pattern ENTRY = Pattern.compile("\\.entry\\s+([\\w$.]+)");
    private static final Pattern FUNC = Pattern.compile("(\\.extern\\s+)?\\.func\\s+(?:\\([^)]*\\)\\s*)?([\\w$.]+)");
    private static final Pattern CALL = Pattern.compile("^call(?:\\.\\w+)*\\s+(?:\\([^)]*\\)\\s*,\\s*)?([%\\w$.]+)");
    private static final Pattern LOCAL_ARRAY = Pattern.compile("\\.local\\b[^;]*\\[(\\d+)\\]");
    private static final Pattern LABEL = Pattern.compile("^(?:[\\w$.]+\\s*:\\s*)+");
    private static final Pattern TENSOR = Pattern.compile("^(?:@!?%?\\w+\\s+)?(mma|wmma|wgmma|ldmatrix|stmatrix)\\b");
    private static final Pattern COMMENT = Pattern.compile("//[^\\n]*|/\\*.*?\\*/", Pattern.DOTALL);

    private PtxEntryScanner() {
    }

    /** Every {@code .entry} of the text with its traits, in file order. */
    public static Map<String, EntryTraits> scan(String ptx) {
        String text = COMMENT.matcher(ptx).replaceAll(" ");
        Scan scan = new Scan();
        if (!scan.piece(text, true)) {
            throw new IllegalStateException("the last piece is always complete");
        }
        return scan.result();
    }

    /**
     * Every {@code .entry} of a PTX file with its traits, in file order: the same map as
     * {@link #scan(String)} of the file's text (ISO-8859-1, as the parser decodes it), read a
     * statement at a time. The text without comments is cut after each {@code ;} and {@code }}
     * that closes every parenthesis and brace opened before it; the matches of every pattern lie
     * within one piece, since none holds such a {@code ;} or {@code }}, so the memory is the
     * longest entry's text, not the file's (a long initializer is dropped as it is read, since
     * neither pattern can match in it). A piece in which a body's brace or parenthesis is still
     * open is joined to the next. A {@code )} or {@code }} that closes nothing (text that is not
     * PTX) voids that argument: the file is then scanned whole.
     *
     * @throws IOException if the file cannot be read
     */
    public static Map<String, EntryTraits> scan(Path file) throws IOException {
        try (Reader in = new InputStreamReader(new BufferedInputStream(Files.newInputStream(file)),
                StandardCharsets.ISO_8859_1)) {
            Scan scan = new Scan();
            CommentStripper text = new CommentStripper(in);
            StringBuilder piece = new StringBuilder();
            int parens = 0;
            int braces = 0;
            // How much of the piece was searched for ".entry" and ".func", and whether one was found.
            int searched = 0;
            boolean marked = false;
            for (int c = text.read(); c >= 0; c = text.read()) {
                piece.append((char) c);
                if (c == '(') {
                    parens++;
                } else if (c == ')' && --parens < 0 || c == '}' && --braces < 0) {
                    return scan(Files.readString(file, StandardCharsets.ISO_8859_1));
                } else if (c == '{') {
                    braces++;
                }
                if (c != ';' && c != '}' && c != '{' && c != ',' || parens != 0) {
                    continue;
                }
                if (braces == 0 && c != ',' && c != '{') {
                    if (scan.piece(piece, false)) {
                        piece.setLength(0);
                        searched = 0;
                        marked = false;
                    }
                } else if (piece.length() >= DROP_AT) {
                    // A long piece inside braces (a table's initializer) in which neither pattern can
                    // start a match is dropped: no match can cross this cut either (a ';', ',', '{' or
                    // '}' outside parentheses), so the pieces after it scan as in the whole text.
                    if (!marked) {
                        int from = Math.max(0, searched - MARKER_LENGTH);
                        marked = piece.indexOf(".entry", from) >= 0 || piece.indexOf(".func", from) >= 0;
                        searched = piece.length();
                    }
                    if (!marked) {
                        piece.setLength(0);
                        searched = 0;
                    }
                }
            }
            scan.piece(piece, true);
            return scan.result();
        }
    }

    /** Length from which a piece inside braces without ".entry" or ".func" is dropped. */
    private static final int DROP_AT = 1 << 16;
    /** The longer of ".entry" and ".func", less one: how far back a search resumes. */
    private static final int MARKER_LENGTH = ".entry".length() - 1;

    /** The scan of a text piece by piece (or whole): functions defined, entries found, in order. */
    private static final class Scan {
        private final Set<String> defined = new LinkedHashSet<>();
        private final Map<String, BodyFacts> entries = new LinkedHashMap<>();

        /**
         * Takes one piece of the text without comments, or, when a body in it runs to its end and
         * more text follows ({@code last} false), nothing: the caller joins it to the next.
         *
         * @return whether the piece was taken
         */
        boolean piece(CharSequence text, boolean last) {
            Map<String, BodyFacts> found = new LinkedHashMap<>();
            Matcher m = ENTRY.matcher(text);
            while (m.find()) {
                int open = bodyStart(text, m.end());
                if (open == RAN_OFF && !last) {
                    return false;
                }
                if (open < 0) {
                    continue; // a declaration without a body
                }
                int close = matchingBrace(text, open);
                if (close == text.length() && !last) {
                    return false;
                }
                found.put(m.group(1), facts(text.subSequence(open + 1, close).toString()));
            }
            Matcher f = FUNC.matcher(text);
            while (f.find()) {
                if (f.group(1) == null) {
                    defined.add(f.group(2));
                }
            }
            entries.putAll(found);
            return true;
        }

        Map<String, EntryTraits> result() {
            Map<String, EntryTraits> result = new LinkedHashMap<>();
            entries.forEach((name, facts) -> result.put(name, traits(facts, defined)));
            return result;
        }
    }

    /** {@link #bodyStart}'s answer when the text ends before a '{' or ';' at depth 0. */
    private static final int RAN_OFF = -2;

    /**
     * The index of the body's opening brace: the first '{' after the parameter list, -1 before a
     * ';', {@link #RAN_OFF} at the end of the text.
     */
    private static int bodyStart(CharSequence text, int from) {
        int depth = 0;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (depth == 0 && c == '{') {
                return i;
            } else if (depth == 0 && c == ';') {
                return -1;
            }
        }
        return RAN_OFF;
    }

    private static int matchingBrace(CharSequence text, int open) {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return text.length();
    }

    /** What an entry's body says, before the functions defined after it are known. */
    private record BodyFacts(int instructions, List<String> callees, boolean local, long localBytes, boolean tensor) {
    }

    private static BodyFacts facts(String body) {
        int instructions = 0;
        List<String> callees = new ArrayList<>();
        boolean tensor = false;
        long localBytes = 0;
        boolean local = body.contains(".local");
        Matcher la = LOCAL_ARRAY.matcher(body);
        while (la.find()) {
            localBytes += Long.parseLong(la.group(1));
        }
        for (String raw : body.split(";")) {
            String s = withoutDirectiveLines(raw).replace('{', ' ').replace('}', ' ').strip();
            s = LABEL.matcher(s).replaceFirst("").strip();
            if (s.isEmpty() || s.startsWith(".")) {
                continue;
            }
            instructions++;
            String op = s.startsWith("@") ? s.replaceFirst("^@!?%?[\\w$.]+\\s+", "") : s;
            Matcher c = CALL.matcher(op);
            if (c.find() && !callees.contains(c.group(1))) {
                callees.add(c.group(1));
            }
            tensor |= TENSOR.matcher(op).find();
        }
        return new BodyFacts(instructions, callees, local, localBytes, tensor);
    }

    private static EntryTraits traits(BodyFacts b, Set<String> defined) {
        if (!b.callees().isEmpty()) {
            return new EntryTraits(KernelKind.CALLS, b.instructions(), callDescription(b.callees(), defined));
        }
        if (b.local()) {
            return new EntryTraits(KernelKind.LOCAL, b.instructions(),
                    b.localBytes() > 0 ? "uses .local (" + b.localBytes() + " bytes)" : "uses .local");
        }
        if (b.tensor()) {
            return new EntryTraits(KernelKind.TENSOR, b.instructions(), "uses tensor cores");
        }
        return new EntryTraits(KernelKind.PLAIN, b.instructions(), "plain");
    }

    /** Drops lines that are directives without a semicolon ({@code .loc}, {@code .file}), which would join the next statement. */
    private static String withoutDirectiveLines(String statement) {
        if (!statement.contains(".loc") && !statement.contains(".file")) {
            return statement;
        }
        StringBuilder b = new StringBuilder();
        for (String line : statement.split("\n")) {
            String t = line.strip();
            if (!t.startsWith(".loc") && !t.startsWith(".file")) {
                b.append(line).append('\n');
            }
        }
        return b.toString();
    }

    private static String callDescription(List<String> callees, Set<String> defined) {
        List<String> parts = new ArrayList<>();
        for (String callee : callees.subList(0, Math.min(2, callees.size()))) {
            if (callee.startsWith("%")) {
                parts.add("an indirect call");
            } else if (defined.contains(callee)) {
                parts.add("a .func (" + callee + ")");
            } else {
                parts.add(callee);
            }
        }
        String more = callees.size() > 2 ? " and " + (callees.size() - 2) + " more" : "";
        return "calls " + String.join(", ", parts) + more;
    }
}
