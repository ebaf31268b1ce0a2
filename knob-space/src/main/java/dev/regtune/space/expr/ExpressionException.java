package dev.regtune.space.expr;

/** An expression that does not parse or does not type-check; the message is one sentence ending in the column. */
public final class ExpressionException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final int column;

    /** @param column 1-based column of the offending character */
    public ExpressionException(String problem, int column) {
        super(problem + " at column " + column);
        this.column = column;
    }

    /** The 1-based column the problem was found at. */
    public int column() {
        return column;
    }
}
