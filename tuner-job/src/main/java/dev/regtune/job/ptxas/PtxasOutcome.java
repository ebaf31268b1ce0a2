package dev.regtune.job.ptxas;

import dev.regtune.job.results.ResultStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What one ptxas evaluation gave: its status, ptxas's own message, and, when it compiled, the
 * figures of {@code -v}.
 *
 * @param status OK, ALLOC_FAILED (ptxas ran out of registers), ERROR (any other failure) or TIMEOUT
 * @param message "" for a clean OK; ptxas's warnings for an OK with warnings; its error lines otherwise
 * @param registers "Used N registers"; -1 when it did not compile
 * @param spillStoreBytes "N bytes spill stores"; -1 when it did not compile
 * @param spillLoadBytes "N bytes spill loads"; -1 when it did not compile
 * @param stackFrameBytes "N bytes stack frame"; -1 when it did not compile
 * @param smemBytes "N bytes smem" (0 when ptxas prints none); -1 when it did not compile
 * @param compileMillis wall time of the ptxas process
 */
public record PtxasOutcome(ResultStatus status, String message, int registers, int spillStoreBytes,
        int spillLoadBytes, int stackFrameBytes, int smemBytes, long compileMillis) {
    private static final int FIELDS = 8;

    /** A failure without figures. */
    public static PtxasOutcome failed(ResultStatus status, String message, long compileMillis) {
        return new PtxasOutcome(status, message, -1, -1, -1, -1, -1, compileMillis);
    }

    /** Whether ptxas compiled the entry, so the figures are set. */
    public boolean compiled() {
        return registers >= 0;
    }

    /** Whether this outcome is the same whenever the same input is compiled (a timeout is not). */
    public boolean cacheable() {
        return status != ResultStatus.TIMEOUT;
    }

    /** One line of tab-separated fields, the message escaped: the cache's file format. */
    public String encode() {
        return String.join("\t", status.name(), escape(message), Integer.toString(registers),
                Integer.toString(spillStoreBytes), Integer.toString(spillLoadBytes), Integer.toString(stackFrameBytes),
                Integer.toString(smemBytes), Long.toString(compileMillis)) + "\n";
    }

    /** The outcome {@link #encode()} wrote, or empty for text that is not one (a damaged cache file). */
    public static Optional<PtxasOutcome> decode(String text) {
        String[] f = text.strip().split("\t", -1);
        if (f.length != FIELDS) {
            return Optional.empty();
        }
        try {
            return Optional.of(new PtxasOutcome(ResultStatus.valueOf(f[0]), unescape(f[1]), Integer.parseInt(f[2]),
                    Integer.parseInt(f[3]), Integer.parseInt(f[4]), Integer.parseInt(f[5]), Integer.parseInt(f[6]),
                    Long.parseLong(f[7])));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
    }

    private static String unescape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                out.append(switch (n) {
                    case 't' -> '\t';
                    case 'n' -> '\n';
                    case 'r' -> '\r';
                    default -> n;
                });
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Lines joined with "; ". */
    static String join(List<String> lines) {
        return String.join("; ", new ArrayList<>(lines));
    }
}
