package dev.regtune.space.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.KnobEffect;
import dev.regtune.core.knobs.KnobType;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.space.Configuration;
import dev.regtune.space.Dimension;
import dev.regtune.space.Domain;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.expr.Expression;
import dev.regtune.space.spec.SpaceSpecException;
import dev.regtune.space.spec.SpaceSpecReader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Properties every sampler must have, over a few hundred random specs (random knobs, domains,
 * conditions and constraints) and seeds: feasible, conditions honoured, values in their domains,
 * no duplicates, at most n, and the same sequence for the same seed.
 */
class SamplerPropertyTest {
    private static final List<KnobDef> KNOBS = KnobCatalogue.all().stream()
            .filter(d -> d.effect() == KnobEffect.MODELLED).toList();

    @Test
    void everySamplerHonoursTheContractOnRandomSpecs() {
        Random r = new Random(20240607);
        int spaces = 0;
        for (int trial = 0; trial < 300; trial++) {
            String json = randomSpec(r);
            KnobSpace space;
            try {
                space = SpaceSpecReader.parse(json, "random-" + trial);
            } catch (SpaceSpecException e) {
                assertTrue(e.getMessage().contains("unsatisfiable"), json + " -> " + e.getMessage());
                continue;
            }
            spaces++;
            long seed = r.nextLong();
            int n = 1 + r.nextInt(150);
            for (String name : List.of("grid", "random", "lhs", "sobol")) {
                Sampler sampler = Sampler.of(name, seed);
                List<Configuration> first = sampler.stream(space, n).toList();
                assertTrue(first.size() <= n, name);
                assertTrue(!first.isEmpty(), name + " found nothing in " + json);
                assertEquals(first.size(), new HashSet<>(first).size(), name + ": duplicates in " + json);
                for (Configuration c : first) {
                    check(space, c, name + " " + json);
                }
                assertEquals(first, Sampler.of(name, seed).stream(space, n).toList(), name + " is not deterministic");
            }
        }
        assertTrue(spaces > 200, "only " + spaces + " satisfiable random specs");
    }

    @Test
    void finiteSpacesAreExhaustedExactly() {
        // 2 budgets x 3 x 2 x (coalescing off, or on with 3 widths) = 2 * 3 * 2 * 4 = 48 points, minus those
        // breaking the constraint: budget 32 with width 4, or with coalescing off, where the inactive width is
        // its default, 4 (3 * 2 * 2 of them) = 36
        KnobSpace s = SpaceSpecReader.parse(("{'maxrregcount': [0, 32], 'knobs': ["
                + "{'knob': 684, 'values': [10, 50, 200]}, {'knob': 638},"
                + "{'knob': 618}, {'knob': 530, 'values': [1, 2, 4], 'when': 'RegAllocCoalescing'}],"
                + "'constraints': ['maxrregcount == 0 || RegAllocCoalesceMaxWidth < 4']}").replace('\'', '"'), "t");
        for (String name : List.of("grid", "random", "lhs", "sobol")) {
            List<Configuration> all = Sampler.of(name, 5).stream(s, 1000).toList();
            assertEquals(36, all.size(), name);
            assertEquals(36, new HashSet<>(all).size(), name);
        }
        assertEquals(10, new GridSampler().stream(s, 10).count());
    }

    @Test
    void gridEnumeratesEveryChoiceAndTheOthersSpreadUniformlyOverThem() {
        KnobSpace s = SpaceSpecReader.parse(("{'maxrregcount': [0, 32], 'knobs': [{'knob': 'allocator'},"
                + "{'knob': 'RegAllocSpillWeight', 'min': 0.0, 'max': 1.0}]}").replace('\'', '"'), "t");
        List<Configuration> grid = new GridSampler().stream(s, 1000).toList();
        assertEquals(2 * 2 * 5, grid.size(), "budgets x choices x 5 grid points");
        assertEquals(10, grid.stream().filter(c -> c.get("allocator").equals("fatpoint")).count());
        assertEquals(10, grid.stream().filter(c -> c.get("allocator").equals("briggs")).count());
        for (String name : List.of("random", "lhs", "sobol")) {
            List<Configuration> all = Sampler.of(name, 11).stream(s, 2000).toList();
            assertEquals(2000, all.size(), name);
            long briggs = all.stream().filter(c -> c.get("allocator").equals("briggs")).count();
            assertTrue(all.stream().allMatch(c -> List.of("fatpoint", "briggs").contains(c.get("allocator"))), name);
            assertTrue(Math.abs(briggs - 1000) < 100, name + ": " + briggs + " of 2000 are briggs");
        }
        // Latin hypercube: n points give each half of the allocator's interval exactly n/2 of them
        List<Configuration> lhs = Sampler.of("lhs", 3).stream(s, 64).toList();
        assertEquals(32, lhs.stream().filter(c -> c.get("allocator").equals("briggs")).count());
    }

