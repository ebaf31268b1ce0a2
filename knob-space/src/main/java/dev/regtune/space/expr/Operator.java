package dev.regtune.space.expr;

import org.jspecify.annotations.Nullable;

/** The binary operators, with the operand and result types the parser checks. */
public enum Operator {
    OR("||", Type.BOOLEAN, Type.BOOLEAN),
    AND("&&", Type.BOOLEAN, Type.BOOLEAN),
    LESS("<", Type.NUMBER, Type.BOOLEAN),
    LESS_EQUAL("<=", Type.NUMBER, Type.BOOLEAN),
    GREATER(">", Type.NUMBER, Type.BOOLEAN),
    GREATER_EQUAL(">=", Type.NUMBER, Type.BOOLEAN),
    /** Operands of either type, both the same. */
    EQUAL("==", null, Type.BOOLEAN),
    NOT_EQUAL("!=", null, Type.BOOLEAN),
    ADD("+", Type.NUMBER, Type.NUMBER),
    SUBTRACT("-", Type.NUMBER, Type.NUMBER),
    MULTIPLY("*", Type.NUMBER, Type.NUMBER),
    DIVIDE("/", Type.NUMBER, Type.NUMBER);

    private final String symbol;
    private final @Nullable Type operands;
    private final Type result;

    Operator(String symbol, @Nullable Type operands, Type result) {
        this.symbol = symbol;
        this.operands = operands;
        this.result = result;
    }

    public String symbol() {
        return symbol;
    }

    /** The type both operands must have, or null when any type will do as long as both agree. */
    public @Nullable Type operands() {
        return operands;
    }

    public Type result() {
        return result;
    }
}
