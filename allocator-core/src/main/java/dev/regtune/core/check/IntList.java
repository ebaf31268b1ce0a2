package dev.regtune.core.check;

import java.util.Arrays;

/** A growable list of ints, so that live ranges and occupancies need no object per entry. */
final class IntList {
    private int[] items = new int[4];
    private int size;

    void add(int x) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        items[size++] = x;
    }

    int get(int k) {
        return items[k];
    }

    void set(int k, int x) {
        items[k] = x;
    }

    int size() {
        return size;
    }
}
