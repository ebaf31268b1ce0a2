package dev.regtune.job.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.regtune.datasets.PtxFileText;
import dev.regtune.datasets.load.KernelRecord;
import dev.regtune.datasets.load.KernelSource;
import dev.regtune.datasets.load.PtxText;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A PTX file larger than {@link PtxFileText#WHOLE_UP_TO} gives records naming the file
 * ({@link PtxText.OnDisk}) instead of holding its text; the catalog reads it once for all its
 * entries, and holds it once, as it holds a small file's shared text, since it broadcasts every
 * module's text to the executors.
 */
class KernelCatalogLargeFileTest {
    @TempDir
    Path dir;

    @Test
    void aLargeFileIsNamedByItsRecordsAndItsEntriesShareOneModule() throws Exception {
        Path folder = dir.resolve("sm_90");
        Files.createDirectories(folder);
        String module = Files.readString(SweepFixtures.CORPUS_SM90.resolve("elementwise.ptx"), StandardCharsets.US_ASCII);
        Path big = folder.resolve("big.ptx");
        try (Writer w = Files.newBufferedWriter(big, StandardCharsets.US_ASCII)) {
            w.write(module);
            String line = "// padding padding padding padding padding padding padding padding padding pad\n";
            for (long n = 0; n <= PtxFileText.WHOLE_UP_TO; n += line.length()) {
                w.write(line);
            }
        }
        Files.copy(SweepFixtures.CORPUS_SM90.resolve("elementwise.ptx"), folder.resolve("small.ptx"));
        List<KernelRecord> records;
        try (Stream<KernelRecord> s = PtxFolderKernels.of(dir).records()) {
            records = s.toList();
        }
        assertEquals(4, records.size());
        assertInstanceOf(PtxText.OnDisk.class, records.get(0).ptx());
        assertInstanceOf(PtxText.Inline.class, records.get(2).ptx());
        // The large file's entries have the ids of the same entries in the small copy (same text, same arch).
        assertEquals(records.get(2).id(), records.get(0).id());
        KernelSource both = new KernelSource() {
            @Override
            public Stream<KernelRecord> records() {
                return records.stream();
            }

            @Override
            public String description() {
                return "a large and a small file";
            }
        };
        KernelCatalog catalog = KernelCatalog.of(both, Optional.of("sm_90"), "sm_90");
        // The small file's entries have the large one's ids, so they are the same kernels to the sweep.
        assertEquals(2, catalog.size());
        assertEquals(1, catalog.modules());
        assertEquals(Files.readString(big, StandardCharsets.ISO_8859_1), catalog.module(0));
        assertEquals(List.of(), catalog.unreadable());
    }
}
