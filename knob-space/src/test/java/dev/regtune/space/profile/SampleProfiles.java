package dev.regtune.space.profile;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/** Profiles for the tests: a fixed sample and seeded random ones over the catalogue's valid ranges. */
final class SampleProfiles {
    private static final List<String> TEXTS = List.of("", "corpus", "datasets/corpus v2", "a,b;\"quoted\"",
            "# not a comment", "[knobs]", "Name=Value", "k: v", "ünïcødé — 寄存器", "x\u2028y", "'single'",
            "trailing.dot.", "=", ",", "\"");
    private static final List<String> OBJECTIVES = List.of("latency", "spills", "registers",
            "lex:spill,latency,registers", "weighted:spill=1.0,latency=0.001", "occupancy # high");

    private SampleProfiles() {
    }

    /** The profile the documentation shows. */
    static KnobProfile sample() {
        Knobs k = Knobs.defaults()
                .with(KnobCatalogue.THRESHOLD_FOR_DISCARD_CONFLICTS, 70)
                .with(KnobCatalogue.COALESCING, 0)
                .with(KnobCatalogue.ESTIMATED_LOOP_ITERATIONS, 12.5);
        TreeMap<String, Double> train = new TreeMap<>();
        train.put(Scores.OBJECTIVE, 1.25);
        train.put(Scores.DEFAULT_OBJECTIVE, 1.5);
        train.put(Scores.IMPROVEMENT, 0.16666666666666666);
        return new KnobProfile("sm_90", 64, "lex:spill,latency,registers", k,
                new Provenance("datasets/corpus", "sweep-7", "0.1.0"), new Scores(120, train),
                Scores.of(30, Map.of(Scores.REGRET, 0.02)));
    }

    /** A profile of seed {@code seed}: every knob at its default, an edge of its range or a random value. */
    static KnobProfile random(long seed) {
        Random r = new Random(seed);
        double[] v = Knobs.defaults().toArray();
        for (KnobDef d : KnobCatalogue.all()) {
            if (r.nextInt(3) != 0) {
                v[d.ordinal()] = value(d, r);
            }
        }
        TreeMap<String, Double> train = figures(r);
        TreeMap<String, Double> test = figures(r);
        return new KnobProfile(r.nextBoolean() ? "sm_90" : "sm_" + (50 + r.nextInt(60)) + (r.nextBoolean() ? "a" : ""),
                r.nextInt(4) == 0 ? 0 : 1 + r.nextInt(255), OBJECTIVES.get(r.nextInt(OBJECTIVES.size())),
                Knobs.ofArray(v), new Provenance(text(r), text(r), text(r)),
                new Scores(r.nextInt(3) == 0 ? 0 : r.nextInt(Integer.MAX_VALUE), train),
                new Scores(r.nextInt(1000), test));
    }

    /** A valid value of {@code d}: an edge, an extreme or a uniform draw; any of a choice knob's choices. */
    static double value(KnobDef d, Random r) {
        return switch (d.type()) {
            case BOOL -> r.nextBoolean() ? 1 : 0;
            case INT -> switch (r.nextInt(4)) {
                case 0 -> d.min();
                case 1 -> d.max();
                default -> d.min() + Math.floor(r.nextDouble() * (d.max() - d.min() + 1));
            };
            case DOUBLE -> {
                List<Double> extremes = List.of(d.min(), d.max(), Math.nextUp(d.min()), Math.nextDown(d.max()),
                        d.min() == 0 ? Double.MIN_VALUE : d.min(), d.min() == 0 ? 1e-300 : d.min(),
                        d.min() + (d.max() - d.min()) / 3, 0.1 * d.max());
                double x = r.nextInt(3) == 0 ? extremes.get(r.nextInt(extremes.size()))
                        : d.min() + r.nextDouble() * (d.max() - d.min());
                yield Math.max(d.min(), Math.min(d.max(), x));
            }
            case CHOICE -> r.nextInt(d.choices().size());
        };
    }

    private static TreeMap<String, Double> figures(Random r) {
        List<Double> extremes = List.of(Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_VALUE, -Double.MIN_VALUE,
                0.0, -0.0, 1e300, 1e-300, 0.1, 1.0 / 3);
        TreeMap<String, Double> f = new TreeMap<>();
        int n = r.nextInt(5);
        for (int i = 0; i < n; i++) {
            String name = List.of(Scores.OBJECTIVE, Scores.DEFAULT_OBJECTIVE, Scores.IMPROVEMENT, Scores.REGRET,
                    "p95_latency", "Spill_Bytes2").get(r.nextInt(6));
            f.put(name, r.nextBoolean() ? extremes.get(r.nextInt(extremes.size())) : r.nextGaussian() * 1e3);
        }
        return f;
    }

    private static String text(Random r) {
        return TEXTS.get(r.nextInt(TEXTS.size()));
    }
}
