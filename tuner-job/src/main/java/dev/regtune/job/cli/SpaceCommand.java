package dev.regtune.job.cli;

import picocli.CommandLine.Command;

/** {@code regtune space}: knob space specs, checked and sampled. */
@Command(name = "space",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Knob space specs (JSON files such as spaces/quickstart.json): validate one, or sample "
                + "configurations from it.",
        subcommands = {
            SpaceValidateCommand.class,
            SpaceSampleCommand.class
        })
public final class SpaceCommand {
}
