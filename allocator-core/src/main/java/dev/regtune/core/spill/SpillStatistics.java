package dev.regtune.core.spill;

/**
 * The spill figures of one function (seed 004, "Spill Statistics": LSpillB, LRefillB, SSpillB,
 * SRefillB), and the counts the latency model needs.
 *
 * @param localSpillBytes LSpillB: static bytes of local-memory spill stores
 * @param localRefillBytes LRefillB: static bytes of local-memory reloads
 * @param sharedSpillBytes SSpillB: static bytes of shared-memory spill stores
 * @param sharedRefillBytes SRefillB: static bytes of shared-memory reloads
 * @param spilledValues values spilled to memory
 * @param predicateBitSpills predicates spilled into GPR bits
 */
public record SpillStatistics(int localSpillBytes, int localRefillBytes, int sharedSpillBytes, int sharedRefillBytes,
        int spilledValues, int predicateBitSpills) {
    public static final SpillStatistics NONE = new SpillStatistics(0, 0, 0, 0, 0, 0);
}
