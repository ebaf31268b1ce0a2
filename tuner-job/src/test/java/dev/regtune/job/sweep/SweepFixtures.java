package dev.regtune.job.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Assumptions;

/** Kernels and spaces for the sweep tests: real corpus PTX, a broken copy, a tiny space. */
public final class SweepFixtures {
    /** The bundled sm_90 corpus, from tuner-job's working directory. */
    public static final Path CORPUS_SM90 = Path.of("../datasets/corpus/ptx/sm_90");

    private SweepFixtures() {
    }

    /**
     * A folder with two good corpus modules (elementwise: 2 entries, transpose: its entries) and
     * one with a malformed operand, so every entry of it is a PARSE_ERROR.
     */
    public static Path kernelsWithOneBadModule(Path dir) {
        try {
            Assumptions.assumeTrue(Files.isDirectory(CORPUS_SM90), "the bundled corpus is not present");
            Path kernels = Files.createDirectories(dir.resolve("kernels/sm_90"));
            Files.copy(CORPUS_SM90.resolve("elementwise.ptx"), kernels.resolve("elementwise.ptx"));
            Files.copy(CORPUS_SM90.resolve("transpose.ptx"), kernels.resolve("transpose.ptx"));
            String good = Files.readString(CORPUS_SM90.resolve("elementwise.ptx"), StandardCharsets.UTF_8);
            int at = good.indexOf("ld.param");
            String broken = good.substring(0, at) + "ld.param.u64 %rd1, [;\n\t" + good.substring(at);
            Files.writeString(kernels.resolve("broken.ptx"), broken.replace(".entry ", ".entry broken_"),
                    StandardCharsets.UTF_8);
            return kernels.getParent();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A space of 2 budgets x 2 discard thresholds x 2 retry bounds = 8 configurations. */
    public static Path tinySpace(Path dir) {
        try {
            Path spec = dir.resolve("tiny.json");
            Files.writeString(spec, """
                    {
                      "name": "tiny",
                      "maxrregcount": [0, 24],
                      "knobs": [
                        {"knob": "RegAllocThresholdForDiscardConflicts", "values": [10, 200]},
                        {"knob": "RegAllocNumNonSpillTrials", "values": [1, 4]}
                      ]
                    }
                    """, StandardCharsets.UTF_8);
            return spec;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code row} (a row of {@link PairEvaluator}, laid out as the file schema) as Spark's internal
     * row, converting in place: strings become {@link UTF8String}; the other values (Integer, Long,
     * Double, Boolean, null) are already the boxed forms the internal row holds. These are the values
     * Spark's row encoder would produce, so the Parquet files hold the same data.
     */
    public static InternalRow internal(Object[] row) {
        for (int i = 0; i < row.length; i++) {
            if (row[i] instanceof String s) {
                row[i] = UTF8String.fromString(s);
            }
        }
        return new GenericInternalRow(row);
    }
}
