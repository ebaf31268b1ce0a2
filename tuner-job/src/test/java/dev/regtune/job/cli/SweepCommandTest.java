package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.job.results.ModelVersion;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.job.sweep.ResultStore;
import dev.regtune.job.sweep.SweepFixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructField;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code regtune sweep} end to end in local mode, on one shared Spark session. */
class SweepCommandTest {
    private static SparkSessions.Session session;

    @TempDir
    Path dir;

    @BeforeAll
    static void startSpark() {
        session = SparkSessions.session("sweep tests", Optional.of("local[2]"));
    }

    @AfterAll
    static void stopSpark() {
        session.close();
    }

    private static SparkSession spark() {
        return session.spark();
    }

    private Cli.Run sweep(Path kernels, Path space, Path out, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("sweep", "--verify", "--kernels", kernels.toString(),
                "--space", space.toString(), "--out", out.toString()));
        args.addAll(Arrays.asList(more));
        return Cli.run(args.toArray(String[]::new));
    }

    /** The rows as sorted text lines without the wall-time column: equal lines, equal results. */
    static List<String> rowLines(Dataset<Row> rows) {
        String[] cols = Arrays.stream(rows.columns()).filter(c -> !c.equals(ResultColumns.EVAL_MICROS)).sorted()
                .toArray(String[]::new);
        return rows.select(Arrays.stream(cols).map(functions::col).toArray(org.apache.spark.sql.Column[]::new))
                .collectAsList().stream().map(Row::toString).sorted().toList();
    }

    @Test
    void writesOneTypedRowPerKernelAndConfigurationAndBadKernelsAreRows() throws Exception {
        Path kernels = SweepFixtures.kernelsWithOneBadModule(dir);
        Path space = SweepFixtures.tinySpace(dir);
        Path out = dir.resolve("out");
        Cli.Run run = sweep(kernels, space, out, "--run-id", "t1");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("5 kernels x 8 configurations = 40 evaluations"), run.out());
        assertTrue(run.out().contains("results: " + out.toAbsolutePath().normalize().resolve("results")), run.out());

        assertTrue(Files.isDirectory(out.resolve("results/run_id=t1/arch=sm_90")), "partitioned by run_id and arch");
        Dataset<Row> rows = spark().read().parquet(out.resolve("results").toString());
        // Schema: every column of the documented schema, in its type (partition columns come back last).
        Map<String, String> actual = new TreeMap<>();
        for (StructField f : rows.schema().fields()) {
            actual.put(f.name(), f.dataType().simpleString());
        }
        Map<String, String> expected = new TreeMap<>();
        for (StructField f : ResultSchema.schema().fields()) {
            expected.put(f.name(), f.dataType().simpleString());
        }
        assertEquals(expected, actual);
        assertEquals("int", actual.get(KnobCatalogue.THRESHOLD_FOR_DISCARD_CONFLICTS.name()));
        assertEquals("boolean", actual.get(KnobCatalogue.COALESCING.name()));
        assertEquals("string", actual.get(KnobCatalogue.ALLOCATOR.name()), "a choice knob is its choice's name");
        assertEquals((long) ResultSchema.VERSION, rows.schema().apply(ResultColumns.MODEL_VERSION).metadata()
                .getLong(ResultSchema.VERSION_KEY),
                "the schema version travels in the Parquet footer");
        assertEquals(List.of(ModelVersion.of(Allocators.fatPoint())), rows.select(ResultColumns.MODEL_VERSION)
                .distinct().collectAsList().stream().map(r -> r.getString(0)).toList());
        assertEquals(List.of("fatpoint"), rows.select(KnobCatalogue.ALLOCATOR.name()).distinct().collectAsList()
                .stream().map(r -> r.getString(0)).toList());
        assertEquals(0, rows.where(functions.col(ResultColumns.STATUS).isin("OK", "ALLOC_FAILED")
                .and(functions.col(ResultColumns.COPIES_SEEN).isNull()
                        .or(functions.col(ResultColumns.COPIES_LEFT).notEqual(functions.col(ResultColumns.COPIES_SEEN)
                                .minus(functions.col(ResultColumns.COPIES_MERGED)))))).count(),
                "every allocated row has its copy counts, left = seen - merged");

        assertEquals(40, rows.count());
        assertEquals(40, rows.select(ResultColumns.KERNEL_ID, ResultColumns.CONFIG_ID).distinct().count());
        Map<String, Long> byStatus = rows.groupBy(ResultColumns.STATUS).count().collectAsList().stream()
                .collect(Collectors.toMap(r -> r.getString(0), r -> r.getLong(1), Long::sum, TreeMap::new));
        assertEquals(16L, byStatus.get("PARSE_ERROR"), "two broken entries x 8 configurations: " + byStatus);
        assertEquals(null, byStatus.get("ERROR"), "the checker accepted every allocation: " + byStatus);
        assertEquals(24L, byStatus.getOrDefault("OK", 0L) + byStatus.getOrDefault("ALLOC_FAILED", 0L));
        Row bad = rows.where(functions.col(ResultColumns.STATUS).equalTo("PARSE_ERROR")).first();
        assertTrue(bad.<String>getAs(ResultColumns.MESSAGE).contains("broken.ptx:"), bad.toString());

        String record = Files.readString(out.resolve("runs/t1.json"), StandardCharsets.UTF_8);
        assertTrue(record.contains("\"complete\" : true") && record.contains("\"PARSE_ERROR\" : 16"), record);
    }

    @Test
    void aRerunNeedsResumeAndResumeWritesNothingTwice() {
        Path kernels = SweepFixtures.kernelsWithOneBadModule(dir);
        Path space = SweepFixtures.tinySpace(dir);
        Path out = dir.resolve("out");
        assertEquals(0, sweep(kernels, space, out).exit());

        Cli.Run again = sweep(kernels, space, out);
        assertEquals(2, again.exit(), again.err());
        assertEquals(1, again.errLines().length, again.err());
        assertTrue(again.err().contains("pass --resume"), again.err());

        Cli.Run resumed = sweep(kernels, space, out, "--resume");
        assertEquals(0, resumed.exit(), resumed.err());
        assertTrue(resumed.out().contains("40 already in the table (skipped), 0 evaluated now"), resumed.out());

        Cli.Run other = sweep(kernels, space, out, "--run-id", "another");
        assertEquals(0, other.exit(), other.err());
        Dataset<Row> rows = new ResultStore(out).read(spark());
        assertEquals(40, rows.count(), "a second run over the same keys adds no row");
        assertEquals(40, rows.select(ResultColumns.KERNEL_ID, ResultColumns.CONFIG_ID, ResultColumns.MODEL_VERSION)
                .distinct().count());
    }

    @Test
    void theSameSweepGivesTheSameRows() {
        Path kernels = SweepFixtures.kernelsWithOneBadModule(dir);
        Path space = SweepFixtures.tinySpace(dir);
        assertEquals(0, sweep(kernels, space, dir.resolve("a"), "--sampler", "sobol", "-n", "5", "--seed", "3").exit());
        assertEquals(0, sweep(kernels, space, dir.resolve("b"), "--sampler", "sobol", "-n", "5", "--seed", "3",
                "--partitions", "1", "--chunk-size", "7").exit());
        List<String> a = rowLines(new ResultStore(dir.resolve("a")).read(spark()));
        List<String> b = rowLines(new ResultStore(dir.resolve("b")).read(spark()));
        assertEquals(25, a.size());
        assertEquals(a, b, "same inputs, same rows, however the work was cut");
    }

    @Test
    void adaptiveStrategiesRunRoundByRoundIntoTheSameTable() {
        Path kernels = SweepFixtures.kernelsWithOneBadModule(dir);
        Path space = SweepFixtures.tinySpace(dir);
        for (String strategy : List.of("halving", "bayes", "nsga2")) {
            Path out = dir.resolve(strategy);
            Cli.Run run = sweep(kernels, space, out, "--strategy", strategy, "--budget", "6", "--seed", "1");
            assertEquals(0, run.exit(), strategy + ": " + run.err());
            Dataset<Row> rows = new ResultStore(out).read(spark());
            long n = rows.count();
            assertTrue(n > 0, strategy);
            assertEquals(n, rows.select(ResultColumns.KERNEL_ID, ResultColumns.CONFIG_ID).distinct().count(),
                    strategy + " wrote a key twice");
            assertTrue(run.out().contains("rows of the run: " + n + " "), strategy + ": " + run.out());
        }
    }

    /**
     * A sweep over the allocator knob writes each family's rows under its own model version and
     * resumes each from its own rows. The families are those this build has (the choices of the
     * knob it lacks are refused before anything runs: see the next test).
     */
    @Test
    void aSweepOverTheAllocatorKnobResumesEachFamily() throws Exception {
        Path kernels = SweepFixtures.kernelsWithOneBadModule(dir);
        List<String> families = Allocators.all().stream().map(RegisterAllocator::name).toList();
        Path space = dir.resolve("families.json");
        Files.writeString(space, "{\"name\": \"families\", \"maxrregcount\": [0, 24], \"knobs\": [{\"knob\": "
                + "\"allocator\", \"values\": [" + families.stream().map(f -> "\"" + f + "\"")
                        .collect(Collectors.joining(", ")) + "]}]}");
        Path out = dir.resolve("out");
        Cli.Run run = sweep(kernels, space, out, "--run-id", "fam");
        assertEquals(0, run.exit(), run.err());
        Dataset<Row> rows = new ResultStore(out).read(spark());
        long perFamily = 5 * 2;
        assertEquals(perFamily * families.size(), rows.count());
        for (String family : families) {
            Dataset<Row> mine = rows.where(functions.col(KnobCatalogue.ALLOCATOR.name()).equalTo(family));
            assertEquals(perFamily, mine.count(), family);
            assertEquals(List.of(ModelVersion.of(Allocators.byName(family))), mine.select(ResultColumns.MODEL_VERSION)
                    .distinct().collectAsList().stream().map(r -> r.getString(0)).toList(), family);
        }
        Cli.Run resumed = sweep(kernels, space, out, "--run-id", "fam", "--resume");
        assertEquals(0, resumed.exit(), resumed.err());
        assertTrue(resumed.out().contains(perFamily * families.size() + " already in the table (skipped), 0 evaluated now"),
                resumed.out());
        String record = Files.readString(out.resolve("runs/fam.json"), StandardCharsets.UTF_8);
        assertTrue(record.contains("\"schema_version\" : " + ResultSchema.VERSION), record);
        assertTrue(record.contains("\"model_version\" : \"" + families.stream().map(f -> ModelVersion.of(
                Allocators.byName(f))).sorted().collect(Collectors.joining(", ")) + "\""), record);
    }

    @Test
    void badInputIsOneSentenceAndExitTwo() {
        Path space = SweepFixtures.tinySpace(dir);
        Cli.Run missing = Cli.run("sweep", "--kernels", dir.resolve("nope").toString(), "--space", space.toString(),
                "--out", dir.resolve("o").toString());
        assertEquals(2, missing.exit());
        assertEquals(1, missing.errLines().length, missing.err());
        assertTrue(missing.err().contains("does not exist"), missing.err());

        Cli.Run noN = Cli.run("sweep", "--kernels", dir.toString(), "--space", space.toString(), "--out",
                dir.resolve("o").toString(), "--sampler", "sobol");
        assertEquals(2, noN.exit());
        assertTrue(noN.err().contains("needs -n N"), noN.err());

        Cli.Run noKernels = Cli.run("sweep", "--kernels", dir.toString(), "--space", space.toString(), "--out",
                dir.resolve("o").toString());
        assertEquals(2, noKernels.exit(), noKernels.err());
        assertTrue(noKernels.err().contains("has no kernels"), noKernels.err());
        assertTrue(!Files.exists(dir.resolve("o/results")), "nothing written");
    }
}
