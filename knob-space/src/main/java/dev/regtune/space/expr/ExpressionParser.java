package dev.regtune.space.expr;

import dev.regtune.core.text.Suggestions;
import java.util.ArrayList;
import java.util.List;

/**
 * The recursive-descent parser of the expression language (grammar in {@link dev.regtune.space.expr}).
 * One instance parses one text; use {@link #parse(String, Resolver)}.
 */
public final class ExpressionParser {

    /** Turns a name into a variable, or throws an {@link IllegalArgumentException} saying why it cannot. */
    @FunctionalInterface
    public interface Resolver {
        Expr.Variable resolve(String name);
    }

    /** A quoted choice name as written, before the comparison it stands in resolves it. */
    private record Quoted(String name, int at) {
    }

    private final String text;
    private final Resolver resolver;
    private final List<String> variables = new ArrayList<>();
    private int pos;

    private ExpressionParser(String text, Resolver resolver) {
        this.text = text;
        this.resolver = resolver;
    }

    /**
     * Parses a boolean expression. Syntax and type errors are {@link ExpressionException}s naming
     * the column; a name the resolver rejects propagates the resolver's exception unchanged.
     */
    public static Expression parse(String text, Resolver resolver) {
        ExpressionParser p = new ExpressionParser(text, resolver);
        p.skipSpace();
        if (p.pos == text.length()) {
            throw new ExpressionException("the expression is empty", 1);
        }
        int start = p.pos;
        Expr root = p.or();
        p.skipSpace();
        if (p.pos < text.length()) {
            throw p.error("unexpected '" + p.tokenText() + "'", p.pos);
        }
        if (root.type() != Type.BOOLEAN) {
            throw new ExpressionException("the expression is " + root.type().words()
                    + ", not a comparison or a logical expression", start + 1);
        }
        return new Expression(text, root, p.variables);
    }

    private Expr or() {
        Expr left = and();
        while (true) {
            int at = peekOperator("||");
            if (at < 0) {
                return left;
            }
            left = binary(Operator.OR, left, and(), at);
        }
    }

    private Expr and() {
        Expr left = compare();
        while (true) {
            int at = peekOperator("&&");
            if (at < 0) {
                return left;
            }
            left = binary(Operator.AND, left, compare(), at);
        }
    }

    private Expr compare() {
        Object left = comparand();
        skipSpace();
        int at = pos;
        Operator op = null;
        if (accept("<=")) {
            op = Operator.LESS_EQUAL;
        } else if (accept(">=")) {
            op = Operator.GREATER_EQUAL;
        } else if (accept("==")) {
            op = Operator.EQUAL;
        } else if (accept("!=")) {
            op = Operator.NOT_EQUAL;
        } else if (accept("<")) {
            op = Operator.LESS;
        } else if (accept(">")) {
            op = Operator.GREATER;
        }
        if (op == null) {
            if (text.startsWith("=", pos)) {
                throw error("use == to compare, not =", pos);
            }
            if (left instanceof Quoted q) {
                throw quotedOutOfPlace(q.at());
            }
            return (Expr) left;
        }
        Object right = comparand();
        Expr result = left instanceof Quoted || right instanceof Quoted ? choiceComparison(op, left, right, at)
                : binary(op, (Expr) left, (Expr) right, at);
        skipSpace();
        if (pos < text.length() && ("<>=".indexOf(text.charAt(pos)) >= 0 || text.startsWith("!=", pos))) {
            throw error("comparisons do not chain; use && to combine them", pos);
        }
        return result;
    }

    /** One side of a comparison: a quoted choice name ({@link Quoted}) or an {@link Expr}. */
    private Object comparand() {
        skipSpace();
        if (pos < text.length() && isQuote(text.charAt(pos))) {
            return quoted();
        }
        return sum();
    }

    /**
     * A comparison with a quoted name on one side: the other side must be a choice variable, and
     * the name one of its choices, which becomes a literal holding the choice's index.
     */
    private Expr choiceComparison(Operator op, Object left, Object right, int at) {
        if (left instanceof Quoted && right instanceof Quoted) {
            throw error("operator " + op.symbol() + " compares two quoted names; one side must be a choice knob", at);
        }
        if (op != Operator.EQUAL && op != Operator.NOT_EQUAL) {
            throw error("operator " + op.symbol() + " cannot order choices; compare a choice knob with == or != "
                    + "to a quoted name", at);
        }
        Quoted q = left instanceof Quoted l ? l : (Quoted) right;
        Expr other = (Expr) (left instanceof Quoted ? right : left);
        if (!(other instanceof Expr.Variable v) || v.type() != Type.CHOICE) {
            throw error("operator " + op.symbol() + " compares a quoted name with " + other.type().words()
                    + "; quoted names are compared with choice knobs only", at);
        }
        int index = -1;
        for (int i = 0; i < v.choices().size() && index < 0; i++) {
            if (v.choices().get(i).equalsIgnoreCase(q.name())) {
                index = i;
            }
        }
        if (index < 0) {
            String hint = Suggestions.closest(q.name(), v.choices(), Math.max(2, q.name().length() / 3))
                    .map(n -> " (did you mean " + n + "?)").orElse("");
            throw error(v.name() + " has no choice '" + q.name() + "'" + hint + "; its choices are "
                    + String.join(", ", v.choices()), q.at());
        }
        Expr.Literal name = new Expr.Literal(index, Type.CHOICE);
        return left instanceof Quoted ? new Expr.Binary(op, name, other) : new Expr.Binary(op, other, name);
    }

