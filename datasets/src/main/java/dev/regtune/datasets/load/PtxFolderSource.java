package dev.regtune.datasets.load;

import dev.regtune.datasets.KernelId;
import dev.regtune.datasets.PtxEntries;
import dev.regtune.datasets.PtxFileText;
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
 * {@link PtxEntries} (no full parse); only that file's text is held while its records are pulled,
 * and not even that for a file larger than {@link PtxFileText#WHOLE_UP_TO}: its entries are found
 * and identified a page at a time, and its records name the file ({@link PtxText.OnDisk}) for
 * whoever wants the text.
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
    private final long wholeUpTo;

    PtxFolderSource(Path folder) {
        this(folder, PtxFileText.WHOLE_UP_TO);
    }

    /** A source reading files of up to {@code wholeUpTo} bytes whole, larger ones a page at a time. */
    PtxFolderSource(Path folder, long wholeUpTo) {
        this.folder = folder;
        this.wholeUpTo = wholeUpTo;
    }

    @Override
    public Stream<KernelRecord> records() {
        if (!Files.exists(folder)) {
            throw new UncheckedIOException(new IOException("PTX folder '" + folder + "' does not exist"));
        }
        return PtxFileWalk.of(folder).flatMap(this::recordsOf);
    }

    private Stream<KernelRecord> recordsOf(Path file) {
        try (PtxFileText text = PtxFileText.open(file, wholeUpTo)) {
            return text.scan(t -> recordsOf(file, t, text.paged())).stream();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read PTX file '" + file + "': " + e.getMessage(), e);
        }
    }

    /**
     * The records of a file whose text is {@code text}. A small file's records share its text
     * ({@link PtxText.Inline}); a large one's, read a page at a time, name the file
     * ({@link PtxText.OnDisk}), so that finding and identifying its kernels never holds it whole.
     */
    private static List<KernelRecord> recordsOf(Path file, CharSequence text, boolean paged) {
        String arch = PtxFileWalk.archOfFolder(file).or(() -> PtxEntries.target(text)).orElse("");
        String family = PtxFileWalk.baseName(file);
        String origin = file.toString();
        PtxText ptx = paged ? new PtxText.OnDisk(origin) : new PtxText.Inline(text.toString());
        List<KernelRecord> records = new ArrayList<>();
        for (PtxEntries.Entry e : PtxEntries.scan(text)) {
            records.add(new KernelRecord(e.id(arch, text), e.name(), origin, family, arch, ptx, null));
        }
        // Every file is accounted for: an entry cut short, and a file in which no entry can be
        // read at all (binary, truncated before its first entry, comments only), are records too,
        // whose evaluation is the parser's PARSE_ERROR for the file.
        PtxEntries.unclosed(text).ifPresent(e -> records.add(new KernelRecord(e.id(arch, text),
                e.name(), origin, family, arch, ptx, null)));
        if (records.isEmpty()) {
            records.add(new KernelRecord(KernelId.of(arch, text, 0, text.length()), KernelRecord.NO_ENTRY, origin,
                    family, arch, ptx, null));
        }
        return records;
    }

    @Override
    public String description() {
        return "PTX folder " + folder;
    }
}
