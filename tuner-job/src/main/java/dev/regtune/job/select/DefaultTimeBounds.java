package dev.regtune.job.select;

import dev.regtune.core.alloc.KernelTime;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Why a kernel's best is (or is not) the default configuration under the time objective: the
 * kernels counted by the bound that sets the default configuration's estimated time, and how many
 * of each have a better configuration. In the kernel-time model the time is the largest of an
 * issue, a latency and a memory bound; a shorter latency shortens only the latency bound, and more
 * warps (occupancy) the latency bound and the memory bound while the active warps keep fewer
 * requests in flight than the memory system takes ({@code min(P, W x r)}). So a kernel whose default
 * is issue-bound, or memory-bound with warps enough to fill the memory parallelism, can beat its
 * default only by issuing fewer instructions or memory requests, which a register budget, launch
 * bounds or the scheduler's register target never do (spill code only adds them). A kernel whose
 * default already runs at full occupancy (the architecture's maximum warps per SM) cannot get
 * more warps from any register budget or launch bound, whatever its bound: those are counted too.
 *
 * @param kernels kernels by the bound of their default evaluation, in bound order; only bounds with kernels
 * @param tuned of those, the kernels whose best configuration is not the default
 * @param withoutBound kernels without an OK default evaluation with a time bound (not counted above)
 * @param fullOccupancy of the counted kernels, those whose default runs at full occupancy
 * @param fullOccupancyTuned of those, the kernels whose best configuration is not the default
 */
public record DefaultTimeBounds(Map<KernelTime.Bound, Integer> kernels, Map<KernelTime.Bound, Integer> tuned,
        int withoutBound, int fullOccupancy, int fullOccupancyTuned) {
    public DefaultTimeBounds {
        kernels = Map.copyOf(kernels);
        tuned = Map.copyOf(tuned);
    }

    /**
     * The counts of a selection made under the time objective whose defaults have time bounds;
     * empty under any other objective, or for a table written before result schema 4.
     */
    public static Optional<DefaultTimeBounds> of(Selection s) {
        if (!(s.objective() instanceof Objective.Single single) || single.metric() != Metric.TIME) {
            return Optional.empty();
        }
        DefaultTimeBounds b = of(s.kernels());
        return b.known() ? Optional.of(b) : Optional.empty();
    }

    /** Counts the kernels of a selection by their default evaluation's time bound. */
    public static DefaultTimeBounds of(List<KernelBest> kernels) {
        Map<KernelTime.Bound, Integer> n = new EnumMap<>(KernelTime.Bound.class);
        Map<KernelTime.Bound, Integer> better = new EnumMap<>(KernelTime.Bound.class);
        int without = 0;
        int full = 0;
        int fullBetter = 0;
        for (KernelBest b : kernels) {
            Optional<Evaluation> ok = b.defaultEvaluation().filter(Evaluation::ok);
            KernelTime.Bound bound = ok.map(Evaluation::timeBound).orElse(KernelTime.Bound.NONE);
            if (bound == KernelTime.Bound.NONE) {
                without++;
                continue;
            }
            n.merge(bound, 1, Integer::sum);
            boolean tuned = !b.config().isDefault();
            if (tuned) {
                better.merge(bound, 1, Integer::sum);
            }
            if (ok.orElseThrow().occupancy() >= 1.0) {
                full++;
                fullBetter += tuned ? 1 : 0;
            }
        }
        return new DefaultTimeBounds(n, better, without, full, fullBetter);
    }

    /** Whether any kernel's default has a time bound (tables written before result schema 4 have none). */
    public boolean known() {
        return !kernels.isEmpty();
    }

    /**
     * One sentence, without its full stop: "what bounds the default's estimated time: 18
     * latency-bound (17 with a better configuration), ...; more warps shorten ...; 54 kernels already
     * run at full occupancy at the default (0 with a better configuration) ...".
     */
    public String sentence() {
        List<String> parts = new ArrayList<>();
        for (KernelTime.Bound bound : List.of(KernelTime.Bound.LATENCY, KernelTime.Bound.ISSUE,
                KernelTime.Bound.MEMORY)) {
            parts.add(kernels(bound) + " " + bound.name().toLowerCase(Locale.ROOT) + "-bound (" + tuned(bound)
                    + " with a better configuration)");
        }
        return "what bounds the default's estimated time: " + String.join(", ", parts)
                + (withoutBound > 0 ? ", " + withoutBound + " without a default time" : "")
                + "; more warps shorten the latency bound, and the memory bound while they keep fewer requests in "
                + "flight than the memory system takes, so an issue-bound kernel, or a memory-bound one whose warps "
                + "already fill the memory parallelism, beats its default only by issuing fewer instructions or "
                + "memory requests; " + fullOccupancy
                + (fullOccupancy == 1 ? " kernel already runs" : " kernels already run") + " at full occupancy at the "
                + "default (" + fullOccupancyTuned + " with a better configuration), where no register budget or "
                + "launch bound can add warps";
    }

    /** Kernels whose default evaluation is set by {@code bound}. */
    public int kernels(KernelTime.Bound bound) {
        return kernels.getOrDefault(bound, 0);
    }

    /** Of those, the kernels with a best configuration other than the default. */
    public int tuned(KernelTime.Bound bound) {
        return tuned.getOrDefault(bound, 0);
    }
}
