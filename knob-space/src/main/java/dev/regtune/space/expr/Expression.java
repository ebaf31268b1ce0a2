package dev.regtune.space.expr;

import java.util.List;

/**
 * A parsed boolean expression with its source text and the names it reads.
 *
 * @param source the text as written in the spec
 * @param root the type-checked tree; its type is {@link Type#BOOLEAN}
 * @param variables the names the expression reads, as resolved, in order of first appearance
 */
public record Expression(String source, Expr root, List<String> variables) {
    public Expression {
        variables = List.copyOf(variables);
    }

    /** Whether the expression is true in {@code env} (booleans as 0 and 1). */
    public boolean holds(double[] env) {
        return root.eval(env) != 0.0;
    }

    @Override
    public String toString() {
        return source;
    }
}
