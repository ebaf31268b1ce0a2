package dev.regtune.job.cli;

import dev.regtune.job.select.NvccExport;
import dev.regtune.job.select.ProfileExport;
import dev.regtune.job.select.SavedSelection;
import dev.regtune.job.select.SelectionInputException;
import dev.regtune.job.select.SelectionJson;
import dev.regtune.job.storage.Location;
import dev.regtune.space.profile.ProfileFormat;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code regtune export}: write a selected configuration as a tuned knob profile. */
@Command(name = "export",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Write the global configuration of a selection file ('regtune select'), or one kernel's best "
                    + "configuration, as a knob profile: JSON, a ptxas-style knobs file or CSV (see the "
                    + "knob-space profile formats). The profile has the knobs that differ from their defaults, the "
                    + "register budget, the objective, provenance (the results folder as the corpus, the run ids, "
                    + "the model version) and scores.",
            "Global configuration: train and test scores are the geometric-mean ratios to each kernel's best "
                    + "(objective), mean and largest regret, and, when the default configuration was in the table, "
                    + "its score (default_objective) and the improvement over it. One kernel's best: the objective "
                    + "value itself, registers, spill_bytes, est_latency_cycles and the same comparison with the "
                    + "default on that kernel.",
            "A profile cannot hold launch bounds: when the configuration imposes them, a note says which."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the profile was written",
            "1:the profile could not be written",
            "2:usage error: unreadable selection file, no global configuration, unknown or ambiguous --kernel, "
                    + "unknown format"
        })
public final class ExportCommand extends RegtuneCommand {

    @Option(names = "--selection", paramLabel = "FILE", required = true,
            description = "The selection file written by 'regtune select': a path or a Hadoop URI.")
    String selection;

    @Option(names = "--kernel", paramLabel = "KERNEL",
            description = "Export this kernel's best configuration instead of the global one: its kernel_id, or "
                    + "its name when that is unique (with --arch).")
    String kernel;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "json, knobs or csv (default: from the --out extension: .json, .knobs or .txt, .csv), or "
                    + "nvcc: the configuration's public ptxas controls as an 'nvcc -Xptxas=...' line and a ptxas "
                    + "command line, with a __launch_bounds__ suggestion per kernel.")
    String format;

    @Option(names = "--out", paramLabel = "FILE", required = true,
            description = "The profile file to write (replaced if it exists): a path or a Hadoop URI.")
    String out;

    @Option(names = "--arch", paramLabel = "ARCH",
            description = "The profile's architecture; needed for the global configuration when the selection "
                    + "covers several (the configuration is the same for each).")
    String arch;

    @Override
    protected int run() throws IOException {
        Location target = Arguments.location(out, "--out");
        if (format != null && format.strip().equalsIgnoreCase("nvcc")) {
            return nvcc(target);
        }
        ProfileFormat f;
        try {
            f = format != null ? ProfileFormat.named(format)
                    : ProfileFormat.forPath(target.localPath().orElse(Path.of(target.name())));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Arguments.parentExists(target, "the profile");
        Location from = Arguments.location(selection, "--selection");
        ProfileExport.Exported exported;
        try {
            SavedSelection saved = SelectionJson.read(from);
            exported = kernel != null ? ProfileExport.kernel(saved, kernel, Optional.ofNullable(arch))
                    : ProfileExport.global(saved, Optional.ofNullable(arch));
        } catch (SelectionInputException e) {
            throw new UsageException(e.getMessage());
        }
        target.writeString(f.toText(exported.profile()));
        out().printf("profile: %s for %s, %d changed knob%s, maxrregcount %d -> %s (%s)%n", exported.what(),
                exported.profile().arch(), exported.profile().changedKnobs().size(),
                exported.profile().changedKnobs().size() == 1 ? "" : "s", exported.profile().maxrregcount(), out,
                f.id());
        out().flush();
        exported.launchBounds().ifPresent(lb -> note("the configuration also imposes launch bounds " + lb
                + ", which a profile cannot hold; apply them as __launch_bounds__ in the kernel source"));
        return 0;
    }

    /** {@code --format nvcc}: the public controls as command lines, and launch bounds per kernel. */
    private int nvcc(Location target) throws IOException {
        Arguments.parentExists(target, "the flags file");
        String text;
        try {
            text = NvccExport.text(SelectionJson.read(Arguments.location(selection, "--selection")),
                    Optional.ofNullable(kernel), Optional.ofNullable(arch));
        } catch (SelectionInputException e) {
            throw new UsageException(e.getMessage());
        }
        target.writeString(text);
        out().printf("nvcc and ptxas flags: %s -> %s%n", text.lines().findFirst().orElse("").substring(2), out);
        out().flush();
        return 0;
    }
}
