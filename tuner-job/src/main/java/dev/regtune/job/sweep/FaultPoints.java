package dev.regtune.job.sweep;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Named points of a sweep where the fault-injection test crashes the JVM. With the system property
 * {@code regtune.fault.point=NAME} and {@code regtune.fault.at=N}, the N-th passage of point NAME
 * halts the JVM on the spot ({@link Runtime#halt}: no shutdown hook, no {@code finally}, as SIGKILL
 * would); without them a passage is one volatile read. Points cover planning, evaluation (executor
 * side), staging, publishing and run-record writing.
 */
public final class FaultPoints {
    /** Exit status of a halted JVM, that of a SIGKILLed one. */
    public static final int HALT_STATUS = 137;

    private static final String POINT = System.getProperty("regtune.fault.point", "");
    private static final long AT = Long.getLong("regtune.fault.at", 0L);
    private static final AtomicLong PASSED = new AtomicLong();

    private FaultPoints() {
    }

    /** Passes point {@code name}: halts the JVM when it is the injected point's N-th passage. */
    public static void pass(String name) {
        if (AT > 0 && POINT.equals(name) && PASSED.incrementAndGet() == AT) {
            System.err.println("regtune: fault injected at " + name + " #" + AT);
            System.err.flush();
            Runtime.getRuntime().halt(HALT_STATUS);
        }
    }
}
