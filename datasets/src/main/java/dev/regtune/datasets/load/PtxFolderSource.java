package dev.regtune.datasets.load;

import dev.regtune.core.ptx.PtxParser;
import dev.regtune.datasets.KernelId;
import dev.regtune.datasets.PtxEntries;
import dev.regtune.datasets.PtxFileWalk;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The entries of the PTX files below a folder, in {@link PtxFileWalk} order and file order
 * within a file. A file is read when the walk reaches it and its entries found by
 * {@link PtxEntries} (no full parse); only that file's text is held while its records are pulled.
 *
 * <p>Every file gives at least one record: an entry whose body is cut short is a record (its
 * evaluation is the parse error), and a file in which no entry can be read at all is one record
 * named {@link KernelRecord#NO_ENTRY}, so a sweep reports it rather than passing over it.
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
            text = PtxParser.decode(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read PTX file '" + file + "': " + e.getMessage(), e);
        }
        String arch = PtxFileWalk.archOfFolder(file).or(() -> PtxEntries.target(text)).orElse("");
        String family = PtxFileWalk.baseName(file);
        PtxText ptx = new PtxText.Inline(text);
        String origin = file.toString();
        List<KernelRecord> records = new ArrayList<>();
        for (PtxEntries.Entry e : PtxEntries.scan(text)) {
            records.add(new KernelRecord(KernelId.of(arch, e.text(text)), e.name(), origin, family, arch, ptx, null));
        }
        // Every file is accounted for: an entry cut short, and a file in which no entry can be
        // read at all (binary, truncated before its first entry, comments only), are records too,
        // whose evaluation is the parser's PARSE_ERROR for the file.
        PtxEntries.unclosed(text).ifPresent(e -> records.add(new KernelRecord(KernelId.of(arch, e.text(text)),
                e.name(), origin, family, arch, ptx, null)));
        if (records.isEmpty()) {
            records.add(new KernelRecord(KernelId.of(arch, text), KernelRecord.NO_ENTRY, origin, family, arch, ptx,
                    null));
        }
        return records.stream();
    }

    @Override
    public String description() {
        return "PTX folder " + folder;
    }
}
