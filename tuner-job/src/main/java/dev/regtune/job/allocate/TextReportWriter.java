package dev.regtune.job.allocate;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.alloc.CopyCoalescing;
import dev.regtune.core.alloc.KernelTime;
import dev.regtune.core.explain.ExplanationText;
import dev.regtune.core.ir.FunctionKind;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Objects;

/**
 * Writes allocation reports in the shape of {@code ptxas -v}, plus two {@code regtune info} lines
 * with the figures ptxas does not print (estimated latency, occupancy, attempts, budget; then the
 * estimated kernel time, the bound that sets it and the three bounds), so that
 * tools and eyes used to ptxas read them unchanged. Where CICC's copy coalescer ran in front of the
 * allocator, one more {@code regtune info} line gives its counts (copies seen, merged, left).
 */
public final class TextReportWriter {
    private final PrintWriter out;

    public TextReportWriter(PrintWriter out) {
        this.out = out;
    }

    /** Writes one function's report; a {@code PARSE_ERROR} or {@code IO_ERROR} is not written here (it goes to stderr). */
    public void write(FunctionReport report) {
        if (report.status().isFileError()) {
            throw new IllegalArgumentException("a " + report.status() + " has no ptxas -v text");
        }
        AllocationResult r = Objects.requireNonNull(report.result()); // not a PARSE_ERROR
        String what = report.kind() == FunctionKind.FUNC ? "function" : "entry function";
        out.println("ptxas info    : Compiling " + what + " '" + r.function() + "' for '" + r.arch() + "'");
        if (r.status() == AllocationStatus.ALLOC_FAILED) {
            out.println("ptxas error   : " + r.message());
            writeCopyCoalescing(r.copyCoalescing());
            writeExplanation(report);
            out.flush();
            return;
        }
        out.println("ptxas info    : Function properties for " + r.function());
        out.println("    " + r.spills().stackFrameBytes() + " bytes stack frame, " + r.spills().storeBytes() + " bytes spill stores, "
                + r.spills().loadBytes() + " bytes spill loads");
        out.println("ptxas info    : Used " + r.registers() + " registers, " + r.usage().uniform()
                + " uniform registers, " + r.usage().predicates() + " predicate registers");
        StringBuilder info = new StringBuilder("regtune info  : est latency ").append(r.estimates().latencyCycles())
                .append(" cycles, occupancy ").append(String.format(Locale.ROOT, "%.3f", r.estimates().occupancy()))
                .append(" (").append(r.estimates().activeWarps()).append(" warps/SM), ").append(r.stats().attempts())
                .append(" attempts, budget ").append(r.usage().budget());
        if (r.spills().smemBytes() > 0) {
            info.append(", ").append(r.spills().smemBytes()).append(" bytes shared-memory spill");
        }
        out.println(info);
        out.println(timeLine(r.estimates().time()));
        writeCopyCoalescing(r.copyCoalescing());
        if (report.check() != null) {
            out.println(report.check().ok() ? "regtune info  : allocation verified by the checker"
                    : "regtune error : " + report.check().summary());
        }
        writeExplanation(report);
        out.flush();
    }

    /**
     * The estimated kernel time's line: its cycles, the bound that sets them and the three bounds, so
     * that a reader sees whether more warps (latency), fewer instructions (issue) or fewer memory
     * requests (memory) would shorten it.
     */
    static String timeLine(KernelTime t) {
        if (!t.known()) {
            return "regtune info  : est time none (no block fits on an SM)";
        }
        return String.format(Locale.ROOT, "regtune info  : est time %d cycles, %s-bound (issue %.0f, latency %.0f, "
                + "memory %.0f cycles)", t.cycles(), t.bound().name().toLowerCase(Locale.ROOT), t.issueCycles(),
                t.latencyCycles(), t.memoryCycles());
    }

    /** What {@code --explain} adds: the allocator's decisions, stage by stage, and why the count is what it is. */
    private void writeExplanation(FunctionReport report) {
        if (report.explanation().isEmpty()) {
            return;
        }
        out.println("regtune explain: " + report.function());
        for (String line : ExplanationText.render(Objects.requireNonNull(report.result()), report.explanation())) {
            out.println(line);
        }
    }

    /** The copy coalescer's line, when it ran: it coalesced before allocating, so a failure has it too. */
    private void writeCopyCoalescing(CopyCoalescing c) {
        if (!c.equals(CopyCoalescing.NONE)) {
            out.println("regtune info  : copy coalescer: " + c.copiesSeen() + " copies seen, " + c.copiesMerged()
                    + " merged, " + c.copiesLeft() + " left, " + c.passes() + (c.passes() == 1 ? " pass" : " passes"));
        }
    }
}
