package dev.regtune.datasets.load;

import dev.regtune.datasets.manifest.Manifest;
import dev.regtune.datasets.manifest.ManifestRow;
import java.util.stream.Stream;

/** The kernels of a manifest: one record per row, the PTX left on disk until it is read. */
final class ManifestSource implements KernelSource {
    private final Manifest manifest;

    ManifestSource(Manifest manifest) {
        this.manifest = manifest;
    }

    @Override
    public Stream<KernelRecord> records() {
        return manifest.rows().map(this::record);
    }

    private KernelRecord record(ManifestRow row) {
        return new KernelRecord(row.id(), row.entry(), row.file(), row.family(), row.arch(),
                new PtxText.OnDisk(manifest.resolve(row).toString()), row);
    }

    @Override
    public String description() {
        return "manifest " + manifest.path();
    }
}
