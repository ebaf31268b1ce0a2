package dev.regtune.job.report.sweep;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.results.ConfigId;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.job.results.ResultStatus;
import dev.regtune.job.spark.SparkSessions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;

/**
 * A hand-made result table: two families of kernels (names that need escaping included) evaluated
 * over a small grid — RegAllocSpillWeight 5 / 15 / 45, RegTuneFoldConstants true / false and
 * register budgets none / 32 / 64 — with figures from simple formulas: a budget below a kernel's
 * demand spills 8 bytes per missing register and costs latency; below half the demand the
 * allocation fails; a low spill weight costs 3% latency. The default configuration is in the grid.
 */
public final class ReportFixture {
    public static final String RUN = "run-1";
    public static final String MODEL = "0.1.0-test";
    public static final KnobDef SWEPT_DOUBLE = KnobCatalogue.SPILL_WEIGHT;
    public static final KnobDef SWEPT_BOOL = KnobCatalogue.FOLD_CONSTANTS;
    public static final double[] WEIGHTS = {5, 15, 45};
    public static final boolean[] FOLDS = {true, false};
    public static final int[] BUDGETS = {0, 32, 64};

    /** A kernel: name, family, registers it needs without a limit, latency without spills. */
    public record Kernel(String id, String name, String family, int demand, long baseCycles) {
    }

    public static final List<Kernel> KERNELS = List.of(
            new Kernel("k01", "stencil_5pt", "stencil", 40, 12_000),
            new Kernel("k02", "stencil_<9pt>&\"wide\"", "stencil", 72, 30_000),
            new Kernel("k03", "reduce_sum", "reduction", 28, 4_000),
            new Kernel("k04", "reduce_max", "reduction", 100, 55_000));

    private ReportFixture() {
    }

    public static int configurations() {
        return WEIGHTS.length * FOLDS.length * BUDGETS.length;
    }

    /** Every evaluation of the grid, plus one PARSE_ERROR row of a kernel that does not parse. */
    public static List<Row> rows(String run, Predicate<Kernel> kernels) {
        List<Row> rows = new ArrayList<>();
        for (Kernel k : KERNELS.stream().filter(kernels).toList()) {
            for (double w : WEIGHTS) {
                for (boolean fold : FOLDS) {
                    for (int budget : BUDGETS) {
                        rows.add(row(run, k, w, fold, budget));
                    }
                }
            }
        }
        Kernel broken = new Kernel("k99", "broken", "stencil", 0, 0);
        Object[] v = base(run, broken, Knobs.defaults(), 0);
        v[ResultSchema.indexOf(ResultColumns.STATUS)] = ResultStatus.PARSE_ERROR.name();
        v[ResultSchema.indexOf(ResultColumns.MESSAGE)] = "broken.ptx:3:1: expected a directive";
        rows.add(RowFactory.create(v));
        return rows;
    }

    /**
     * The test classes' Spark session: local[2], as the command gets it from
     * {@link SparkSessions#open} (so a command run in the test shares it), with two shuffle
     * partitions and without whole-stage code generation — on tables of a hundred rows, compiling
     * generated code takes longer than running the queries.
     */
    public static SparkSession session(String name) {
        System.setProperty("spark.sql.shuffle.partitions", "2");
        System.setProperty("spark.sql.codegen.wholeStage", "false");
        try {
            return SparkSessions.open(name, Optional.of("local[2]"));
        } finally {
            System.clearProperty("spark.sql.shuffle.partitions");
            System.clearProperty("spark.sql.codegen.wholeStage");
        }
    }

    /** Writes {@link #rows} of {@code run} to {@code out}/results, partitioned as the sweep does. */
    public static void write(SparkSession spark, Path out, String run) {
        write(spark, out, run, k -> true);
    }

    /** Writes the rows of the kernels {@code kernels} accepts. */
    public static void write(SparkSession spark, Path out, String run, Predicate<Kernel> kernels) {
        spark.createDataFrame(rows(run, kernels), ResultSchema.schema()).coalesce(1).write()
                .partitionBy(ResultColumns.RUN_ID, ResultColumns.ARCH)
                .mode("append")
                .parquet(out.resolve("results").toString());
    }

