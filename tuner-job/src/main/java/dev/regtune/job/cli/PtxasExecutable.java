package dev.regtune.job.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/** The ptxas a command runs: the one {@code --ptxas} names, else the one on the PATH. */
final class PtxasExecutable {
    private PtxasExecutable() {
    }

    /**
     * @param option the {@code --ptxas} value, or null
     * @param onPath finds ptxas on the PATH (tests replace it)
     * @param purpose what needs ptxas, for the message when there is none ("the manifest")
     * @throws UsageException when the option names no executable or none is on the PATH
     */
    static Path resolve(@Nullable Path option, Supplier<Optional<Path>> onPath, String purpose) {
        if (option != null) {
            if (!Files.isRegularFile(option) || !Files.isExecutable(option)) {
                throw new UsageException("--ptxas '" + option + "' is not an executable file");
            }
            return option;
        }
        return onPath.get().orElseThrow(() -> new UsageException(purpose + " needs the real ptxas, which is "
                + "not on the PATH; install CUDA 13.0 or name it with --ptxas"));
    }
}
