package dev.regtune.job.sweep;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The per-evaluation time limit. The allocator has no cancellation points (it is a pure function
 * with no I/O), so a watchdog thread, looking every quarter second, stops the evaluating thread with {@link Thread#stop()} when
 * the limit passes, and the evaluation becomes an {@link TimedOut} for its row. That is safe here
 * because an evaluation touches only state of its own: the module is parsed and the knobs decoded
 * before the timed part begins, and the allocation builds fresh objects only; a stop that would
 * land after the evaluation ended is waited for inside the timed part, so it never escapes into
 * the task. (Java 17, the project's runtime, still implements {@code Thread.stop}; a runtime that
 * does not turns the limit off rather than fail the task.)
 */
final class EvaluationTimer {
    private static final int RUNNING = 0;
    private static final int DONE = 1;
    private static final int EXPIRED = 2;
    /** How often the watchdog looks at the running evaluations: the limit is kept to this precision. */
    private static final long SCAN_MILLIS = 250;
    /** The evaluations running now, by thread: two map operations an evaluation, no timer task each. */
    private static final Map<Thread, Watch> RUNNING_NOW = new ConcurrentHashMap<>();
    private static final Thread WATCHDOG = watchdog();

    private EvaluationTimer() {
    }

    /** An evaluation stopped at its time limit. */
    static final class TimedOut extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TimedOut(double seconds) {
            super(String.format(Locale.ROOT, "not evaluated: the evaluation ran longer than the sweep's limit of %s s "
                    + "(--max-evaluation-seconds) and was stopped", seconds == Math.rint(seconds)
                            ? Long.toString((long) seconds) : Double.toString(seconds)), null, false, false);
        }
    }

    /** One running evaluation: its deadline and whether it ended or expired first. */
    private record Watch(long deadline, AtomicInteger state) {
    }

    /** {@code task}'s result, or {@link TimedOut} when it runs longer than {@code seconds} (0: no limit). */
    static <T> T call(double seconds, Supplier<T> task) {
        if (seconds <= 0 || !WATCHDOG.isAlive()) {
            return task.get();
        }
        Thread self = Thread.currentThread();
        Watch watch = new Watch(System.nanoTime() + (long) (seconds * 1e9), new AtomicInteger(RUNNING));
        RUNNING_NOW.put(self, watch);
        try {
            T result = task.get();
            if (!watch.state.compareAndSet(RUNNING, DONE)) {
                awaitStop(watch.state); // the watchdog fired as the evaluation ended: take its stop here
            }
            return result;
        } catch (ThreadDeath stopped) {
            if (watch.state.get() == EXPIRED) {
                Thread.interrupted(); // stop() also interrupts; the task must not inherit it
                throw new TimedOut(seconds);
            }
            throw stopped;
        } finally {
            RUNNING_NOW.remove(self, watch);
        }
    }

    private static void awaitStop(AtomicInteger state) {
        while (state.get() == EXPIRED) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                // the stop's interrupt: its ThreadDeath follows
            }
        }
    }

    @SuppressWarnings({"deprecation", "removal"})
    private static Thread watchdog() {
        Thread t = new Thread(() -> {
            while (true) {
                try {
                    Thread.sleep(SCAN_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
                long now = System.nanoTime();
                for (Map.Entry<Thread, Watch> e : RUNNING_NOW.entrySet()) {
                    Watch w = e.getValue();
                    if (now - w.deadline > 0 && w.state.compareAndSet(RUNNING, EXPIRED)) {
                        try {
                            e.getKey().stop();
                        } catch (UnsupportedOperationException unsupported) {
                            w.state.set(DONE); // no Thread.stop on this runtime: the evaluation runs to its end
                        }
                    }
                }
            }
        }, "regtune-evaluation-watchdog");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
