package dev.regtune.job.fidelity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the per-function figures out of {@code ptxas -v} output (ptxas writes it to stderr).
 *
 * <p>Per entry ptxas prints {@code Compiling entry function 'X' for 'sm_NN'}, {@code Function
 * properties for X}, {@code N bytes stack frame, N bytes spill stores, N bytes spill loads} and
 * {@code Used N registers, ...}, followed by the {@code Function properties} of the {@code .func}s
 * it calls, repeated under each calling entry (the largest figures are kept). A stack line
 * belongs to the function named by the {@code Function properties} line before it; a {@code Used}
 * line to the function being compiled. Other lines (warnings, cmem, compile time) are ignored.
 */
public final class PtxasVerboseParser {
    private static final Pattern ENTRY = Pattern.compile("Compiling entry function '([^']+)' for '(sm_\\w+)'");
    private static final Pattern FUNCTION = Pattern.compile("Compiling function '([^']+)' for '(sm_\\w+)'");
    private static final Pattern PROPERTIES = Pattern.compile("Function properties for (\\S+)");
    private static final Pattern STACK = Pattern.compile(
            "(\\d+) bytes stack frame, (\\d+) bytes spill stores, (\\d+) bytes spill loads");
    private static final Pattern USED = Pattern.compile("Used (\\d+) registers");

    private PtxasVerboseParser() {
    }

    /** Every function the output reports, in the order it first appears. */
    public static List<PtxasMeasurement> parse(String output) {
        Map<String, Builder> functions = new LinkedHashMap<>();
        Builder compiling = null;
        Builder properties = null;
        for (String line : output.split("\\R")) {
            Matcher m;
            if ((m = ENTRY.matcher(line)).find()) {
                compiling = functions.computeIfAbsent(m.group(1), Builder::new);
                compiling.entry = true;
                properties = null;
            } else if ((m = FUNCTION.matcher(line)).find()) {
                compiling = functions.computeIfAbsent(m.group(1), Builder::new);
                properties = null;
            } else if ((m = PROPERTIES.matcher(line)).find()) {
                properties = functions.computeIfAbsent(m.group(1), Builder::new);
            } else if ((m = STACK.matcher(line)).find()) {
                if (properties != null) {
                    properties.stack(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                            Integer.parseInt(m.group(3)));
                    properties = null;
                }
            } else if ((m = USED.matcher(line)).find()) {
                if (compiling != null) {
                    compiling.registers = Integer.parseInt(m.group(1));
                }
            }
        }
        List<PtxasMeasurement> result = new ArrayList<>(functions.size());
        for (Builder b : functions.values()) {
            result.add(new PtxasMeasurement(b.name, b.entry, b.registers, b.store, b.load, b.frame));
        }
        return result;
    }

    private static final class Builder {
        final String name;
        boolean entry;
        int registers = -1;
        int frame;
        int store;
        int load;

        Builder(String name) {
            this.name = name;
        }

        void stack(int f, int s, int l) {
            frame = Math.max(frame, f);
            store = Math.max(store, s);
            load = Math.max(load, l);
        }
    }
}