    static Row row(String run, Kernel k, double weight, boolean fold, int budget) {
        Knobs knobs = Knobs.defaults().with(SWEPT_DOUBLE, weight).with(SWEPT_BOOL, fold ? 1 : 0);
        Object[] v = base(run, k, knobs, budget);
        int missing = budget == 0 ? 0 : Math.max(0, k.demand() - budget);
        boolean failed = budget != 0 && budget * 2 < k.demand();
        int registers = budget == 0 ? k.demand() : Math.min(budget, k.demand());
        int spill = missing * 8;
        double factor = (1 + missing / 40.0) * (weight < 10 ? 1.03 : 1.0) * (fold ? 1.0 : 1.01);
        v[ResultSchema.indexOf(ResultColumns.STATUS)] = failed ? ResultStatus.ALLOC_FAILED.name()
                : ResultStatus.OK.name();
        v[ResultSchema.indexOf(ResultColumns.MESSAGE)] = failed
                ? "Register allocation failed with register count of '" + budget + "'" : "";
        v[ResultSchema.indexOf(ResultColumns.REGISTERS)] = registers;
        v[ResultSchema.indexOf(ResultColumns.SPILL_STORE_BYTES)] = spill / 2;
        v[ResultSchema.indexOf(ResultColumns.SPILL_LOAD_BYTES)] = spill - spill / 2;
        v[ResultSchema.indexOf(ResultColumns.STACK_FRAME_BYTES)] = spill;
        v[ResultSchema.indexOf(ResultColumns.SMEM_SPILL_BYTES)] = 0;
        v[ResultSchema.indexOf(ResultColumns.UNIFORM_REGISTERS)] = 2;
        v[ResultSchema.indexOf(ResultColumns.EST_LATENCY_CYCLES)] = Math.round(k.baseCycles() * factor);
        v[ResultSchema.indexOf(ResultColumns.OCCUPANCY)] = Math.min(1.0, 32.0 / registers);
        int warps = (int) Math.min(64, 64 * 32.0 / registers);
        v[ResultSchema.indexOf(ResultColumns.ACTIVE_WARPS)] = warps;
        // latency-bound: the latency over the active warps, for 64 warps of work
        v[ResultSchema.indexOf(ResultColumns.EST_TIME_CYCLES)] = failed ? null
                : Math.round(k.baseCycles() * factor * 64.0 / warps);
        v[ResultSchema.indexOf(ResultColumns.TIME_BOUND)] = failed ? null : "LATENCY";
        v[ResultSchema.indexOf(ResultColumns.ATTEMPTS)] = 1 + missing / 8;
        return RowFactory.create(v);
    }

    private static Object[] base(String run, Kernel k, Knobs knobs, int budget) {
        Object[] v = new Object[ResultSchema.schema().size()];
        v[ResultSchema.indexOf(ResultColumns.RUN_ID)] = run;
        v[ResultSchema.indexOf(ResultColumns.MODEL_VERSION)] = MODEL;
        v[ResultSchema.indexOf(ResultColumns.KERNEL_ID)] = k.id();
        v[ResultSchema.indexOf(ResultColumns.KERNEL_NAME)] = k.name();
        v[ResultSchema.indexOf(ResultColumns.SOURCE)] = k.family() + ".ptx";
        v[ResultSchema.indexOf(ResultColumns.FAMILY)] = k.family();
        v[ResultSchema.indexOf(ResultColumns.ARCH)] = "sm_90";
        v[ResultSchema.indexOf(ResultColumns.CONFIG_ID)] = ConfigId.of(knobs, budget, null);
        for (KnobDef d : KnobCatalogue.all()) {
            v[ResultSchema.indexOf(ResultColumns.knob(d))] = ResultSchema.knobValue(d, knobs.get(d));
        }
        v[ResultSchema.indexOf(ResultColumns.REGISTER_BUDGET)] = budget;
        v[ResultSchema.indexOf(ResultColumns.LAUNCH_BOUNDS)] = null;
        v[ResultSchema.indexOf(ResultColumns.STATUS)] = ResultStatus.OK.name();
        v[ResultSchema.indexOf(ResultColumns.MESSAGE)] = "";
        v[ResultSchema.indexOf(ResultColumns.EVAL_MICROS)] = 100L;
        return v;
    }

    /** The schema's field names, for tests that check a column exists. */
    static List<String> columns() {
        return List.of(ResultSchema.schema().fields()).stream().map(StructField::name).toList();
    }
}
