package dev.regtune.job.report.sweep;

import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.storage.Location;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a sweep's result table lives: {@code regtune sweep --out DIR} writes it to
 * {@code DIR/results/run_id=RUN/arch=ARCH/part-*.parquet}; the user may name {@code DIR} or
 * {@code DIR/results}. Checks what can be checked without Spark (the folder exists and holds
 * Parquet files of at least one run), so that a wrong path is one clear sentence rather than a
 * Spark analysis error.
 *
 * @param named the folder as the user named it (shown in the report)
 * @param table the folder holding the {@code run_id=} partitions
 */
public record ResultsFolder(String named, Location table) {
    private static final String RUN_PREFIX = ResultColumns.RUN_ID + "=";

    /** Resolves {@code dir} or {@code dir/results}. */
    public static ResultsFolder locate(Path dir) {
        return locate(Location.local(dir));
    }

    /** Resolves {@code dir} or {@code dir/results}, on any file system. */
    public static ResultsFolder locate(Location dir) {
        if (!dir.exists()) {
            throw new ReportInputException("results folder '" + dir + "' does not exist");
        }
        if (!dir.isDirectory()) {
            throw new ReportInputException("'" + dir + "' is not a folder; name the folder 'regtune sweep --out' "
                    + "wrote, or its results subfolder");
        }
        Location nested = dir.resolve("results");
        Location table = nested.isDirectory() && !runIds(nested).isEmpty() ? nested : dir;
        if (runIds(table).isEmpty()) {
            throw new ReportInputException("'" + dir + "' holds no result table (expected " + dir
                    + "/results/run_id=RUN/arch=ARCH/part-*.parquet)");
        }
        if (!hasParquet(table)) {
            throw new ReportInputException("'" + table + "' holds no Parquet file yet (is the sweep still "
                    + "writing its first partition?)");
        }
        return new ResultsFolder(dir.toString(), table);
    }

    /** The runs present (the names of the {@code run_id=} folders), sorted. */
    public List<String> runIds() {
        return runIds(table);
    }

    private static List<String> runIds(Location folder) {
        try {
            return folder.listFolders().stream()
                    .filter(n -> n.startsWith(RUN_PREFIX) && n.length() > RUN_PREFIX.length())
                    .map(n -> n.substring(RUN_PREFIX.length()))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list '" + folder + "': " + e.getMessage(), e);
        }
    }

    private static boolean hasParquet(Location table) {
        return table.anyFile(4, p -> {
            String n = p.substring(p.lastIndexOf('/') + 1);
            return n.endsWith(".parquet") && !n.startsWith(".") && !n.startsWith("_");
        });
    }
}
