package dev.regtune.space;

import dev.regtune.core.knobs.KnobDef;
import dev.regtune.space.controls.PtxasControl;
import dev.regtune.space.expr.Expression;
import java.util.List;
import java.util.Optional;

/**
 * One dimension of a {@link KnobSpace}: a knob of the catalogue, the architecture, the register
 * budget, the launch bounds or a public control of the real ptxas, with its domain and, for a knob,
 * the condition under which it is active.
 *
 * @param name the column name: the knob's catalogue name, {@value Configuration#ARCH}, {@value Configuration#REGISTER_BUDGET},
 *     {@value Configuration#LAUNCH_BOUNDS} or a ptxas control's column ({@code ptxas_register_usage_level})
 * @param knob the knob, empty for the other dimensions
 * @param domain its values (those of the architecture, launch bounds and ptxas controls are indices into {@code labels})
 * @param labels the architecture names, launch bounds or control values; empty for other dimensions
 * @param condition when present, the dimension (a knob or a ptxas control) is active only where it holds
 */
public record Dimension(String name, Optional<KnobDef> knob, Domain domain, List<String> labels,
        Optional<Expression> condition) {

    public Dimension {
        labels = List.copyOf(labels);
    }

    /** The architecture dimension over the given (canonical) names. */
    public static Dimension arch(List<String> archNames) {
        List<Double> indices = java.util.stream.IntStream.range(0, archNames.size()).mapToObj(i -> (double) i)
                .toList();
        return new Dimension(Configuration.ARCH, Optional.empty(), new Domain.Choice(indices), archNames,
                Optional.empty());
    }

    /** The launch bounds dimension over the given texts ("256", "256x2"), in spec order. */
    public static Dimension launchBounds(List<String> bounds) {
        List<Double> indices = java.util.stream.IntStream.range(0, bounds.size()).mapToObj(i -> (double) i)
                .toList();
        return new Dimension(Configuration.LAUNCH_BOUNDS, Optional.empty(), new Domain.Choice(indices), bounds,
                Optional.empty());
    }

    /** The register budget dimension over the given {@code -maxrregcount} values (0: no limit). */
    public static Dimension registerBudget(List<Integer> budgets) {
        return new Dimension(Configuration.REGISTER_BUDGET, Optional.empty(),
                new Domain.Choice(budgets.stream().map(Integer::doubleValue).toList()), List.of(), Optional.empty());
    }

    /**
     * A ptxas control's dimension, named by its {@link PtxasControl#column()}, over the given values
     * (canonical text, in spec order), active where {@code condition} holds. Where it is inactive,
     * expressions see its first value, and the configuration leaves the option out.
     */
    public static Dimension control(PtxasControl control, List<String> values, Optional<Expression> condition) {
        List<Double> indices = java.util.stream.IntStream.range(0, values.size()).mapToObj(i -> (double) i)
                .toList();
        return new Dimension(control.column(), Optional.empty(), new Domain.Choice(indices), values, condition);
    }

    /** A knob dimension. */
    public static Dimension knob(KnobDef knob, Domain domain, Optional<Expression> condition) {
        return new Dimension(knob.name(), Optional.of(knob), domain, List.of(), condition);
    }

    /** A value of this dimension as configuration text: "sm_90", "64", "true", "0.25". */
    public String format(double value) {
        if (!labels.isEmpty()) {
            return labels.get((int) value);
        }
        return knob.map(k -> k.format(value)).orElseGet(() -> Long.toString((long) value));
    }

    /**
     * The value expressions see for this dimension where it is inactive: the knob's catalogue
     * default, which is the value the allocator uses for a knob a configuration does not set.
     */
    public double inactiveValue() {
        return knob.map(KnobDef::defaultValue).orElse(0.0);
    }

    /** The name with the knob's seed number, for messages: "RegAllocThresholdForDiscardConflicts (684)". */
    public String label() {
        return knob.map(KnobDef::label).orElse(name);
    }

    /**
     * The domain in words, for summaries: "integer 10..1000 step 10 (100 values)", "real 0.0..1.0,
     * log scale, grid 5 points", "{0, 64, 32}", "= 50".
     */
    public String describeDomain() {
        if (domain instanceof Domain.IntRange r) {
            return "integer " + format(r.min()) + ".." + format(r.max())
                    + (r.scale() == Scale.LOG ? ", log scale" : r.step() != 1 ? " step " + r.step() : "")
                    + (r.scale() == Scale.LINEAR && r.points() == 0 ? " (" + r.steps() + " values)"
                            : ", grid " + r.grid().size() + " points");
        }
        if (domain instanceof Domain.RealRange r) {
            return "real " + format(r.min()) + ".." + format(r.max())
                    + (r.scale() == Scale.LOG ? ", log scale" : "") + ", grid " + r.grid().size() + " points";
        }
        if (domain instanceof Domain.Choice c) {
            return c.values().stream().map(this::format).collect(java.util.stream.Collectors.joining(", ", "{", "}"));
        }
        return "= " + format(((Domain.Fixed) domain).value());
    }
}
