package dev.regtune.job.sweep;

import dev.regtune.job.results.ResultSchema;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.spark.sql.execution.datasources.parquet.ParquetWriteSupport;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.jspecify.annotations.Nullable;

/**
 * Spark's Parquet write support for rows as {@link PairEvaluator} builds them ({@code Object[]}
 * laid out as {@link ResultSchema#fileSchema()}: Integer, Long, Double, Boolean, String or null),
 * handing the record consumer the calls Spark's {@link ParquetWriteSupport} makes for the same
 * values as an {@code InternalRow}: for every non-null field in schema order {@code startField},
 * one {@code addInteger}/{@code addLong}/{@code addDouble}/{@code addBoolean}/{@code addBinary}
 * (a string's UTF-8 bytes) and {@code endField}; a null field is skipped, and Parquet writes it as
 * null. The file's schema, footer metadata and writer name come from Spark's write support itself
 * ({@link #init} and {@link #finalizeWrite} delegate to it), so the file holds the same bytes.
 *
 * <p>What it leaves out, per row: the conversion to an internal row (every string re-encoded into a
 * {@code UTF8String}, a {@code GenericInternalRow} allocated) and Spark's per-field Scala closures
 * with their boxed ordinals. A string equal (same instance) to the previous row's value of its
 * column reuses that value's bytes: a kernel's identity columns, a configuration's values and the
 * status repeat from one row to the next.
 */
final class RowWriteSupport extends WriteSupport<Object[]> {
    private static final byte BOOLEAN = 0;
    private static final byte INT = 1;
    private static final byte LONG = 2;
    private static final byte DOUBLE = 3;
    private static final byte STRING = 4;

    private final ParquetWriteSupport spark = new ParquetWriteSupport();
    private final String[] names;
    private final byte[] kinds;
    /** Per column, the last string written (by identity) and its bytes. */
    private final @Nullable String[] lastString;
    private final Binary[] lastBinary;
    private @Nullable RecordConsumer consumer;

    RowWriteSupport() {
        StructField[] fields = ResultSchema.fileSchema().fields();
        names = new String[fields.length];
        kinds = new byte[fields.length];
        for (int i = 0; i < fields.length; i++) {
            names[i] = fields[i].name();
            kinds[i] = kind(fields[i].dataType());
        }
        lastString = new String[fields.length];
        lastBinary = new Binary[fields.length];
    }

    private static byte kind(DataType t) {
        if (t == DataTypes.BooleanType) {
            return BOOLEAN;
        } else if (t == DataTypes.IntegerType) {
            return INT;
        } else if (t == DataTypes.LongType) {
            return LONG;
        } else if (t == DataTypes.DoubleType) {
            return DOUBLE;
        } else if (t == DataTypes.StringType) {
            return STRING;
        }
        throw new IllegalStateException("no Parquet writer for a result column of type " + t);
    }

    /**
     * Spark's write context for the schema the write's configuration names (as Spark's write
     * support reads it), which must be the result file schema these rows are laid out in.
     */
    @Override
    public WriteContext init(Configuration configuration) {
        String written = configuration.get(ParquetWriteSupport.SPARK_ROW_SCHEMA());
        StructType schema = written == null ? null
                : DataType.fromJson(written) instanceof StructType s ? s : null;
        if (schema == null || !sameColumns(schema, ResultSchema.fileSchema())) {
            throw new IllegalStateException("the Parquet write is set up for another schema than the result "
                    + "file schema: " + (schema == null ? "none" : schema.simpleString()));
        }
        return spark.init(configuration);
    }

    /** Whether {@code a} and {@code b} have the same column names and types, in the same order. */
    private static boolean sameColumns(StructType a, StructType b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!a.apply(i).name().equals(b.apply(i).name()) || !a.apply(i).dataType().equals(b.apply(i).dataType())) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String getName() {
        return spark.getName();
    }

    @Override
    public FinalizedWriteContext finalizeWrite() {
        return spark.finalizeWrite();
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
        spark.prepareForWrite(recordConsumer);
        consumer = recordConsumer;
    }

    @Override
    public void write(Object[] row) {
        RecordConsumer c = Objects.requireNonNull(consumer, "prepareForWrite comes first");
        c.startMessage();
        for (int i = 0; i < kinds.length; i++) {
            Object v = row[i];
            if (v == null) {
                continue;
            }
            String name = names[i];
            c.startField(name, i);
            switch (kinds[i]) {
                case BOOLEAN -> c.addBoolean((Boolean) v);
                case INT -> c.addInteger((Integer) v);
                case LONG -> c.addLong((Long) v);
                case DOUBLE -> c.addDouble((Double) v);
                default -> c.addBinary(binary(i, (String) v));
            }
            c.endField(name, i);
        }
        c.endMessage();
    }

    /** The UTF-8 bytes of {@code s}, column {@code i}'s value; those of the last row when it is the same string. */
    private Binary binary(int i, String s) {
        if (lastString[i] != s) {
            lastBinary[i] = Binary.fromConstantByteArray(s.getBytes(StandardCharsets.UTF_8));
            lastString[i] = s;
        }
        return lastBinary[i];
    }
}
