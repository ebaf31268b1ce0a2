package dev.regtune.job.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.datasets.load.KernelSource;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.space.Configuration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sweep's tasks write the evaluator's rows with {@link RowWriteSupport}: the file has the same
 * bytes as Spark's own Parquet write of the same rows as internal rows, with OK, PARSE_ERROR and
 * ERROR rows, nulls, imposed launch bounds, every string column set (non-ASCII text included), and
 * strings that repeat from row to row as the same instance or as equal copies.
 */
class RowWriteSupportTest {
    @TempDir
    Path dir;

    @Test
    void writesTheBytesOfSparksWriteOfTheSameRows() throws Exception {
        KernelCatalog catalog = KernelCatalog.of(KernelSource.folder(SweepFixtures.kernelsWithOneBadModule(dir)),
                Optional.empty(), "sm_90");
        ConfigurationTable table = new ConfigurationTable(List.of(
                SweepConfiguration.of(Configuration.of(Map.of("maxrregcount", "24"))),
                SweepConfiguration.of(Configuration.of(Map.of("maxrregcount", "8",
                        "RegAllocThresholdForDiscardConflicts", "10"))),
                SweepConfiguration.of(Configuration.of(Map.of("maxrregcount", "0",
                        Configuration.LAUNCH_BOUNDS, "256x2")))));
        PairEvaluator evaluator = new PairEvaluator(catalog, table, false);
        List<Object[]> rows = new ArrayList<>();
        for (int k = 0; k < catalog.size(); k++) {
            for (int c = 0; c < table.size(); c++) {
                rows.add(evaluator.evaluate(k, c));
            }
        }
        // every string column set, non-ASCII text, and equal strings that are other instances
        Object[] full = rows.get(0).clone();
        for (int i = 0; i < full.length; i++) {
            if (full[i] == null && ResultSchema.fileSchema().apply(i).dataType()
                    == org.apache.spark.sql.types.DataTypes.StringType) {
                full[i] = "set: ü ✓ \uD83D\uDE00 " + i;
            }
        }
        rows.add(full);
        Object[] copies = full.clone();
        for (int i = 0; i < copies.length; i++) {
            if (copies[i] instanceof String s) {
                copies[i] = new String(s.toCharArray());
            }
        }
        rows.add(copies);
        Object[] error = rows.get(1).clone();
        int status = ResultSchema.fileIndexOf(ResultColumns.STATUS);
        for (int i = status; i < error.length - 1; i++) {
            error[i] = null;
        }
        error[status] = "ERROR";
        error[status + 1] = "a failure";
        rows.add(error);
        rows.add(rows.get(2).clone());
        List<String> statuses = rows.stream().map(r -> (String) r[status]).distinct().sorted().toList();
        assertTrue(statuses.containsAll(List.of("ERROR", "OK", "PARSE_ERROR")), "rows of several statuses: " + statuses);

        SparkSession spark = SparkSessions.open("row write support test", Optional.of("local[2]"));
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        List<InternalRow> internal = new ArrayList<>();
        for (Object[] r : rows) {
            internal.add(SweepFixtures.internal(r.clone()));
        }
        Path sparks = dir.resolve("spark");
        ((org.apache.spark.sql.classic.SparkSession) spark).internalCreateDataFrame(
                jsc.parallelize(internal, 1).rdd(), ResultSchema.fileSchema(), false).write().parquet(sparks.toString());
        String direct = dir.resolve("direct").toString();
        ChunkFiles.Settings settings = ChunkFiles.Settings.of(spark);
        List<ChunkFiles.TaskFile> files = jsc.parallelize(List.of(0), 1).mapPartitionsWithIndex(
                (Integer p, Iterator<Integer> ignored) -> List.of(ChunkFiles.write(rows.iterator(),
                        new RowWriteSupport(), direct, p, 3, settings)).iterator(), false).collect();
        assertEquals(1, files.size());
        Path written = Path.of(direct, ChunkFiles.ATTEMPTS, files.get(0).name());
        Path sparksFile;
        try (var list = Files.list(sparks)) {
            sparksFile = list.filter(f -> f.getFileName().toString().endsWith(".parquet")).findFirst().orElseThrow();
        }
        assertArrayEquals(Files.readAllBytes(sparksFile), Files.readAllBytes(written));
        assertEquals(rows.size(), spark.read().parquet(sparks.toString()).count());
    }
}
