package dev.regtune.job.fidelity;

import dev.regtune.core.lower.LoweringRule;
import dev.regtune.datasets.probe.ProbeConstruct;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * One row of the lowering table with the figures it was derived from.
 *
 * @param arch the architecture probed
 * @param construct the construct
 * @param ptxasBudgets per pressure, the smallest {@code -maxrregcount} at which ptxas does not spill the probe
 * @param modelBudgets the same for the model without lowering
 * @param addPtxasBudgets the same for ptxas on the baseline ({@code add} of the live type)
 * @param addModelBudgets the same for the model on the baseline
 * @param ptxasSmallest what ptxas reports without a limit for the probe keeping 2 values live
 * @param addSmallest the same for the baseline
 */
public record LoweringProbeRow(String arch, ProbeConstruct construct, int[] ptxasBudgets, int[] modelBudgets,
        int[] addPtxasBudgets, int[] addModelBudgets, int ptxasSmallest, int addSmallest) {

    /** Per pressure: the registers ptxas needs beyond the model, less the same for the baseline. */
    public int[] differences() {
        int[] d = new int[ptxasBudgets.length];
        for (int k = 0; k < d.length; k++) {
            d[k] = (ptxasBudgets[k] - modelBudgets[k]) - (addPtxasBudgets[k] - addModelBudgets[k]);
        }
        return d;
    }

    /**
     * The rule: the median difference (never below 0), the floor where the smallest probe exceeds
     * the baseline's, and by how much it does (the temporaries where registers are free).
     */
    public LoweringRule rule() {
        int[] d = differences().clone();
        Arrays.sort(d);
        int median = d[d.length / 2];
        return LoweringRule.probed(construct.spelling(), Math.max(0, median),
                ptxasSmallest > addSmallest ? ptxasSmallest : 0, ptxasSmallest, addSmallest);
    }

    /** The row as the table writes it ({@link dev.regtune.core.lower.LoweringTable#HEADER}). */
    public String csv() {
        LoweringRule r = rule();
        return String.join(",", arch, construct.spelling(), Integer.toString(r.temporaries()),
                Integer.toString(r.registerFloor()), pair(ptxasBudgets, addPtxasBudgets),
                pair(modelBudgets, addModelBudgets), Integer.toString(ptxasSmallest), Integer.toString(addSmallest));
    }

    /** {@code a/b} per pressure, separated by spaces: the construct's budget over the baseline's. */
    private static String pair(int[] a, int[] b) {
        return java.util.stream.IntStream.range(0, a.length).mapToObj(k -> a[k] + "/" + b[k])
                .collect(Collectors.joining(" "));
    }
}
