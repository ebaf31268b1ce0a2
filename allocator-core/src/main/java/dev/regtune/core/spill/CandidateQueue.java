package dev.regtune.core.spill;

import java.util.List;

/**
 * Spill guidance's priority queue over candidates' indices: lowest key first, then the longer live
 * range, then the lower id, then the earlier candidate (the order a stable sort by those keys
 * gives). A binary heap built in linear time, so that guidance, which usually stops after a few
 * candidates, does not sort them all.
 */
final class CandidateQueue {
    private final double[] key;
    private final int[] liveLength;
    private final int[] id;
    private final int[] heap;
    private int size;

    CandidateQueue(List<SpillGuidance.Candidate> candidates, double[] key) {
        int n = candidates.size();
        this.key = key;
        this.liveLength = new int[n];
        this.id = new int[n];
        this.heap = new int[n];
        for (int k = 0; k < n; k++) {
            SpillGuidance.Candidate c = candidates.get(k);
            liveLength[k] = c.liveLength();
            id[k] = c.id();
            heap[k] = k;
        }
        size = n;
        for (int k = (n >>> 1) - 1; k >= 0; k--) {
            siftDown(k);
        }
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Removes and returns the first candidate's index. */
    int pop() {
        int top = heap[0];
        heap[0] = heap[--size];
        if (size > 0) {
            siftDown(0);
        }
        return top;
    }

    private void siftDown(int k) {
        int x = heap[k];
        while (true) {
            int child = 2 * k + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && before(heap[child + 1], heap[child])) {
                child++;
            }
            if (!before(heap[child], x)) {
                break;
            }
            heap[k] = heap[child];
            k = child;
        }
        heap[k] = x;
    }

    private boolean before(int a, int b) {
        int c = Double.compare(key[a], key[b]);
        if (c != 0) {
            return c < 0;
        }
        if (liveLength[a] != liveLength[b]) {
            return liveLength[a] > liveLength[b];
        }
        if (id[a] != id[b]) {
            return id[a] < id[b];
        }
        return a < b;
    }
}
