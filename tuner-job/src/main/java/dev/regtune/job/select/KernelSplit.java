package dev.regtune.job.select;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Training and held-out test kernels, by {@code kernel_id}. {@link #of} is deterministic and
 * independent of the order kernels are listed in: every kernel gets the SHA-256 of
 * {@code "SEED/KERNEL_ID"}, kernels are ordered by that hash, and the first
 * {@code round(fraction x count)} are the training kernels — so a seed gives one fixed split, a
 * kernel stays on its side when other kernels are added (unless the count moves the cut) and
 * another seed gives an independent split.
 *
 * @param trainFraction the share of kernels asked for training, in (0, 1]
 * @param seed the seed the split was drawn with
 * @param train training kernel ids, sorted
 * @param test test kernel ids, sorted
 */
public record KernelSplit(double trainFraction, long seed, List<String> train, List<String> test) {
    public KernelSplit {
        train = train.stream().sorted().toList();
        test = test.stream().sorted().toList();
        if (train.stream().anyMatch(test::contains)) {
            throw new IllegalArgumentException("a kernel cannot be both a training and a test kernel");
        }
    }

    /**
     * Splits {@code kernelIds}. At least one kernel trains; when the fraction is below 1 and there
     * are two kernels or more, at least one is held out.
     *
     * @param trainFraction in (0, 1]
     */
    public static KernelSplit of(List<String> kernelIds, double trainFraction, long seed) {
        if (!(trainFraction > 0.0 && trainFraction <= 1.0)) {
            throw new SelectionInputException("the training fraction must be above 0 and at most 1, not "
                    + trainFraction);
        }
        List<String> ids = kernelIds.stream().distinct().sorted().toList();
        List<Hashed> order = new ArrayList<>();
        for (String id : ids) {
            order.add(new Hashed(id, hash(seed, id)));
        }
        order.sort(Comparator.<Hashed>comparingLong(h -> h.hash ^ Long.MIN_VALUE).thenComparing(h -> h.id));
        int n = ids.size();
        int nTrain = (int) Math.round(trainFraction * n);
        if (trainFraction < 1.0 && n >= 2) {
            nTrain = Math.min(nTrain, n - 1);
        }
        nTrain = Math.max(Math.min(nTrain, n), Math.min(1, n));
        List<String> train = order.subList(0, nTrain).stream().map(h -> h.id).toList();
        List<String> test = order.subList(nTrain, n).stream().map(h -> h.id).toList();
        return new KernelSplit(trainFraction, seed, train, test);
    }

    private record Hashed(String id, long hash) {
    }

    private static long hash(long seed, String kernelId) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] d = sha.digest((seed + "/" + kernelId).getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(d, 0, Long.BYTES).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
