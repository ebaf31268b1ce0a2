package dev.regtune.job.fidelity;

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
        Set<String> defined = new LinkedHashSet<>();
        Matcher f = FUNC.matcher(text);
        while (f.find()) {
            if (f.group(1) == null) {
                defined.add(f.group(2));
            }
        }
        Map<String, EntryTraits> result = new LinkedHashMap<>();
        Matcher m = ENTRY.matcher(text);
        while (m.find()) {
            int open = bodyStart(text, m.end());
            if (open < 0) {
                continue; // a declaration without a body
            }
            int close = matchingBrace(text, open);
            result.put(m.group(1), traits(text.substring(open + 1, close), defined));
        }
        return result;
    }

    /** The index of the body's opening brace: the first '{' after the parameter list, or -1 before a ';'. */
    private static int bodyStart(String text, int from) {
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
        return -1;
    }

    private static int matchingBrace(String text, int open) {
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

    private static EntryTraits traits(String body, Set<String> defined) {
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
        if (!callees.isEmpty()) {
            return new EntryTraits(KernelKind.CALLS, instructions, callDescription(callees, defined));
        }
        if (local) {
            return new EntryTraits(KernelKind.LOCAL, instructions,
                    localBytes > 0 ? "uses .local (" + localBytes + " bytes)" : "uses .local");
        }
        if (tensor) {
            return new EntryTraits(KernelKind.TENSOR, instructions, "uses tensor cores");
        }
        return new EntryTraits(KernelKind.PLAIN, instructions, "plain");
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
