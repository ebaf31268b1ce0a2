package dev.regtune.job.select;

import dev.regtune.core.alloc.KernelTime;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.results.ConfigId;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.job.results.ResultStatus;
import dev.regtune.space.Configuration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;

/**
 * Hand-made result tables: the same rows as a {@link ResultTable} (through the builder, no Spark)
 * and as Parquet written by Spark in the sweep's layout, so selection and the reader are tested on
 * the same data.
 *
 * <p>{@link #standard()} is the table whose answers the tests know (objective latency, values in
 * cycles; spill bytes; registers):
 * <pre>
 *            alpha         beta            gamma          delta          eps
 *   d    100  0 40     200  0 40      300  0 40      400  0 40      PARSE_ERROR
 *   c1    90  0 32     220  0 32      270  8 32      380  0 32      PARSE_ERROR
 *   c2    99  0 40     199  0 40      299  0 40      390  0 40      PARSE_ERROR
 *   c3    50  0 64     ALLOC_FAILED   100  0 64      100 16 64      PARSE_ERROR
 *                      (1 0 1)
 * </pre>
 * d is the default configuration, c1 sets RegAllocThresholdForDiscardConflicts=70, c2 the budget
 * 64, c3 RegAllocSmemSpilling=true with launch bounds 256x2. An OK row's estimated kernel time
 * ({@code est_time_cycles}) is its latency, latency-bound, unless {@link #withoutTimes()} (as result schema 3
 * and older wrote them).
 */
public final class ResultFixture {
    public static final String RUN = "run-1";
    public static final String MODEL = "0.1.0";

    private static final String DEFAULT_ID = "d";
    /** The budget-64 configuration of {@link #timeBounds}. */
    public static final String BUDGET_64 = "b64";

    private static KernelInfo boundsKernel(String name) {
        return new KernelInfo(name + "-id", name, "sm_90", name, "ptx/" + name + ".ptx");
    }

    /**
     * A time-objective table of three kernels and two configurations, the default and a budget of
     * 64: a latency-bound kernel that the budget makes faster (more warps), a memory-bound one that
     * it makes slower (spill requests), and an issue-bound one it leaves as it is (no spills: a tie
     * goes to the default). Without bounds the rows have no time_bound, as
     * result schema 3 wrote them.
     */
    public static ResultTable timeBounds(boolean withBounds) {
        ResultTableBuilder b = new ResultTableBuilder()
                .configuration(DEFAULT_ID, Configuration.of(Map.of()))
                .configuration(BUDGET_64, Configuration.of(Map.of(Configuration.REGISTER_BUDGET, "64")));
        addBound(b, boundsKernel("latency"), DEFAULT_ID, 96, 0, 4000, KernelTime.Bound.LATENCY, withBounds);
        addBound(b, boundsKernel("latency"), BUDGET_64, 64, 0, 2000, KernelTime.Bound.LATENCY, withBounds);
        addBound(b, boundsKernel("memory"), DEFAULT_ID, 96, 0, 3000, KernelTime.Bound.MEMORY, withBounds);
        addBound(b, boundsKernel("memory"), BUDGET_64, 64, 128, 3500, KernelTime.Bound.MEMORY, withBounds);
        addBound(b, boundsKernel("issue"), DEFAULT_ID, 40, 0, 1000, KernelTime.Bound.ISSUE, withBounds);
        addBound(b, boundsKernel("issue"), BUDGET_64, 40, 0, 1000, KernelTime.Bound.ISSUE, withBounds);
        return b.build(new TableSource("fixture", List.of("run"), List.of("0.1.0"), List.of("0.1.0")));
    }

    private static void addBound(ResultTableBuilder b, KernelInfo k, String config, int registers, long spill,
            long time, KernelTime.Bound bound, boolean withBounds) {
        b.add(k, config, ResultStatus.OK, registers, spill, time, 0.5, time,
                withBounds ? bound : KernelTime.Bound.NONE);
    }

    /** A kernel of the fixture. */
    public record Kernel(String id, String name, String arch) {
        KernelInfo info() {
            return new KernelInfo(id, name, arch, name + "-family", "ptx/" + arch + "/" + name + ".ptx");
        }
    }

    /** A configuration of the fixture. */
    public record Config(Knobs knobs, int budget, String launchBounds) {
        public String id() {
            return ConfigId.of(knobs, budget, launchBounds);
        }

