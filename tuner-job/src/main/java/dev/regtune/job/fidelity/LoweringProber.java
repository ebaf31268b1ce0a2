package dev.regtune.job.fidelity;

import dev.regtune.core.Allocators;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.datasets.probe.ProbeConstruct;
import dev.regtune.datasets.probe.ProbeKernel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Probes one construct on one architecture with the real ptxas and with the model without
 * lowering ({@link ProbeKernel}), as {@code regtune datasets probe} tabulates it: at three
 * pressures (24, 32 and 48 live 32-bit values, or 12, 16 and 24 register pairs) the smallest
 * {@code -maxrregcount} without spill stores, found by bisection between 16 and 255, and without a
 * limit the registers of the probe keeping 2 values live. The baseline ({@code add} of the live
 * type) is probed once per type and architecture. Safe for concurrent use; each ptxas run has its
 * own file in the work folder, deleted after the run.
 */
public final class LoweringProber {
    private static final int LOWEST_BUDGET = 16;
    private static final int HIGHEST_BUDGET = 255;

    private final PtxasRunner ptxas;
    private final Path work;
    private final Knobs modelKnobs = Knobs.defaults().with(KnobCatalogue.LOWER_TEMPORARIES, 0)
            .with(KnobCatalogue.LOWER_REGISTER_FLOORS, 0);
    private final Map<String, int[][]> baselines = new ConcurrentHashMap<>();

    public LoweringProber(PtxasRunner ptxas, Path work) {
        this.ptxas = ptxas;
        this.work = work;
    }

    /** The pressures a construct is probed at: live values of its live type. */
    public static int[] pressures(ProbeConstruct c) {
        return c.liveType().endsWith("64") ? new int[] {12, 16, 24} : new int[] {24, 32, 48};
    }

    /** Probes {@code c} on {@code arch}. */
    public LoweringProbeRow probe(ProbeConstruct c, String arch) throws IOException {
        int[][] own = budgets(c, arch);
        int[][] base;
        try {
            base = baselines.computeIfAbsent(c.liveType() + "@" + arch, k -> {
                try {
                    return budgets(c.baseline(), arch);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return new LoweringProbeRow(arch, c, own[0], own[1], base[0], base[1], own[2][0], base[2][0]);
    }

    /** {ptxas budgets, model budgets, {smallest}} of {@code c}. */
    private int[][] budgets(ProbeConstruct c, String arch) throws IOException {
        int[] pressures = pressures(c);
        int[] p = new int[pressures.length];
        int[] m = new int[pressures.length];
        for (int k = 0; k < pressures.length; k++) {
            String text = ProbeKernel.ptx(c, pressures[k], arch);
            p[k] = smallestPtxasBudget(text, arch, c);
            m[k] = smallestModelBudget(text, arch);
        }
        int smallest = ptxasRegisters(ProbeKernel.ptx(c, 2, arch), arch, 0, c).registers();
        return new int[][] {p, m, {smallest}};
    }

    private int smallestPtxasBudget(String text, String arch, ProbeConstruct c) throws IOException {
        int lo = LOWEST_BUDGET;
        int hi = HIGHEST_BUDGET;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ptxasRegisters(text, arch, mid, c).spillStoreBytes() == 0) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private int smallestModelBudget(String text, String arch) {
        KernelFunction f = PtxParser.parse(text, "probe.ptx").entries().get(0);
        ArchProfile profile = ArchProfiles.of(arch);
        int lo = LOWEST_BUDGET;
        int hi = HIGHEST_BUDGET;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            AllocationResult r = Allocators.fatPoint().allocate(f, modelKnobs, profile, mid);
            if (r.status() == AllocationStatus.OK && r.spills().storeBytes() == 0) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private PtxasMeasurement ptxasRegisters(String text, String arch, int budget, ProbeConstruct c) throws IOException {
        Path file = Files.createTempFile(work, "probe-", ".ptx");
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
            StringBuilder notes = new StringBuilder();
            PtxasMeasurement m = ptxas.measure(file, arch, budget, List.of("probe"), notes::append).get("probe");
            if (m == null) {
                throw new IOException("ptxas gave no figures for the probe of " + c.spelling() + " on " + arch
                        + (budget > 0 ? " at -maxrregcount " + budget : "") + ": " + notes);
            }
            return m;
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
