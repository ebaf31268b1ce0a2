package dev.regtune.job.sweep;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The rows a task evaluates over its partition of pair-code blocks ({@link ChunkFiles#task}): produced
 * lazily, a small batch at a time, so a partition never holds more than {@value #BATCH} rows in memory.
 *
 * <p>The sweep's tasks write the rows as the evaluator builds them ({@link #values}, written by
 * {@link RowWriteSupport}): neither Spark's internal rows (every string re-encoded) nor external
 * {@code Row}s, which would go through a row encoder that Spark generates and compiles for each
 * task (about 70 columns' worth of code, a fixed cost per task that showed as 4% of the tasks' time).
 */
final class PartitionEvaluation {
    static final int BATCH = 64;
    private PartitionEvaluation() {
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

}
