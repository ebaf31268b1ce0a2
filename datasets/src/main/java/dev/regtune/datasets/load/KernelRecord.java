package dev.regtune.datasets.load;

import dev.regtune.datasets.manifest.ManifestRow;
import java.io.IOException;
import java.io.Serializable;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One kernel entry on one architecture, as a {@link KernelSource} delivers it.
 *
 * @param id the stable id ({@link dev.regtune.datasets.KernelId}), the same whichever source
 *     delivers the kernel
 * @param entry the entry's name in its PTX module (what an allocator is asked to allocate)
 * @param origin where it comes from, for messages and reports: the PTX file (repository-relative
 *     for the manifest, as walked for a folder) or {@code synthetic:SPEC#INDEX} for a generator
 * @param family the kernel family: the CUDA source's or PTX file's base name, or the generator family
 * @param arch the architecture ({@code sm_90}), or empty when nothing names one
 * @param ptx the whole PTX module containing the entry, or how to read it
 * @param manifestRow the manifest's row for this kernel (ptxas figures per budget), or null when
 *     the source has none; see {@link #manifest()}
 */
public record KernelRecord(String id, String entry, String origin, String family, String arch, PtxText ptx,
        @Nullable ManifestRow manifestRow) implements Serializable {
    private static final long serialVersionUID = 1L;

    /**
     * The entry name of the record a PTX file gives when no entry can be read from it (binary,
     * cut short before its first entry, comments only): evaluating it reports why.
     */
    public static final String NO_ENTRY = "";

    public KernelRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(family, "family");
        Objects.requireNonNull(arch, "arch");
        Objects.requireNonNull(ptx, "ptx");
    }

    /** The manifest metadata (ptxas figures per budget, instruction count...), when the source has it. */
    public Optional<ManifestRow> manifest() {
        return Optional.ofNullable(manifestRow);
    }

    /** The PTX module text, read now if the record only knows where it is. */
    public String ptxText() throws IOException {
        return ptx.read();
    }
}
