package dev.regtune.job.select;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Orders {@code model_version} values ("FAMILY/RELEASE", {@code fatpoint/0.2.0}), so that "the
 * newest" is well defined: by release first, then by allocator family. Releases are compared
 * piece by piece, runs of digits as numbers and other runs as text ({@code 0.10.0} is newer than
 * {@code 0.9.1}), and a version that continues with {@code -} after the other ends is older
 * ({@code 0.2.0-SNAPSHOT} before {@code 0.2.0}, as in Maven and SemVer). Equal pieces fall back to
 * plain text order, so the order is total.
 */
public final class ModelVersions {
    private static final Pattern PIECE = Pattern.compile("\\d+|[^\\d.\\-+_]+|[.\\-+_]");

    /** Oldest first. */
    public static final Comparator<String> ORDER = ModelVersions::compare;

    private ModelVersions() {
    }

    /** The newest of {@code versions}, which must not be empty. */
    public static String newest(Collection<String> versions) {
        return versions.stream().max(ORDER).orElseThrow();
    }

    /**
     * The release of a model version, the text after its allocator family: {@code 0.1.0} of
     * {@code fatpoint/0.1.0}; the whole text when it names no family.
     */
    public static String release(String version) {
        int slash = version.indexOf('/');
        return slash < 0 ? version : version.substring(slash + 1);
    }

    /** Whether {@code version} is that of rows of the real ptxas ({@code ptxas/13.0.88}), not of the model. */
    public static boolean isPtxas(String version) {
        return family(version).equals("ptxas");
    }

    /** The allocator family of a model version ({@code fatpoint} of {@code fatpoint/0.1.0}), or "" when it names none. */
    public static String family(String version) {
        int slash = version.indexOf('/');
        return slash < 0 ? "" : version.substring(0, slash);
    }

    /**
     * Every version of the newest release among {@code versions} (which must not be empty), one per
     * allocator family, sorted: the rows of one sweep over the {@code allocator} knob, which selection
     * compares with each other.
     */
    public static List<String> newestRelease(Collection<String> versions) {
        String newest = versions.stream().map(ModelVersions::release).max(ORDER).orElseThrow();
        return sorted(versions.stream().filter(v -> release(v).equals(newest)).toList());
    }

    /**
     * The versions {@code asked} names among {@code versions}: itself when present, else every
     * version of the release {@code asked} (all its families); empty when it names none.
     */
    public static List<String> named(Collection<String> versions, String asked) {
        if (versions.contains(asked)) {
            return List.of(asked);
        }
        return sorted(versions.stream().filter(v -> release(v).equals(asked)).toList());
    }

    /** The versions sorted oldest first. */
    public static List<String> sorted(Collection<String> versions) {
        return versions.stream().distinct().sorted(ORDER).toList();
    }

    static int compare(String a, String b) {
        int byRelease = compareReleases(release(a), release(b));
        if (byRelease != 0) {
            return byRelease;
        }
        int byFamily = family(a).compareTo(family(b));
        return byFamily != 0 ? byFamily : a.compareTo(b);
    }

    private static int compareReleases(String a, String b) {
        List<String> pa = pieces(a);
        List<String> pb = pieces(b);
        int n = Math.min(pa.size(), pb.size());
        for (int i = 0; i < n; i++) {
            int c = comparePiece(pa.get(i), pb.get(i));
            if (c != 0) {
                return c;
            }
        }
        if (pa.size() != pb.size()) {
            List<String> longer = pa.size() > pb.size() ? pa : pb;
            // "0.2.0-SNAPSHOT" vs "0.2.0": a pre-release suffix makes the longer one older
            boolean preRelease = longer.get(n).equals("-");
            int longerIsNewer = preRelease ? -1 : 1;
            return pa.size() > pb.size() ? longerIsNewer : -longerIsNewer;
        }
        return a.compareTo(b);
    }

    private static int comparePiece(String x, String y) {
        boolean dx = Character.isDigit(x.charAt(0));
        boolean dy = Character.isDigit(y.charAt(0));
        if (dx && dy) {
            String sx = x.replaceFirst("^0+(?=.)", "");
            String sy = y.replaceFirst("^0+(?=.)", "");
            return sx.length() != sy.length() ? Integer.compare(sx.length(), sy.length()) : sx.compareTo(sy);
        }
        if (dx != dy) {
            return dx ? 1 : -1; // a number is newer than a word in the same place (1.0.1 after 1.0.beta)
        }
        return x.compareTo(y);
    }

    private static List<String> pieces(String v) {
        Matcher m = PIECE.matcher(v);
        ArrayList<String> out = new ArrayList<>();
        while (m.find()) {
            out.add(m.group());
        }
        if (out.isEmpty()) {
            out.add(v.isEmpty() ? "-" : v);
        }
        return out;
    }
}
