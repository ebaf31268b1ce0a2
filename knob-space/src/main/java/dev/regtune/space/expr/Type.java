package dev.regtune.space.expr;

/** The value types of the expression language. */
public enum Type {
    NUMBER("a number"),
    BOOLEAN("true or false"),
    /**
     * One of a variable's named choices, held as the choice's index; compared only with {@code ==}
     * and {@code !=}, to a quoted choice name or to a variable with the same choices.
     */
    CHOICE("a choice");

    private final String words;

    Type(String words) {
        this.words = words;
    }

    /** The type in words, for messages: "a number", "true or false", "a choice". */
    public String words() {
        return words;
    }
}
