package dev.regtune.datasets.manifest;

import dev.regtune.core.ir.LaunchBounds;
import java.io.Serializable;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One row of the corpus manifest: one kernel entry compiled for one architecture, what the PTX
 * front end sees in it and what the real ptxas made of it at each budget of {@link Manifest#BUDGETS}.
 *
 * @param id the kernel's stable id ({@link dev.regtune.datasets.KernelId})
 * @param file the PTX file, relative to the repository root, with {@code /} separators
 * @param entry the entry's name as in the PTX (and as ptxas prints it)
 * @param arch the architecture the PTX was compiled for and ptxas assembled it for, e.g. {@code sm_90}
 * @param family the CUDA source file's base name, e.g. {@code gemm_tile}
 * @param source the CUDA source, relative to the repository root, or empty when there is none
 * @param ptxInstructions instructions of the entry as the PTX front end counts them
 * @param declaredVregs virtual registers of the entry in the Kernel IR: one per PTX register the
 *     body declares and uses ({@code .reg .b32 %r<45>} declares 45 names, of which nvcc never uses
 *     {@code %r0}, so the count is usually a few less than the sum of the ranges)
 * @param launchBounds the entry's launch bounds as {@link #formatLaunchBounds(LaunchBounds)} writes
 *     them ({@code 256x2}, {@code 256}), or empty when none are declared
 * @param ptxas budget (0 = no {@code -maxrregcount}) to ptxas's figures; a budget of
 *     {@link Manifest#BUDGETS} that is missing is one ptxas refused (see {@code ptxas-failures.csv})
 * @param ptxasVersion the ptxas that measured the row, e.g. {@code 13.0.88}
 */
public record ManifestRow(String id, String file, String entry, String arch, String family, String source,
        int ptxInstructions, int declaredVregs, String launchBounds, Map<Integer, PtxasFigures> ptxas,
        String ptxasVersion) implements Serializable {
    private static final long serialVersionUID = 1L;

    public ManifestRow {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(arch, "arch");
        Objects.requireNonNull(family, "family");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(launchBounds, "launchBounds");
        Objects.requireNonNull(ptxasVersion, "ptxasVersion");
        ptxas = Map.copyOf(ptxas);
    }

    /** What ptxas reported at {@code budget} (0 = no limit), empty when it refused or was not asked. */
    public Optional<PtxasFigures> atBudget(int budget) {
        return Optional.ofNullable(ptxas.get(budget));
    }

    /** ptxas's register count without {@code -maxrregcount}, when it assembled the entry. */
    public OptionalInt registersAtNoLimit() {
        PtxasFigures f = ptxas.get(0);
        return f == null ? OptionalInt.empty() : OptionalInt.of(f.registers());
    }

    /**
     * Launch bounds as the manifest writes them: the threads per block ({@code .reqntid} when
     * declared, else {@code .maxntid}), then {@code x} and {@code .minnctapersm} when declared, then
     * {@code /maxnreg=N} for {@code .maxnreg}; empty when nothing is declared.
     */
    public static String formatLaunchBounds(LaunchBounds lb) {
        if (lb.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        if (lb.threadsPerBlock() > 0) {
            sb.append(lb.threadsPerBlock());
        }
        if (lb.minBlocksPerSm() > 0) {
            sb.append('x').append(lb.minBlocksPerSm());
        }
        if (lb.maxRegisters() > 0) {
            sb.append("/maxnreg=").append(lb.maxRegisters());
        }
        return sb.toString();
    }
}
