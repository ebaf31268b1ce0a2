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
import org.apache.spark.sql.execution.datasources.parquet.ParquetWriteSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rows a sweep task hands to the Parquet writer as Spark's internal rows are the rows Spark's
 * row encoder made of the same values: written both ways, the files read back equal, value for
 * value (OK rows and PARSE_ERROR rows with their nulls), under the same schema; and the sweep's
 * own writer ({@link ChunkFiles}) writes them into the same bytes as Spark's write.
 */
class PartitionEvaluationTest {
    @TempDir
    Path dir;

    @Test
    void internalRowsWriteTheSameParquetContentAsEncodedRows() throws Exception {
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
        Iterator<Object[]> produced = PartitionEvaluation.values(evaluator, blocks, new StatusCounts(spark.sparkContext()));
        int i = 0;
        while (produced.hasNext()) {
            produced.next();
            internal.add(SweepFixtures.internal(rows.get(i++).clone()));
        }
        assertEquals(rows.size(), i, "the task's iterator yields one row per pair");

        Path a = dir.resolve("encoded");
        Path b = dir.resolve("internal");
        spark.createDataFrame(encoded, ResultSchema.fileSchema()).coalesce(1).write().parquet(a.toString());
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        ((org.apache.spark.sql.classic.SparkSession) spark).internalCreateDataFrame(
                jsc.parallelize(internal, 1).rdd(), ResultSchema.fileSchema(), false).write().parquet(b.toString());
        // the sweep's own writer (ChunkFiles): the tasks write the same rows through Spark's Parquet
        // writer, set up as Spark's write sets it up, without the SQL write around it
        Path c = dir.resolve("direct");
        String direct = c.toString();
        ChunkFiles.Settings settings = ChunkFiles.Settings.of(spark);
        List<ChunkFiles.TaskFile> files = jsc.parallelize(List.of(0), 1).mapPartitionsWithIndex(
                (Integer p, Iterator<Integer> ignored) -> {
                    List<InternalRow> copy = new ArrayList<>();
                    for (Object[] r : rows) {
                        copy.add(SweepFixtures.internal(r.clone()));
                    }
                    return List.of(ChunkFiles.write(copy.iterator(), new ParquetWriteSupport(), direct, p, 7, settings)).iterator();
                }, false).collect();
        assertEquals(List.of(new ChunkFiles.TaskFile(0, "part-00000-7.snappy.parquet", ".snappy.parquet")), files);
        var readA = spark.read().parquet(a.toString());
        var readB = spark.read().parquet(b.toString());
        // read where a published chunk has it (Spark skips folders whose names start with '_')
        Path published = Files.createDirectories(dir.resolve("published"));
        Files.copy(c.resolve(ChunkFiles.ATTEMPTS).resolve("part-00000-7.snappy.parquet"),
                published.resolve("part-00000.snappy.parquet"));
        var readC = spark.read().parquet(published.toString());
        assertEquals(readA.schema(), readB.schema());
        assertEquals(readA.schema(), readC.schema());
        assertEquals(sorted(readA.collectAsList()), sorted(readB.collectAsList()));
        assertEquals(sorted(readA.collectAsList()), sorted(readC.collectAsList()));
        assertEquals(rows.size(), readB.count());
        assertEquals(rows.size(), readC.count());
        // not only the same rows: the same bytes as Spark's write of the same internal rows
        assertArrayEquals(Files.readAllBytes(onlyParquet(b)),
                Files.readAllBytes(c.resolve(ChunkFiles.ATTEMPTS).resolve("part-00000-7.snappy.parquet")));
    }

    /** A sweep's chunk job leaves one file per task, from the attempt Spark counted, and no attempt folder. */
    @Test
    void aChunkKeepsOneFilePerTask() throws Exception {
        SparkSession spark = SparkSessions.open("partition evaluation test", Optional.of("local[2]"));
        KernelCatalog catalog = KernelCatalog.of(KernelSource.folder(SweepFixtures.kernelsWithOneBadModule(dir)),
                Optional.empty(), "sm_90");
        ConfigurationTable table = new ConfigurationTable(List.of(
                SweepConfiguration.of(Configuration.of(Map.of("maxrregcount", "24"))),
                SweepConfiguration.of(Configuration.of(Map.of("maxrregcount", "8")))));
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        long[] all = codes(catalog.size(), table.size());
        List<long[]> blocks = List.of(java.util.Arrays.copyOfRange(all, 0, all.length / 2),
                java.util.Arrays.copyOfRange(all, all.length / 2, all.length));
        Path staged = dir.resolve("staged");
        // a dead attempt's file of partition 1, which must not be kept
        Files.createDirectories(staged.resolve(ChunkFiles.ATTEMPTS));
        Files.writeString(staged.resolve(ChunkFiles.ATTEMPTS).resolve("part-00001-dead.snappy.parquet"), "half");
        StatusCounts counts = new StatusCounts(spark.sparkContext());
        var kernels = jsc.broadcast(catalog);
        var configurations = jsc.broadcast(table);
        List<String> kept = ChunkFiles.collect(jsc.parallelize(blocks, 2).mapPartitionsWithIndex(ChunkFiles.task(
                kernels, configurations, false, EvaluationLimits.NONE, counts, EvaluatorSettings.MODEL,
                staged.toString(), ChunkFiles.Settings.of(spark)), false), staged.toString(),
                jsc.hadoopConfiguration());
        assertEquals(List.of("part-00000.snappy.parquet", "part-00001.snappy.parquet"), kept);
        assertTrue(Files.notExists(staged.resolve(ChunkFiles.ATTEMPTS)), "the attempts' folder is gone");
        assertEquals(all.length, spark.read().parquet(staged.toString()).count());
        assertEquals((long) all.length, counts.snapshot().values().stream().mapToLong(Long::longValue).sum());
    }

    private static Path onlyParquet(Path folder) throws java.io.IOException {
        try (var files = Files.list(folder)) {
            List<Path> parquet = files.filter(f -> f.getFileName().toString().endsWith(".parquet")).toList();
            assertEquals(1, parquet.size(), "one Parquet file in " + folder + ": " + parquet);
            return parquet.get(0);
        }
    }

    @Test
    void statusesAreCountedBeforeTheRowIsConverted() {
        SparkSession spark = SparkSessions.open("partition evaluation test", Optional.of("local[2]"));
        KernelCatalog catalog = KernelCatalog.of(KernelSource.folder(SweepFixtures.kernelsWithOneBadModule(dir)),
                Optional.empty(), "sm_90");
        ConfigurationTable table = new ConfigurationTable(List.of(
                SweepConfiguration.of(Configuration.of(Map.of("maxrregcount", "24")))));
        StatusCounts counts = new StatusCounts(spark.sparkContext());
        Iterator<Object[]> it = PartitionEvaluation.values(new PairEvaluator(catalog, table, false),
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
