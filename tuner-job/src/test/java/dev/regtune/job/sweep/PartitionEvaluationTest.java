package dev.regtune.job.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.datasets.load.KernelSource;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.space.Configuration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rows a sweep task hands to the Parquet writer as Spark's internal rows are the rows Spark's
 * row encoder made of the same values: written both ways, the files read back equal, value for
 * value (OK rows and PARSE_ERROR rows with their nulls), under the same schema; so do they when
 * written by the session with interpreted projections that writes the chunks of ptxas sweeps.
 */
class PartitionEvaluationTest {
    @TempDir
    Path dir;

    @Test
    void internalRowsWriteTheSameParquetContentAsEncodedRows() {
        KernelCatalog catalog = KernelCatalog.of(KernelSource.folder(SweepFixtures.kernelsWithOneBadModule(dir)),
                Optional.empty(), "sm_90");
        ConfigurationTable table = new ConfigurationTable(List.of(
                SweepConfiguration.of(Configuration.of(Map.of("maxrregcount", "24"))),
                SweepConfiguration.of(Configuration.of(Map.of("maxrregcount", "8",
                        "RegAllocThresholdForDiscardConflicts", "10"))),
                SweepConfiguration.of(Configuration.of(Map.of("maxrregcount", "0")))));
        PairEvaluator evaluator = new PairEvaluator(catalog, table, false);
        List<Object[]> rows = new ArrayList<>();
        for (int k = 0; k < catalog.size(); k++) {
            for (int c = 0; c < table.size(); c++) {
                rows.add(evaluator.evaluate(k, c));
            }
        }
        int status = ResultSchema.fileIndexOf(ResultColumns.STATUS);
        List<String> statuses = rows.stream().map(r -> (String) r[status]).distinct().sorted().toList();
        assertTrue(statuses.contains("OK") && statuses.contains("PARSE_ERROR"), "rows of several statuses: " + statuses);

        SparkSession spark = SparkSessions.open("partition evaluation test", Optional.of("local[2]"));
        List<Row> encoded = rows.stream().map(r -> RowFactory.create(r.clone())).toList();
        List<InternalRow> internal = new ArrayList<>();
        Iterator<long[]> blocks = List.of(codes(catalog.size(), table.size())).iterator();
        // the task's own iterator, over the same pairs, but with the values evaluated above (eval_micros differs)
        Iterator<InternalRow> produced = PartitionEvaluation.rows(evaluator, blocks, new StatusCounts(spark.sparkContext()));
        int i = 0;
        while (produced.hasNext()) {
            produced.next();
            internal.add(PartitionEvaluation.internal(rows.get(i++).clone()));
        }
        assertEquals(rows.size(), i, "the task's iterator yields one row per pair");

        Path a = dir.resolve("encoded");
        Path b = dir.resolve("internal");
        spark.createDataFrame(encoded, ResultSchema.fileSchema()).coalesce(1).write().parquet(a.toString());
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        ((org.apache.spark.sql.classic.SparkSession) spark).internalCreateDataFrame(
                jsc.parallelize(internal, 1).rdd(), ResultSchema.fileSchema(), false).write().parquet(b.toString());
        // the session that writes the chunks of ptxas sweeps, whose scan projection is interpreted
        Path c = dir.resolve("interpreted");
        SparkSession interpreted = ChunkWriter.writeSession(spark, true);
        assertEquals("NO_CODEGEN", interpreted.conf().get(ChunkWriter.INTERPRETED_PROJECTIONS_KEY));
        ((org.apache.spark.sql.classic.SparkSession) interpreted).internalCreateDataFrame(
                jsc.parallelize(internal, 1).rdd(), ResultSchema.fileSchema(), false).write().parquet(c.toString());
        var readA = spark.read().parquet(a.toString());
        var readB = spark.read().parquet(b.toString());
        var readC = spark.read().parquet(c.toString());
        assertEquals(readA.schema(), readB.schema());
        assertEquals(readA.schema(), readC.schema());
        assertEquals(sorted(readA.collectAsList()), sorted(readB.collectAsList()));
        assertEquals(sorted(readA.collectAsList()), sorted(readC.collectAsList()));
        assertEquals(rows.size(), readB.count());
        assertEquals(spark, ChunkWriter.writeSession(spark, false), "a model sweep writes with its own session");
    }

    @Test
    void statusesAreCountedBeforeTheRowIsConverted() {
        SparkSession spark = SparkSessions.open("partition evaluation test", Optional.of("local[2]"));
        KernelCatalog catalog = KernelCatalog.of(KernelSource.folder(SweepFixtures.kernelsWithOneBadModule(dir)),
                Optional.empty(), "sm_90");
        ConfigurationTable table = new ConfigurationTable(List.of(
                SweepConfiguration.of(Configuration.of(Map.of("maxrregcount", "24")))));
        StatusCounts counts = new StatusCounts(spark.sparkContext());
        Iterator<InternalRow> it = PartitionEvaluation.rows(new PairEvaluator(catalog, table, false),
                List.of(codes(catalog.size(), 1)).iterator(), counts);
        int n = 0;
        while (it.hasNext()) {
            it.next();
            n++;
        }
        assertEquals(catalog.size(), n);
        assertEquals((long) n, counts.snapshot().values().stream().mapToLong(Long::longValue).sum());
    }

    private static long[] codes(int kernels, int configurations) {
        long[] codes = new long[kernels * configurations];
        int n = 0;
        for (int k = 0; k < kernels; k++) {
            for (int c = 0; c < configurations; c++) {
                codes[n++] = PairCodes.of(k, c);
            }
        }
        return codes;
    }

    /** Rows in a fixed order (their text), so two reads compare as lists. */
    private static List<String> sorted(List<Row> rows) {
        return rows.stream().map(Row::toString).sorted(Comparator.naturalOrder()).toList();
    }
}
