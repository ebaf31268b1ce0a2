package dev.regtune.job.ptxas;

import dev.regtune.space.controls.PtxasControl;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * An installed ptxas as the sweep found it at start-up: where it is, its version (part of every
 * cache key) and the options its {@code --help} lists.
 *
 * @param executable the ptxas executable
 * @param version "13.0.88", from {@code ptxas --version}
 * @param options what {@code ptxas --help} lists
 */
public record PtxasInstallation(Path executable, String version, PtxasOptions options) {
    private static final Pattern VERSION = Pattern.compile("V(\\d+(?:\\.\\d+)+)");
    private static final Duration PROBE_TIMEOUT = Duration.ofMinutes(1);

    /**
     * Asks {@code executable} for its version and options.
     *
     * @throws IOException with one sentence when it cannot be run or does not print a ptxas version
     */
    public static PtxasInstallation probe(Path executable) throws IOException {
        PtxasProcess.Run version = PtxasProcess.run(List.of(executable.toString(), "--version"), Map.of(),
                PROBE_TIMEOUT);
        Matcher m = VERSION.matcher(version.output());
        if (version.exitCode() != 0 || !m.find()) {
            throw new IOException("'" + executable + " --version' did not print a ptxas version");
        }
        PtxasProcess.Run help = PtxasProcess.run(List.of(executable.toString(), "--help"), Map.of(), PROBE_TIMEOUT);
        return new PtxasInstallation(executable, m.group(1), PtxasOptions.parse(help.output()));
    }

    /**
     * Refuses controls this ptxas does not know.
     *
     * @throws IllegalArgumentException naming the first such control and its option
     */
    public void requireKnown(Collection<PtxasControl> controls) {
        List<PtxasControl> unknown = options.unknown(controls);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("the installed ptxas " + version + " (" + executable + ") does not "
                    + "know " + unknown.stream().map(c -> "--" + c.name()).collect(Collectors.joining(", "))
                    + ", which the space sets; remove " + (unknown.size() == 1 ? "that control" : "those controls")
                    + " or use a ptxas that has " + (unknown.size() == 1 ? "it" : "them"));
        }
    }

    /** "ptxas 13.0.88 (/usr/local/bin/ptxas)". */
    public String describe() {
        return "ptxas " + version + " (" + executable + ")";
    }
}
