package dev.regtune.datasets.probe;

import java.util.List;

/**
 * One PTX construct to probe.
 *
 * @param spelling the opcode as PTX writes it, e.g. {@code div.rn.f64}
 * @param result the type of its result ({@code f32}, {@code u32}, {@code s32}, {@code f64},
 *     {@code u64}, {@code s64})
 * @param operands the types of its source operands, in order (one or two)
 */
public record ProbeConstruct(String spelling, String result, List<String> operands) {
    private static final List<String> TYPES = List.of("f32", "u32", "s32", "f64", "u64", "s64");

    public ProbeConstruct {
        operands = List.copyOf(operands);
        if (!TYPES.contains(result) || operands.isEmpty() || operands.size() > 2 || !TYPES.containsAll(operands)) {
            throw new IllegalArgumentException("a probe construct takes one or two operands of " + TYPES + ": "
                    + spelling);
        }
    }

    /** A construct whose result and operands all have the same type. */
    public static ProbeConstruct of(String spelling, String type, int arity) {
        return new ProbeConstruct(spelling, type, arity == 1 ? List.of(type) : List.of(type, type));
    }

    /** A unary construct from one type to another (a conversion). */
    public static ProbeConstruct convert(String spelling, String from, String to) {
        return new ProbeConstruct(spelling, to, List.of(from));
    }

    /** The type of the values the probe keeps live: that of the first operand. */
    public String liveType() {
        return operands.get(0);
    }

    /** The plain construct the difference is taken against: an {@code add} of the live type. */
    public ProbeConstruct baseline() {
        String t = liveType();
        String add = t.startsWith("f") ? "add." + t : "add." + (ProbeKernel.wide(t) ? "u64" : "u32");
        return new ProbeConstruct(add, t, List.of(t, t));
    }
}
