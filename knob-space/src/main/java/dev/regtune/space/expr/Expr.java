package dev.regtune.space.expr;

import java.util.List;

/**
 * A node of a parsed, type-checked expression. Evaluation reads variables from a {@code double[]}
 * environment (booleans as 0 and 1, choices as the index of the choice) and returns a double
 * (booleans as 0 and 1).
 */
public sealed interface Expr permits Expr.Literal, Expr.Variable, Expr.Negate, Expr.Not, Expr.Binary {

    Type type();

    double eval(double[] env);

    /** A number, {@code true}/{@code false}, or a quoted choice name resolved to its index. */
    record Literal(double value, Type type) implements Expr {
        @Override
        public double eval(double[] env) {
            return value;
        }
    }

    /**
     * A name resolved to slot {@code slot} of the environment.
     *
     * @param choices the names of a {@link Type#CHOICE} variable's values, index by index (the
     *     environment holds the index); empty for other types
     */
    record Variable(String name, int slot, Type type, List<String> choices) implements Expr {
        public Variable {
            choices = List.copyOf(choices);
            if ((type == Type.CHOICE) == choices.isEmpty()) {
                throw new IllegalArgumentException("variable " + name + ": only a choice variable has choices");
            }
        }

        /** A number or boolean variable. */
        public Variable(String name, int slot, Type type) {
            this(name, slot, type, List.of());
        }

        @Override
        public double eval(double[] env) {
            return env[slot];
        }
    }

    /** Unary minus. */
    record Negate(Expr operand) implements Expr {
        @Override
        public Type type() {
            return Type.NUMBER;
        }

        @Override
        public double eval(double[] env) {
            return -operand.eval(env);
        }
    }

    /** Logical not. */
    record Not(Expr operand) implements Expr {
        @Override
        public Type type() {
            return Type.BOOLEAN;
        }

        @Override
        public double eval(double[] env) {
            return operand.eval(env) != 0.0 ? 0.0 : 1.0;
        }
    }

    /** A binary operator; {@code &&} and {@code ||} short-circuit. */
    record Binary(Operator op, Expr left, Expr right) implements Expr {
        @Override
        public Type type() {
            return op.result();
        }

        @Override
        public double eval(double[] env) {
            double l = left.eval(env);
            return switch (op) {
                case AND -> l != 0.0 && right.eval(env) != 0.0 ? 1.0 : 0.0;
                case OR -> l != 0.0 || right.eval(env) != 0.0 ? 1.0 : 0.0;
                case ADD -> l + right.eval(env);
                case SUBTRACT -> l - right.eval(env);
                case MULTIPLY -> l * right.eval(env);
                case DIVIDE -> l / right.eval(env);
                case LESS -> truth(l < right.eval(env));
                case LESS_EQUAL -> truth(l <= right.eval(env));
                case GREATER -> truth(l > right.eval(env));
                case GREATER_EQUAL -> truth(l >= right.eval(env));
                case EQUAL -> truth(l == right.eval(env));
                case NOT_EQUAL -> truth(l != right.eval(env));
            };
        }

        private static double truth(boolean b) {
            return b ? 1.0 : 0.0;
        }
    }
}
