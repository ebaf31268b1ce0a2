package dev.regtune.datasets.manifest;

import java.io.Serializable;

/**
 * What the real {@code ptxas -v} reported for one kernel entry at one register budget.
 *
 * @param registers "Used N registers"
 * @param spillStoreBytes "N bytes spill stores"
 * @param spillLoadBytes "N bytes spill loads"
 * @param stackFrameBytes "N bytes stack frame"
 */
public record PtxasFigures(int registers, int spillStoreBytes, int spillLoadBytes, int stackFrameBytes)
        implements Serializable {
    private static final long serialVersionUID = 1L;

    public PtxasFigures {
        if (registers < 0 || spillStoreBytes < 0 || spillLoadBytes < 0 || stackFrameBytes < 0) {
            throw new IllegalArgumentException("ptxas figures must not be negative");
        }
    }

    /** Whether ptxas spilled (nonzero spill stores or loads). */
    public boolean spills() {
        return spillStoreBytes > 0 || spillLoadBytes > 0;
    }
}
