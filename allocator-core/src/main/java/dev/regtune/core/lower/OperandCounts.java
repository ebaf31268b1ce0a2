package dev.regtune.core.lower;

import dev.regtune.core.ir.KernelFunction;

/**
 * How often each vreg of a function is defined and read, for the transforms that fold a value
 * into its readers only when it has one definition and they know all its reads.
 *
 * @param defs per vreg, the instructions defining it
 * @param reads per vreg, its reads (an instruction reading it twice counts twice)
 */
record OperandCounts(int[] defs, int[] reads) {
    static OperandCounts of(KernelFunction f) {
        int[] defs = new int[f.vregCount()];
        int[] reads = new int[f.vregCount()];
        for (int i = 0; i < f.instrCount(); i++) {
            for (int k = 0; k < f.defCount(i); k++) {
                defs[f.def(i, k)]++;
            }
            for (int k = 0; k < f.useCount(i); k++) {
                reads[f.use(i, k)]++;
            }
        }
        return new OperandCounts(defs, reads);
    }
}
