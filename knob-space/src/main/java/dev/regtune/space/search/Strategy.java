package dev.regtune.space.search;

import dev.regtune.space.UnitSpace;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * The adaptive strategies a sweep can run, by the names the command line and run records use; each
 * builds its {@link SearchStrategy} from a budget, with the parameters a sweep uses. This is the one
 * place that maps a strategy's name to its class and its defaults.
 */
public enum Strategy {
    /**
     * Successive halving over kernels: {@code budget} configurations in the first round, eta 3,
     * kernels taken in sorted order and shuffled by the seed.
     */
    HALVING("halving") {
        @Override
        public SearchStrategy create(Setup s) {
            return new SuccessiveHalving(s.space(), s.kernels().stream().sorted().toList(),
                    SuccessiveHalving.Params.of(s.budget()), s.seed(),
                    UnitPoints.uniform(s.space().dimensions(), s.seed() ^ 0x5DEECE66DL), s.score());
        }
    },
    /** A tree-structured Parzen estimator with {@link TpeSearch.Params#of its defaults}: one proposal per round. */
    BAYES("bayes") {
        @Override
        public SearchStrategy create(Setup s) {
            return new TpeSearch(s.space(), TpeSearch.Params.of(s.budget()), s.seed(), null, s.score());
        }
    },
    /**
     * NSGA-II over every objective, with a population of a quarter of the budget (at least 4, at
     * most 24) so that a budget buys several generations.
     */
    NSGA2("nsga2") {
        @Override
        public SearchStrategy create(Setup s) {
            int population = Math.max(4, Math.min(24, s.budget() / 4));
            return new Nsga2Search(s.space(), Nsga2Search.Params.of(population, s.budget()), s.seed(), null,
                    s.score());
        }
    };

    /**
     * What a strategy is built from.
     *
     * @param space the space to search
     * @param kernels the kernel ids (successive halving asks for them round by round; the others
     *     evaluate every kernel); distinct
     * @param budget configurations to evaluate over all rounds (halving: in its first round), at least 1
     * @param seed the seed of every random choice
     * @param score scalar score of an objective vector, lower is better (what halving and bayes
     *     minimise and what {@link SearchStrategy#best()} ranks by)
     */
    public record Setup(UnitSpace space, List<String> kernels, int budget, long seed,
            ToDoubleFunction<double[]> score) {
        public Setup {
            Objects.requireNonNull(space, "space");
            Objects.requireNonNull(score, "score");
            kernels = List.copyOf(kernels);
            if (budget < 1) {
                throw new IllegalArgumentException("the budget must be at least 1, not " + budget);
            }
        }
    }

    private final String cliName;

    Strategy(String cliName) {
        this.cliName = cliName;
    }

    /** A new run of this strategy, deterministic for the setup's seed and the observations it receives. */
    public abstract SearchStrategy create(Setup setup);

    /** Its name as the command line and run records spell it: halving, bayes or nsga2. */
    public String cliName() {
        return cliName;
    }

    /** The strategy named {@code name}: its {@link #cliName()}, case and surrounding blanks ignored. */
    public static Strategy named(String name) {
        String key = name.strip().toLowerCase(Locale.ROOT);
        for (Strategy s : values()) {
            if (s.cliName.equals(key)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown strategy '" + name + "'; expected one of " + names());
    }

    /** The names {@link #named} accepts, comma-separated: "halving, bayes, nsga2". */
    public static String names() {
        return Arrays.stream(values()).map(Strategy::cliName).collect(Collectors.joining(", "));
    }

    /** The {@link #cliName()}, so that help texts and messages show the name users type. */
    @Override
    public String toString() {
        return cliName;
    }
}
