package dev.regtune.core.model;

/**
 * Per-instruction spill traffic the latency model adds: reloads before instruction i (by memory
 * space) and stores after it, and whether the instruction is a copy that coalescing removed.
 */
public interface SpillTraffic {
    /** Reloads from local memory issued right before instruction {@code i}. */
    int localReloadsBefore(int i);

    /** Reloads from shared memory issued right before instruction {@code i}. */
    int sharedReloadsBefore(int i);

    /** Spill stores (any space) issued right after instruction {@code i}. */
    int storesAfter(int i);

    /** Whether instruction {@code i} is a copy removed by coalescing. */
    boolean removed(int i);

    /**
     * Spill traffic held in per-instruction arrays.
     *
     * @param localReloads reloads from local memory before each instruction
     * @param sharedReloads reloads from shared memory before each instruction
     * @param stores spill stores after each instruction
     * @param removedCopies whether each instruction is a copy coalescing removed
     */
    record PerInstruction(int[] localReloads, int[] sharedReloads, int[] stores, boolean[] removedCopies)
            implements SpillTraffic {
        @Override
        public int localReloadsBefore(int i) {
            return localReloads[i];
        }

        @Override
        public int sharedReloadsBefore(int i) {
            return sharedReloads[i];
        }

        @Override
        public int storesAfter(int i) {
            return stores[i];
        }

        @Override
        public boolean removed(int i) {
            return removedCopies[i];
        }
    }

    /** No spill traffic and no removed copies. */
    SpillTraffic NONE = new SpillTraffic() {
        @Override
        public int localReloadsBefore(int i) {
            return 0;
        }

        @Override
        public int sharedReloadsBefore(int i) {
            return 0;
        }

        @Override
        public int storesAfter(int i) {
            return 0;
        }

        @Override
        public boolean removed(int i) {
            return false;
        }
    };
}
