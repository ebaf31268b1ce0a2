package dev.regtune.job.select;

import static dev.regtune.job.select.ResultFixture.ALPHA;
import static dev.regtune.job.select.ResultFixture.BETA;
import static dev.regtune.job.select.ResultFixture.C1;
import static dev.regtune.job.select.ResultFixture.C3;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.job.sweep.ResultStore;
import dev.regtune.space.Configuration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reader on Parquet written by Spark in the sweep's layout, from the same rows as {@link ResultFixture}. */
class ResultTableReaderTest {
    private static SparkSession spark;
    private static ResultTableReader reader;

    @TempDir
    Path dir;

    @BeforeAll
    static void spark() {
        spark = SparkSessions.open("regtune select tests", Optional.of("local[2]"));
        reader = new ResultTableReader(spark);
    }

    @Test
    void readsWhatTheBuilderBuildsFromTheSameRows() {
        ResultFixture f = ResultFixture.standard();
        f.writeParquet(spark, dir);
        ResultTable read = reader.read(dir, ReadOptions.ALL);
        assertSameRows(f.table(), read);
        assertEquals(new TableSource(dir.toString(), List.of(ResultFixture.RUN), List.of(ResultFixture.MODEL),
                List.of(ResultFixture.MODEL)), read.source());
        assertEquals(List.of(), read.notes());
        ConfigInfo c3 = read.configs().stream().filter(c -> c.configId().equals(C3.id())).findFirst().orElseThrow();
        assertEquals(Map.of("RegAllocSmemSpilling", "true", Configuration.LAUNCH_BOUNDS, "256x2"), c3.values());
        // the results folder itself is accepted too
        assertSameRows(read, reader.read(dir.resolve("results"), ReadOptions.ALL));
    }

    @Test
    void theNewestModelVersionIsReadUnlessAnotherIsAskedFor() {
        ResultFixture.standard().writeParquet(spark, dir);
        new ResultFixture().as("run-2", "0.10.0").ok(ALPHA, C1, 10, 0, 32).writeParquet(spark, dir);
        ResultTable newest = reader.read(dir, ReadOptions.ALL);
        assertEquals(1, newest.size());
        assertEquals("0.10.0", newest.source().modelVersion());
        assertEquals(List.of("run-2"), newest.source().runIds());
        assertEquals(List.of("results of model versions 0.1.0, 0.10.0 are present; using the newest, 0.10.0 "
                + "(choose another with --model-version)"), newest.notes());
        ResultTable older = reader.read(dir, new ReadOptions(Optional.empty(), Optional.of("0.1.0"), Optional.empty()));
        assertSameRows(ResultFixture.standard().table(), older);
        ResultTable run1 = reader.read(dir, new ReadOptions(Optional.of("run-1"), Optional.empty(), Optional.empty()));
        assertEquals(List.of(), run1.notes());
        assertSameRows(ResultFixture.standard().table(), run1);

        assertEquals("there are no results of run 'run-9' in '" + dir + "'; runs present: run-1, run-2",
                assertThrows(SelectionInputException.class, () -> reader.read(dir,
                        new ReadOptions(Optional.of("run-9"), Optional.empty(), Optional.empty()))).getMessage());
        assertEquals("there are no results for sm_80 in '" + dir + "'; architectures present: sm_90",
                assertThrows(SelectionInputException.class, () -> reader.read(dir,
                        new ReadOptions(Optional.empty(), Optional.empty(), Optional.of("sm_80")))).getMessage());
        assertEquals("no results of model version '9' in '" + dir + "'; present: 0.1.0, 0.10.0",
                assertThrows(SelectionInputException.class, () -> reader.read(dir,
                        new ReadOptions(Optional.empty(), Optional.of("9"), Optional.empty()))).getMessage());
    }

    @Test
    void theSameResultsOfTwoRunsAreMerged() {
        ResultFixture.standard().writeParquet(spark, dir);
        ResultFixture.standard().as("run-again", ResultFixture.MODEL).writeParquet(spark, dir);
        ResultTable t = reader.read(dir, ReadOptions.ALL);
        assertEquals(List.of("run-1", "run-again"), t.source().runIds());
        assertEquals(List.of("20 duplicate evaluations of the same kernel and configuration (a resumed run, or "
                + "several runs) were merged"), t.notes());
        assertSameRows(ResultFixture.standard().table(), t);
    }

