package dev.regtune.space.expr;

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
            throw new ExpressionException("the expression is a number, not a comparison or a logical expression",
                    start + 1);
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
        Expr left = sum();
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
            return left;
        }
        Expr result = binary(op, left, sum(), at);
        skipSpace();
        if (pos < text.length() && ("<>=".indexOf(text.charAt(pos)) >= 0 || text.startsWith("!=", pos))) {
            throw error("comparisons do not chain; use && to combine them", pos);
        }
        return result;
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
                throw error("operator ! needs true or false, not a number", at);
            }
            return new Expr.Not(operand);
        }
        if (accept("-")) {
            Expr operand = unary();
            if (operand.type() != Type.NUMBER) {
                throw error("operator - needs a number, not true or false", at);
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
                throw error("operator " + op.symbol() + " compares " + left.type().words() + " with "
                        + right.type().words(), at);
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
