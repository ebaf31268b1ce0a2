package dev.regtune.job.select;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Ranks by the model, confirms on the real ptxas ({@code select --confirm ptxas:K}): for every kernel,
 * the model's K best configurations by the objective (its feasible rows, best first, ties to the
 * lower {@code config_id}); each is then compiled by ptxas (by the caller, {@link Truth}) and the
 * kernel's confirmed choice is the candidate whose ptxas figures are best by the same objective
 * (ties to the model's rank). The objective must be one ptxas measures (spills, registers, or a
 * lexicographic or weighted objective of them): ptxas estimates no latency or kernel time. Pure: the
 * same table, objective, K and ptxas outcomes give the same choices.
 */
public final class TopKConfirmation {
    private TopKConfirmation() {
    }

    /** The ptxas outcome of one candidate: a row of the real ptxas, as selection reads one. */
    @FunctionalInterface
    public interface Truth {
        /**
         * @param kernel the kernel
         * @param config the configuration
         * @return ptxas's evaluation, with {@code estLatencyCycles} and {@code estTimeCycles} -1
         */
        Outcome evaluate(KernelInfo kernel, ConfigInfo config);
    }

    /**
     * What ptxas gave for a candidate.
     *
     * @param evaluation its figures (status, registers, spill bytes)
     * @param message ptxas's message where the status is not OK, else empty
     * @param cached whether the outcome came from the ptxas cache
     */
    public record Outcome(Evaluation evaluation, String message, boolean cached) {
    }

    /**
     * One candidate of a kernel.
     *
     * @param modelRank 1 for the model's best
     * @param config the configuration
     * @param model the model's evaluation
     * @param ptxas ptxas's outcome
     */
    public record Candidate(int modelRank, ConfigInfo config, Evaluation model, Outcome ptxas) {
    }

    /**
     * A kernel's confirmation.
     *
     * @param kernel the kernel
     * @param candidates the model's top K, in the model's order
     * @param chosen the index in {@code candidates} of the best by ptxas, empty when ptxas gave none OK
     */
    public record Kernel(KernelInfo kernel, List<Candidate> candidates, Optional<Integer> chosen) {
        public Kernel {
            candidates = List.copyOf(candidates);
        }

        /** The model's own choice, the first candidate. */
        public Candidate modelChoice() {
            return candidates.get(0);
        }

        /** The confirmed choice, when ptxas compiled a candidate OK. */
        public Optional<Candidate> confirmed() {
            return chosen.map(candidates::get);
        }
    }

    /**
     * Refuses an objective ptxas cannot score.
     *
     * @throws SelectionInputException naming the metrics ptxas lacks
     */
    public static void requireMeasuredByPtxas(Objective objective) {
        List<String> missing = objective.metrics().stream().filter(m -> m == Metric.TIME || m == Metric.LATENCY)
                .map(Metric::word).toList();
        if (!missing.isEmpty()) {
            throw new SelectionInputException("--confirm ptxas:K chooses among the model's best by ptxas's own "
                    + "figures, which have no " + String.join(" or ", missing) + "; use --objective spills, "
                    + "registers, lex:spills,registers or a weighted: objective of them");
        }
    }

    /**
     * The model's top {@code k} configurations of every kernel with a feasible row, kernels in
     * {@code kernel_id} order.
     */
    public static List<List<Integer>> modelTop(ResultTable table, Objective objective, int k) {
        ObjectiveValues v = new ObjectiveValues(table, objective);
        List<List<Integer>> out = new ArrayList<>();
        for (int kernel = 0; kernel < table.kernels().size(); kernel++) {
            List<Integer> rows = new ArrayList<>();
            for (int r = table.firstRow(kernel); r < table.endRow(kernel); r++) {
                if (v.feasible(r)) {
                    rows.add(r);
                }
            }
            rows.sort(((Comparator<Integer>) v::compare).thenComparingInt(table::configOf));
            out.add(List.copyOf(rows.subList(0, Math.min(k, rows.size()))));
        }
        return out;
    }

    /**
     * Confirms the model's top {@code k} of every kernel with {@code truth}.
     *
     * @throws SelectionInputException when the objective is not one ptxas measures
     */
    public static List<Kernel> confirm(ResultTable table, Objective objective, int k, Truth truth) {
        requireMeasuredByPtxas(objective);
        List<Kernel> out = new ArrayList<>();
        List<List<Integer>> top = modelTop(table, objective, k);
        for (int kernel = 0; kernel < top.size(); kernel++) {
            if (top.get(kernel).isEmpty()) {
                continue;
            }
            KernelInfo info = table.kernels().get(kernel);
            List<Candidate> candidates = new ArrayList<>();
            for (int row : top.get(kernel)) {
                ConfigInfo config = table.configs().get(table.configOf(row));
                candidates.add(new Candidate(candidates.size() + 1, config, table.evaluation(row),
                        truth.evaluate(info, config)));
            }
            out.add(new Kernel(info, candidates, best(objective, candidates)));
        }
        return out;
    }

    private static Optional<Integer> best(Objective objective, List<Candidate> candidates) {
        Optional<Integer> best = Optional.empty();
        for (int i = 0; i < candidates.size(); i++) {
            Evaluation e = candidates.get(i).ptxas().evaluation();
            if (!e.ok() || !objective.defined(e)) {
                continue;
            }
            if (best.isEmpty() || compare(objective, e, candidates.get(best.get()).ptxas().evaluation()) < 0) {
                best = Optional.of(i);
            }
        }
        return best;
    }

    private static int compare(Objective objective, Evaluation a, Evaluation b) {
        for (int j = 0; j < objective.components(); j++) {
            int c = Double.compare(objective.value(j, a), objective.value(j, b));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}