    /** A sweep over the allocator knob: one release, one model version per family, selected together. */
    @Test
    void everyAllocatorFamilyOfTheNewestReleaseIsReadTogether() {
        ResultFixture.Config briggs = new ResultFixture.Config(Knobs.defaults().with(KnobCatalogue.ALLOCATOR,
                KnobCatalogue.ALLOCATOR.choiceIndex("briggs")), 0, null);
        new ResultFixture().as("run-old", "fatpoint/0.1.0").ok(ALPHA, C1, 1, 0, 1).writeParquet(spark, dir);
        new ResultFixture().as("run-1", "fatpoint/0.2.0").ok(ALPHA, ResultFixture.D, 100, 0, 40)
                .ok(BETA, ResultFixture.D, 200, 0, 40).writeParquet(spark, dir);
        new ResultFixture().as("run-1", "briggs/0.2.0").ok(ALPHA, briggs, 90, 0, 38).ok(BETA, briggs, 210, 8, 41)
                .writeParquet(spark, dir);
        ResultTable t = reader.read(dir, ReadOptions.ALL);
        assertEquals(List.of("briggs/0.2.0", "fatpoint/0.2.0"), t.source().modelVersions());
        assertEquals(List.of("fatpoint/0.1.0", "briggs/0.2.0", "fatpoint/0.2.0"), t.source().modelVersionsPresent());
        assertEquals(List.of("run-1"), t.source().runIds());
        assertEquals(List.of("results of model versions fatpoint/0.1.0, briggs/0.2.0, fatpoint/0.2.0 are present; "
                + "using the newest, briggs/0.2.0, fatpoint/0.2.0 (choose another with --model-version)"), t.notes());
        assertEquals(4, t.size());
        ConfigInfo b = t.configs().stream().filter(c -> c.configId().equals(briggs.id())).findFirst().orElseThrow();
        assertEquals(Map.of("allocator", "briggs"), b.values(), "the string column read back as the choice");
        assertEquals(2, reader.read(dir, new ReadOptions(Optional.empty(), Optional.of("fatpoint/0.2.0"),
                Optional.empty())).size());
        assertEquals(4, reader.read(dir, new ReadOptions(Optional.empty(), Optional.of("0.2.0"), Optional.empty()))
                .size(), "a release names every family of it");
    }

    /**
     * A table written by result schema version 1 (no copy counts, no allocator column, nor the
     * other knob columns added with it) reads as fatpoint rows with the knobs' defaults, with notes.
     */
    @Test
    void aSchemaVersion1TableReadsAsFatPointRowsWithNotes() {
        ResultFixture f = ResultFixture.standard().withoutTimes();
        List<String> added = new java.util.ArrayList<>(List.of(ResultColumns.COPIES_SEEN, ResultColumns.COPIES_MERGED,
                ResultColumns.COPIES_LEFT, KnobCatalogue.ALLOCATOR.name()));
        added.addAll(SCHEMA_4_COLUMNS);
        added.addAll(SCHEMA_5_COLUMNS);
        for (int i = KnobCatalogue.JOIN_LIVEINTERVALS.ordinal(); i <= KnobCatalogue.BRIGGS_MAX_ROUNDS.ordinal(); i++) {
            added.add(KnobCatalogue.all().get(i).name());
        }
        spark.createDataFrame(f.sparkRows(), ResultSchema.schema()).drop(added.toArray(String[]::new)).write()
                .partitionBy(ResultSchema.PARTITION_COLUMNS.toArray(String[]::new))
                .parquet(dir.resolve("results").toString());
        ResultTable read = reader.read(dir, ReadOptions.ALL);
        assertSameRows(f.table(), read);
        assertEquals(List.of("16 rows were written by result schema version 1, before copies_seen, copies_merged, "
                + "copies_left and the allocator knob: they count as fatpoint rows without copy counts",
                WITHOUT_TIME,
                "19 knob columns (BriggsCoalescingFactor, BriggsConservativeCoalescing, BriggsLazyReload, ...) are "
                        + "missing from some files (written by an older knob catalogue) and read as the default"),
                read.notes());
    }

    /** The columns schema version 4 added: the estimated kernel time. */
    private static final List<String> SCHEMA_4_COLUMNS = List.of(ResultColumns.EST_TIME_CYCLES,
            ResultColumns.TIME_BOUND);

