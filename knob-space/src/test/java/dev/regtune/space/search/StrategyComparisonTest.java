package dev.regtune.space.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.space.Configuration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The strategies against random search on synthetic objectives with known optima, averaged over
 * ten seeds, at equal (or, for successive halving, much smaller) evaluation budgets.
 */
class StrategyComparisonTest {
    private static final int SEEDS = 10;

    private static double sphereOf(GridSpace space, Proposal p) {
        return Objectives.shiftedSphere(space.values(p.configuration()));
    }

    private static double bestSphere(GridSpace space, SearchStrategy s) {
        SearchLoop.run(s, p -> Observation.of(p.id(), sphereOf(space, p)));
        return s.best().orElseThrow().observation().objective(0);
    }

    @Test
    void tpeBeatsRandomSearchOnAShiftedSphereAtEqualBudget() {
        int budget = 80;
        double random = 0;
        double tpe = 0;
        double tpeBatched = 0;
        for (long seed = 1; seed <= SEEDS; seed++) {
            GridSpace space = GridSpace.constrained(5);
            random += bestSphere(space, new RandomSearch(space, RandomSearch.Params.of(budget, 8), seed)) / SEEDS;
            tpe += bestSphere(space, new TpeSearch(space, TpeSearch.Params.of(budget), seed)) / SEEDS;
            tpeBatched += bestSphere(space,
                    new TpeSearch(space, TpeSearch.Params.of(budget).withBatchSize(8), seed)) / SEEDS;
        }
        System.out.printf(Locale.ROOT, "sphere d=5 budget %d, mean best over %d seeds: random %.4f, TPE %.4f,"
                + " TPE batch 8 %.4f%n", budget, SEEDS, random, tpe, tpeBatched);
        assertTrue(tpe < random, "TPE " + tpe + " vs random " + random);
        assertTrue(tpeBatched < random, "batched TPE " + tpeBatched + " vs random " + random);
    }

    /** Kernel k scales and offsets the sphere and adds noise specific to (configuration, kernel). */
    private static double perKernel(GridSpace space, Configuration c, int k) {
        double scale = 1 + 0.5 * Math.abs(Objectives.noise(k, 1));
        double offset = 3 * Math.abs(Objectives.noise(k, 2));
        return scale * Objectives.shiftedSphere(space.values(c)) + offset
                + 0.05 * Objectives.noise(c.hashCode(), k + 100);
    }

    /** The true objective: the mean over every kernel. */
    private static double overAllKernels(GridSpace space, Configuration c, int kernels) {
        double s = 0;
        for (int k = 0; k < kernels; k++) {
            s += perKernel(space, c, k) / kernels;
        }
        return s;
    }

    @Test
    void successiveHalvingMatchesRandomSearchWithFarFewerKernelEvaluations() {
        int kernels = 27;
        List<String> ids = new ArrayList<>();
        for (int k = 0; k < kernels; k++) {
            ids.add(Integer.toString(k));
        }
        double random = 0;
        double halving = 0;
        long randomCost = 0;
        long halvingCost = 0;
        double halvingSmall = 0;
        long halvingSmallCost = 0;
        for (long seed = 1; seed <= SEEDS; seed++) {
            GridSpace space = GridSpace.constrained(5);
            RandomSearch rs = new RandomSearch(space, RandomSearch.Params.of(81, 27), seed);
            SearchLoop.run(rs, p -> Observation.of(p.id(), overAllKernels(space, p.configuration(), kernels)));
            random += rs.best().orElseThrow().observation().objective(0) / SEEDS;
            randomCost += 81L * kernels;

            SuccessiveHalving sh = new SuccessiveHalving(space, ids, SuccessiveHalving.Params.of(243), seed);
            halving += halvingResult(space, sh, kernels) / SEEDS;
            halvingCost += sh.kernelEvaluations();
            SuccessiveHalving small = new SuccessiveHalving(space, ids, SuccessiveHalving.Params.of(81), seed);
            halvingSmall += halvingResult(space, small, kernels) / SEEDS;
            halvingSmallCost += small.kernelEvaluations();
        }
        System.out.printf(Locale.ROOT, "per-kernel sphere, 27 kernels, mean over %d seeds: random 81 configs x 27 kernels"
                + " -> %.4f (%d evaluations/run); halving 243 configs eta 3 -> %.4f (%d evaluations/run)%n",
                SEEDS, random, randomCost / SEEDS, halving, halvingCost / SEEDS);
        System.out.printf(Locale.ROOT, "  (halving 81 configs eta 3 -> %.4f (%d evaluations/run), not asserted)%n",
                halvingSmall, halvingSmallCost / SEEDS);
        assertTrue(halving <= random, "halving " + halving + " vs random " + random);
        assertTrue(halvingCost * 2 < randomCost, "halving cost " + halvingCost + " vs " + randomCost);
    }

    /** Runs halving with per-kernel observations; the true objective of the configuration it picks. */
    private static double halvingResult(GridSpace space, SuccessiveHalving sh, int kernels) {
        SearchLoop.run(sh, p -> {
            TreeMap<String, double[]> m = new TreeMap<>();
            for (String k : p.kernels()) {
                m.put(k, new double[] {perKernel(space, p.configuration(), Integer.parseInt(k))});
            }
            return Observation.ofKernels(p.id(), m);
        });
        Trial best = sh.best().orElseThrow();
        assertEquals(kernels, best.proposal().kernels().size());
        return overAllKernels(space, best.proposal().configuration(), kernels);
    }

    private static double hypervolume(List<Trial> front) {
        List<double[]> points = front.stream().map(t -> t.observation().objectives()).toList();
        return Pareto.hypervolume2d(points, new double[] {1.1, 6.0});
    }

    @Test
    void nsga2FrontDominatesRandomFrontOnZdt1() {
        int budget = 400;
        double random = 0;
        double nsga = 0;
        for (long seed = 1; seed <= SEEDS; seed++) {
            GridSpace space = GridSpace.constrained(6);
            RandomSearch rs = new RandomSearch(space, RandomSearch.Params.of(budget, 20), seed);
            SearchLoop.run(rs, p -> Observation.of(p.id(), Objectives.zdt1(space.values(p.configuration()))));
            List<double[]> rsPoints = rs.trials().stream().map(t -> t.observation().objectives()).toList();
            List<Trial> rsFront = new ArrayList<>();
            for (int i : Pareto.nonDominatedSort(rsPoints).get(0)) {
                rsFront.add(rs.trials().get(i));
            }
            random += hypervolume(rsFront) / SEEDS;

            Nsga2Search ns = new Nsga2Search(space, Nsga2Search.Params.of(20, budget), seed);
            SearchLoop.run(ns, p -> Observation.of(p.id(), Objectives.zdt1(space.values(p.configuration()))));
            List<Trial> front = ns.paretoFront();
            for (Trial a : front) {
                for (Trial b : ns.trials()) {
                    assertTrue(!Pareto.dominates(b.observation().objectives(), a.observation().objectives()));
                }
            }
            nsga += hypervolume(front) / SEEDS;
        }
        System.out.printf(Locale.ROOT, "ZDT1 d=6 budget %d, mean hypervolume (ref 1.1, 6.0) over %d seeds:"
                + " random %.4f, NSGA-II %.4f (ideal %.4f)%n", budget, SEEDS, random, nsga, 1.1 * 6.0 - 1.0 / 3);
        assertTrue(nsga > random, "NSGA-II " + nsga + " vs random " + random);
    }
}
