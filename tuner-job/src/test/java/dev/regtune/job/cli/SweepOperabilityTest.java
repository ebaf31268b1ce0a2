package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.job.spark.SparkSessions;
import dev.regtune.job.sweep.SweepFixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an operator of a cluster sees: Spark jobs and stages named by run, round and chunk; a failed
 * task reported as one sentence naming the kernel and the configuration; {@code --conf} reaching the
 * session.
 */
class SweepOperabilityTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void jobsAndStagesAreNamedByRunRoundAndChunk() throws Exception {
        Path kernels = SweepKills.kernels(dir);
        Path space = SweepFixtures.tinySpace(dir);
        Set<String> groups = new ConcurrentSkipListSet<>();
        Set<String> descriptions = new ConcurrentSkipListSet<>();
        Set<String> stages = new ConcurrentSkipListSet<>();
        SparkListener listener = new SparkListener() {
            @Override
            public void onJobStart(SparkListenerJobStart job) {
                if (job.properties() != null) {
                    String group = job.properties().getProperty("spark.jobGroup.id");
                    String description = job.properties().getProperty("spark.job.description");
                    if (group != null) {
                        groups.add(group);
                    }
                    if (description != null) {
                        descriptions.add(description);
                    }
                }
            }

            @Override
            public void onStageSubmitted(SparkListenerStageSubmitted stage) {
                stages.add(stage.stageInfo().name());
            }
        };
        try (SparkSessions.Session session = SparkSessions.session("operability test", Optional.of("local[2]"))) {
            session.spark().sparkContext().addSparkListener(listener);
            Cli.Run sampled = Cli.run("sweep", "--kernels", kernels.toString(), "--space", space.toString(), "--out",
                    dir.resolve("a").toString(), "--run-id", "n1", "--chunk-size", "20");
            assertEquals(0, sampled.exit(), sampled.err());
            Cli.Run adaptive = Cli.run("sweep", "--kernels", kernels.toString(), "--space", space.toString(), "--out",
                    dir.resolve("b").toString(), "--run-id", "n2", "--strategy", "halving", "--budget", "4");
            assertEquals(0, adaptive.exit(), adaptive.err());
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20); // listener events are delivered async
            while (!stages.contains("regtune sweep n2: round 1, chunk 1") && System.nanoTime() < until) {
                Thread.sleep(50);
            }
            session.spark().sparkContext().removeSparkListener(listener);
        }
        assertTrue(groups.containsAll(List.of("regtune-n1-chunk-1", "regtune-n1-chunk-2")), groups.toString());
        assertTrue(descriptions.contains("regtune sweep n1: chunk 1 (20 evaluations, sm_90)"), descriptions.toString());
        assertTrue(descriptions.contains("regtune sweep: reading the keys already in the table"),
                descriptions.toString());
        assertTrue(stages.containsAll(List.of("regtune sweep n1: chunk 1", "regtune sweep n1: chunk 2",
                "regtune sweep n2: round 1, chunk 1")), stages.toString());
        assertTrue(descriptions.stream().anyMatch(d -> d.startsWith("regtune sweep n2: round 1, reading")),
                descriptions.toString());
    }

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void aFailedTaskIsOneSentenceNamingTheKernelAndTheConfigurationAndConfReachesTheSession() throws Exception {
        Path kernels = SweepKills.kernels(dir);
        Path space = SweepFixtures.tinySpace(dir);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Dregtune.fault.point=task.evaluate",
                "-Dregtune.fault.at=3", "-Dregtune.fault.kind=throw", "-Dregtune.spark.log=OFF",
                "-cp", System.getProperty("java.class.path"), RegtuneMain.class.getName(), "sweep",
                "--conf", "spark.master=local[1]", "--kernels", kernels.toString(), "--space", space.toString(),
                "--out", dir.resolve("out").toString(), "--run-id", "f1"));
        Path log = dir.resolve("child.log");
        Process child = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(child.waitFor(150, TimeUnit.SECONDS), "the child ended");
        String text = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(1, child.exitValue(), text);
        assertTrue(text.contains(" as run f1 on local[1]"), "--conf spark.master reached the session: " + text);
        Pattern sentence = Pattern.compile("(?m)^regtune: chunk 1 of run f1 failed on an executor: evaluating kernel "
                + "[0-9a-f]{16} \\(entry '\\w+' of \\S+\\.ptx, sm_90\\) under configuration [0-9a-f]{16} "
                + "\\(maxrregcount \\d+\\) failed: InjectedFault: fault injected at task\\.evaluate #3; the chunks "
                + "published before it stay, and --resume evaluates the rest\\.$");
        assertTrue(sentence.matcher(text).find(), text);

        Cli.Run bad = Cli.run("sweep", "--conf", "spark.executor.memory", "--kernels", kernels.toString(), "--space",
                space.toString(), "--out", dir.resolve("bad").toString());
        assertEquals(2, bad.exit());
        assertEquals("regtune: --conf expects KEY=VALUE (e.g. spark.executor.memory=4g), not 'spark.executor.memory'.",
                bad.err().strip());
    }
}
