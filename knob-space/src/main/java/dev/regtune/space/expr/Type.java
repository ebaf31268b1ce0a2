package dev.regtune.space.expr;

/** The two value types of the expression language. */
public enum Type {
    NUMBER("a number"),
    BOOLEAN("true or false");

    private final String words;

    Type(String words) {
        this.words = words;
    }

    /** The type in words, for messages: "a number", "true or false". */
    public String words() {
        return words;
    }
}
