package dev.regtune.core.lower;

import dev.regtune.core.ir.KernelFunction;

/**
 * The parameter reads a transform leaves without readers: an {@code ld.param} or {@code cvta.to.*}
 * of a parameter value whose every read became a constant-bank operand goes, and a load read only
 * by a conversion that goes goes with it.
 */
final class UnreadParameterReads {
    private UnreadParameterReads() {
    }

    /**
     * Per instruction of {@code f}: whether it is a parameter read left without readers.
     * {@code source} is {@code ParameterValues.definitions(f)}; {@code reads} the readers each vreg
     * has left, lowered here as conversions go.
     */
    static boolean[] of(KernelFunction f, int[] source, int[] reads) {
        boolean[] dropped = new boolean[f.instrCount()];
        for (int pass = 0; pass < 2; pass++) {
            for (int v = 0; v < source.length; v++) {
                int i = source[v];
                if (i < 0 || dropped[i] || reads[v] != 0) {
                    continue;
                }
                dropped[i] = true;
                if (f.useCount(i) == 1) {
                    reads[f.use(i, 0)]--;
                }
            }
        }
        return dropped;
    }
}
