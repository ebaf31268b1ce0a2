package dev.regtune.job.select;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.min;

import dev.regtune.core.alloc.KernelTime;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.results.ConfigId;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.job.results.ResultStatus;
import dev.regtune.space.Configuration;
import dev.regtune.job.storage.Location;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Reads a sweep's result table ({@code DIR/results/run_id=.../arch=.../part-*.parquet}) into a
 * {@link ResultTable}, with Spark, reading only the columns selection needs:
 * <ol>
 * <li>the (run, model version) pairs present, to pick the model versions — the one asked for (or
 *     every allocator family of the release asked for), or else every family of the newest release
 *     ({@link ModelVersions}), with a note when others were present;
 * <li>the identity, status and metric columns of every row, streamed partition by partition into
 *     the builder (never collected at once);
 * <li>one row of knob columns per {@code config_id}, from which each {@link Configuration} is
 *     rebuilt.
 * </ol>
 * The table is read with {@link ResultSchema#schema()} as its schema, so partition values stay
 * text ({@code run_id=20250101} is not a number) and a knob column that older files lack reads as
 * null, which means the knob's default — as {@link ConfigId} treats a knob added to the catalogue.
 * Files of result schema version 1 read that way (their {@code allocator} is the default,
 * fatpoint, which is what version 1 modelled), with a note counting their rows. A choice knob's
 * column holds the choice's name, read back as its index.
 */
public final class ResultTableReader {
    private static final String RESULTS = "results";

    private final SparkSession spark;

    public ResultTableReader(SparkSession spark) {
        this.spark = spark;
    }

    /**
     * The folder holding the Parquet files: {@code dir/results} when {@code dir} is a sweep's
     * output folder, else {@code dir} itself.
     *
     * @throws SelectionInputException when there is no such folder or no Parquet file below it
     */
    public static Location resultsFolder(Location dir) {
        try {
            if (!dir.exists()) {
                throw new SelectionInputException("results folder '" + dir + "' does not exist");
            }
            if (!dir.isDirectory()) {
                throw new SelectionInputException("'" + dir + "' is not a folder; expected the --out folder of "
                        + "'regtune sweep' or its results folder");
            }
        } catch (UncheckedIOException e) {
            throw new SelectionInputException("cannot read results folder '" + dir + "': " + e.getMessage(), e);
        }
        Location folder = dir.resolve(RESULTS).isDirectory() ? dir.resolve(RESULTS) : dir;
        if (!hasParquet(folder)) {
            throw new SelectionInputException("folder '" + dir + "' holds no results (no Parquet file in it"
                    + (folder.equals(dir) ? "" : " or in its results folder") + "); expected the --out folder of "
                    + "'regtune sweep'");
        }
        return folder;
    }

    /**
     * Reads the rows {@code options} select.
     *
     * @param dir the sweep's output folder or its results folder
     * @throws SelectionInputException when there are no such rows, or the files are not a result table
     */
    public ResultTable read(Location dir, ReadOptions options) {
        Location folder = resultsFolder(dir);
        Dataset<Row> all = spark.read().schema(ResultSchema.schema()).parquet(folder.sparkPath());
        Dataset<Row> rows = all;
        if (options.runId().isPresent()) {
            rows = rows.filter(col(ResultColumns.RUN_ID).equalTo(options.runId().get()));
        }
        if (options.arch().isPresent()) {
            rows = rows.filter(col(ResultColumns.ARCH).equalTo(options.arch().get()));
        }
        List<String> notes = new ArrayList<>();
        TableSource source = source(dir, all, rows, options, notes);
        rows = rows.filter(col(ResultColumns.MODEL_VERSION).isin(source.modelVersions().toArray()));

        ResultTableBuilder builder = new ResultTableBuilder();
        notes.forEach(builder::note);
        metrics(rows, builder);
        configurations(rows, builder);
        return builder.build(source);
    }

    /** {@link #read(Location, ReadOptions)} of a local folder. */
    public ResultTable read(Path dir, ReadOptions options) {
        return read(Location.local(dir), options);
    }

    /** Runs and model versions present, and the model version to read. */
    private TableSource source(Location dir, Dataset<Row> all, Dataset<Row> rows, ReadOptions options,
            List<String> notes) {
        TreeSet<String> runs = new TreeSet<>();
        TreeSet<String> versions = new TreeSet<>();
        Map<String, TreeSet<String>> runsOfVersion = new TreeMap<>();
        for (Row r : rows.groupBy(ResultColumns.RUN_ID, ResultColumns.MODEL_VERSION).count().collectAsList()) {
            if (r.isNullAt(0) || r.isNullAt(1)) {
                throw new SelectionInputException("folder '" + dir + "' has Parquet files without "
                        + (r.isNullAt(0) ? "run_id partitions" : "a model_version column")
                        + "; expected the result table of 'regtune sweep'");
            }
            runs.add(r.getString(0));
            versions.add(r.getString(1));
            runsOfVersion.computeIfAbsent(r.getString(1), v -> new TreeSet<>()).add(r.getString(0));
        }
        if (versions.isEmpty()) {
            throw noRows(dir, all, options);
        }
        List<String> present = ModelVersions.sorted(versions);
        List<String> chosen;
        if (options.modelVersion().isPresent()) {
            chosen = ModelVersions.named(versions, options.modelVersion().get());
            if (chosen.isEmpty()) {
                throw new SelectionInputException("no results of model version '" + options.modelVersion().get()
                        + "' in '" + dir + "'; present: " + String.join(", ", present));
            }
        } else if (versions.stream().anyMatch(v -> !ModelVersions.isPtxas(v))) {
            // every allocator family of the newest release: a sweep over the allocator knob compares them
            chosen = ModelVersions.newestRelease(versions.stream().filter(v -> !ModelVersions.isPtxas(v)).toList());
            List<String> ptxas = versions.stream().filter(ModelVersions::isPtxas).toList();
            if (!ptxas.isEmpty()) {
                notes.add("rows of the real ptxas (" + String.join(", ", ptxas) + ") are present too; select among "
                        + "them with --model-version " + ModelVersions.newest(ptxas));
            } else if (versions.size() > chosen.size()) {
                notes.add("results of model versions " + String.join(", ", present) + " are present; using the "
                        + "newest, " + String.join(", ", chosen) + " (choose another with --model-version)");
            }
        } else {
            chosen = List.of(ModelVersions.newest(versions)); // a table of the real ptxas alone
        }
        TreeSet<String> runsRead = new TreeSet<>();
        chosen.forEach(v -> runsRead.addAll(runsOfVersion.get(v)));
        return new TableSource(dir.toString(), List.copyOf(runsRead), chosen, present);
    }

    private SelectionInputException noRows(Location dir, Dataset<Row> all, ReadOptions options) {
        if (options.runId().isEmpty() && options.arch().isEmpty()) {
            return new SelectionInputException("the result table in '" + dir + "' has no rows");
        }
        List<String> runs = distinct(all, ResultColumns.RUN_ID);
        List<String> archs = distinct(all, ResultColumns.ARCH);
        if (options.runId().isPresent() && !runs.contains(options.runId().get())) {
            return new SelectionInputException("there are no results of run '" + options.runId().get() + "' in '"
                    + dir + "'; runs present: " + (runs.isEmpty() ? "none" : String.join(", ", runs)));
        }
        if (options.arch().isPresent() && !archs.contains(options.arch().get())) {
            return new SelectionInputException("there are no results for " + options.arch().get() + " in '" + dir
                    + "'; architectures present: " + (archs.isEmpty() ? "none" : String.join(", ", archs)));
        }
        return new SelectionInputException("there are no results of run '" + options.runId().orElse("any")
                + "' for " + options.arch().orElse("any architecture") + " in '" + dir + "'");
    }

    private static List<String> distinct(Dataset<Row> d, String column) {
        TreeSet<String> s = new TreeSet<>();
        for (Row r : d.select(column).distinct().collectAsList()) {
            if (!r.isNullAt(0)) {
                s.add(r.getString(0));
            }
        }
        return List.copyOf(s);
    }

    /** The {@code time_bound} column: NONE when absent (before result schema 4) or not a bound's name. */
    private static KernelTime.Bound timeBound(Row r, int i) {
        if (r.isNullAt(i)) {
            return KernelTime.Bound.NONE;
        }
        for (KernelTime.Bound b : KernelTime.Bound.values()) {
            if (b.name().equals(r.getString(i))) {
                return b;
            }
        }
        return KernelTime.Bound.NONE;
    }

    private static void metrics(Dataset<Row> rows, ResultTableBuilder builder) {
        Dataset<Row> m = rows.select(col(ResultColumns.KERNEL_ID), col(ResultColumns.KERNEL_NAME),
                col(ResultColumns.ARCH), col(ResultColumns.FAMILY), col(ResultColumns.SOURCE),
                col(ResultColumns.CONFIG_ID), col(ResultColumns.STATUS), col(ResultColumns.REGISTERS),
                col(ResultColumns.SPILL_STORE_BYTES), col(ResultColumns.SPILL_LOAD_BYTES),
                col(ResultColumns.SMEM_SPILL_BYTES), col(ResultColumns.EST_LATENCY_CYCLES),
                col(ResultColumns.OCCUPANCY), col(ResultColumns.COPIES_SEEN), col(ResultColumns.EST_TIME_CYCLES),
                col(ResultColumns.TIME_BOUND), col(ResultColumns.EVALUATOR));
        Map<String, KernelInfo> kernels = new HashMap<>();
        int unknownStatus = 0;
        int incomplete = 0;
        int skipped = 0;
        int schema1 = 0;
        int withoutTime = 0;
        int ptxasRows = 0;
        Iterator<Row> it = m.toLocalIterator();
        while (it.hasNext()) {
            Row r = it.next();
            if (r.isNullAt(0) || r.isNullAt(5) || r.isNullAt(6)) {
                skipped++;
                continue;
            }
            String kernelId = r.getString(0);
            KernelInfo k = kernels.get(kernelId);
            if (k == null) {
                k = new KernelInfo(kernelId, text(r, 1), text(r, 2), text(r, 3), text(r, 4));
                kernels.put(kernelId, k);
            }
            ResultStatus status;
            try {
                status = ResultStatus.valueOf(r.getString(6));
            } catch (IllegalArgumentException e) {
                status = ResultStatus.ERROR;
                unknownStatus++;
            }
            boolean ptxasRow = !r.isNullAt(16) && r.getString(16).equals("ptxas"); // its latency is not estimated
            boolean hasMetrics = !r.isNullAt(7) && !r.isNullAt(8) && !r.isNullAt(9) && (ptxasRow || !r.isNullAt(11));
            if (status == ResultStatus.OK && !hasMetrics) {
                status = ResultStatus.ERROR;
                incomplete++;
            }
            int registers = r.isNullAt(7) ? 0 : r.getInt(7);
            long spill = (r.isNullAt(8) ? 0L : r.getInt(8)) + (r.isNullAt(9) ? 0L : r.getInt(9))
                    + (r.isNullAt(10) ? 0L : r.getInt(10));
            long latency = ptxasRow ? -1L : r.isNullAt(11) ? 0L : r.getLong(11);
            double occupancy = r.isNullAt(12) ? Double.NaN : r.getDouble(12);
            if (!ptxasRow && r.isNullAt(13) && (status == ResultStatus.OK || status == ResultStatus.ALLOC_FAILED)) {
                schema1++; // since schema 2 every allocated row has its copy counts
            }
            long time = r.isNullAt(14) ? -1L : r.getLong(14);
            if (ptxasRow && status == ResultStatus.OK) {
                ptxasRows++;
            } else if (time < 0 && status == ResultStatus.OK) {
                withoutTime++;
            }
            builder.add(k, r.getString(5), status, registers, spill, latency, occupancy, time, timeBound(r, 15));
        }
        if (skipped > 0) {
            builder.note(skipped + " row" + plural(skipped) + " without kernel_id, config_id or status "
                    + (skipped == 1 ? "was" : "were") + " left out");
        }
        if (unknownStatus > 0) {
            builder.note(unknownStatus + " row" + plural(unknownStatus) + " with a status other than OK, "
                    + "ALLOC_FAILED, PARSE_ERROR or ERROR " + (unknownStatus == 1 ? "was" : "were")
                    + " counted as ERROR");
        }
        if (schema1 > 0) {
            builder.note(schema1 + " row" + plural(schema1) + " " + (schema1 == 1 ? "was" : "were") + " written by "
                    + "result schema version 1, before copies_seen, copies_merged, copies_left and the allocator "
                    + "knob: " + (schema1 == 1 ? "it counts" : "they count") + " as fatpoint rows without copy counts");
        }
        if (withoutTime > 0) {
            builder.note(withoutTime + " OK row" + plural(withoutTime) + " without est_time_cycles (written before "
                    + "result schema 4, or a kernel no block of which fits on an SM) "
                    + (withoutTime == 1 ? "has" : "have") + " no estimated kernel time: the time objective counts "
                    + (withoutTime == 1 ? "it" : "them") + " as failed; choose --objective latency for such tables");
        }
        if (ptxasRows > 0) {
            builder.note(ptxasRows + " OK row" + plural(ptxasRows) + " of the real ptxas " + (ptxasRows == 1 ? "has"
                    : "have") + " no estimated time or latency: rank them with --objective spills or registers");
        }
        if (incomplete > 0) {
            builder.note(incomplete + " OK row" + plural(incomplete) + " without registers, spill bytes or "
                    + "latency " + (incomplete == 1 ? "was" : "were") + " counted as ERROR");
        }
    }

    /** The ptxas control columns (schema 5), in schema order. */
    private static final List<String> CONTROL_COLUMNS = dev.regtune.space.controls.PtxasControls.all().stream()
            .filter(c -> c.sweptAs() == dev.regtune.space.controls.PtxasControl.SweptAs.CONTROL)
            .map(ResultColumns::control).toList();

    /** One row of knob columns per configuration; MIN per column is deterministic and rows of a config_id agree. */
    private static void configurations(Dataset<Row> rows, ResultTableBuilder builder) {
        List<KnobDef> knobs = KnobCatalogue.all();
        List<Column> aggregates = new ArrayList<>();
        for (KnobDef d : knobs) {
            aggregates.add(min(col(ResultColumns.knob(d))).as(ResultColumns.knob(d)));
        }
        aggregates.add(min(col(ResultColumns.REGISTER_BUDGET)).as(ResultColumns.REGISTER_BUDGET));
        aggregates.add(min(col(ResultColumns.LAUNCH_BOUNDS)).as(ResultColumns.LAUNCH_BOUNDS));
        for (String control : CONTROL_COLUMNS) {
            aggregates.add(min(col(control)).as(control));
        }
        Dataset<Row> configs = rows.filter(col(ResultColumns.CONFIG_ID).isNotNull())
                .groupBy(col(ResultColumns.CONFIG_ID))
                .agg(aggregates.get(0), aggregates.subList(1, aggregates.size()).toArray(Column[]::new));
        int mismatched = 0;
        TreeSet<String> missingKnobs = new TreeSet<>();
        for (Row r : configs.collectAsList()) {
            String id = r.getString(0);
            TreeMap<String, String> values = new TreeMap<>();
            Knobs k = Knobs.defaults();
            for (int i = 0; i < knobs.size(); i++) {
                KnobDef d = knobs.get(i);
                if (r.isNullAt(i + 1)) {
                    missingKnobs.add(d.name());
                    continue;
                }
                double v = knobValue(id, d, r.get(i + 1));
                if (!d.accepts(v)) {
                    throw new SelectionInputException("configuration " + id + " has " + d.label() + " = "
                            + d.format(v) + ", outside its valid range " + d.rangeText());
                }
                if (v != d.defaultValue()) {
                    values.put(d.name(), d.format(v));
                    k = k.with(d, v);
                }
            }
            int budget = r.isNullAt(knobs.size() + 1) ? 0 : r.getInt(knobs.size() + 1);
            String bounds = r.isNullAt(knobs.size() + 2) ? null : r.getString(knobs.size() + 2).strip();
            if (bounds != null && bounds.isEmpty()) {
                bounds = null;
            }
            if (budget != 0) {
                values.put(Configuration.REGISTER_BUDGET, Integer.toString(budget));
            }
            if (bounds != null) {
                values.put(Configuration.LAUNCH_BOUNDS, bounds);
            }
            TreeMap<String, String> controls = new TreeMap<>();
            for (int c = 0; c < CONTROL_COLUMNS.size(); c++) {
                if (!r.isNullAt(knobs.size() + 3 + c)) {
                    controls.put(CONTROL_COLUMNS.get(c), r.getString(knobs.size() + 3 + c));
                }
            }
            values.putAll(controls);
            if (!ConfigId.of(k, budget, bounds, controls).equals(id)) {
                mismatched++;
            }
            builder.configuration(id, Configuration.of(values));
        }
        if (!missingKnobs.isEmpty()) {
            builder.note(missingKnobs.size() + " knob column" + plural(missingKnobs.size()) + " ("
                    + String.join(", ", missingKnobs.stream().limit(3).toList())
                    + (missingKnobs.size() > 3 ? ", ..." : "") + ") " + (missingKnobs.size() == 1 ? "is" : "are")
                    + " missing from some files (written by an older knob catalogue) and read as the default");
        }
        if (mismatched > 0) {
            builder.note("the knob columns of " + mismatched + " configuration" + plural(mismatched)
                    + " do not hash to " + (mismatched == 1 ? "its" : "their") + " config_id (written with another "
                    + "knob catalogue?); the knob columns are taken as the truth");
        }
    }

    /** A knob column's value as {@code Knobs} holds it: booleans as 0 and 1, a choice's name as its index. */
    private static double knobValue(String configId, KnobDef d, Object o) {
        if (o instanceof String name) {
            int index = d.choiceIndex(name.strip());
            if (index < 0) {
                throw new SelectionInputException("configuration " + configId + " has " + d.label() + " = '" + name
                        + "', which is not " + d.rangeText());
            }
            return index;
        }
        return o instanceof Boolean b ? (b ? 1.0 : 0.0) : ((Number) o).doubleValue();
    }

    private static String text(Row r, int i) {
        return r.isNullAt(i) ? "" : r.getString(i);
    }

    private static String plural(int n) {
        return n == 1 ? "" : "s";
    }

    private static boolean hasParquet(Location folder) {
        return folder.anyFile(Integer.MAX_VALUE, p -> p.endsWith(".parquet"));
    }
}
