package dev.regtune.job.sweep;

import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The function each task runs over its partition of pair-code blocks: rows are produced lazily, a
 * small batch at a time, so a partition never holds more than {@value #BATCH} rows in memory. Built by a
 * static factory so the function captures only the broadcasts and a flag (a lambda made in
 * an instance method would capture, and try to serialise, the instance).
 *
 * <p>The sweep's tasks write the rows as the evaluator builds them ({@link #values}, written by
 * {@link RowWriteSupport}). They can also leave as Spark's internal rows ({@link #rows},
 * {@link #internal}: the evaluator's values, strings as {@link UTF8String}), the form Spark's own
 * Parquet writer takes, not as external {@code Row}s: those would go through a row encoder that
 * Spark generates and compiles for each task (about 70 columns' worth of code, a fixed cost per
 * task that showed as 4% of the tasks' time).
 */
final class PartitionEvaluation {
    static final int BATCH = 64;
    private PartitionEvaluation() {
    }

    static FlatMapFunction<Iterator<long[]>, InternalRow> function(Broadcast<KernelCatalog> kernels,
            Broadcast<ConfigurationTable> configurations, boolean verify, EvaluationLimits limits,
            StatusCounts counts) {
        return function(kernels, configurations, verify, limits, counts, EvaluatorSettings.MODEL);
    }

    /** The function of a sweep whose ptxas configurations {@code evaluators}' ptxas evaluates. */
    static FlatMapFunction<Iterator<long[]>, InternalRow> function(Broadcast<KernelCatalog> kernels,
            Broadcast<ConfigurationTable> configurations, boolean verify, EvaluationLimits limits,
            StatusCounts counts, EvaluatorSettings evaluators) {
        return blocks -> rows(new PairEvaluator(kernels.value(), configurations.value(), null, verify, limits,
                evaluators), blocks, counts);
    }

    /**
     * The rows of {@code blocks} as Spark's internal rows ({@link #internal}), evaluated as
     * {@link #values} evaluates them.
     */
    static Iterator<InternalRow> rows(PairEvaluator evaluator, Iterator<long[]> blocks, StatusCounts counts) {
        Iterator<Object[]> values = values(evaluator, blocks, counts);
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return values.hasNext();
            }

            @Override
            public InternalRow next() {
                return internal(values.next());
            }
        };
    }

    /**
     * The rows of {@code blocks} as {@link PairEvaluator} builds them (the form {@link RowWriteSupport}
     * writes), evaluated {@value #BATCH} at a time: evaluating a batch back to back and only then
     * handing its rows to the writer keeps the allocator's working set in the CPU caches, where
     * interleaving one evaluation with one row of Parquet encoding evicts it. Each row's status is
     * counted as it is evaluated.
     */
    static Iterator<Object[]> values(PairEvaluator evaluator, Iterator<long[]> blocks, StatusCounts counts) {
        return new Iterator<>() {
            private long[] block = new long[0];
            private int nextCode;
            private final Object[][] batch = new Object[BATCH][];
            private int batchSize;
            private int nextRow;

            @Override
            public boolean hasNext() {
                if (nextRow < batchSize) {
                    return true;
                }
                batchSize = 0;
                nextRow = 0;
                while (batchSize < BATCH) {
                    if (nextCode == block.length) {
                        if (!blocks.hasNext()) {
                            break;
                        }
                        block = blocks.next();
                        nextCode = 0;
                        continue;
                    }
                    long code = block[nextCode++];
                    Object[] row;
                    try {
                        FaultPoints.pass("task.evaluate");
                        row = evaluator.evaluate(code);
                    } catch (RuntimeException | Error e) {
                        // not a row: the task fails, and the driver's sentence names the pair
                        throw SweepTaskException.evaluating(evaluator.describe(code), e);
                    }
                    counts.count(row);
                    batch[batchSize++] = row;
                }
                return batchSize > 0;
            }

            @Override
            public Object[] next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                Object[] r = batch[nextRow];
                batch[nextRow++] = null;
                return r;
            }
        };
    }

    /**
     * {@code row} (a row of {@link PairEvaluator}, laid out as the file schema) as Spark's internal
     * row, converting in place: strings become {@link UTF8String}; the other values (Integer, Long,
     * Double, Boolean, null) are already the boxed forms the internal row holds. These are the values
     * Spark's row encoder would produce, so the Parquet files hold the same data.
     */
    static InternalRow internal(Object[] row) {
        for (int i = 0; i < row.length; i++) {
            if (row[i] instanceof String s) {
                row[i] = UTF8String.fromString(s);
            }
        }
        return new GenericInternalRow(row);
    }
}
