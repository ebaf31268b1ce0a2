package dev.regtune.job.results;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.space.controls.PtxasControl;
import dev.regtune.space.controls.PtxasControls;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The Parquet schema of the result table, version {@value #VERSION}: identity columns, one typed
 * column per catalogue knob (BOOL as boolean, INT as int, DOUBLE as double, CHOICE as the
 * choice's name in a string, in catalogue order), the register budget and launch bounds, then the
 * outcome. Partitioned by {@code run_id} and {@code arch}, which Spark therefore moves to the end
 * of the schema when it reads the table back.
 *
 * <p>Each field carries a {@code comment} in its metadata, and {@code model_version} carries
 * {@value #VERSION_KEY}; Spark stores both in every Parquet footer, so a file says which schema
 * it follows (not on a partition column: those live in folder names, not in the files).
 *
 * <p>Versions: 1, the first; 2 added {@code copies_seen}, {@code copies_merged} and
 * {@code copies_left} (CICC's copy coalescer) and the string column of the {@code allocator}
 * choice knob, and {@code model_version} became per row the version of the row's allocator
 * family; 3 added five counters of the allocator's work ({@code AllocationStats}):
 * {@code spilled_values}, {@code guidance_picks}, {@code forced_spills}, {@code discarded_slots}
 * and {@code fallbacks}; 4 added the occupancy-aware kernel time, {@code est_time_cycles} and
 * {@code time_bound} ({@code dev.regtune.core.model.KernelTimeModel}); 5 added the real ptxas as an
 * evaluator: a string column per ptxas control ({@code ptxas_register_usage_level}, ...: the value
 * the configuration set, null when it left ptxas's default), {@code evaluator}, {@code ptxas_command},
 * {@code static_smem_bytes}, {@code compile_ms} and the status {@code TIMEOUT}; the rows of ptxas
 * carry {@code model_version} "ptxas/VERSION", so a model row and a ptxas row of one kernel and
 * configuration have distinct keys. Readers read every version with this schema: a column that an older file
 * lacks reads as null, which for a knob means its default ({@code allocator} = fatpoint, what
 * version 1 modelled) and for the copy counts, the counters and the kernel time "not recorded".
 */
public final class ResultSchema {
    /** Bumped whenever a column is added, removed or changes meaning. */
    public static final int VERSION = 5;
    /** The metadata key of the schema version on the {@code model_version} field. */
    public static final String VERSION_KEY = "regtune_schema_version";
    /** The partition columns, outermost first. */
    public static final List<String> PARTITION_COLUMNS = List.of(ResultColumns.RUN_ID, ResultColumns.ARCH);

    private static final StructType SCHEMA = build();
    private static final StructType FILE_SCHEMA = withoutPartitionColumns(SCHEMA);

    private ResultSchema() {
    }

    /** The schema in column order as rows are built ({@link #SCHEMA} positions are row positions). */
    public static StructType schema() {
        return SCHEMA;
    }

    /** The position of a column in a row built to {@link #schema()}. */
    public static int indexOf(String column) {
        return SCHEMA.fieldIndex(column);
    }

    /**
     * The columns stored in a Parquet file: {@link #schema()} without the partition columns, whose
     * values are the file's folder names ({@code run_id=RUN/arch=ARCH}). The sweep builds its rows
     * in this layout and writes each (run, arch) folder directly.
     */
    public static StructType fileSchema() {
        return FILE_SCHEMA;
    }

    /** The position of a column in a row built to {@link #fileSchema()}. */
    public static int fileIndexOf(String column) {
        return FILE_SCHEMA.fieldIndex(column);
    }

    /** The schema as Spark reads the table back: {@link #fileSchema()}, then the partition columns. */
    public static StructType readSchema() {
        List<StructField> fields = new ArrayList<>(List.of(FILE_SCHEMA.fields()));
        for (String p : PARTITION_COLUMNS) {
            fields.add(SCHEMA.apply(p));
        }
        return new StructType(fields.toArray(StructField[]::new));
    }

    private static StructType withoutPartitionColumns(StructType schema) {
        return new StructType(java.util.Arrays.stream(schema.fields())
                .filter(f -> !PARTITION_COLUMNS.contains(f.name())).toArray(StructField[]::new));
    }

    /** The Spark type of a knob's column. */
    public static DataType knobType(KnobDef knob) {
        return switch (knob.type()) {
            case BOOL -> DataTypes.BooleanType;
            case INT -> knob.max() <= Integer.MAX_VALUE && knob.min() >= Integer.MIN_VALUE
                    ? DataTypes.IntegerType : DataTypes.LongType;
            case DOUBLE -> DataTypes.DoubleType;
            case CHOICE -> DataTypes.StringType;
        };
    }

    /** A knob value (as {@code Knobs} holds it) boxed in its column's type; a choice as its name. */
    public static Object knobValue(KnobDef knob, double value) {
        DataType t = knobType(knob);
        if (t == DataTypes.StringType) {
            return knob.format(value);
        } else if (t == DataTypes.BooleanType) {
            return value != 0.0;
        } else if (t == DataTypes.IntegerType) {
            return (int) value;
        } else if (t == DataTypes.LongType) {
            return (long) value;
        }
        return value;
    }

    private static StructType build() {
        List<StructField> f = new ArrayList<>();
        f.add(field(ResultColumns.RUN_ID, DataTypes.StringType, false, "the run that wrote the row"));
        f.add(field(ResultColumns.MODEL_VERSION, DataTypes.StringType, false, "the RegTune model that computed the "
                + "row: allocator family / release",
                new MetadataBuilder().putLong(VERSION_KEY, VERSION)));
        f.add(field(ResultColumns.KERNEL_ID, DataTypes.StringType, false, "content hash of the entry's PTX and arch"));
        f.add(field(ResultColumns.KERNEL_NAME, DataTypes.StringType, false, "the entry's name in its PTX module"));
        f.add(field(ResultColumns.SOURCE, DataTypes.StringType, false, "the PTX file or generator spec"));
        f.add(field(ResultColumns.FAMILY, DataTypes.StringType, false, "the kernel family"));
        f.add(field(ResultColumns.ARCH, DataTypes.StringType, false, "the architecture, sm_XX"));
        f.add(field(ResultColumns.CONFIG_ID, DataTypes.StringType, false, "hash of knob values, budget and launch bounds"));
        for (KnobDef k : KnobCatalogue.all()) {
            f.add(field(ResultColumns.knob(k), knobType(k), false, k.meaning(),
                    new MetadataBuilder().putLong("knob_id", k.id())));
        }
        f.add(field(ResultColumns.REGISTER_BUDGET, DataTypes.IntegerType, false, "-maxrregcount, 0 for no limit"));
        f.add(field(ResultColumns.LAUNCH_BOUNDS, DataTypes.StringType, true, "imposed launch bounds, null for the kernel's own"));
        for (PtxasControl c : PtxasControls.all()) {
            if (c.sweptAs() == PtxasControl.SweptAs.CONTROL) {
                f.add(field(ResultColumns.control(c), DataTypes.StringType, true, "ptxas " + c.option() + ": "
                        + c.meaning() + " Null where the configuration left ptxas's default (schema 5)"));
            }
        }
        f.add(field(ResultColumns.EVALUATOR, DataTypes.StringType, true, "model or ptxas; null before schema 5 "
                + "(model rows only)"));
        f.add(field(ResultColumns.PTXAS_COMMAND, DataTypes.StringType, true, "the exact ptxas command line of a "
                + "ptxas row; null for model rows"));
        f.add(field(ResultColumns.STATUS, DataTypes.StringType, false, "OK, ALLOC_FAILED, PARSE_ERROR, ERROR or "
                + "TIMEOUT"));
        f.add(field(ResultColumns.MESSAGE, DataTypes.StringType, false, "empty for OK, else what went wrong"));
        f.add(field(ResultColumns.REGISTERS, DataTypes.IntegerType, true, "registers per thread (ptxas 'Used N registers')"));
        f.add(field(ResultColumns.SPILL_STORE_BYTES, DataTypes.IntegerType, true, "bytes of spill stores, static count"));
        f.add(field(ResultColumns.SPILL_LOAD_BYTES, DataTypes.IntegerType, true, "bytes of spill loads, static count"));
        f.add(field(ResultColumns.STACK_FRAME_BYTES, DataTypes.IntegerType, true, "per-thread stack frame in bytes"));
        f.add(field(ResultColumns.SMEM_SPILL_BYTES, DataTypes.IntegerType, true, "shared-memory spill bytes per block"));
        f.add(field(ResultColumns.UNIFORM_REGISTERS, DataTypes.IntegerType, true, "uniform registers used"));
        f.add(field(ResultColumns.EST_LATENCY_CYCLES, DataTypes.LongType, true, "estimated cycles of one thread"));
        f.add(field(ResultColumns.OCCUPANCY, DataTypes.DoubleType, true, "active warps per SM over the maximum"));
        f.add(field(ResultColumns.ACTIVE_WARPS, DataTypes.IntegerType, true, "active warps per SM"));
        f.add(field(ResultColumns.EST_TIME_CYCLES, DataTypes.LongType, true, "estimated cycles for one SM to run "
                + "the architecture's resident-warp limit of warps at this occupancy: the largest of the issue, "
                + "latency and memory bounds; null when the kernel cannot launch, and before schema 4"));
        f.add(field(ResultColumns.TIME_BOUND, DataTypes.StringType, true, "which bound sets est_time_cycles: ISSUE, "
                + "LATENCY or MEMORY; null when there is no estimate"));
        f.add(field(ResultColumns.ATTEMPTS, DataTypes.IntegerType, true, "fat-point attempts over all classes "
                + "(briggs: build-colour-spill rounds)"));
        f.add(field(ResultColumns.COPIES_SEEN, DataTypes.IntegerType, true, "copy candidates CICC's copy coalescer "
                + "found; 0 where it did not run, null before schema 2"));
        f.add(field(ResultColumns.COPIES_MERGED, DataTypes.IntegerType, true, "copies the coalescer removed by "
                + "merging source and destination"));
        f.add(field(ResultColumns.COPIES_LEFT, DataTypes.IntegerType, true, "copies the coalescer left in the code "
                + "(seen - merged)"));
        f.add(field(ResultColumns.SPILLED_VALUES, DataTypes.IntegerType, true, "values living in memory or "
                + "rematerialized (fat-point: value groups; briggs: virtual registers); null before schema 3"));
        f.add(field(ResultColumns.GUIDANCE_PICKS, DataTypes.IntegerType, true, "values spill guidance chose over "
                + "every retry (fat-point; 0 for briggs)"));
        f.add(field(ResultColumns.FORCED_SPILLS, DataTypes.IntegerType, true, "extra spill marks the feasibility "
                + "gate forced (fat-point; 0 for briggs)"));
        f.add(field(ResultColumns.DISCARDED_SLOTS, DataTypes.IntegerType, true, "slots the scan discarded for "
                + "exceeding the conflict threshold, knob 684 (fat-point; 0 for briggs)"));
        f.add(field(ResultColumns.FALLBACKS, DataTypes.IntegerType, true, "register classes that needed the "
                + "final fallback after the retries (fat-point; 0 for briggs)"));
        f.add(field(ResultColumns.STATIC_SMEM_BYTES, DataTypes.IntegerType, true, "static shared memory per block "
                + "as ptxas reports it (ptxas rows); null for model rows"));
        f.add(field(ResultColumns.COMPILE_MS, DataTypes.LongType, true, "wall time of the ptxas process in "
                + "milliseconds (ptxas rows, as first compiled); null for model rows"));
        f.add(field(ResultColumns.EVAL_MICROS, DataTypes.LongType, false, "wall time of the evaluation in microseconds"));
        return new StructType(f.toArray(StructField[]::new));
    }

    private static StructField field(String name, DataType type, boolean nullable, String comment) {
        return field(name, type, nullable, comment, new MetadataBuilder());
    }

    private static StructField field(String name, DataType type, boolean nullable, String comment, MetadataBuilder md) {
        Metadata m = md.putString("comment", comment).build();
        return new StructField(name, type, nullable, m);
    }
}
