package dev.regtune.job.cli;

import dev.regtune.datasets.synthetic.KernelFamily;
import dev.regtune.datasets.synthetic.SyntheticFamilies;
import dev.regtune.datasets.synthetic.SyntheticKernel;
import dev.regtune.datasets.synthetic.SyntheticSeries;
import dev.regtune.datasets.synthetic.SyntheticSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code regtune datasets generate}: write a series of synthetic kernels of one family as PTX files.
 *
 * <p>Not a {@link RegtuneCommand}: that class's {@code @ParentCommand} is typed {@link RegtuneMain},
 * and Picocli will not inject this command's parent ({@link DatasetsCommand}) there; {@link #call()}
 * maps failures to exit codes the same way.
 */
@Command(name = "generate",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Write COUNT synthetic kernels of one family as PTX files named FAMILY-SEED-INDEX.ptx (INDEX from 0), "
                    + "one .visible .entry each (named FAMILY_SEED_INDEX), for ptxas and for the model alike. "
                    + "Parameters not fixed with --param are drawn per index from the seed within the family's "
                    + "ranges (log-uniformly for wide ranges), and lowered where needed to fit --instructions. "
                    + "The same options always write the same bytes; kernels are generated and written one at a "
                    + "time.",
            "Families (parameters, the first moves register pressure most; 'regtune datasets list' describes "
                    + "them): accumulators (n 1..256, loads 1..32), stencil (radius 1..6, dims 1..2), reduction "
                    + "(k 1..128, wide 0..1), loop-live-through (live 1..192, temps 1..64), predicated (predicates "
                    + "1..32, region 1..16), pairs64 (pairs 1..120, streams 1..8), mma (tn 1..8, tm 1..4; sm_80 "
                    + "and up).",
            "Prints one line per file (path, entry, instructions, parameters), then a summary line."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:every file was written",
            "1:a file could not be written (the files before it were)",
            "2:usage error: unknown family, bad parameter or range, target too small for the parameters, "
                    + "output folder not creatable or not writable"
        })
public final class DatasetsGenerateCommand extends RegtuneCommand {
    /** Most files one run writes. */
    static final int MAX_COUNT = 1_000_000;


    @Option(names = "--family", required = true, paramLabel = "FAMILY",
            description = "The kernel family: accumulators, stencil, reduction, loop-live-through, predicated, "
                    + "pairs64 or mma.")
    String family;

    @Option(names = "--param", paramLabel = "KEY=VALUE",
            description = "Fix one of the family's parameters for every kernel, e.g. n=64; repeatable. Values are "
                    + "integers within the parameter's range.")
    List<String> params = new ArrayList<>();

    @Option(names = "--instructions", paramLabel = "N", defaultValue = "" + SyntheticSpec.DEFAULT_INSTRUCTIONS,
            description = "Target PTX instructions per kernel, " + SyntheticSpec.MIN_INSTRUCTIONS + " to "
                    + SyntheticSpec.MAX_INSTRUCTIONS + "; every kernel is within 20%% (default: ${DEFAULT-VALUE}).")
    int instructions;

    @Option(names = "--count", required = true, paramLabel = "N",
            description = "How many kernels to write, 1 to 1000000.")
    int count;

    @Option(names = "--seed", required = true, paramLabel = "S",
            description = "Seed of the series (a non-negative integer); it is part of every file name.")
    long seed;

    @Option(names = "--arch", paramLabel = "ARCH", defaultValue = SyntheticSpec.DEFAULT_ARCH,
            description = "The .target of the PTX: sm_75, sm_80, sm_86, sm_89 or sm_90 (mma: sm_80 and up) "
                    + "(default: ${DEFAULT-VALUE}).")
    String arch;

    @Option(names = "--out", required = true, paramLabel = "DIR",
            description = "Folder to write to; created if missing. Existing files of the same names are replaced.")
    Path out;

    @Override
    protected int run() throws IOException {
        SyntheticSeries series = series();
        if (count < 1 || count > MAX_COUNT) {
            throw new UsageException("--count must be from 1 to " + MAX_COUNT + ", not " + count);
        }
        Path folder = outputFolder();
        PrintWriter o = spec.commandLine().getOut();
        long total = 0;
        for (int i = 0; i < count; i++) {
            SyntheticKernel k = series.kernel(i);
            Path file = folder.resolve(series.fileName(i));
            try {
                Files.writeString(file, k.ptxText(), StandardCharsets.US_ASCII);
            } catch (IOException e) {
                throw new IOException("cannot write '" + file + "': " + e.getMessage(), e);
            }
            total += k.instructionCount();
            o.printf("%s  %s  %d instructions  %s%n", file, k.name(), k.instructionCount(), k.describeParameters());
        }
        o.printf("generated %d %s kernel%s for %s, %d instructions in all (target %d each), in %s%n", count,
                series.spec().family(), count == 1 ? "" : "s", series.spec().arch(), total, instructions, folder);
        o.flush();
        return 0;
    }

    /** Checks family, parameters, target and arch before anything is written. */
    private SyntheticSeries series() {
        if (seed < 0) {
            throw new UsageException("--seed must not be negative, not " + seed);
        }
        try {
            KernelFamily f = SyntheticFamilies.byName(family);
            SyntheticSpec s = SyntheticSpec.of(f.name()).withArch(arch);
            for (String p : params) {
                String key = p.contains("=") ? p.substring(0, p.indexOf('=')).strip() : p.strip();
                if (key.equals(SyntheticSpec.INSTRUCTIONS) || key.equals(SyntheticSpec.ARCH)) {
                    throw new UsageException("--param sets family parameters; give " + key + " with --" + key);
                }
                s = s.with(p);
            }
            if (instructions < SyntheticSpec.MIN_INSTRUCTIONS || instructions > SyntheticSpec.MAX_INSTRUCTIONS) {
                throw new UsageException("--instructions must be from " + SyntheticSpec.MIN_INSTRUCTIONS + " to "
                        + SyntheticSpec.MAX_INSTRUCTIONS + ", not " + instructions);
            }
            return new SyntheticSeries(s.withInstructions(instructions), seed);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** The --out folder, created if missing; a usage error if it cannot be created or written. */
    private Path outputFolder() {
        try {
            Files.createDirectories(out);
        } catch (FileAlreadyExistsException e) {
            throw new UsageException("output folder '" + out + "' is a file, not a folder");
        } catch (FileSystemException e) {
            String reason = e.getReason() != null ? e.getReason() : e.getMessage();
            throw new UsageException("cannot create output folder '" + out + "': " + reason);
        } catch (IOException e) {
            throw new UsageException("cannot create output folder '" + out + "': " + e.getMessage());
        }
        if (!Files.isWritable(out)) {
            throw new UsageException("output folder '" + out + "' is not writable");
        }
        return out;
    }
}
