package dev.regtune.space.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Every proposal of each strategy for fixed seeds, pinned to files under
 * {@code src/test/resources/dev/regtune/space/search/golden/}: the ids, configurations and kernels
 * in the order proposed, and the trial {@code best()} returns. The files were recorded before the
 * strategies were refactored onto a shared life cycle; a change of any proposal shows as a diff.
 *
 * <p>To re-record them deliberately (a change meant to alter the proposals), run this test with
 * {@code -Dregtune.golden.update=true} and review the diff.
 */
class GoldenProposalsTest {
    private static final long SEED = 11;
    private static final List<String> KERNELS = IntStream.range(0, 9).mapToObj(i -> "k" + i).toList();

    /** Coarse and constrained, so that repeats and infeasible points happen. */
    static GridSpace space() {
        return new GridSpace(3, 7, x -> x[0] + x[1] <= 1.3);
    }

    /** Three objectives like a sweep's (latency, spills, registers), per kernel when asked for kernels. */
    static Observation evaluate(GridSpace space, Proposal p) {
        double[] x = space.values(p.configuration());
        if (p.kernels().isEmpty()) {
            return Observation.of(p.id(), objectives(x, 0));
        }
        Map<String, double[]> m = new TreeMap<>();
        for (String k : p.kernels()) {
            m.put(k, objectives(x, k.hashCode()));
        }
        return Observation.ofKernels(p.id(), m);
    }

    private static double[] objectives(double[] x, int kernel) {
        double[] z = Objectives.zdt1(x);
        double scale = 1 + 0.25 * Math.abs(Objectives.noise(kernel, 3));
        return new double[] {scale * Objectives.shiftedSphere(x), z[0], z[1]};
    }

    /** The run as text: one line per proposal, then the best trial. */
    static String transcript(GridSpace space, SearchStrategy s) {
        StringBuilder b = new StringBuilder();
        for (Trial t : SearchLoop.run(s, p -> evaluate(space, p))) {
            b.append(line(t.proposal())).append('\n');
        }
        b.append("best ").append(s.best().map(t -> line(t.proposal())).orElse("none")).append('\n');
        return b.toString();
    }

    private static String line(Proposal p) {
        return String.format(Locale.ROOT, "#%d %s%s", p.id(), p.configuration().values(),
                p.kernels().isEmpty() ? "" : " on " + p.kernels());
    }

    /** The strategies as constructed directly, with their own defaults. */
    private static Map<String, SearchStrategy> direct(GridSpace space) {
        Map<String, SearchStrategy> m = new TreeMap<>();
        m.put("random", new RandomSearch(space, RandomSearch.Params.of(40, 6), SEED));
        m.put("tpe", new TpeSearch(space, TpeSearch.Params.of(40).withBatchSize(4).withStartup(8), SEED));
        m.put("nsga2", new Nsga2Search(space, Nsga2Search.Params.of(8, 40), SEED));
        m.put("halving", new SuccessiveHalving(space, KERNELS, SuccessiveHalving.Params.of(9), SEED));
        return m;
    }

    /**
     * The strategies as the sweep builds them for a budget of 24 and the second objective (spills):
     * halving over the sorted kernels, TPE's defaults, NSGA-II with a population of a quarter of
     * the budget (at least 4, at most 24).
     */
    static Map<String, SearchStrategy> asTheSweepBuildsThem(GridSpace space, int budget, long seed) {
        ToDoubleFunction<double[]> score = Scores.component(1);
        int d = space.dimensions();
        Map<String, SearchStrategy> m = new TreeMap<>();
        m.put("sweep-halving", new SuccessiveHalving(space, KERNELS, SuccessiveHalving.Params.of(budget), seed,
                UnitPoints.uniform(d, seed ^ 0x5DEECE66DL), score));
        m.put("sweep-bayes", new TpeSearch(space, TpeSearch.Params.of(budget), seed, null, score));
        m.put("sweep-nsga2", new Nsga2Search(space,
                Nsga2Search.Params.of(Math.max(4, Math.min(24, budget / 4)), budget), seed, null, score));
        return m;
    }

    @Test
    void aSmallSpaceIsExhaustedTheSameWay() {
        GridSpace small = new GridSpace(2, 3, x -> x[0] + x[1] <= 1.0);
        String actual = transcript(small, new RandomSearch(small, RandomSearch.Params.of(20, 4), SEED));
        assertEquals(golden("random-exhausted", actual), actual);
    }

    @Test
    void strategiesProposeWhatTheyProposedBeforeTheRefactoring() {
        GridSpace space = space();
        Map<String, SearchStrategy> all = new TreeMap<>(direct(space));
        all.putAll(asTheSweepBuildsThem(space, 24, SEED));
        for (Map.Entry<String, SearchStrategy> e : all.entrySet()) {
            String actual = transcript(space, e.getValue());
            assertEquals(golden(e.getKey(), actual), actual, "the proposals of " + e.getKey());
        }
    }

    /** The strategies built by name, as the sweep does since they own their factories, propose the same. */
    @Test
    void theStrategyEnumBuildsWhatTheSweepBuilt() {
        List<String> shuffled = new ArrayList<>(KERNELS);
        Collections.reverse(shuffled); // the factory sorts them
        for (Strategy s : Strategy.values()) {
            GridSpace space = space();
            SearchStrategy built = s.create(new Strategy.Setup(space, shuffled, 24, SEED, Scores.component(1)));
            assertEquals(golden("sweep-" + s.cliName(), null), transcript(space, built), s.cliName());
        }
    }

    /**
     * The golden transcript {@code name}; with {@code -Dregtune.golden.update=true}, first
     * (re)written from {@code actual} when that is not null.
     */
    static String golden(String name, String actual) {
        String resource = "golden/" + name + ".txt";
        if (actual != null && Boolean.getBoolean("regtune.golden.update")) {
            Path file = Path.of("src/test/resources/dev/regtune/space/search", resource);
            try {
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return actual;
        }
        try (InputStream in = GoldenProposalsTest.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new AssertionError("no golden file " + resource + "; record it with -Dregtune.golden.update=true");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
