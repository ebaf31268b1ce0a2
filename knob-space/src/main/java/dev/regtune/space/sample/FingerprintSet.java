package dev.regtune.space.sample;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.LongBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The exact set of fingerprints a sampler has emitted, in bounded heap memory for any {@code n}:
 * up to {@link #MEMORY_VALUES} values live in a {@link LongHashSet}; when it is full they are
 * sorted and spilled to a temporary file, memory-mapped read-only (off the heap) and searched by
 * bisection. More than {@link #MAX_RUNS} spilled runs are merged into one, so a look-up costs at
 * most that many bisections. Membership is exact, so the configurations a sampler emits are the
 * same as with an in-memory set, only the memory differs.
 *
 * <p>{@code space sample -n 1100000} under {@code -Xmx64m} ran out of memory growing an in-memory
 * table past a million values; with this set the heap holds at most about 6 MB of fingerprints.
 */
final class FingerprintSet implements AutoCloseable {
    /** Values kept on the heap before a spill: 2^18 values, a table of at most 4 MB. */
    static final int MEMORY_VALUES = 1 << 18;
    /** Spilled runs kept side by side before they are merged into one. */
    static final int MAX_RUNS = 8;

    private final int memoryValues;
    private LongHashSet memory = new LongHashSet();
    private final List<Run> runs = new ArrayList<>();

    /** One sorted file of fingerprints, mapped into memory. */
    private record Run(Path file, LongBuffer values) {
        boolean contains(long v) {
            int lo = 0;
            int hi = values.limit() - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                long m = values.get(mid);
                if (m < v) {
                    lo = mid + 1;
                } else if (m > v) {
                    hi = mid - 1;
                } else {
                    return true;
                }
            }
            return false;
        }
    }

    FingerprintSet() {
        this(MEMORY_VALUES);
    }

    /** @param memoryValues values kept on the heap before a spill (small in tests) */
    FingerprintSet(int memoryValues) {
        this.memoryValues = memoryValues;
    }

    /** Adds {@code v}; returns false when it was already there. */
    boolean add(long v) {
        if (memory.contains(v)) {
            return false;
        }
        for (Run r : runs) {
            if (r.contains(v)) {
                return false;
            }
        }
        memory.add(v);
        if (memory.size() >= memoryValues) {
            spill();
        }
        return true;
    }

    /** How many runs are on disk (for tests). */
    int spilledRuns() {
        return runs.size();
    }

    private void spill() {
        long[] values = memory.toArray();
        Arrays.sort(values);
        memory = new LongHashSet();
        runs.add(write(values.length, new SortedSource() {
            private int i;

            @Override
            public long next() {
                return values[i++];
            }
        }));
        if (runs.size() > MAX_RUNS) {
            merge();
        }
    }

    /** Merges every run into one: a k-way merge of sorted, disjoint runs. */
    private void merge() {
        List<Run> old = List.copyOf(runs);
        int[] at = new int[old.size()];
        long total = 0;
        for (Run r : old) {
            total += r.values().limit();
        }
        Run merged = write(total, () -> {
            int best = -1;
            for (int k = 0; k < old.size(); k++) {
                if (at[k] < old.get(k).values().limit()
                        && (best < 0 || old.get(k).values().get(at[k]) < old.get(best).values().get(at[best]))) {
                    best = k;
                }
            }
            return old.get(best).values().get(at[best]++);
        });
        runs.clear();
        runs.add(merged);
        for (Run r : old) {
            delete(r.file());
        }
    }

    /** Yields sorted values one by one. */
    private interface SortedSource {
        long next();
    }

    private static Run write(long count, SortedSource values) {
        if (count > Integer.MAX_VALUE / 8) {
            throw new IllegalStateException("more than " + Integer.MAX_VALUE / 8 + " distinct configurations");
        }
        Path file = null;
        try {
            file = Files.createTempFile("regtune-fingerprints", ".bin");
            file.toFile().deleteOnExit();
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file),
                    1 << 16))) {
                for (long i = 0; i < count; i++) {
                    out.writeLong(values.next());
                }
            }
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                // The mapping stays valid after the channel is closed.
                return new Run(file, ch.map(FileChannel.MapMode.READ_ONLY, 0, count * 8).asLongBuffer());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot spill the sampler's duplicate check to the temporary folder '"
                    + (file == null ? System.getProperty("java.io.tmpdir") : file) + "': " + e.getMessage(), e);
        }
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // deleteOnExit removes it at the latest when the JVM ends
        }
    }

    /** Deletes the spilled runs. */
    @Override
    public void close() {
        for (Run r : runs) {
            delete(r.file());
        }
        runs.clear();
        memory = new LongHashSet();
    }
}
