package dev.regtune.job.sweep;

import dev.regtune.job.results.ResultSchema;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetOutputFormat;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.codec.CodecConfig;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.deploy.SparkHadoopUtil;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.parquet.ParquetFileFormat;
import org.jspecify.annotations.Nullable;

/**
 * Writes a chunk's rows to Parquet from the tasks themselves, one file per task, with Spark's own
 * Parquet writer ({@code ParquetOutputFormat}, with
 * {@link RowWriteSupport}, which makes the calls Spark's {@code ParquetWriteSupport} makes) set up as
 * Spark's file source sets it up ({@link Settings#of}), so the files hold the same bytes a
 * {@code Dataset.write().parquet(...)} of the same rows gives; what is left out is the SQL write's
 * fixed costs: a query planned, optimised and code-generated per chunk on the driver, and per task
 * the write's serialised Hadoop configuration (hundreds of properties) deserialised, a row
 * projection's source generated and every row copied into an {@code UnsafeRow}. A task here gets
 * the few write settings ({@link Settings}) and builds its configuration from its executor's
 * Hadoop configuration.
 *
 * <p>Each task attempt writes {@code STAGED/_attempts/part-P-A.EXT.parquet} (P its partition, A
 * its attempt id, unique in the application) and returns that name; the job's result holds one name
 * per partition, from the attempt Spark counted. {@link #collect} then moves exactly those files
 * to {@code STAGED/part-P.EXT.parquet} and deletes {@code _attempts}, with the files of failed or
 * duplicate attempts, before the chunk is published: a retried task never leaves its rows twice.
 */
final class ChunkFiles {
    /** The folder of a staged chunk where task attempts write. */
    static final String ATTEMPTS = "_attempts";

    private ChunkFiles() {
    }

    /**
     * The settings of Spark's Parquet write of {@link ResultSchema#fileSchema()} on a session: its
     * SQL settings (Spark copies them into every write's Hadoop configuration) overlaid with what
     * Spark's Parquet source sets for the write (write support, schema, compression, legacy
     * format, timestamp type...). A task applies them over its executor's Hadoop configuration, as
     * Spark's write applies them over the context's.
     */
    record Settings(SortedMap<String, String> entries) implements Serializable {
        Settings {
            entries = Collections.unmodifiableSortedMap(new TreeMap<>(entries));
        }

        static Settings of(SparkSession spark) {
            SortedMap<String, String> m = new TreeMap<>();
            scala.jdk.javaapi.CollectionConverters.asJava(
                    ((org.apache.spark.sql.classic.SparkSession) spark).sessionState().conf().getAllConfs())
                    .forEach((k, v) -> {
                        if (v != null) {
                            m.put(k, v);
                        }
                    });
            Job job;
            try {
                job = Job.getInstance(new Configuration(false));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            new ParquetFileFormat().prepareWrite(spark, job, scala.collection.immutable.Map$.MODULE$.empty(),
                    ResultSchema.fileSchema());
            for (Map.Entry<String, String> e : job.getConfiguration()) {
                m.put(e.getKey(), e.getValue());
            }
            return new Settings(m);
        }

        /** This executor's Hadoop configuration with these settings applied: a task's own copy. */
        Configuration configuration() {
            Configuration conf = new Configuration(executorConfiguration());
            entries.forEach(conf::set);
            return conf;
        }
    }

    /** The file one task attempt wrote: its partition and its name under {@value #ATTEMPTS}. */
    record TaskFile(int partition, String name, String extension) implements Serializable {
    }

    /** An executor's Hadoop configuration, made from its Spark environment. */
    private record ExecutorConfiguration(@Nullable SparkEnv env, Configuration conf) {
    }

    private static volatile @Nullable ExecutorConfiguration executorConf;

    /**
     * The executor's Hadoop configuration as Spark makes it (the {@code spark.hadoop.*} settings
     * included), once per Spark environment: a JVM that starts another context (tests) gets the new
     * context's.
     */
    private static Configuration executorConfiguration() {
        SparkEnv env = SparkEnv.get();
        ExecutorConfiguration c = executorConf;
        if (c == null || c.env() != env) {
            c = new ExecutorConfiguration(env, env == null ? new Configuration()
                    : SparkHadoopUtil.get().newConfiguration(env.conf()));
            executorConf = c;
        }
        return c.conf();
    }

