package dev.regtune.core.arch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads the small, comma-separated ground-truth tables under {@code occupancy/} with the JDK
 * only: no quoting, no escaping, a header line naming the columns. Each row is a map from
 * column name to text, in file order, with its 1-based line number for error reports.
 */
final class ReferenceCsv {

    /** One data row; {@code line} is its line number in the file (the header is line 1). */
    record Row(int line, Map<String, String> values) {
        String text(String column) {
            String value = values.get(column);
            if (value == null) {
                throw new IllegalArgumentException("Line " + line + " has no column '" + column + "'.");
            }
            return value;
        }

        int integer(String column) {
            return Integer.parseInt(text(column));
        }
    }

    private ReferenceCsv() {
    }

    /** Module directory: surefire sets {@code basedir}; an IDE usually runs in the module. */
    static Path moduleDir() {
        return Path.of(System.getProperty("basedir", System.getProperty("user.dir")));
    }

    /** The rows of the classpath resource {@code name}, e.g. {@code "/occupancy/reference.csv"}. */
    static List<Row> read(String name) {
        try (InputStream in = ReferenceCsv.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("Test resource " + name + " is missing; regenerate it with "
                        + "allocator-core/src/test/cpp/.");
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Row> parse(BufferedReader reader) throws IOException {
        String header = reader.readLine();
        if (header == null) {
            throw new IllegalStateException("Reference table is empty.");
        }
        String[] columns = header.split(",", -1);
        List<Row> rows = new ArrayList<>();
        int lineNumber = 1;
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            lineNumber++;
            if (line.isEmpty()) {
                continue;
            }
            String[] fields = line.split(",", -1);
            if (fields.length != columns.length) {
                throw new IllegalStateException("Line " + lineNumber + " has " + fields.length
                        + " fields but the header names " + columns.length + ".");
            }
            Map<String, String> values = new TreeMap<>();
            for (int i = 0; i < columns.length; i++) {
                values.put(columns[i], fields[i]);
            }
            rows.add(new Row(lineNumber, values));
        }
        return rows;
    }
}
