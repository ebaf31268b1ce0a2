package dev.regtune.job.ptxas;

import dev.regtune.core.ir.LaunchBounds;
import dev.regtune.space.Configuration;
import dev.regtune.space.controls.PtxasControl;
import dev.regtune.space.controls.PtxasControls;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The ptxas command line of one evaluation: {@code ptxas -v -arch=ARCH [-maxrregcount N] [--maxntid T
 * [--minnctapersm B] --override-directive-values] [controls, in catalogue order] -e ENTRY -o /dev/null
 * FILE}. Launch bounds go through ptxas's own options with {@code --override-directive-values}, so
 * they replace the kernel's own {@code .maxntid} and {@code .minnctapersm} as the model's
 * {@code launch_bounds} dimension does; ptxas ignores them, with a warning, when {@code -maxrregcount}
 * is given too.
 *
 * @param executable the ptxas executable
 * @param arch the architecture, sm_XX
 * @param entry the kernel entry to compile
 * @param registerBudget {@code -maxrregcount}, 0 to leave it out
 * @param launchBounds "256" or "256x2", or null to keep the kernel's own
 * @param controls control dimension to value ({@code ptxas_fmad} to {@code false})
 * @param fileName the PTX file's name in the folder ptxas runs in
 */
public record PtxasCommand(String executable, String arch, String entry, int registerBudget,
        @Nullable String launchBounds, SortedMap<String, String> controls, String fileName) {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./=:,+-]+");

    public PtxasCommand {
        controls = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(controls));
    }

    /**
     * The arguments after the executable and before the file: what decides ptxas's answer.
     *
     * @throws IllegalArgumentException for a control this catalogue does not have or a value it does not accept
     */
    public List<String> options() {
        List<String> a = new ArrayList<>(List.of("-v", "-arch=" + arch));
        a.addAll(controlOptions(registerBudget, launchBounds, controls));
        a.addAll(List.of("-e", entry, "-o", "/dev/null"));
        return a;
    }

    /**
     * The options that set a configuration's public controls: {@code -maxrregcount N} (when not 0),
     * the launch bounds, then the controls in catalogue order.
     *
     * @throws IllegalArgumentException for a control this catalogue does not have or a value it does not accept
     */
    public static List<String> controlOptions(int registerBudget, @Nullable String launchBounds,
            SortedMap<String, String> controls) {
        List<String> a = new ArrayList<>();
        if (registerBudget > 0) {
            a.addAll(PtxasControls.MAXRREGCOUNT.arguments(Integer.toString(registerBudget)));
        }
        if (launchBounds != null) {
            LaunchBounds b = Configuration.parseLaunchBounds(launchBounds);
            a.addAll(PtxasControls.MAXNTID.arguments(Integer.toString(b.maxThreads())));
            if (b.minBlocksPerSm() > 0) {
                a.addAll(PtxasControls.MINNCTAPERSM.arguments(Integer.toString(b.minBlocksPerSm())));
            }
            a.addAll(PtxasControls.OVERRIDE_DIRECTIVE_VALUES.arguments("true"));
        }
        for (PtxasControl c : PtxasControls.all()) {
            String v = controls.get(c.column());
            if (v != null) {
                a.addAll(c.arguments(v));
            }
        }
        for (String column : controls.keySet()) {
            if (PtxasControls.byName(column).isEmpty()) {
                throw new IllegalArgumentException("'" + column + "' is not a ptxas control RegTune knows");
            }
        }
        return a;
    }

    /**
     * {@code options} as one {@code -Xptxas} argument of nvcc: each option with its value joined by
     * "=", options joined by ",": {@code -maxrregcount=64,--fmad=false,--extensible-whole-program}.
     */
    public static String forNvcc(List<String> options) {
        List<String> joined = new ArrayList<>();
        for (int i = 0; i < options.size(); i++) {
            String o = options.get(i);
            if (i + 1 < options.size() && !options.get(i + 1).startsWith("-")) {
                o += "=" + options.get(++i);
            }
            joined.add(o);
        }
        return String.join(",", joined);
    }

    /** {@code words} as one shell line, each quoted where it needs it. */
    public static String shellLine(List<String> words) {
        return words.stream().map(PtxasCommand::quote).collect(Collectors.joining(" "));
    }

    /** The whole command as the process runs it. */
    public List<String> arguments() {
        List<String> a = new ArrayList<>();
        a.add(executable);
        a.addAll(options());
        a.add(fileName);
        return a;
    }

    /**
     * The command as one line to paste into a shell, the PTX file named {@code shownFile} (the path
     * the sweep read it from) rather than its name in the temporary folder.
     */
    public String display(String shownFile) {
        List<String> a = arguments();
        a.set(a.size() - 1, shownFile);
        return shellLine(a);
    }

    /**
     * The name ptxas sees for a PTX file the sweep names {@code source}: its own file name, else
     * "module.ptx" (a generator, or a name a shell would need quoted). Part of the cache key, so the
     * sweep and {@code select --confirm} compile under the same name.
     */
    public static String fileNameOf(String source) {
        String name = source.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1);
        return name.endsWith(".ptx") && name.length() > 4 && name.matches("[A-Za-z0-9._+-]+") ? name : "module.ptx";
    }

    private static String quote(String s) {
        return PLAIN.matcher(s).matches() ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
