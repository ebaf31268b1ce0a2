package dev.regtune.space.spec;

/** A space spec that cannot be read or is invalid; the message is one sentence for the user. */
public final class SpaceSpecException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public SpaceSpecException(String sentence) {
        super(sentence);
    }
}