    /** A name in single or double quotes; no escapes, since choice names are plain words. */
    private Quoted quoted() {
        int at = pos;
        char quote = text.charAt(pos++);
        int end = text.indexOf(quote, pos);
        if (end < 0) {
            throw error("the quoted name has no closing " + quote, at);
        }
        String name = text.substring(pos, end);
        pos = end + 1;
        return new Quoted(name, at);
    }

    private static boolean isQuote(char c) {
        return c == '\'' || c == '"';
    }

    private ExpressionException quotedOutOfPlace(int at) {
        return error("a quoted name stands only beside == or != with a choice knob on the other side", at);
    }

    private Expr sum() {
        Expr left = product();
        while (true) {
            skipSpace();
            int at = pos;
            if (accept("+")) {
                left = binary(Operator.ADD, left, product(), at);
            } else if (accept("-")) {
                left = binary(Operator.SUBTRACT, left, product(), at);
            } else {
                return left;
            }
        }
    }

    private Expr product() {
        Expr left = unary();
        while (true) {
            skipSpace();
            int at = pos;
            if (accept("*")) {
                left = binary(Operator.MULTIPLY, left, unary(), at);
            } else if (accept("/")) {
                left = binary(Operator.DIVIDE, left, unary(), at);
            } else {
                return left;
            }
        }
    }

    private Expr unary() {
        skipSpace();
        int at = pos;
        if (text.startsWith("!", pos) && !text.startsWith("!=", pos)) {
            pos++;
            Expr operand = unary();
            if (operand.type() != Type.BOOLEAN) {
                throw error("operator ! needs true or false, not " + operand.type().words(), at);
            }
            return new Expr.Not(operand);
        }
        if (accept("-")) {
            Expr operand = unary();
            if (operand.type() != Type.NUMBER) {
                throw error("operator - needs a number, not " + operand.type().words(), at);
            }
            return operand instanceof Expr.Literal l ? new Expr.Literal(-l.value(), Type.NUMBER)
                    : new Expr.Negate(operand);
        }
        return primary();
    }

    private Expr primary() {
        skipSpace();
        int at = pos;
        if (pos >= text.length()) {
            throw error("expected a number, a knob name, true, false or '(' but the expression ends", pos);
        }
        char c = text.charAt(pos);
        if (c == '(') {
            pos++;
            Expr inner = or();
            skipSpace();
            if (!accept(")")) {
                throw error(pos < text.length() ? "expected ')' but found '" + tokenText() + "'"
                        : "expected ')' but the expression ends", pos);
            }
            return inner;
        }
        if (Character.isDigit(c) || c == '.') {
            return number(at);
        }
        if (isQuote(c)) {
            throw quotedOutOfPlace(at);
        }
        if (Character.isLetter(c) || c == '_') {
            while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
                pos++;
            }
            String name = text.substring(at, pos);
            if (name.equals("true") || name.equals("false")) {
                return new Expr.Literal(name.equals("true") ? 1.0 : 0.0, Type.BOOLEAN);
            }
            Expr.Variable v = resolver.resolve(name);
            if (!variables.contains(v.name())) {
                variables.add(v.name());
            }
            return v;
        }
        throw error("expected a number, a knob name, true, false or '(' but found '" + tokenText() + "'", pos);
    }

    private Expr number(int at) {
        while (pos < text.length() && (Character.isDigit(text.charAt(pos)) || text.charAt(pos) == '.')) {
            pos++;
        }
        if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            int mark = pos++;
            if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
                pos++;
            }
            if (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                    pos++;
                }
            } else {
                pos = mark;
            }
        }
        String s = text.substring(at, pos);
        try {
            return new Expr.Literal(Double.parseDouble(s), Type.NUMBER);
        } catch (NumberFormatException e) {
            throw error("'" + s + "' is not a number", at);
        }
    }

    private Expr binary(Operator op, Expr left, Expr right, int at) {
        if (op.operands() == null) {
            if (left.type() != right.type()) {
                Expr choice = left.type() == Type.CHOICE ? left : right.type() == Type.CHOICE ? right : null;
                throw error("operator " + op.symbol() + " compares " + left.type().words() + " with "
                        + right.type().words() + (choice instanceof Expr.Variable v ? "; compare " + v.name()
                                + " with a quoted name such as '" + v.choices().get(0) + "'" : ""), at);
            }
            if (left.type() == Type.CHOICE && left instanceof Expr.Variable l && right instanceof Expr.Variable r
                    && !l.choices().equals(r.choices())) {
                throw error("operator " + op.symbol() + " compares " + l.name() + " with " + r.name()
                        + ", whose choices differ", at);
            }
        } else if (left.type() != op.operands() || right.type() != op.operands()) {
            Expr bad = left.type() != op.operands() ? left : right;
            throw error("operator " + op.symbol() + " needs " + op.operands().words() + " on both sides, not "
                    + bad.type().words(), at);
        }
        return new Expr.Binary(op, left, right);
    }

    /** The column of {@code symbol} if it comes next (consuming it), or -1. */
    private int peekOperator(String symbol) {
        skipSpace();
        int at = pos;
        return accept(symbol) ? at : -1;
    }

    private boolean accept(String symbol) {
        if (text.startsWith(symbol, pos)) {
            pos += symbol.length();
            return true;
        }
        return false;
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    /** The token starting at {@link #pos}, for messages: a word, a number or one character. */
    private String tokenText() {
        int end = pos;
        if (end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) {
            while (end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) {
                end++;
            }
        } else {
            end = Math.min(text.length(), pos + 1);
        }
        return text.substring(pos, end);
    }

    private ExpressionException error(String problem, int at) {
        return new ExpressionException(problem, at + 1);
    }
}
