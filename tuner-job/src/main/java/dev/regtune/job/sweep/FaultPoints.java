package dev.regtune.job.sweep;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Named points of a sweep where the fault-injection test crashes the JVM. With the system property
 * {@code regtune.fault.point=NAME} and {@code regtune.fault.at=N}, the N-th passage of point NAME
 * halts the JVM on the spot ({@link Runtime#halt}: no shutdown hook, no {@code finally}, as SIGKILL
 * would); without them a passage is one volatile read. Points cover planning, evaluation (executor
 * side), staging, publishing and run-record writing. With {@code regtune.fault.kind=throw} the
 * passage throws {@link InjectedFault} instead: a failure the evaluator does not turn into a row,
 * to test how a failed task is reported.
 */
public final class FaultPoints {
    /** Exit status of a halted JVM, that of a SIGKILLed one. */
    public static final int HALT_STATUS = 137;

    private static final String POINT = System.getProperty("regtune.fault.point", "");
    private static final long AT = Long.getLong("regtune.fault.at", 0L);
    private static final boolean THROW = "throw".equals(System.getProperty("regtune.fault.kind", "halt"));
    private static final AtomicLong PASSED = new AtomicLong();

    private FaultPoints() {
    }

    /** The error a passage throws with {@code regtune.fault.kind=throw}. */
    public static final class InjectedFault extends Error {
        private static final long serialVersionUID = 1L;

        InjectedFault(String message) {
            super(message);
        }
    }

    /** Passes point {@code name}: halts the JVM when it is the injected point's N-th passage. */
    public static void pass(String name) {
        if (AT > 0 && POINT.equals(name) && PASSED.incrementAndGet() == AT) {
            if (THROW) {
                throw new InjectedFault("fault injected at " + name + " #" + AT);
            }
            System.err.println("regtune: fault injected at " + name + " #" + AT);
            System.err.flush();
            Runtime.getRuntime().halt(HALT_STATUS);
        }
    }
}
