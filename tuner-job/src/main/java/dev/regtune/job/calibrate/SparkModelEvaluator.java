package dev.regtune.job.calibrate;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.jspecify.annotations.Nullable;

/**
 * Evaluates a batch as one Spark job: the plan is broadcast, every (file, configuration) pair is
 * a task of its own (files differ in size by three orders of magnitude, so small tasks balance the
 * executors), and the rows come back to the driver, which is where the loss is computed. The rows
 * are small: one per entry, architecture and budget. A new plan (an adaptive search's candidates grew)
 * is broadcast anew and the previous broadcast destroyed.
 */
public final class SparkModelEvaluator implements ModelEvaluator {
    private final JavaSparkContext jsc;
    private @Nullable EvaluationPlan broadcastPlan;
    private @Nullable Broadcast<EvaluationPlan> broadcast;

    public SparkModelEvaluator(SparkSession spark) {
        this.jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    }

    @Override
    public List<ModelRow> evaluate(EvaluationPlan plan, List<int[]> pairs) {
        if (pairs.isEmpty()) {
            return List.of();
        }
        Broadcast<EvaluationPlan> b = broadcast;
        if (broadcastPlan != plan || b == null) {
            if (b != null) {
                // an adaptive search grows the plan round by round; the jobs of the old one have finished
                b.destroy();
            }
            b = jsc.broadcast(plan);
            broadcast = b;
            broadcastPlan = plan;
        }
        List<int[]> tasks = new ArrayList<>(pairs);
        return jsc.parallelize(tasks, tasks.size()).flatMap(function(b)).collect();
    }

    /** Built by a static method so that the function captures only the broadcast. */
    private static FlatMapFunction<int[], ModelRow> function(Broadcast<EvaluationPlan> plan) {
        return pair -> plan.value().evaluate(pair[0], pair[1]).iterator();
    }
}
