package dev.regtune.job.cli;

import picocli.CommandLine.Command;

/** {@code regtune datasets}: the bundled corpus, its manifest and the synthetic kernel families. */
@Command(name = "datasets",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "The bundled kernel corpus, its manifest of ptxas measurements, and synthetic kernel families.",
        subcommands = {
            DatasetsListCommand.class,
            DatasetsManifestCommand.class,
            DatasetsGenerateCommand.class,
            DatasetsProbeCommand.class
        })
public final class DatasetsCommand {
}