    /** The columns schema version 5 added: the ptxas controls, the evaluator and ptxas's own figures. */
    private static final List<String> SCHEMA_5_COLUMNS = java.util.stream.Stream.concat(
            dev.regtune.space.controls.PtxasControls.all().stream()
                    .filter(c -> c.sweptAs() == dev.regtune.space.controls.PtxasControl.SweptAs.CONTROL)
                    .map(ResultColumns::control),
            java.util.stream.Stream.of(ResultColumns.EVALUATOR, ResultColumns.PTXAS_COMMAND,
                    ResultColumns.STATIC_SMEM_BYTES, ResultColumns.COMPILE_MS)).toList();

    /** The note on the standard fixture's 15 OK rows when they have no kernel time. */
    private static final String WITHOUT_TIME = "15 OK rows without est_time_cycles (written before result schema 4, "
            + "or a kernel no block of which fits on an SM) have no estimated kernel time: the time objective counts "
            + "them as failed; choose --objective latency for such tables";

    /** The columns schema version 3 added: the allocator's counters. */
    private static final List<String> SCHEMA_3_COLUMNS = List.of(ResultColumns.SPILLED_VALUES,
            ResultColumns.GUIDANCE_PICKS, ResultColumns.FORCED_SPILLS, ResultColumns.DISCARDED_SLOTS,
            ResultColumns.FALLBACKS);

    /**
     * A table written with result schema version 2 (no allocator counters; its footers say version
     * 2) reads as before: the same rows, no note (selection does not use the counters), and the
     * counters read as null next to a version-3 run's values in the same table.
     */
    @Test
    void aSchemaVersion2TableReadsWithTheCountersNull() {
        ResultFixture f = ResultFixture.standard().withoutTimes();
        Metadata version2 = new MetadataBuilder()
                .withMetadata(ResultSchema.schema().apply(ResultColumns.MODEL_VERSION).metadata())
                .putLong(ResultSchema.VERSION_KEY, 2).build();
        List<String> later = new java.util.ArrayList<>(SCHEMA_3_COLUMNS);
        later.addAll(SCHEMA_4_COLUMNS);
        later.addAll(SCHEMA_5_COLUMNS);
        spark.createDataFrame(f.sparkRows(), ResultSchema.schema()).drop(later.toArray(String[]::new))
                .withMetadata(ResultColumns.MODEL_VERSION, version2).write()
                .partitionBy(ResultSchema.PARTITION_COLUMNS.toArray(String[]::new))
                .parquet(dir.resolve("results").toString());
        Dataset<Row> raw = spark.read().parquet(dir.resolve("results")
                .toString());
        assertEquals(2L, raw.schema().apply(ResultColumns.MODEL_VERSION).metadata().getLong(ResultSchema.VERSION_KEY),
                "the files say they follow version 2");
        assertFalse(List.of(raw.columns()).contains(ResultColumns.SPILLED_VALUES));

        ResultTable read = reader.read(dir, ReadOptions.ALL);
        assertSameRows(f.table(), read);
        assertEquals(List.of(WITHOUT_TIME), read.notes());

        new ResultFixture().as("run-3", ResultFixture.MODEL).ok(ALPHA, C1, 10, 0, 32).writeParquet(spark, dir);
        Dataset<Row> both = new ResultStore(dir)
                .read(spark);
        for (String c : SCHEMA_3_COLUMNS) {
            assertEquals(f.sparkRows().size(), both.where(functions.col(c).isNull()).count(),
                    c + " of the version-2 rows");
            assertEquals(1, both.where(functions.col(c).equalTo(0)).count(),
                    c + " of the version-3 row");
        }
    }

    @Test
    void aFolderWithoutResultsIsAnErrorOfOneSentence() throws Exception {
        Path missing = dir.resolve("nowhere");
        assertEquals("results folder '" + missing + "' does not exist", assertThrows(SelectionInputException.class,
                () -> reader.read(missing, ReadOptions.ALL)).getMessage());
        Files.createDirectories(dir.resolve("results"));
        Files.writeString(dir.resolve("results/_SUCCESS"), "");
        assertEquals("folder '" + dir + "' holds no results (no Parquet file in it or in its results folder); "
                + "expected the --out folder of 'regtune sweep'", assertThrows(SelectionInputException.class,
                        () -> reader.read(dir, ReadOptions.ALL)).getMessage());
    }

    private static void assertSameRows(ResultTable expected, ResultTable actual) {
        assertEquals(expected.kernels(), actual.kernels());
        assertEquals(expected.configs(), actual.configs());
        assertEquals(expected.size(), actual.size());
        for (int r = 0; r < expected.size(); r++) {
            assertEquals(expected.evaluation(r), actual.evaluation(r), "row " + r);
        }
    }
}
