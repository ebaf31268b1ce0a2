package dev.regtune.job.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.regtune.datasets.load.KernelRecord;
import dev.regtune.datasets.load.KernelSource;
import dev.regtune.datasets.load.PtxText;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The catalog records a folder that could not be listed as it records a file that could not be
 * read, with the reason, and keeps every other kernel. The failures are made in the records, so
 * this runs as root too (where {@code chmod 000} keeps nobody out).
 */
class KernelCatalogUnreadableTest {
    @Test
    void aFolderThatCannotBeListedIsRecordedWithItsReasonAndTheOtherKernelsKept() throws Exception {
        String text = Files.readString(SweepFixtures.CORPUS_SM90.resolve("elementwise.ptx"));
        KernelRecord good = new KernelRecord("sm_90/elementwise/saxpy", "saxpy", "k/sm_90/elementwise.ptx",
                "elementwise", "sm_90", new PtxText.Inline(text), null);
        KernelRecord locked = new KernelRecord("sm_90/unlistable folder k/sm_90/locked", KernelRecord.NO_ENTRY,
                "k/sm_90/locked", "locked", "sm_90",
                new PtxText.UnlistableFolder("k/sm_90/locked", new AccessDeniedException("k/sm_90/locked")), null);
        KernelRecord notDir = new KernelRecord("sm_90/unlistable folder k/sm_90/gone", KernelRecord.NO_ENTRY,
                "k/sm_90/gone", "gone", "sm_90",
                new PtxText.UnlistableFolder("k/sm_90/gone", new NotDirectoryException("k/sm_90/gone")), null);
        KernelSource source = new KernelSource() {
            @Override
            public Stream<KernelRecord> records() {
                return Stream.of(good, locked, notDir);
            }

            @Override
            public String description() {
                return "three records";
            }
        };
        KernelCatalog catalog = KernelCatalog.of(source, Optional.of("sm_90"), "sm_90");
        assertEquals(1, catalog.size());
        assertEquals(List.of(new KernelCatalog.Unreadable("k/sm_90/locked", "permission denied", true),
                new KernelCatalog.Unreadable("k/sm_90/gone", "not a directory", true)), catalog.unreadable());
        assertEquals("cannot list folder 'k/sm_90/locked': permission denied", catalog.unreadable().get(0).sentence());
    }

    @Test
    void aFolderSourceGivesNoRecordForAFolderItCanList() {
        Path folder = SweepFixtures.CORPUS_SM90;
        KernelCatalog catalog = KernelCatalog.of(PtxFolderKernels.of(folder), Optional.of("sm_90"), "sm_90");
        assertEquals(List.of(), catalog.unreadable());
    }
}
