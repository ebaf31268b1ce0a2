package dev.regtune.space.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.space.Configuration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What every strategy promises the driver: determinism, feasibility, no repeats, the round protocol. */
class StrategyContractTest {
    private static final List<String> KERNELS = IntStream.range(0, 9).mapToObj(i -> "k" + i).toList();

    /** Each strategy on a constrained space with a coarse grid, so repeats and infeasible points are common. */
    private static List<LongFunction<SearchStrategy>> strategies(GridSpace space) {
        return List.of(
                seed -> new RandomSearch(space, RandomSearch.Params.of(60, 7), seed),
                seed -> new TpeSearch(space, TpeSearch.Params.of(60).withBatchSize(5), seed),
                seed -> new Nsga2Search(space, Nsga2Search.Params.of(12, 60), seed),
                seed -> new SuccessiveHalving(space, KERNELS, SuccessiveHalving.Params.of(27), seed));
    }

    private static Observation evaluate(GridSpace space, Proposal p) {
        double[] x = space.values(p.configuration());
        if (p.kernels().isEmpty()) {
            return Observation.of(p.id(), Objectives.zdt1(x));
        }
        TreeMap<String, double[]> m = new TreeMap<>();
        for (String k : p.kernels()) {
            m.put(k, new double[] {Objectives.shiftedSphere(x) + 0.01 * Objectives.noise(p.configuration().hashCode(), k.hashCode())});
        }
        return Observation.ofKernels(p.id(), m);
    }

    private static List<Proposal> run(GridSpace space, SearchStrategy s) {
        return SearchLoop.run(s, p -> evaluate(space, p)).stream().map(Trial::proposal).toList();
    }

    /** Coarse enough that strategies keep hitting configurations already proposed. */
    private static GridSpace coarse() {
        return new GridSpace(4, 6, x -> x[0] + x[1] <= 1.2);
    }

    @Test
    void sameSeedSameProposalsOtherSeedOtherProposals() {
        for (int i = 0; i < 4; i++) {
            List<Proposal> a = run(coarse(), strategies(coarse()).get(i).apply(7));
            List<Proposal> b = run(coarse(), strategies(coarse()).get(i).apply(7));
            List<Proposal> c = run(coarse(), strategies(coarse()).get(i).apply(8));
            assertEquals(a, b, "strategy " + i);
            assertNotEquals(a, c, "strategy " + i);
        }
    }

    @Test
    void proposalsAreFeasibleDecodedAndNeverRepeated() {
        for (int i = 0; i < 4; i++) {
            GridSpace space = coarse();
            List<Proposal> ps = run(space, strategies(space).get(i).apply(3));
            assertFalse(ps.isEmpty());
            Set<Long> ids = new HashSet<>();
            Set<List<String>> pairs = new HashSet<>();
            Set<Configuration> configurations = new HashSet<>();
            for (Proposal p : ps) {
                assertTrue(ids.add(p.id()), "repeated id " + p.id());
                assertEquals(space.decode(p.point()).orElseThrow(), p.configuration(), "strategy " + i);
                for (double u : p.point()) {
                    assertTrue(u >= 0 && u < 1);
                }
                if (p.kernels().isEmpty()) {
                    assertTrue(configurations.add(p.configuration()), "strategy " + i + " repeated " + p);
                } else {
                    for (String k : p.kernels()) {
                        assertTrue(pairs.add(List.of(p.configuration().toString(), k)), "re-evaluated " + p);
                    }
                }
            }
        }
    }

    @Test
    void aSmallSpaceIsExhaustedNotLoopedOver() {
        // 3 x 3 cells, the corner (2, 2) infeasible: 8 configurations
        GridSpace tiny = new GridSpace(2, 3, x -> x[0] + x[1] < 1.6);
        for (LongFunction<SearchStrategy> f : strategies(tiny).subList(0, 3)) {
            SearchStrategy s = f.apply(1);
            List<Proposal> ps = run(tiny, s);
            assertEquals(8, ps.size());
            assertTrue(s.done());
            assertEquals(8, new HashSet<>(ps.stream().map(Proposal::configuration).toList()).size());
        }
    }

    @Test
    void roundProtocol() {
        GridSpace space = coarse();
        RandomSearch s = new RandomSearch(space, RandomSearch.Params.of(10, 4), 1);
        s.observe(List.of()); // nothing open: ignored
        List<Proposal> batch = s.propose();
        assertThrows(IllegalStateException.class, s::propose);
        assertThrows(IllegalArgumentException.class, () -> s.observe(List.of(Observation.of(99, 1.0))));
        assertThrows(IllegalArgumentException.class, () -> s.observe(List.of(
                Observation.of(batch.get(0).id(), 1.0), Observation.of(batch.get(0).id(), 2.0))));
        // only two of four answered: the others count as failures and never win
        s.observe(List.of(Observation.of(batch.get(1).id(), 5.0), Observation.of(batch.get(2).id(), 3.0)));
        assertEquals(4, s.trials().size());
        assertTrue(s.trials().get(0).observation().isFailure());
        assertEquals(batch.get(2).id(), s.best().orElseThrow().proposal().id());
        assertThrows(IllegalStateException.class, () -> s.observe(List.of(Observation.of(batch.get(3).id(), 1.0))));
    }

    @Test
    void successiveHalvingRoundsShrinkByEtaAndGrowKernelsByEta() {
        GridSpace space = GridSpace.constrained(4);
        List<String> kernels = IntStream.range(0, 27).mapToObj(i -> "k" + i).toList();
        SuccessiveHalving s = new SuccessiveHalving(space, kernels, SuccessiveHalving.Params.of(81), 5);
        assertEquals(1, s.initialKernels());
        List<Integer> sizes = new ArrayList<>();
        List<Integer> seen = new ArrayList<>();
        List<String> order = s.kernelOrder();
        while (!s.done()) {
            List<Proposal> batch = s.propose();
            sizes.add(batch.size());
            seen.add(batch.get(0).kernels().size());
            List<Observation> results = new ArrayList<>();
            for (Proposal p : batch) {
                results.add(evaluate(space, p));
            }
            s.observe(results);
        }
        assertEquals(List.of(81, 27, 9, 3), sizes);
        assertEquals(List.of(1, 2, 6, 18), seen); // new kernels only: 1, 3, 9, 27 in total
        assertEquals(81 + 27 * 2 + 9 * 6 + 3 * 18, s.kernelEvaluations());
        Trial best = s.best().orElseThrow();
        assertEquals(order, best.proposal().kernels());
        assertEquals(27, best.observation().perKernel().size());
        assertEquals(s.survivorScores().get(0), best.observation().objective(0), 1e-12);
        assertEquals(27, new HashSet<>(kernels).size());
    }

    @Test
    void nsga2FrontIsMutuallyNonDominated() {
        GridSpace space = GridSpace.constrained(6);
        Nsga2Search s = new Nsga2Search(space, Nsga2Search.Params.of(16, 96), 2);
        SearchLoop.run(s, p -> Observation.of(p.id(), Objectives.zdt1(space.values(p.configuration()))));
        List<Trial> front = s.paretoFront();
        assertFalse(front.isEmpty());
        assertEquals(16, s.population().size());
        for (Trial a : front) {
            for (Trial b : front) {
                assertFalse(Pareto.dominates(a.observation().objectives(), b.observation().objectives()));
            }
        }
    }
}
