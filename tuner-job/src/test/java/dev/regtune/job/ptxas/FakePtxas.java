package dev.regtune.job.ptxas;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A shell script standing in for ptxas in tests: it counts its compiles in a file next to it, answers
 * {@code --version} and {@code --help} as 13.0.88 does (briefly), prints {@code -v} figures for the
 * entry of {@code -e}, fails with a ptxas error under {@code --fmad true}, and under
 * {@code --fmad false} starts a child {@code sleep} and waits for it (so a test can time it out and
 * look for the child afterwards).
 */
public final class FakePtxas {
    /** The sleep the script's child runs: a number no other process on the machine uses. */
    static final String SLEEP = "617.25";

    private FakePtxas() {
    }

    /** Writes the script into {@code dir}; its compiles are counted in {@link #compiles}. */
    public static Path install(Path dir) throws IOException {
        Path script = dir.resolve("ptxas");
        Path counter = dir.resolve("compiles");
        Files.writeString(script, """
                #!/bin/sh
                case "$*" in
                  *--version*) echo "Cuda compilation tools, release 13.0, V13.0.88"; exit 0 ;;
                  *--help*) printf '%s\\n' '--fmad <true|false>   (-fmad)' '--register-usage-level <0..10>   (-regUsageLevel)' \
                      '--maxrregcount <archmax/archmin/N>   (-maxrregcount)'; exit 0 ;;
                esac
                echo x >> 'COUNTER'
                case "$*" in
                  *"--fmad false"*) sleep SLEEP & wait; exit 0 ;;
                  *"--fmad true"*) echo "ptxas error   : Invalid value for fmad in $(ls *.ptx)" >&2
                                   echo "ptxas fatal   : Ptx assembly aborted due to errors" >&2; exit 255 ;;
                esac
                entry=""
                while [ $# -gt 0 ]; do
                  if [ "$1" = "-e" ]; then entry="$2"; fi
                  shift
                done
                echo "ptxas info    : Compiling entry function '$entry' for 'sm_90'" >&2
                echo "ptxas info    : Function properties for $entry" >&2
                echo "    8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads" >&2
                echo "ptxas info    : Used 40 registers, used 1 barriers, 1024 bytes smem" >&2
                """.replace("COUNTER", counter.toString()).replace("SLEEP", SLEEP), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    /** How many times the script in {@code dir} compiled. */
    public static int compiles(Path dir) throws IOException {
        Path counter = dir.resolve("compiles");
        return Files.exists(counter) ? Files.readAllLines(counter).size() : 0;
    }

    /** Whether a child sleep of the script is still alive anywhere on the machine. */
    static boolean sleeperAlive() {
        return ProcessHandle.allProcesses().anyMatch(p -> p.info().commandLine().orElse("").contains(SLEEP));
    }
}
