package dev.regtune.job.bench;

import dev.regtune.job.sweep.ConfigurationTable;
import dev.regtune.job.sweep.EvaluationLimits;
import dev.regtune.job.sweep.EvaluatorSettings;
import dev.regtune.job.sweep.KernelCatalog;
import dev.regtune.job.sweep.PairEvaluator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The baseline of the sweep benchmark: the same pair evaluations as the Spark job, row values
 * included, on a fixed pool of plain threads in one JVM, with nothing written. Threads take
 * contiguous blocks of {@value #BLOCK} pairs from a shared counter, so an expensive kernel does
 * not leave one thread working while the others wait (Spark balances its tasks the same way). With
 * the real ptxas as evaluator it is the plain parallel loop of ptxas processes the sweep is measured
 * against: one process per pair, pairs taken one at a time.
 */
final class PlainLoop {
    static final int BLOCK = 256;

    private PlainLoop() {
    }

    /** Evaluates every code on {@code threads} threads; returns a checksum of the rows so none is optimised away. */
    static long run(KernelCatalog kernels, ConfigurationTable configurations, long[] codes, int threads) {
        return run(kernels, configurations, codes, threads, EvaluatorSettings.MODEL);
    }

    /**
     * Evaluates every code on {@code threads} threads with {@code evaluators} (for configurations of
     * the real ptxas, one ptxas process per pair, as the sweep runs it); returns a checksum of the rows.
     */
    static long run(KernelCatalog kernels, ConfigurationTable configurations, long[] codes, int threads,
            EvaluatorSettings evaluators) {
        int block = evaluators.evaluator().runsPtxas() ? 1 : BLOCK; // a ptxas pair is milliseconds: no blocks
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Long>> parts = new ArrayList<>();
            AtomicInteger next = new AtomicInteger();
            for (int t = 0; t < threads; t++) {
                parts.add(pool.submit(() -> {
                    PairEvaluator e = new PairEvaluator(kernels, configurations, "bench", false,
                            EvaluationLimits.NONE, evaluators);
                    long sum = 0;
                    for (int from = next.getAndAdd(block); from < codes.length; from = next.getAndAdd(block)) {
                        for (int i = from; i < Math.min(codes.length, from + block); i++) {
                            Object[] row = e.evaluate(codes[i]);
                            sum += row.length + (row[row.length - 3] instanceof Number n ? n.longValue() : 0);
                        }
                    }
                    return sum;
                }));
            }
            long sum = 0;
            for (Future<Long> f : parts) {
                sum += f.get();
            }
            return sum;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
