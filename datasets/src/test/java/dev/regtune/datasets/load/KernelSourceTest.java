package dev.regtune.datasets.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.datasets.KernelId;
import dev.regtune.datasets.manifest.ManifestRow;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelSourceTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final Path MANIFEST = REPO.resolve("datasets/corpus/manifest.csv");
    private static final Path PTX = REPO.resolve("datasets/corpus/ptx");

    @TempDir
    Path dir;

    @Test
    void theManifestSourceYieldsEveryRowWithItsPtxAndFigures() throws Exception {
        KernelSource source = KernelSource.manifest(MANIFEST);
        List<KernelRecord> records;
        try (Stream<KernelRecord> s = source.records()) {
            records = s.toList();
        }
        assertEquals(108, records.size());
        KernelRecord first = records.get(0);
        ManifestRow row = first.manifest().orElseThrow();
        assertEquals(row.id(), first.id());
        assertEquals(row.file(), first.origin());
        assertTrue(first.ptx() instanceof PtxText.OnDisk, first.ptx().toString());
        PtxModule module = PtxParser.parse(first.ptxText(), first.origin());
        assertTrue(module.entries().stream().anyMatch(f -> f.name().equals(first.entry())));
        assertTrue(source.description().contains("manifest.csv"));
        // Repeatable: a second pass gives the same records.
        try (Stream<KernelRecord> again = source.records()) {
            assertEquals(records, again.toList());
        }
    }

    @Test
    void theFolderSourceFindsTheSameKernelsAsTheManifest() throws Exception {
        List<KernelRecord> fromFolder;
        try (Stream<KernelRecord> s = KernelSource.folder(PTX).records()) {
            fromFolder = s.toList();
        }
        List<KernelRecord> fromManifest;
        try (Stream<KernelRecord> s = KernelSource.manifest(MANIFEST).records()) {
            fromManifest = s.toList();
        }
        assertEquals(ids(fromManifest), ids(fromFolder.stream().sorted((a, b) -> {
            int c = a.origin().compareTo(b.origin());
            return c != 0 ? c : a.entry().compareTo(b.entry());
        }).toList()));
        KernelRecord k = fromFolder.get(0);
        assertEquals("sm_80", k.arch());
        assertEquals("bitonic_sort", k.family());
        assertNull(k.manifestRow());
        assertTrue(k.ptx() instanceof PtxText.Inline);
        // Entries of one file share its text rather than copying it.
        assertSame(((PtxText.Inline) fromFolder.get(0).ptx()).text(), ((PtxText.Inline) fromFolder.get(1).ptx()).text());
    }

    @Test
    void theFolderSourceTakesTheArchFromTheTargetOutsideAnArchFolderAndReadsLazily() throws Exception {
        Path loose = dir.resolve("loose");
        Files.createDirectories(loose);
        Files.copy(PTX.resolve("sm_90/elementwise.ptx"), loose.resolve("b.ptx"));
        Files.copy(PTX.resolve("sm_80/warp_reduce.ptx"), loose.resolve("a.ptx"));
        KernelSource source = KernelSource.folder(loose);
        Iterator<KernelRecord> it = source.iterator();
        KernelRecord first = it.next();
        assertEquals("warp_reduce_sum", first.entry());
        assertEquals("sm_80", first.arch());
        assertEquals("a", first.family());
        // b.ptx is read only when the walk reaches it: replacing it now changes what comes next.
        Files.copy(PTX.resolve("sm_90/fft.ptx"), loose.resolve("b.ptx"), StandardCopyOption.REPLACE_EXISTING);
        assertEquals("warp_argmax", it.next().entry());
        KernelRecord fromB = it.next();
        assertEquals("fft_radix4_stage", fromB.entry());
        assertEquals("sm_90", fromB.arch());
        assertEquals(loose.resolve("b.ptx").toString(), fromB.origin());
        assertThrows(UncheckedIOException.class, () -> KernelSource.folder(dir.resolve("none")).records());
    }

    @Test
    void aMillionRecordGeneratorStreamsInBoundedMemory() {
        // Each record carries its own text, sized so that a million of them exceed the maximum heap by a
        // quarter: the test can only pass if nothing along the way keeps the records.
        long count = 1_000_000;
        int chars = (int) Math.min(64 * 1024, Math.max(1024, Runtime.getRuntime().maxMemory() * 5 / 4 / count));
        AtomicLong made = new AtomicLong();
        KernelSource source = KernelSource.generated("test generator", count, i -> {
            made.incrementAndGet();
            String text = ".entry k" + i + "()\n{\n" + String.valueOf((char) ('a' + i % 26)).repeat(chars) + "\n}\n";
            return new KernelRecord(KernelId.of("sm_90", Long.toString(i)), "k" + i, "test#" + i, "test", "sm_90",
                    new PtxText.Inline(text), null);
        });

        Iterator<KernelRecord> it = source.iterator();
        for (int i = 0; i < 10; i++) {
            assertEquals("k" + i, it.next().entry());
        }
        assertTrue(made.get() <= 11, "records are made when pulled, not ahead: " + made.get());

        made.set(0);
        long records;
        long characters;
        try (Stream<KernelRecord> s = source.records()) {
            long[] sums = new long[2];
            s.forEach(r -> {
                sums[0]++;
                sums[1] += ((PtxText.Inline) r.ptx()).text().length();
            });
            records = sums[0];
            characters = sums[1];
        }
        assertEquals(count, records);
        assertEquals(count, made.get());
        assertTrue(chars == 64 * 1024 || characters > Runtime.getRuntime().maxMemory(), characters + " chars");
    }

    @Test
    void recordsAreSerializableForSparkExecutors() throws Exception {
        KernelRecord record;
        try (Stream<KernelRecord> s = KernelSource.manifest(MANIFEST).records()) {
            record = s.findFirst().orElseThrow();
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(record);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            KernelRecord back = (KernelRecord) in.readObject();
            assertEquals(record, back);
            assertNotNull(back.manifest().orElseThrow().atBudget(0).orElseThrow());
            assertFalse(back.ptxText().isEmpty());
        }
    }

    private static List<String> ids(List<KernelRecord> records) {
        return records.stream().map(KernelRecord::id).toList();
    }
}
