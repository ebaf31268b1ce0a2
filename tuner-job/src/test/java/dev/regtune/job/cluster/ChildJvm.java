package dev.regtune.job.cluster;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * A JVM started by a test as a child process, with stdout and stderr captured in one log file. It
 * is killed as a tree: Spark's workers start executors as their own children, and a test that
 * stops a worker must not leave them behind.
 */
final class ChildJvm {
    private final String name;
    private final Process process;
    private final Path log;

    private ChildJvm(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /**
     * Starts {@code java jvmOptions -cp classPath mainClass args} with {@code env} added to this
     * JVM's environment, in {@code workDir}.
     */
    static ChildJvm start(String name, List<String> jvmOptions, List<Path> classPath, String mainClass,
            List<String> args, Map<String, String> env, Path workDir, Path log) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList()));
        command.add(mainClass);
        command.addAll(args);
        try {
            Files.createDirectories(log.getParent());
            ProcessBuilder pb = new ProcessBuilder(command)
                    .directory(workDir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            pb.environment().putAll(env);
            return new ChildJvm(name, pb.start(), log);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name, e);
        }
    }

    String name() {
        return name;
    }

    Path log() {
        return log;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Waits for the process to end by itself; kills its tree and returns empty on timeout. */
    OptionalInt waitFor(long seconds) throws InterruptedException {
        if (process.waitFor(seconds, TimeUnit.SECONDS)) {
            return OptionalInt.of(process.exitValue());
        }
        killTree();
        return OptionalInt.empty();
    }

    /** Kills the process and every descendant (children first, so none is re-parented and missed), and waits. */
    void killTree() {
        List<ProcessHandle> descendants = process.descendants().toList();
        descendants.forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        for (ProcessHandle h : descendants) {
            h.onExit().orTimeout(10, TimeUnit.SECONDS).exceptionally(t -> null).join();
        }
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The last lines of the log, for failure messages. */
    String logTail(int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return name + " (" + log + "):\n" + String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return name + ": no log (" + e.getMessage() + ")";
        }
    }
}
