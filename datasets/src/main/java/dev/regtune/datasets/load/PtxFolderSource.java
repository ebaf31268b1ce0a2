package dev.regtune.datasets.load;

import dev.regtune.datasets.KernelId;
import dev.regtune.datasets.PtxEntries;
import dev.regtune.datasets.PtxFileWalk;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The entries of the PTX files below a folder, in {@link PtxFileWalk} order and file order
 * within a file. A file is read when the walk reaches it and its entries found by
 * {@link PtxEntries} (no full parse); only that file's text is held while its records are pulled.
 *
 * <p>The architecture is the file's folder when that is named like {@code sm_90}, else the
 * module's {@code .target}, else empty. The family is the file's base name.
 */
final class PtxFolderSource implements KernelSource {
    private final Path folder;

    PtxFolderSource(Path folder) {
        this.folder = folder;
    }

    @Override
    public Stream<KernelRecord> records() {
        if (!Files.exists(folder)) {
            throw new UncheckedIOException(new IOException("PTX folder '" + folder + "' does not exist"));
        }
        return PtxFileWalk.of(folder).flatMap(PtxFolderSource::recordsOf);
    }

    private static Stream<KernelRecord> recordsOf(Path file) {
        String text;
        try {
            text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read PTX file '" + file + "': " + e.getMessage(), e);
        }
        String arch = PtxFileWalk.archOfFolder(file).or(() -> PtxEntries.target(text)).orElse("");
        String family = PtxFileWalk.baseName(file);
        PtxText ptx = new PtxText.Inline(text);
        String origin = file.toString();
        return PtxEntries.scan(text).stream().map(e -> new KernelRecord(KernelId.of(arch, e.text(text)), e.name(),
                origin, family, arch, ptx, null));
    }

    @Override
    public String description() {
        return "PTX folder " + folder;
    }
}
