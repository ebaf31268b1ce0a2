package dev.regtune.job.select;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.arch.Occupancy;
import dev.regtune.core.arch.OccupancyCalculator;
import dev.regtune.core.ir.LaunchBounds;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.ptxas.PtxasCommand;
import dev.regtune.space.Configuration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A selected configuration as what a CUDA engineer can act on today: its public ptxas controls as an
 * {@code nvcc -Xptxas=...} line and as a ptxas command line, and, per kernel of the selection, a
 * {@code __launch_bounds__} that keeps the registers of its best configuration: the configuration's
 * own launch bounds where it imposes them, else the blocks per SM RegTune's occupancy calculator
 * gives those registers at the model's default block size (no shared memory counted). Model knobs,
 * which no shipping compiler reads, are only counted in a comment.
 */
public final class NvccExport {
    private static final OccupancyCalculator OCCUPANCY = new OccupancyCalculator();

    private NvccExport() {
    }

    /**
     * The export's text: comment lines ({@code #}) and the two command lines.
     *
     * @param kernel a kernel whose best configuration to export, or empty for the global configuration
     * @param arch the architecture, needed for the global configuration of a multi-architecture selection
     * @throws SelectionInputException as {@link ProfileExport#chosen} does, or for a configuration whose
     *     controls this build does not know
     */
    public static String text(SavedSelection s, Optional<String> kernel, Optional<String> arch) {
        ProfileExport.Chosen chosen = ProfileExport.chosen(s, kernel, arch);
        Configuration c = chosen.choice().configuration();
        List<String> options;
        try {
            options = PtxasCommand.controlOptions(c.registerBudget(), c.get(Configuration.LAUNCH_BOUNDS), c.controls());
        } catch (IllegalArgumentException e) {
            throw new SelectionInputException(chosen.what() + ": " + e.getMessage());
        }
        String file = chosen.kernel().map(SavedSelection.Kernel::source).filter(f -> f.endsWith(".ptx"))
                .orElse("FILE.ptx");
        StringBuilder out = new StringBuilder();
        out.append("# ").append(chosen.what()).append(", objective ").append(s.objective()).append(", rows of ")
                .append(String.join(", ", s.modelVersions())).append(" in ").append(s.results()).append('\n');
        int modelKnobs = changedKnobs(c);
        if (modelKnobs > 0) {
            out.append("# it also sets ").append(modelKnobs).append(" model knob").append(modelKnobs == 1 ? "" : "s")
                    .append(", which no shipping ptxas reads (export them with --format json)\n");
        }
        out.append("# nvcc: the ptxas controls through -Xptxas\n");
        List<String> nvcc = new ArrayList<>(List.of("nvcc", "-arch=" + chosen.arch()));
        if (!options.isEmpty()) {
            nvcc.add("-Xptxas=" + PtxasCommand.forNvcc(options));
        }
        out.append(PtxasCommand.shellLine(nvcc)).append(" ...\n");
        out.append("# ptxas: the same controls\n");
        List<String> ptxas = new ArrayList<>(List.of("ptxas", "-v", "-arch=" + chosen.arch()));
        ptxas.addAll(options);
        ptxas.add(file);
        out.append(PtxasCommand.shellLine(ptxas)).append('\n');
        out.append("# __launch_bounds__ per kernel: the configuration's own where it imposes them, else the blocks per "
                + "SM its registers allow at ").append(defaultThreads()).append(" threads per block\n");
        for (SavedSelection.Kernel k : s.kernels()) {
            if (!k.arch().equals(chosen.arch()) || k.best().isEmpty()
                    || chosen.kernel().filter(x -> !x.kernelId().equals(k.kernelId())).isPresent()) {
                continue;
            }
            launchBounds(k).ifPresent(line -> out.append(line).append('\n'));
        }
        return out.toString();
    }

    private static Optional<String> launchBounds(SavedSelection.Kernel k) {
        SavedSelection.Choice best = k.best().orElseThrow();
        Double registers = best.train().figures().get("registers");
        String head = "# " + k.kernelName() + " (" + k.arch() + ", " + k.source() + "): ";
        Optional<LaunchBounds> imposed = best.configuration().launchBounds();
        if (imposed.isPresent()) {
            LaunchBounds b = imposed.get();
            return Optional.of(head + "__launch_bounds__(" + b.maxThreads()
                    + (b.minBlocksPerSm() > 0 ? ", " + b.minBlocksPerSm() : "") + "), as its best configuration imposes");
        }
        if (registers == null) {
            return Optional.empty();
        }
        ArchProfile arch = ArchProfiles.of(k.arch());
        int regs = (int) Math.min(arch.maxRegistersPerThread(), Math.round(registers));
        int threads = Math.min(defaultThreads(), arch.maxThreadsPerBlock());
        Occupancy occ = OCCUPANCY.compute(arch, regs, threads, 0);
        if (occ.activeBlocksPerSm() < 1) {
            return Optional.of(head + regs + " registers: no block of " + threads + " threads fits, so no bounds");
        }
        return Optional.of(head + regs + " registers -> __launch_bounds__(" + threads + ", " + occ.activeBlocksPerSm()
                + ") (" + occ.activeWarpsPerSm() + " warps per SM)");
    }

    private static int defaultThreads() {
        return (int) KnobCatalogue.DEFAULT_THREADS_PER_BLOCK.defaultValue();
    }

    private static int changedKnobs(Configuration c) {
        Knobs k = c.knobs();
        Knobs d = Knobs.defaults();
        return (int) KnobCatalogue.all().stream().filter(x -> k.get(x) != d.get(x)).count();
    }
}
