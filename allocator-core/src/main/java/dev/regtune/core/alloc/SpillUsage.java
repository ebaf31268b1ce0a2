package dev.regtune.core.alloc;

/**
 * Spill traffic and the stack frame, as {@code ptxas -v} counts them.
 *
 * @param storeBytes bytes of spill stores (static count of STL bytes)
 * @param loadBytes bytes of spill loads (static count of LDL bytes)
 * @param stackFrameBytes per-thread stack frame: spill slots plus declared local memory
 * @param smemBytes shared-memory spill bytes per block (knob 619)
 */
public record SpillUsage(int storeBytes, int loadBytes, int stackFrameBytes, int smemBytes) {
    /** No spill traffic and no frame. */
    public static final SpillUsage NONE = new SpillUsage(0, 0, 0, 0);

    /** Whether anything was spilled to local or shared memory. */
    public boolean any() {
        return storeBytes > 0 || loadBytes > 0 || smemBytes > 0;
    }
}