        public Configuration configuration() {
            TreeMap<String, String> v = new TreeMap<>();
            for (KnobDef d : KnobCatalogue.all()) {
                if (knobs.get(d) != d.defaultValue()) {
                    v.put(d.name(), d.format(knobs.get(d)));
                }
            }
            if (budget != 0) {
                v.put(Configuration.REGISTER_BUDGET, Integer.toString(budget));
            }
            if (launchBounds != null) {
                v.put(Configuration.LAUNCH_BOUNDS, launchBounds);
            }
            return Configuration.of(v);
        }
    }

    private record Entry(Kernel kernel, Config config, ResultStatus status, Integer registers, Integer spillStore,
            Integer spillLoad, Long latency, String runId, String modelVersion) {
    }

    public static final Kernel ALPHA = new Kernel("k0alpha", "alpha", "sm_90");
    public static final Kernel BETA = new Kernel("k1beta", "beta", "sm_90");
    public static final Kernel GAMMA = new Kernel("k2gamma", "gamma", "sm_90");
    public static final Kernel DELTA = new Kernel("k3delta", "delta", "sm_90");
    public static final Kernel EPS = new Kernel("k4eps", "eps", "sm_90");

    public static final Config D = new Config(Knobs.defaults(), 0, null);
    public static final Config C1 = new Config(Knobs.defaults().with(KnobCatalogue.THRESHOLD_FOR_DISCARD_CONFLICTS, 70),
            0, null);
    public static final Config C2 = new Config(Knobs.defaults(), 64, null);
    public static final Config C3 = new Config(Knobs.defaults().with(KnobCatalogue.SMEM_SPILLING, 1.0), 0, "256x2");

    private final List<Entry> entries = new ArrayList<>();
    private String runId = RUN;
    private String modelVersion = MODEL;
    private boolean times = true;

    /** Rows without est_time_cycles, as result schema 3 and older wrote them. */
    public ResultFixture withoutTimes() {
        times = false;
        return this;
    }

    /** The rows so far and those added from now on belong to this run and model version. */
    public ResultFixture as(String run, String model) {
        this.runId = run;
        this.modelVersion = model;
        entries.replaceAll(e -> new Entry(e.kernel, e.config, e.status, e.registers, e.spillStore, e.spillLoad,
                e.latency, run, model));
        return this;
    }

    /** An OK row; spill bytes are split into stores (half, rounded up) and loads. */
    public ResultFixture ok(Kernel k, Config c, long latency, int spills, int registers) {
        entries.add(new Entry(k, c, ResultStatus.OK, registers, spills - spills / 2, spills / 2, latency, runId,
                modelVersion));
        return this;
    }

    /** An ALLOC_FAILED row with its best attempt's figures. */
    public ResultFixture failed(Kernel k, Config c, long latency, int spills, int registers) {
        entries.add(new Entry(k, c, ResultStatus.ALLOC_FAILED, registers, spills - spills / 2, spills / 2, latency,
                runId, modelVersion));
        return this;
    }

    /** A row without figures (PARSE_ERROR or ERROR). */
    public ResultFixture error(Kernel k, Config c, ResultStatus s) {
        entries.add(new Entry(k, c, s, null, null, null, null, runId, modelVersion));
        return this;
    }

    /** The table of the class comment. */
    public static ResultFixture standard() {
        return standardWithout(null);
    }

    /** The standard table without one configuration's rows (null for none). */
    public static ResultFixture standardWithout(Config left) {
        ResultFixture f = new ResultFixture();
        long[][] latency = {{100, 200, 300, 400}, {90, 220, 270, 380}, {99, 199, 299, 390}, {50, -1, 100, 100}};
        int[][] spills = {{0, 0, 0, 0}, {0, 0, 8, 0}, {0, 0, 0, 0}, {0, 0, 0, 16}};
        int[] registers = {40, 32, 40, 64};
        Config[] configs = {D, C1, C2, C3};
        Kernel[] kernels = {ALPHA, BETA, GAMMA, DELTA};
        for (int c = 0; c < configs.length; c++) {
            if (configs[c] == left) {
                continue;
            }
            for (int k = 0; k < kernels.length; k++) {
                if (latency[c][k] < 0) {
                    f.failed(kernels[k], configs[c], 1, 0, 1);
                } else {
                    f.ok(kernels[k], configs[c], latency[c][k], spills[c][k], registers[c]);
                }
            }
            f.error(EPS, configs[c], ResultStatus.PARSE_ERROR);
        }
        return f;
    }

