package dev.regtune.job.sweep;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.Success$;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * Console progress of a sweep, fed by Spark: every successful task reports the rows it wrote
 * (evaluations), and the line shows done/total, the rate and the ETA. Failed task attempts
 * (a lost executor) count nothing, so the figure never runs ahead of what is committed to be
 * retried. On a terminal the line is redrawn in place at most every {@value #INTERVAL_MILLIS} ms;
 * otherwise a line is printed every few seconds.
 */
public final class SweepProgress extends SparkListener {
    static final long INTERVAL_MILLIS = 500;
    private static final long PLAIN_INTERVAL_MILLIS = 5000;

    private final PrintWriter out;
    private final boolean terminal;
    private final AtomicLong done = new AtomicLong();
    private volatile long total;
    private volatile long startNanos = System.nanoTime();
    private long lastPrint;
    private boolean printedInPlace;

    public SweepProgress(PrintWriter out, boolean terminal) {
        this.out = out;
        this.terminal = terminal;
    }

    /** Prints a line about the sweep (what it is about to do) on the progress stream. */
    public synchronized void announce(String line) {
        out.println(line);
        out.flush();
    }

    /** Starts counting towards {@code totalEvaluations} from now. */
    public void start(long totalEvaluations) {
        total = totalEvaluations;
        done.set(0);
        startNanos = System.nanoTime();
    }

    /** Sets the total to a better estimate (a streaming sweep learns its size as it plans). */
    public void setTotal(long evaluations) {
        total = evaluations;
    }

    /** Raises the total (an adaptive search learns its size round by round). */
    public void addToTotal(long evaluations) {
        total += evaluations;
    }

    public long done() {
        return done.get();
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
        if (taskEnd.taskMetrics() == null || !(taskEnd.reason() instanceof Success$)) {
            return;
        }
        long written = taskEnd.taskMetrics().outputMetrics().recordsWritten();
        if (written > 0) {
            done.addAndGet(written);
            maybePrint(false);
        }
    }

    /** Prints the final state of the line and ends it. */
    public synchronized void finish() {
        maybePrint(true);
        if (printedInPlace) {
            out.println();
            printedInPlace = false;
        }
    }

    private synchronized void maybePrint(boolean force) {
        long now = System.currentTimeMillis();
        long interval = terminal ? INTERVAL_MILLIS : PLAIN_INTERVAL_MILLIS;
        if (!force && now - lastPrint < interval) {
            return;
        }
        lastPrint = now;
        String line = line();
        if (terminal) {
            out.print("\r" + line + "   ");
            printedInPlace = true;
        } else {
            out.println(line);
        }
        out.flush();
    }

    /** "sweep: 1200/5000 evaluations (24.0%), 812/s, ETA 0:05". */
    String line() {
        long d = done.get();
        long t = Math.max(total, d);
        double seconds = Math.max(1e-3, (System.nanoTime() - startNanos) / 1e9);
        double rate = d / seconds;
        String eta = rate > 0 && t > d ? duration((long) Math.ceil((t - d) / rate)) : "-";
        return String.format(Locale.ROOT, "sweep: %d/%d evaluations (%.1f%%), %.0f/s, ETA %s", d, t,
                t == 0 ? 100.0 : 100.0 * d / t, rate, eta);
    }

    static String duration(long seconds) {
        long h = seconds / 3600;
        long m = (seconds / 60) % 60;
        long s = seconds % 60;
        return h > 0 ? String.format(Locale.ROOT, "%d:%02d:%02d", h, m, s) : String.format(Locale.ROOT, "%d:%02d", m, s);
    }
}
