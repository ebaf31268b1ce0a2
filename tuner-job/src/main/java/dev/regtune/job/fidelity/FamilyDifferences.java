package dev.regtune.job.fidelity;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Where the compared allocator families differ from one another: the cases grouped by budget, by
 * architecture, by kernel family (the PTX file's name: the bundled corpus has one file per kernel
 * family) and by entry, and for each group how far apart the families' register counts are, how
 * close each family is to ptxas, and how often they disagree on whether the entry spills.
 *
 * <p>Register figures cover the cases every family allocated, so that every family is measured on
 * the same cases; spill disagreements cover the budgeted cases, a failed allocation counting as a
 * spill (as {@link Predictor#spills} has it).
 */
public final class FamilyDifferences {
    private FamilyDifferences() {
    }

    /**
     * How the families compare over one group of cases.
     *
     * @param label the group: a budget ("none", "24"), an architecture, a kernel family, an entry
     * @param cases cases in the group
     * @param allocatedCases of those, the cases every family allocated (the register figures' cases)
     * @param mapePercent per family, in family order: mean absolute percentage error of its register
     *     counts against ptxas's on the allocated cases (NaN without any)
     * @param meanRegisterSpread mean over the allocated cases of the largest minus the smallest
     *     family's register count (NaN without any)
     * @param budgetedCases cases with a register budget
     * @param spillDisagreements budgeted cases on which the families disagree about spilling
     */
    public record Group(String label, int cases, int allocatedCases, List<Double> mapePercent,
            double meanRegisterSpread, int budgetedCases, int spillDisagreements) {
        public Group {
            mapePercent = List.copyOf(mapePercent);
        }
    }

    /** The figures of one group of cases (of the same families). */
    public static Group of(String label, List<FidelityCase> cases) {
        int families = cases.isEmpty() ? 0 : cases.get(0).pairs().size();
        List<FidelityCase> allocated = cases.stream().filter(FidelityCase::everyModelOk).toList();
        double[] real = allocated.stream().mapToDouble(c -> c.first().real().registers()).toArray();
        List<Double> mape = new ArrayList<>(families);
        for (int k = 0; k < families; k++) {
            int family = k;
            double[] predicted = allocated.stream().mapToDouble(c -> c.pairs().get(family).modelRegisters()).toArray();
            mape.add(PercentageError.meanAbsolute(predicted, real));
        }
        double spread = allocated.stream().mapToInt(FidelityCase::registerSpread).average().orElse(Double.NaN);
        List<FidelityCase> budgeted = cases.stream().filter(c -> c.first().budgeted()).toList();
        int disagreements = (int) budgeted.stream().filter(FidelityCase::spillDisagreement).count();
        return new Group(label, cases.size(), allocated.size(), mape, spread, budgeted.size(), disagreements);
    }

    /** One group per budget, in {@code budgets} order ("none" for 0); budgets without cases are left out. */
    public static List<Group> byBudget(List<FidelityCase> cases, List<Integer> budgets) {
        Map<Integer, List<FidelityCase>> groups = new LinkedHashMap<>();
        for (int b : budgets) {
            groups.put(b, new ArrayList<>());
        }
        for (FidelityCase c : cases) {
            groups.computeIfAbsent(c.first().budget(), b -> new ArrayList<>()).add(c);
        }
        List<Group> result = new ArrayList<>();
        groups.forEach((b, group) -> {
            if (!group.isEmpty()) {
                result.add(of(b == 0 ? "none" : Integer.toString(b), group));
            }
        });
        return result;
    }

    /** One group per architecture, by name. */
    public static List<Group> byArch(List<FidelityCase> cases) {
        return grouped(cases, c -> c.first().arch());
    }

    /** One group per kernel family: the PTX file's name without its folder and {@code .ptx}, over every arch. */
    public static List<Group> byKernelFamily(List<FidelityCase> cases) {
        return grouped(cases, c -> kernelFamily(c.first().file()));
    }

    /** One group per entry (named with its kernel family, "entry (family)"), over every arch and budget. */
    public static List<Group> byEntry(List<FidelityCase> cases) {
        return grouped(cases, c -> c.first().entry() + " (" + kernelFamily(c.first().file()) + ")");
    }

    /**
     * The {@code limit} groups whose families differ most: largest mean register spread first, then
     * most spill disagreements, then by label; groups without a register figure last.
     */
    public static List<Group> mostDifferent(List<Group> groups, int limit) {
        Comparator<Group> order = Comparator
                .comparing((Group g) -> Double.isNaN(g.meanRegisterSpread()))
                .thenComparing(Group::meanRegisterSpread, Comparator.reverseOrder())
                .thenComparing(Group::spillDisagreements, Comparator.reverseOrder())
                .thenComparing(Group::label);
        return groups.stream().sorted(order).limit(limit).toList();
    }

    /** "gemm_tile" for "datasets/corpus/ptx/sm_90/gemm_tile.ptx". */
    static String kernelFamily(String file) {
        Path name = Path.of(file).getFileName();
        String s = name == null ? file : name.toString();
        return s.endsWith(".ptx") ? s.substring(0, s.length() - 4) : s;
    }

    private static List<Group> grouped(List<FidelityCase> cases, Function<FidelityCase, String> key) {
        Map<String, List<FidelityCase>> groups = new TreeMap<>();
        for (FidelityCase c : cases) {
            groups.computeIfAbsent(key.apply(c), k -> new ArrayList<>()).add(c);
        }
        List<Group> result = new ArrayList<>();
        groups.forEach((label, group) -> result.add(of(label, group)));
        return result;
    }
}
