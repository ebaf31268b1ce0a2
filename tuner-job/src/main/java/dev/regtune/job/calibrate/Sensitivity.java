package dev.regtune.job.calibrate;

import dev.regtune.core.knobs.KnobDef;
import dev.regtune.job.fidelity.Candidate;
import dev.regtune.job.fidelity.GroupFigures;
import dev.regtune.job.fidelity.KernelKind;
import dev.regtune.job.fidelity.KernelOutcome;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * Which knobs move the loss against ptxas, per kind of kernel: a first-order variance decomposition
 * over the sampled configurations. For each kind (and all kernels together) every configuration's
 * loss on the kernels of that kind is computed; for each knob the space varies, the configurations
 * are binned by the knob's value (each distinct value its own bin when there are at most
 * {@value #MAX_LEVELS}, else {@value #MAX_LEVELS} bins by the rank of the value among the distinct
 * values), and the index is
 * the share of the loss's variance explained by the bin means, Var(E[loss | knob]) / Var(loss):
 * the correlation ratio, which estimates the first-order Sobol index of the knob. With the few
 * configurations a calibration affords it is biased upwards (noise explains some variance too), so
 * the indices rank knobs rather than measure them; {@code configurations} says how many it is over.
 */
public final class Sensitivity {
    /** Most bins per knob. */
    static final int MAX_LEVELS = 4;

    private Sensitivity() {
    }

    /**
     * One knob's index for one kind.
     *
     * @param kind "all" or a kind's label
     * @param knob the knob's name
     * @param index Var(E[loss | knob]) / Var(loss), 0 to 1; NaN when the loss does not vary
     * @param configurations configurations it is over
     * @param kernels kernel outcomes of the kind
     * @param lossMin smallest loss of a configuration on the kind
     * @param lossMax largest
     */
    public record Index(String kind, String knob, double index, int configurations, int kernels, double lossMin,
            double lossMax) {
    }

    /**
     * The indices, kinds in the order all, calls, local, tensor, plain (kinds without kernels left
     * out), knobs in the order given.
     *
     * @param outcomesOf every configuration's outcomes on every kernel, by candidate index
     * @param knobs the knobs the space varies
     * @param loss the loss of a configuration's figures
     */
    public static List<Index> of(List<Candidate> candidates, Map<Integer, List<KernelOutcome>> outcomesOf,
            List<KnobDef> knobs, ToDoubleFunction<GroupFigures> loss) {
        List<Index> result = new ArrayList<>();
        List<Integer> configs = new ArrayList<>(outcomesOf.keySet());
        if (configs.size() < 2) {
            return result;
        }
        List<String> kinds = new ArrayList<>(List.of("all"));
        Arrays.stream(KernelKind.values()).map(KernelKind::label).forEach(kinds::add);
        for (String kind : kinds) {
            double[] y = new double[configs.size()];
            int kernels = 0;
            for (int i = 0; i < configs.size(); i++) {
                List<KernelOutcome> of = Objects.requireNonNull(outcomesOf.get(configs.get(i))).stream()
                        .filter(o -> kind.equals("all") || o.kernel().traits().kind().label().equals(kind)).toList();
                kernels = of.size();
                y[i] = loss.applyAsDouble(GroupFigures.model(of, 0, kind));
            }
            if (kernels == 0) {
                continue;
            }
            double min = Arrays.stream(y).min().orElseThrow();
            double max = Arrays.stream(y).max().orElseThrow();
            for (KnobDef d : knobs) {
                double[] x = new double[configs.size()];
                for (int i = 0; i < configs.size(); i++) {
                    x[i] = candidates.get(configs.get(i)).knobs().get(d);
                }
                result.add(new Index(kind, d.name(), firstOrder(x, y), configs.size(), kernels, min, max));
            }
        }
        return result;
    }

    /** Var(E[y | bin of x]) / Var(y); NaN when y does not vary. */
    static double firstOrder(double[] x, double[] y) {
        int n = y.length;
        double mean = Arrays.stream(y).average().orElse(Double.NaN);
        double total = 0;
        for (double v : y) {
            total += (v - mean) * (v - mean);
        }
        if (!(total > 0)) {
            return Double.NaN;
        }
        int[] bin = bins(x);
        TreeMap<Integer, double[]> sums = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            double[] s = sums.computeIfAbsent(bin[i], b -> new double[2]);
            s[0] += y[i];
            s[1]++;
        }
        double between = 0;
        for (double[] s : sums.values()) {
            double m = s[0] / s[1];
            between += s[1] * (m - mean) * (m - mean);
        }
        return Math.min(1.0, between / total);
    }

    /** Each value's bin: its distinct value when few, else a quarter of the distinct values' ranks (ties kept together). */
    static int[] bins(double[] x) {
        double[] distinct = Arrays.stream(x).distinct().sorted().toArray();
        int[] bin = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            int rank = Arrays.binarySearch(distinct, x[i]);
            bin[i] = distinct.length <= MAX_LEVELS ? rank : (int) ((long) rank * MAX_LEVELS / distinct.length);
        }
        return bin;
    }
}
