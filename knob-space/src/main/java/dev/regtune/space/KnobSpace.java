package dev.regtune.space;

import dev.regtune.space.expr.Expression;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A validated search space: dimensions (knobs of the catalogue, the architecture, the register
 * budget) with their domains and conditions, and constraints between them. Build one from a JSON
 * spec with {@link dev.regtune.space.spec.SpaceSpecReader}; sample it with the samplers of
 * {@link dev.regtune.space.sample}.
 *
 * <p>Conditions and constraints see every dimension of the space: an active one with its value, an
 * inactive knob with its catalogue default (the value the allocator uses when a configuration does
 * not set the knob). Conditions may depend on other conditional knobs but not in a cycle; the
 * space evaluates them in {@link #conditionOrder()}, an order in which every dimension comes after
 * the dimensions its condition reads.
 *
 * <p>Immutable and thread-safe; the {@link Assignment} buffers its methods fill are not.
 */
public final class KnobSpace implements UnitSpace {
    private final String name;
    private final List<Dimension> dimensions;
    private final List<Expression> constraints;
    private final int[] order;
    private final Grid[] grids;

    /**
     * @param name a name for summaries (the spec's file name, say)
     * @param dimensions the dimensions; the slots of condition and constraint variables are indices into this list
     * @param constraints boolean expressions every configuration must satisfy
     * @throws IllegalArgumentException for repeated dimension names, a variable whose slot does not
     *     name its dimension, or conditions that depend on each other in a cycle
     */
    public KnobSpace(String name, List<Dimension> dimensions, List<Expression> constraints) {
        this.name = name;
        this.dimensions = List.copyOf(dimensions);
        this.constraints = List.copyOf(constraints);
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < this.dimensions.size(); i++) {
            if (index.put(this.dimensions.get(i).name(), i) != null) {
                throw new IllegalArgumentException("dimension " + this.dimensions.get(i).label()
                        + " appears twice in the space");
            }
        }
        for (Dimension d : this.dimensions) {
            d.condition().ifPresent(c -> checkVariables(c, index));
        }
        this.constraints.forEach(c -> checkVariables(c, index));
        this.order = conditionOrder(this.dimensions, index);
        this.grids = this.dimensions.stream().map(d -> d.domain().grid()).toArray(Grid[]::new);
    }

    private static void checkVariables(Expression e, Map<String, Integer> index) {
        for (String v : e.variables()) {
            if (!index.containsKey(v)) {
                throw new IllegalArgumentException("'" + e.source() + "' names " + v
                        + ", which is not a dimension of the space");
            }
        }
    }

    /** Dimensions sorted so that each comes after those its condition reads (depth-first, stable). */
    private static int[] conditionOrder(List<Dimension> dims, Map<String, Integer> index) {
        int n = dims.size();
        int[] state = new int[n]; // 0 new, 1 on the path, 2 done
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            visit(i, dims, index, state, out, new ArrayList<>());
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static void visit(int i, List<Dimension> dims, Map<String, Integer> index, int[] state, List<Integer> out,
            List<Integer> path) {
        if (state[i] == 2) {
            return;
        }
        if (state[i] == 1) {
            List<String> cycle = new ArrayList<>();
            for (int p = path.indexOf(i); p < path.size(); p++) {
                cycle.add(dims.get(path.get(p)).name());
            }
            throw new IllegalArgumentException(cycle.size() == 1
                    ? "the condition of knob " + cycle.get(0) + " depends on the knob itself"
                    : "the conditions of knobs " + String.join(", ", cycle) + " depend on each other in a cycle");
        }
        state[i] = 1;
        path.add(i);
        Optional<Expression> c = dims.get(i).condition();
        if (c.isPresent()) {
            for (String v : c.get().variables()) {
                visit(Objects.requireNonNull(index.get(v)), dims, index, state, out, path); // validated names
            }
        }
        path.remove(path.size() - 1);
        state[i] = 2;
        out.add(i);
    }

    public String name() {
        return name;
    }

    @Override
    public int dimensions() {
        return dimensions.size();
    }

    @Override
    public String dimensionName(int i) {
        return dimensions.get(i).name();
    }

    public Dimension dimension(int i) {
        return dimensions.get(i);
    }

    /** The dimensions in spec order: architecture, register budget, then the knobs as listed. */
    public List<Dimension> dimensionList() {
        return dimensions;
    }

    public List<Expression> constraints() {
        return constraints;
    }

    /** Dimension indices in an order where every dimension follows those its condition reads. */
    public int[] conditionOrder() {
        return order.clone();
    }

    /** The grid values of dimension {@code i}. */
    public Grid grid(int i) {
        return grids[i];
    }

    /** Points of the full grid, before conditions and constraints: the product of the grid sizes. */
    public BigInteger gridSize() {
        BigInteger size = BigInteger.ONE;
        for (Grid g : grids) {
            size = size.multiply(BigInteger.valueOf(g.size()));
        }
        return size;
    }

    /**
     * How many distinct points {@link #decode} can reach, before conditions and constraints, or
     * empty for a space with a continuous dimension (or more than {@code Long.MAX_VALUE} points).
     */
    public OptionalLong cardinality() {
        long c = 1;
        for (Dimension d : dimensions) {
            long k = d.domain().cardinality();
            if (k < 0 || c > Long.MAX_VALUE / k) {
                return OptionalLong.empty();
            }
            c *= k;
        }
        return OptionalLong.of(c);
    }

    @Override
    public Optional<Configuration> decode(double[] u) {
        Assignment a = new Assignment(dimensions.size());
        return decodeInto(u, a) ? Optional.of(configuration(a)) : Optional.empty();
    }

    /**
     * Decodes {@code u} into {@code a} without allocating: each active dimension takes the value of its
     * coordinate, each inactive one its {@link Dimension#inactiveValue()}.
     *
     * @return whether the point satisfies every constraint
     */
    public boolean decodeInto(double[] u, Assignment a) {
        if (u.length != dimensions.size()) {
            throw new IllegalArgumentException("a point of this space has " + dimensions.size()
                    + " coordinates, not " + u.length);
        }
        for (int i : order) {
            boolean on = conditionHolds(i, a);
            a.active[i] = on;
            a.values[i] = on ? dimensions.get(i).domain().decode(u[i]) : dimensions.get(i).inactiveValue();
        }
        return constraintsHold(a);
    }

    /**
     * Whether dimension {@code i} is active given the values in {@code a} of the dimensions its
     * condition reads (which come before it in {@link #conditionOrder()}).
     */
    public boolean conditionHolds(int i, Assignment a) {
        Optional<Expression> c = dimensions.get(i).condition();
        return c.isEmpty() || c.get().holds(a.values);
    }

    /** Sets dimension {@code i} of {@code a}: active with {@code value}, or inactive. */
    public void set(Assignment a, int i, boolean active, double value) {
        a.active[i] = active;
        a.values[i] = active ? value : dimensions.get(i).inactiveValue();
    }

    /** Whether every constraint holds for {@code a}. */
    public boolean constraintsHold(Assignment a) {
        for (Expression c : constraints) {
            if (!c.holds(a.values)) {
                return false;
            }
        }
        return true;
    }

    /** The immutable configuration of {@code a}: the text of every active dimension. */
    public Configuration configuration(Assignment a) {
        SortedMap<String, String> values = new TreeMap<>();
        for (int i = 0; i < dimensions.size(); i++) {
            if (a.active[i]) {
                values.put(dimensions.get(i).name(), dimensions.get(i).format(a.values[i]));
            }
        }
        return new Configuration(values);
    }

    /**
     * A 64-bit hash of the configuration {@code a} stands for (active dimensions and their values),
     * used by the samplers to de-duplicate without keeping configurations.
     */
    public long fingerprint(Assignment a) {
        long h = 0x243F6A8885A308D3L;
        for (int i = 0; i < dimensions.size(); i++) {
            long x = a.active[i] ? Double.doubleToLongBits(a.values[i] + 0.0) : 0x7FF8_0000_DEAD_BEEFL;
            h = mix64(h ^ mix64(x + (i + 1) * 0x9E3779B97F4A7C15L));
        }
        return h;
    }

    /** The finaliser of SplitMix64 (Stafford's variant 13): a bijective 64-bit mix. */
    public static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    @Override
    public String toString() {
        return "KnobSpace[" + name + ", " + dimensions.size() + " dimensions, " + constraints.size()
                + " constraints]";
    }
}
