package dev.regtune.job.fidelity;

/**
 * What the real {@code ptxas -v} reported for one function at one budget.
 *
 * @param function the function's name as ptxas prints it
 * @param entry whether it is a kernel entry ({@code .entry}) rather than a {@code .func}
 * @param registers "Used N registers", or -1 when ptxas printed none (a {@code .func} in
 *     whole-program mode)
 * @param spillStoreBytes "N bytes spill stores"
 * @param spillLoadBytes "N bytes spill loads"
 * @param stackFrameBytes "N bytes stack frame"
 */
public record PtxasMeasurement(String function, boolean entry, int registers, int spillStoreBytes,
        int spillLoadBytes, int stackFrameBytes) {

    public boolean spills() {
        return spillStoreBytes > 0 || spillLoadBytes > 0;
    }
}
