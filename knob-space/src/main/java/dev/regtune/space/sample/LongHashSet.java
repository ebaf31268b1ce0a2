package dev.regtune.space.sample;

/**
 * An exact set of 64-bit values with open addressing and linear probing: 8 bytes a slot, at most
 * half the slots used. The values are fingerprints, already well mixed, so they index the table
 * directly.
 */
final class LongHashSet {
    private long[] table = new long[1024];
    private int size;
    private boolean hasZero;

    /** Adds {@code v}; returns false when it was already there. */
    boolean add(long v) {
        if (v == 0) {
            if (hasZero) {
                return false;
            }
            hasZero = true;
            return true;
        }
        int mask = table.length - 1;
        int i = (int) (v ^ (v >>> 32)) & mask;
        while (table[i] != 0) {
            if (table[i] == v) {
                return false;
            }
            i = (i + 1) & mask;
        }
        table[i] = v;
        if (++size * 2 > table.length) {
            grow();
        }
        return true;
    }

    int size() {
        return size + (hasZero ? 1 : 0);
    }

    /** Whether {@code v} is in the set. */
    boolean contains(long v) {
        if (v == 0) {
            return hasZero;
        }
        int mask = table.length - 1;
        int i = (int) (v ^ (v >>> 32)) & mask;
        while (table[i] != 0) {
            if (table[i] == v) {
                return true;
            }
            i = (i + 1) & mask;
        }
        return false;
    }

    /** The values, in no particular order. */
    long[] toArray() {
        long[] out = new long[size()];
        int k = 0;
        if (hasZero) {
            out[k++] = 0;
        }
        for (long v : table) {
            if (v != 0) {
                out[k++] = v;
            }
        }
        return out;
    }

    private void grow() {
        long[] old = table;
        table = new long[old.length * 2];
        int mask = table.length - 1;
        for (long v : old) {
            if (v != 0) {
                int i = (int) (v ^ (v >>> 32)) & mask;
                while (table[i] != 0) {
                    i = (i + 1) & mask;
                }
                table[i] = v;
            }
        }
    }
}