    /** These rows without one configuration's. */
    public ResultFixture without(Config c) {
        entries.removeIf(e -> e.config.equals(c));
        return this;
    }

    /** These rows in reverse order. */
    public ResultFixture reversed() {
        Collections.reverse(entries);
        return this;
    }

    /** The rows as a table, through the builder (no Spark). */
    public ResultTable table() {
        ResultTableBuilder b = new ResultTableBuilder();
        TreeSet<String> runs = new TreeSet<>();
        for (Entry e : entries) {
            b.configuration(e.config.id(), e.config.configuration());
            long spill = e.spillStore == null ? 0 : e.spillStore + e.spillLoad;
            boolean time = times && e.status == ResultStatus.OK && e.latency != null;
            b.add(e.kernel.info(), e.config.id(), e.status, e.registers == null ? 0 : e.registers, spill,
                    e.latency == null ? 0 : e.latency, e.status == ResultStatus.OK ? 0.5 : Double.NaN,
                    time ? e.latency : -1, time ? KernelTime.Bound.LATENCY : KernelTime.Bound.NONE);
            runs.add(e.runId);
        }
        return b.build(new TableSource("fixture", List.copyOf(runs), List.of(MODEL), List.of(MODEL)));
    }

    /** The rows in the order and types of {@link ResultSchema#schema()}. */
    public List<Row> sparkRows() {
        List<Row> rows = new ArrayList<>();
        for (Entry e : entries) {
            List<Object> v = new ArrayList<>();
            v.add(e.runId);
            v.add(e.modelVersion);
            v.add(e.kernel.id);
            v.add(e.kernel.name);
            v.add(e.kernel.info().source());
            v.add(e.kernel.info().family());
            v.add(e.kernel.arch);
            v.add(e.config.id());
            for (KnobDef d : KnobCatalogue.all()) {
                v.add(ResultSchema.knobValue(d, e.config.knobs.get(d)));
            }
            v.add(e.config.budget);
            v.add(e.config.launchBounds);
            int schema5 = ResultSchema.indexOf(ResultColumns.STATUS) - ResultSchema.indexOf(ResultColumns.LAUNCH_BOUNDS)
                    - 1;
            for (int c = 0; c < schema5; c++) {
                v.add(null); // the ptxas control columns, evaluator and ptxas_command of schema 5: a model row's
            }
            v.add(e.status.name());
            v.add(e.status == ResultStatus.OK ? "" : e.status.name().toLowerCase(Locale.ROOT));
            boolean metrics = e.registers != null;
            v.add(e.registers);
            v.add(e.spillStore);
            v.add(e.spillLoad);
            v.add(metrics ? 0 : null); // stack frame
            v.add(metrics ? 0 : null); // smem spill
            v.add(metrics ? 0 : null); // uniform registers
            v.add(e.latency);
            v.add(e.status == ResultStatus.OK ? 0.5 : null);
            v.add(metrics ? 16 : null); // active warps
            boolean time = times && e.status == ResultStatus.OK && e.latency != null;
            v.add(time ? e.latency : null); // est_time_cycles
            v.add(time ? "LATENCY" : null); // time_bound
            v.add(metrics ? 1 : null); // attempts
            v.add(metrics ? 0 : null); // copies seen
            v.add(metrics ? 0 : null); // copies merged
            v.add(metrics ? 0 : null); // copies left
            for (int counter = 0; counter < 5; counter++) {
                v.add(metrics ? 0 : null); // spilled values, guidance picks, forced spills, discarded slots, fallbacks
            }
            v.add(null); // static_smem_bytes
            v.add(null); // compile_ms
            v.add(123L);
            rows.add(RowFactory.create(v.toArray()));
        }
        return rows;
    }

    /** Writes the rows as the sweep does, into {@code dir/results}, and returns {@code dir}. */
    public Path writeParquet(SparkSession spark, Path dir) {
        spark.createDataFrame(sparkRows(), ResultSchema.schema()).write().mode("append")
                .partitionBy(ResultSchema.PARTITION_COLUMNS.toArray(String[]::new))
                .parquet(dir.resolve("results").toString());
        return dir;
    }
}
