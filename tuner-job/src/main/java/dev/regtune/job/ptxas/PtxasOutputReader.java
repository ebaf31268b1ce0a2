package dev.regtune.job.ptxas;

import dev.regtune.job.fidelity.PtxasMeasurement;
import dev.regtune.job.fidelity.PtxasVerboseParser;
import dev.regtune.job.results.ResultStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns one ptxas process into a {@link PtxasOutcome}: its {@code -v} figures for the entry
 * ({@link PtxasVerboseParser}, plus the static shared memory of its {@code Used} line) when it
 * compiled, else its own error lines, an ALLOC_FAILED when they say it ran out of registers.
 */
final class PtxasOutputReader {
    private static final Pattern ENTRY = Pattern.compile("Compiling entry function '([^']+)'");
    private static final Pattern USED = Pattern.compile("Used \\d+ registers.*?(?:(\\d+) bytes smem)?$");
    private static final Pattern SMEM = Pattern.compile("(\\d+) bytes smem");
    private static final Pattern PROBLEM = Pattern.compile("^ptxas\\b[^:]*\\b(error|fatal)\\s*:\\s*(.+)$");
    private static final Pattern WARNING = Pattern.compile("^ptxas\\b[^:]*\\bwarning\\s*:\\s*(.+)$");
    private static final Pattern OUT_OF_REGISTERS = Pattern.compile("Insufficient registers|Register allocation failed");
    private static final String ABORTED = "Ptx assembly aborted due to errors";

    private PtxasOutputReader() {
    }

    static PtxasOutcome read(PtxasProcess.Run run, String entry, Duration timeout) {
        if (run.timedOut()) {
            return PtxasOutcome.failed(ResultStatus.TIMEOUT, "ptxas did not finish within "
                    + timeout.toMillis() / 1000.0 + " s (--ptxas-timeout) and was killed", run.millis());
        }
        List<String> problems = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (String line : run.output().split("\\R")) {
            Matcher m = PROBLEM.matcher(line.strip());
            if (m.find()) {
                String text = m.group(2).strip();
                if (!text.equals(ABORTED)) {
                    problems.add(line.strip());
                }
            } else if ((m = WARNING.matcher(line.strip())).find()) {
                warnings.add(line.strip());
            }
        }
        if (run.exitCode() != 0) {
            String message = problems.isEmpty() ? "ptxas failed with exit status " + run.exitCode()
                    : PtxasOutcome.join(problems);
            ResultStatus status = OUT_OF_REGISTERS.matcher(run.output()).find() ? ResultStatus.ALLOC_FAILED
                    : ResultStatus.ERROR;
            return PtxasOutcome.failed(status, message, run.millis());
        }
        PtxasMeasurement m = PtxasVerboseParser.parse(run.output()).stream()
                .filter(x -> x.entry() && x.function().equals(entry)).findFirst().orElse(null);
        if (m == null || m.registers() < 0) {
            return PtxasOutcome.failed(ResultStatus.ERROR, "ptxas compiled without printing the figures of entry '"
                    + entry + "' (-v)", run.millis());
        }
        return new PtxasOutcome(ResultStatus.OK, PtxasOutcome.join(warnings), m.registers(), m.spillStoreBytes(),
                m.spillLoadBytes(), m.stackFrameBytes(), smem(run.output(), entry), run.millis());
    }

    /** The "N bytes smem" of the entry's {@code Used} line; 0 when it prints none. */
    private static int smem(String output, String entry) {
        boolean inEntry = false;
        for (String line : output.split("\\R")) {
            Matcher e = ENTRY.matcher(line);
            if (e.find()) {
                inEntry = e.group(1).equals(entry);
            } else if (inEntry && USED.matcher(line).find()) {
                Matcher s = SMEM.matcher(line);
                return s.find() ? Integer.parseInt(s.group(1)) : 0;
            }
        }
        return 0;
    }
}
