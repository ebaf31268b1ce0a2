package dev.regtune.job.fidelity;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which of k folds each repository belongs to, for cross-validation that holds out whole
 * repositories (files of one repository share authors, code and compiler settings, so a kernel's
 * siblings must not train the model that is tested on it).
 *
 * <p>Deterministic and independent of input order: repositories are taken in the order of the
 * SHA-256 of their name (then the name), and each goes to the fold with the fewest kernels so far
 * (the lowest-numbered on a tie). The hash scatters related names; the greedy step keeps folds of
 * similar size, and no fold is empty when there are at least k repositories.
 */
public final class FoldAssignment {
    private final int k;
    private final Map<String, Integer> foldOf;

    private FoldAssignment(int k, Map<String, Integer> foldOf) {
        this.k = k;
        this.foldOf = foldOf;
    }

    /**
     * Assigns repositories to {@code k} folds.
     *
     * @param kernelsPerRepo every repository with its number of kernels (the weight balanced)
     * @throws IllegalArgumentException when k is below 2 or above the number of repositories
     */
    public static FoldAssignment of(Map<String, Integer> kernelsPerRepo, int k) {
        if (k < 2) {
            throw new IllegalArgumentException("cross-validation needs at least 2 folds, not " + k);
        }
        if (k > kernelsPerRepo.size()) {
            throw new IllegalArgumentException(k + " folds need at least " + k + " repositories, but there are "
                    + kernelsPerRepo.size());
        }
        List<String> repos = new ArrayList<>(kernelsPerRepo.keySet());
        repos.sort(Comparator.comparing(FoldAssignment::hash).thenComparing(Comparator.naturalOrder()));
        long[] load = new long[k];
        Map<String, Integer> foldOf = new TreeMap<>();
        for (String repo : repos) {
            int best = 0;
            for (int f = 1; f < k; f++) {
                if (load[f] < load[best]) {
                    best = f;
                }
            }
            foldOf.put(repo, best);
            load[best] += kernelsPerRepo.getOrDefault(repo, 0);
        }
        return new FoldAssignment(k, foldOf);
    }

    /** The number of folds. */
    public int folds() {
        return k;
    }

    /**
     * The fold of a repository, 0 to k - 1.
     *
     * @throws IllegalArgumentException for a repository that was not assigned
     */
    public int fold(String repo) {
        Integer f = foldOf.get(repo);
        if (f == null) {
            throw new IllegalArgumentException("repository " + repo + " has no fold");
        }
        return f;
    }

    /** The repositories of one fold, sorted by name. */
    public List<String> repos(int fold) {
        return foldOf.entrySet().stream().filter(e -> e.getValue() == fold).map(Map.Entry::getKey).toList();
    }

    /** The SHA-256 of the name as hex, the order repositories are dealt out in. */
    static String hash(String repo) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(repo.getBytes(StandardCharsets.UTF_8));
            StringBuilder b = new StringBuilder();
            for (byte x : d) {
                b.append(String.format("%02x", x & 0xff));
            }
            return b.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
