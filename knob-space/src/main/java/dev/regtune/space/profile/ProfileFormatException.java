package dev.regtune.space.profile;

/**
 * A profile file that cannot be read: its message is one sentence, {@code FILE:LINE: WHAT} (JSON:
 * {@code FILE:LINE:COLUMN: WHAT}), with 1-based line and column. An IllegalArgumentException,
 * like the catalogue's own validation errors, so a command line reports it as a usage error;
 * an unreadable file is an IOException instead.
 */
public final class ProfileFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final int column;

    /**
     * @param file the file name as given to the reader
     * @param line 1-based line
     * @param column 1-based column, or 0 where the format is line-based
     * @param what the problem, one sentence without the position
     */
    public ProfileFormatException(String file, int line, int column, String what) {
        super(file + ":" + line + (column > 0 ? ":" + column : "") + ": " + what);
        this.file = file;
        this.line = line;
        this.column = column;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    /** The 1-based column, or 0 when the format names lines only. */
    public int column() {
        return column;
    }
}
