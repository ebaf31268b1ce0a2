package dev.regtune.space.profile;

/**
 * A place in a profile file, for error messages.
 *
 * @param line 1-based line
 * @param column 1-based column, or 0 for line-based formats
 */
record Position(int line, int column) {
    static Position line(int line) {
        return new Position(line, 0);
    }
}
