package dev.regtune.job.sweep;

import dev.regtune.datasets.KernelId;
import dev.regtune.datasets.PtxFileWalk;
import dev.regtune.datasets.load.KernelRecord;
import dev.regtune.datasets.load.KernelSource;
import dev.regtune.datasets.load.PtxText;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The kernels of the PTX files below a folder, exactly as {@link KernelSource#folder} gives them,
 * except that a file that cannot be read (permission denied, a folder named {@code x.ptx}, a file
 * gone since the walk) does not end the stream: it is one {@link KernelRecord#NO_ENTRY} record whose
 * text is the file on disk, so that reading it fails again where {@link KernelCatalog} asks for it
 * and the catalog records the file with the reason ({@link KernelCatalog#unreadable()}), while every
 * other file still gives its kernels. A sub-folder that cannot be listed (permission denied, not a
 * directory) is one such record too, whose text is {@link PtxText.UnlistableFolder}: the catalog
 * records the folder with the reason, and the walk goes on with the next folder.
 */
public final class PtxFolderKernels implements KernelSource {
    private final Path folder;

    private PtxFolderKernels(Path folder) {
        this.folder = folder;
    }

    /** The kernels of every {@code *.ptx} below {@code folder} (or of {@code folder} itself when it is a file). */
    public static KernelSource of(Path folder) {
        return new PtxFolderKernels(folder);
    }

    @Override
    public Stream<KernelRecord> records() {
        if (Files.isRegularFile(folder) || !Files.exists(folder)) {
            return KernelSource.folder(folder).records();
        }
        return PtxFileWalk.entries(folder).flatMap(e -> e instanceof PtxFileWalk.Unlistable u
                ? Stream.of(unlistable(u)) : recordsOf(e.path()));
    }

    private static KernelRecord unlistable(PtxFileWalk.Unlistable u) {
        Path f = u.path();
        String arch = PtxFileWalk.archOfFolder(f.resolve("x.ptx")).or(() -> PtxFileWalk.archOfFolder(f)).orElse("");
        String origin = f.toString();
        return new KernelRecord(KernelId.of(arch, "unlistable folder " + origin), KernelRecord.NO_ENTRY, origin,
                String.valueOf(f.getFileName()), arch, new PtxText.UnlistableFolder(origin, u.failure()), null);
    }

    private static Stream<KernelRecord> recordsOf(Path file) {
        try {
            // One file's records (its text read once, held only while they are pulled).
            return KernelSource.folder(file).records().toList().stream();
        } catch (UncheckedIOException e) {
            String arch = PtxFileWalk.archOfFolder(file).orElse("");
            String origin = file.toString();
            return Stream.of(new KernelRecord(KernelId.of(arch, "unreadable PTX file " + origin), KernelRecord.NO_ENTRY,
                    origin, PtxFileWalk.baseName(file), arch, new PtxText.OnDisk(origin), null));
        }
    }

    @Override
    public String description() {
        return "PTX folder " + folder;
    }
}
