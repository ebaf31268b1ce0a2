package dev.regtune.job.sweep;

import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * The function each task runs over its partition of pair-code blocks: rows are produced lazily,
 * one evaluation at a time, so a partition never holds more than one row in memory. Built by a
 * static factory so the function captures only the broadcasts, a string and a flag (a lambda made in
 * an instance method would capture, and try to serialise, the instance).
 */
final class PartitionEvaluation {
    private PartitionEvaluation() {
    }

    static FlatMapFunction<Iterator<long[]>, Row> function(Broadcast<KernelCatalog> kernels,
            Broadcast<ConfigurationTable> configurations, String modelVersion, boolean verify) {
        return blocks -> rows(new PairEvaluator(kernels.value(), configurations.value(), modelVersion, verify), blocks);
    }

    static Iterator<Row> rows(PairEvaluator evaluator, Iterator<long[]> blocks) {
        return new Iterator<>() {
            private long[] block = new long[0];
            private int next;

            @Override
            public boolean hasNext() {
                while (next == block.length) {
                    if (!blocks.hasNext()) {
                        return false;
                    }
                    block = blocks.next();
                    next = 0;
                }
                return true;
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return RowFactory.create(evaluator.evaluate(block[next++]));
            }
        };
    }
}