    @Test
    void choiceConditionsAndConstraintsUseTheChoiceNames() {
        KnobSpace s = SpaceSpecReader.parse("""
                {"maxrregcount": [0, 32], "knobs": [
                  {"knob": "allocator", "values": ["briggs", "fatpoint"]},
                  {"knob": "BriggsMaxRounds", "values": [4, 8], "when": "allocator == 'briggs'"},
                  {"knob": "RegAllocNumNonSpillTrials", "values": [1, 2], "when": "allocator != 'BRIGGS'"}],
                 "constraints": ["allocator == \\"fatpoint\\" || maxrregcount == 0"]}
                """, "t");
        // briggs: only budget 0, with 2 round counts; fatpoint: 2 budgets x 2 trial counts
        for (String name : List.of("grid", "random", "lhs", "sobol")) {
            List<Configuration> all = Sampler.of(name, 2).stream(s, 100).toList();
            assertEquals(6, all.size(), name);
            for (Configuration c : all) {
                boolean briggs = c.get("allocator").equals("briggs");
                assertEquals(briggs, c.get("BriggsMaxRounds") != null, c.toString());
                assertEquals(!briggs, c.get("RegAllocNumNonSpillTrials") != null, c.toString());
                assertTrue(!briggs || c.get("maxrregcount").equals("0"), c.toString());
            }
        }
        assertEquals("briggs", new GridSampler().stream(s, 1).findFirst().orElseThrow().get("allocator"),
                "values keep the spec's order");
    }

    /** Checks one configuration against the space from its text alone. */
    private static void check(KnobSpace space, Configuration c, String context) {
        double[] env = new double[space.dimensions()];
        Knobs knobs = c.knobs(); // validates every knob value against the catalogue
        for (int i = 0; i < space.dimensions(); i++) {
            Dimension d = space.dimension(i);
            String text = c.get(d.name());
            if (text == null) {
                env[i] = d.inactiveValue();
            } else if (!d.labels().isEmpty()) {
                env[i] = d.labels().indexOf(text);
                assertTrue(env[i] >= 0, context);
            } else if (d.knob().isPresent()) {
                env[i] = knobs.get(d.knob().get());
                assertTrue(inDomain(d.domain(), env[i]), d.name() + "=" + text + " outside " + d.describeDomain()
                        + " in " + context);
            } else {
                env[i] = Integer.parseInt(text);
            }
        }
        for (int i = 0; i < space.dimensions(); i++) {
            Dimension d = space.dimension(i);
            boolean active = d.condition().map(e -> e.holds(env)).orElse(true);
            assertEquals(active, c.get(d.name()) != null, d.name() + " activity in " + c + " of " + context);
        }
        for (Expression e : space.constraints()) {
            assertTrue(e.holds(env), e.source() + " fails for " + c + " in " + context);
        }
    }

    private static boolean inDomain(Domain domain, double v) {
        if (domain instanceof Domain.IntRange r) {
            return v >= r.min() && v <= r.max() && (r.scale() == dev.regtune.space.Scale.LOG
                    || (long) (v - r.min()) % r.step() == 0);
        }
        if (domain instanceof Domain.RealRange r) {
            return v >= r.min() && v <= r.max();
        }
        if (domain instanceof Domain.Choice ch) {
            return ch.values().contains(v);
        }
        return ((Domain.Fixed) domain).value() == v;
    }