    /**
     * The function of a chunk's tasks: evaluates the task's blocks ({@link PartitionEvaluation#values})
     * and writes their rows ({@link RowWriteSupport}) into one Parquet file under {@code staged}'s {@value #ATTEMPTS}; returns
     * that file, or nothing for a task without rows.
     */
    static Function2<Integer, Iterator<long[]>, Iterator<TaskFile>> task(Broadcast<KernelCatalog> kernels,
            Broadcast<ConfigurationTable> configurations, boolean verify, EvaluationLimits limits,
            StatusCounts counts, EvaluatorSettings evaluators, String staged, Settings settings) {
        return (partition, blocks) -> {
            Iterator<Object[]> rows = PartitionEvaluation.values(new PairEvaluator(kernels.value(),
                    configurations.value(), null, verify, limits, evaluators), blocks, counts);
            if (!rows.hasNext()) {
                return Collections.emptyIterator();
            }
            TaskContext task = TaskContext.get();
            long attempt = task == null ? 0 : task.taskAttemptId();
            return List.of(write(rows, new RowWriteSupport(), staged, partition, attempt, settings)).iterator();
        };
    }

    /**
     * Writes {@code rows} with {@code support} to {@code staged/_attempts/part-PARTITION-ATTEMPT.EXT.parquet};
     * the sweep's tasks write the evaluator's rows with {@link RowWriteSupport}.
     */
    static <T> TaskFile write(Iterator<T> rows, WriteSupport<T> support, String staged, int partition, long attempt,
            Settings settings) throws IOException, InterruptedException {
        Configuration conf = settings.configuration();
        TaskAttemptContext context = new TaskAttemptContextImpl(conf, new TaskAttemptID());
        String extension = CodecConfig.from(context).getCodec().getExtension() + ".parquet";
        String name = String.format(java.util.Locale.ROOT, "part-%05d-%d%s", partition, attempt, extension);
        Path file = new Path(new Path(staged, ATTEMPTS), name);
        RecordWriter<Void, T> writer = new ParquetOutputFormat<T>(support).getRecordWriter(context, file,
                ParquetFileWriter.Mode.CREATE);
        boolean closed = false;
        try {
            while (rows.hasNext()) {
                writer.write(null, rows.next());
            }
            closed = true;
            writer.close(context);
        } finally {
            if (!closed) {
                try {
                    writer.close(context);
                } catch (IOException | RuntimeException e) {
                    // the task fails with the first failure; this attempt's file is never published
                }
            }
        }
        return new TaskFile(partition, name, extension);
    }

    /**
     * Runs the chunk's job ({@code files}, one element per task that wrote rows) and leaves in
     * {@code staged} exactly the files of the attempts Spark counted, as {@code part-P.EXT.parquet};
     * every other attempt's file goes with {@value #ATTEMPTS}.
     *
     * @param conf the driver's Hadoop configuration, whose file system renames the files
     * @return the files kept
     */
    static List<String> collect(JavaRDD<TaskFile> files, String staged, Configuration conf) throws IOException {
        List<TaskFile> written = new ArrayList<>(files.collect());
        written.sort(java.util.Comparator.comparingInt(TaskFile::partition));
        Path folder = new Path(staged);
        FileSystem fs = folder.getFileSystem(conf);
        Path attempts = new Path(folder, ATTEMPTS);
        fs.mkdirs(folder);
        List<String> kept = new ArrayList<>();
        for (TaskFile f : written) {
            String name = String.format(java.util.Locale.ROOT, "part-%05d%s", f.partition(), f.extension());
            if (!fs.rename(new Path(attempts, f.name()), new Path(folder, name))) {
                throw new IOException("cannot move the file of task " + f.partition() + " into " + staged
                        + " (the file system refused to rename " + f.name() + ")");
            }
            kept.add(name);
        }
        fs.delete(attempts, true);
        return kept;
    }
}
