package dev.regtune.job.sweep;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The (kernel id, config id, model version) keys already in the result table, as a compact set of
 * 128-bit hashes (16 bytes a key, open addressing): what a streaming sweep consults, configuration
 * by configuration, to skip pairs a previous attempt committed. Its size follows the table, not the
 * space. With 128-bit MD5 keys a false "done" (two keys with one hash) is out of reach for any
 * table that fits a disk (the odds for 10^9 keys are below 10^-20).
 */
final class DoneKeys {
    private static final int MIN_CAPACITY = 16;

    private long[] hi = new long[MIN_CAPACITY];
    private long[] lo = new long[MIN_CAPACITY];
    private boolean[] used = new boolean[MIN_CAPACITY];
    private int size;
    private final MessageDigest md5;

    DoneKeys() {
        try {
            md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Adds a key; returns whether it was new. */
    boolean add(String kernelId, String configId, String modelVersion) {
        long[] h = hash(kernelId, configId, modelVersion);
        if (contains(h[0], h[1])) {
            return false;
        }
        if ((size + 1) * 2L > used.length) {
            grow();
        }
        insert(h[0], h[1]);
        size++;
        return true;
    }

    boolean contains(String kernelId, String configId, String modelVersion) {
        if (size == 0) {
            return false;
        }
        long[] h = hash(kernelId, configId, modelVersion);
        return contains(h[0], h[1]);
    }

    private boolean contains(long h, long l) {
        int mask = used.length - 1;
        for (int i = (int) (h ^ (h >>> 32)) & mask; used[i]; i = (i + 1) & mask) {
            if (hi[i] == h && lo[i] == l) {
                return true;
            }
        }
        return false;
    }

    private void insert(long h, long l) {
        int mask = used.length - 1;
        int i = (int) (h ^ (h >>> 32)) & mask;
        while (used[i]) {
            i = (i + 1) & mask;
        }
        used[i] = true;
        hi[i] = h;
        lo[i] = l;
    }

    private void grow() {
        long[] oh = hi;
        long[] ol = lo;
        boolean[] ou = used;
        hi = new long[ou.length * 2];
        lo = new long[ou.length * 2];
        used = new boolean[ou.length * 2];
        for (int i = 0; i < ou.length; i++) {
            if (ou[i]) {
                insert(oh[i], ol[i]);
            }
        }
    }

    private long[] hash(String kernelId, String configId, String modelVersion) {
        md5.update(kernelId.getBytes(StandardCharsets.UTF_8));
        md5.update((byte) 0);
        md5.update(configId.getBytes(StandardCharsets.UTF_8));
        md5.update((byte) 0);
        md5.update(modelVersion.getBytes(StandardCharsets.UTF_8));
        ByteBuffer b = ByteBuffer.wrap(md5.digest());
        return new long[] {b.getLong(), b.getLong()};
    }
}