    /** A random spec of 1 to 5 knobs, maybe budgets and archs, conditions and constraints. */
    static String randomSpec(Random r) {
        List<KnobDef> pool = new ArrayList<>(KNOBS);
        java.util.Collections.shuffle(pool, r);
        List<KnobDef> chosen = pool.subList(0, 1 + r.nextInt(5));
        List<String> entries = new ArrayList<>();
        List<KnobDef> numeric = new ArrayList<>();
        List<KnobDef> bools = new ArrayList<>();
        List<KnobDef> choices = new ArrayList<>();
        for (KnobDef d : chosen) {
            StringBuilder e = new StringBuilder("{\"knob\": \"" + d.name() + "\"");
            int kind = r.nextInt(10);
            if (d.type() == KnobType.CHOICE) {
                List<String> names = new ArrayList<>(d.choices());
                java.util.Collections.shuffle(names, r);
                if (kind == 0) {
                    e.append(", \"value\": \"").append(names.get(0)).append('"');
                } else if (kind <= 3) {
                    List<String> some = names.subList(0, 1 + r.nextInt(names.size()));
                    e.append(", \"values\": [\"").append(String.join("\", \"", some)).append("\"]");
                }
                choices.add(d);
            } else if (d.type() == KnobType.BOOL) {
                if (kind == 0) {
                    e.append(", \"value\": ").append(r.nextBoolean());
                } else if (kind == 1) {
                    e.append(", \"values\": [true]");
                }
                bools.add(d);
            } else {
                numeric.add(d);
                double span = Math.min(d.max() - d.min(), d.type() == KnobType.INT ? 40 : 1000);
                double lo = d.min() + (d.type() == KnobType.INT ? Math.floor(r.nextDouble() * (d.max() - d.min() - span))
                        : r.nextDouble() * (d.max() - d.min() - span));
                double hi = lo + (d.type() == KnobType.INT ? Math.floor(r.nextDouble() * span) : r.nextDouble() * span);
                if (kind == 0) {
                    e.append(", \"value\": ").append(num(d, lo));
                } else if (kind <= 2) {
                    e.append(", \"values\": [").append(num(d, lo)).append(hi > lo ? ", " + num(d, hi) : "").append(']');
                } else {
                    e.append(", \"min\": ").append(num(d, lo)).append(", \"max\": ").append(num(d, hi));
                    if (kind <= 5 && lo > 0) {
                        e.append(", \"scale\": \"log\"");
                    } else if (kind <= 7 && d.type() == KnobType.INT) {
                        e.append(", \"step\": ").append(1 + r.nextInt(5));
                    }
                    if (r.nextBoolean()) {
                        e.append(", \"points\": ").append(2 + r.nextInt(4));
                    }
                }
            }
            entries.add(e.toString());
        }
        // conditions: a numeric knob may depend on a boolean knob, and a numeric or boolean knob on a choice
        // knob (compared with a quoted name); choice knobs depend on nothing, so there is no cycle
        for (int i = 1; i < chosen.size(); i++) {
            if (r.nextInt(3) == 0 && !bools.isEmpty() && numeric.contains(chosen.get(i))) {
                KnobDef b = bools.get(r.nextInt(bools.size()));
                String entry = entries.get(i);
                entries.set(i, entry.substring(0, entry.length()) + ", \"when\": \"" + b.name() + " == "
                        + r.nextBoolean() + "\"}");
            } else if (r.nextInt(2) == 0 && !choices.isEmpty() && !choices.contains(chosen.get(i))) {
                KnobDef c = choices.get(r.nextInt(choices.size()));
                entries.set(i, entries.get(i) + ", \"when\": \"" + c.name() + (r.nextBoolean() ? " == '" : " != '")
                        + c.choices().get(r.nextInt(c.choices().size())) + "'\"}");
            } else {
                entries.set(i, entries.get(i) + "}");
            }
        }
        entries.set(0, entries.get(0) + "}");
        List<String> constraints = new ArrayList<>();
        if (numeric.size() >= 2 && r.nextBoolean()) {
            KnobDef a = numeric.get(0);
            KnobDef b = numeric.get(1);
            constraints.add("\"" + a.name() + " <= " + b.name() + " * 2 + 10 || " + a.name() + " - " + b.name()
                    + " > 100\"");
        }
        String budgets = r.nextBoolean() ? "\"maxrregcount\": [0, 32, 64], " : "";
        String archs = r.nextInt(3) == 0 ? "\"archs\": [\"sm_80\", \"sm_90\"], " : "";
        if (budgets.isEmpty() == false && r.nextBoolean() && !numeric.isEmpty()) {
            constraints.add("\"maxrregcount == 0 || " + numeric.get(0).name() + " >= " + num(numeric.get(0),
                    numeric.get(0).min()) + "\"");
        }
        return "{" + archs + budgets + "\"knobs\": [" + String.join(", ", entries) + "]"
                + (constraints.isEmpty() ? "" : ", \"constraints\": [" + String.join(", ", constraints) + "]") + "}";
    }

    private static String num(KnobDef d, double v) {
        return d.type() == KnobType.INT ? Long.toString((long) v) : String.format(Locale.ROOT, "%.6f", v);
    }
}
