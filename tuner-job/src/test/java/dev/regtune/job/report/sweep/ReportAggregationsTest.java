package dev.regtune.job.report.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.results.ConfigId;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.job.results.ResultStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportAggregationsTest {
    @TempDir
    static Path dir;
    static SparkSession spark;
    static Dataset<Row> rows;

    @BeforeAll
    static void writeTable() {
        spark = ReportFixture.session("report aggregations test");
        ReportFixture.write(spark, dir, ReportFixture.RUN);
        ResultsFolder folder = ResultsFolder.locate(dir);
        rows = SweepRows.onePerEvaluation(SweepRows.ofRun(SweepRows.readAll(spark, folder), folder,
                Optional.of(ReportFixture.RUN))).persist();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    private static ReportObjective latency() {
        return new ReportObjective("latency", "latency", Metrics.latency());
    }

    @Test
    void summaryCountsRowsByStatus() {
        RunSummary s = RunSummary.of(rows, dir.toString(), List.of(ReportFixture.MODEL), List.of(ReportFixture.MODEL));
        int grid = ReportFixture.KERNELS.size() * ReportFixture.configurations();
        assertEquals(grid + 1, s.rows());
        assertEquals(1, s.rowsWith(ResultStatus.PARSE_ERROR));
        // budget 32 fails for the kernels that need more than 64 registers: k02 (72) and k04 (100)
        assertEquals(2 * 6, s.rowsWith(ResultStatus.ALLOC_FAILED));
        assertEquals(List.of(ReportFixture.RUN), s.runIds());
        assertEquals(List.of("sm_90"), s.archs());
        assertEquals(5, s.kernels());
        assertEquals(ReportFixture.configurations(), s.configurations());
        assertEquals(2, s.families());
    }

    @Test
    void knobsThatChangeNothingAreCalledOut() {
        // the same rows again with SMEM spilling on (so other config ids): the same outcomes, so no effect
        Dataset<Row> again = rows.withColumn(KnobCatalogue.SMEM_SPILLING.name(), org.apache.spark.sql.functions.lit(true))
                .withColumn(ResultColumns.CONFIG_ID, org.apache.spark.sql.functions.concat(
                        org.apache.spark.sql.functions.col(ResultColumns.CONFIG_ID),
                        org.apache.spark.sql.functions.lit("s")));
        java.util.Map<String, InertKnobs.Verdict> verdicts = InertKnobs.of(rows.unionByName(again));
        assertEquals(InertKnobs.Verdict.EFFECT, verdicts.get(ReportFixture.SWEPT_DOUBLE.name()));
        assertEquals(InertKnobs.Verdict.EFFECT, verdicts.get(ReportFixture.SWEPT_BOOL.name()));
        assertEquals(InertKnobs.Verdict.NO_EFFECT, verdicts.get(KnobCatalogue.SMEM_SPILLING.name()));
        assertEquals(List.of(KnobCatalogue.SMEM_SPILLING.name()), InertKnobs.withoutEffect(verdicts));
        assertEquals(3, verdicts.size(), "the budget is a dimension, not a knob, and unswept knobs are not judged");
    }

    @Test
    void timeCurvesAreRelativeToNoLimitAndKeepTheKernelsThatGain() {
        TimeCurves t = TimeCurves.of(rows);
        assertEquals(ReportFixture.KERNELS.size(), t.kernels());
        assertEquals(t.gaining(), t.curves().size());
        for (TimeCurves.Curve c : t.curves()) {
            assertTrue(c.bestBudget() != 0 && c.gain() > 0, c.toString());
            TimeCurves.Point last = c.points().get(c.points().size() - 1);
            assertEquals(0, last.budget(), "no limit last");
            assertEquals(1.0, last.relative(), 1e-12);
            double best = c.points().stream().mapToDouble(TimeCurves.Point::relative).min().orElseThrow();
            assertEquals(1.0 / (1.0 + c.gain()), best, 1e-9);
        }
    }

    @Test
    void everySweptDimensionHasAnEffectAndNoOtherDoes() {
        List<KnobEffect> effects = KnobEffects.of(rows, latency());
        assertEquals(List.of(ReportFixture.SWEPT_DOUBLE.name(), ReportFixture.SWEPT_BOOL.name(),
                ResultColumns.REGISTER_BUDGET), effects.stream().map(KnobEffect::column).toList());

        KnobEffect weight = effects.get(0);
        assertEquals(KnobEffect.Kind.NUMERIC, weight.kind());
        assertFalse(weight.binned());
        assertEquals(List.of("5.0", "15.0", "45.0"), weight.levels().stream().map(KnobEffect.Level::label).toList());
        assertTrue(weight.levels().get(0).mean() > weight.levels().get(1).mean(), "weight 5 costs 3% latency");
        assertEquals(weight.levels().get(1).mean(), weight.levels().get(2).mean(), 1e-12);
        assertEquals(15.0, weight.defaultValue().getAsDouble());
        long ok = ReportFixture.KERNELS.size() * ReportFixture.configurations() - 12;
        assertEquals(ok, weight.levels().stream().mapToLong(KnobEffect.Level::rows).sum());
        for (KnobEffect.Level l : weight.levels()) {
            assertTrue(l.mean() >= 1 && l.median() >= 1, "normalised to the kernel's best: " + l);
        }

        KnobEffect fold = effects.get(1);
        assertEquals(KnobEffect.Kind.BOOLEAN, fold.kind());
        assertEquals(List.of("false", "true"), fold.levels().stream().map(KnobEffect.Level::label).toList());

        KnobEffect budget = effects.get(2);
        assertEquals(List.of("32", "64", "none"), budget.levels().stream().map(KnobEffect.Level::label).toList());
        assertTrue(budget.defaultValue().isEmpty());
    }

    /** A sweep over the allocator knob: its string column is a category labelled by the choices. */
    @Test
    void aChoiceKnobIsACategoryLabelledByItsChoices(@TempDir Path other) {
        KnobDef allocator = KnobCatalogue.ALLOCATOR;
        List<Row> table = new java.util.ArrayList<>();
        for (ReportFixture.Kernel k : ReportFixture.KERNELS) {
            for (int budget : ReportFixture.BUDGETS) {
                for (String family : allocator.choices()) {
                    Row base = ReportFixture.row(ReportFixture.RUN, k, 15, true, budget);
                    Object[] v = new Object[base.size()];
                    for (int i = 0; i < v.length; i++) {
                        v[i] = base.get(i);
                    }
                    Knobs knobs = Knobs.defaults().with(ReportFixture.SWEPT_DOUBLE, 15)
                            .with(ReportFixture.SWEPT_BOOL, 1).with(allocator, allocator.choiceIndex(family));
                    v[ResultSchema.indexOf(allocator.name())] = family;
                    v[ResultSchema.indexOf(ResultColumns.MODEL_VERSION)] = family + "/0.1.0-test";
                    v[ResultSchema.indexOf(ResultColumns.CONFIG_ID)] = ConfigId.of(knobs, budget, null);
                    if (family.equals("briggs")) { // 10% fewer cycles, so the two bars differ
                        int at = ResultSchema.indexOf(ResultColumns.EST_LATENCY_CYCLES);
                        v[at] = Math.round((Long) v[at] * 0.9);
                    }
                    table.add(RowFactory.create(v));
                }
            }
        }
        spark.createDataFrame(table, ResultSchema.schema()).coalesce(1).write()
                .partitionBy(ResultColumns.RUN_ID, ResultColumns.ARCH).parquet(other.resolve("results").toString());
        ResultsFolder folder = ResultsFolder.locate(other);
        Dataset<Row> read = SweepRows.onePerEvaluation(SweepRows.ofModelVersions(SweepRows.readAll(spark, folder),
                List.of("briggs/0.1.0-test", "fatpoint/0.1.0-test")));
        List<KnobEffect> effects = KnobEffects.of(read, latency());
        assertEquals(List.of(allocator.name(), ResultColumns.REGISTER_BUDGET),
                effects.stream().map(KnobEffect::column).toList());
        KnobEffect families = effects.get(0);
        assertEquals(KnobEffect.Kind.CATEGORICAL, families.kind());
        assertEquals(allocator.choices(), families.levels().stream().map(KnobEffect.Level::label).toList());
        assertEquals(List.of(0.0, 1.0), families.levels().stream().map(KnobEffect.Level::value).toList());
        assertEquals(0.0, families.defaultValue().getAsDouble(), "the default choice's index");
        assertTrue(families.levels().get(1).mean() < families.levels().get(0).mean(), "briggs is 10% faster here");
    }

    @Test
    void spillCliffHasAStepPerFamilyAndBudget() {
        SpillCliff cliff = SpillCliff.of(rows);
        assertFalse(cliff.perKernel());
        assertEquals(List.of("reduction", "stencil"), cliff.series().stream().map(SpillCliff.Series::name).toList());
        assertEquals(List.of(32, 64, 0), cliff.budgets());
        SpillCliff.Series reduction = cliff.series().get(0);
        SpillCliff.Step at32 = reduction.steps().get(0);
        assertEquals(32, at32.budget());
        assertEquals(6, at32.okRows(), "reduce_sum allocates at 32");
        assertEquals(6, at32.failedRows(), "reduce_max does not");
        assertEquals(0.0, at32.meanSpillBytes(), "reduce_sum needs 28 registers: no spill");
        SpillCliff.Step at64 = reduction.steps().get(1);
        assertEquals((0 + 36 * 8) / 2.0, at64.meanSpillBytes(), 1e-9, "reduce_max spills 36 registers at 64");
        SpillCliff.Step none = reduction.steps().get(2);
        assertEquals(0, none.budget());
        assertEquals(0.0, none.meanSpillBytes());
        assertEquals((28 + 100) / 2.0, none.meanRegisters(), 1e-9);
    }

    @Test
    void candidatesAreTheConfigurationsOkOnEveryKernelThatAllocated() {
        ConfigurationFigures.Candidates c = ConfigurationFigures.of(rows);
        assertEquals(4, c.kernels(), "the kernel that does not parse has no OK row");
        assertEquals(12, c.configurations().size(), "budget 32 fails on two kernels");
        String defaults = ConfigId.of(Knobs.defaults(), 0, null);
        ConfigurationFigures d = c.configurations().stream().filter(f -> f.configId().equals(defaults)).findFirst()
                .orElseThrow();
        assertEquals(0, d.totalSpillBytes());
        assertEquals((40 + 72 + 28 + 100) / 4.0, d.meanRegisters(), 1e-9);
        double geomean = Math.exp((Math.log(12_001) + Math.log(30_001) + Math.log(4_001) + Math.log(55_001)) / 4) - 1;
        assertEquals(geomean, d.geomeanLatencyCycles(), 1e-6);
    }

    @Test
    void defaultAgainstTunedComparesTheSameKernels() {
        String defaults = ConfigId.of(Knobs.defaults(), 0, null);
        String tuned = ConfigId.of(Knobs.defaults(), 64, null);
        DefaultVersusTuned d = DefaultVersusTuned.of(rows, defaults, tuned);
        assertEquals(List.of("reduction", "stencil"), d.families().stream().map(DefaultVersusTuned.Family::family)
                .toList());
        assertEquals(4, d.overall().kernels());
        for (DefaultVersusTuned.Family f : d.families()) {
            assertEquals(2, f.kernels());
            assertEquals(1.0, f.defaultGeomean(), 1e-12, "no budget is every kernel's fastest here");
            assertTrue(f.tunedGeomean() > 1.0, f.toString());
        }
    }

    @Test
    void aMissingRunIsOneSentenceNamingTheRunsPresent() {
        ResultsFolder folder = ResultsFolder.locate(dir.resolve("results"));
        ReportInputException e = assertThrows(ReportInputException.class,
                () -> SweepRows.ofRun(SweepRows.readAll(spark, folder), folder, Optional.of("nope")));
        assertTrue(e.getMessage().contains("'nope'") && e.getMessage().contains(ReportFixture.RUN), e.getMessage());
    }

    @Test
    void aFolderWithoutResultsIsRejectedBeforeSpark() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThrows(ReportInputException.class, () -> ResultsFolder.locate(empty));
        assertThrows(ReportInputException.class, () -> ResultsFolder.locate(dir.resolve("missing")));
    }
}
