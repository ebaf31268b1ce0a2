package dev.regtune.datasets.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.datasets.synthetic.SyntheticFamilies;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class SyntheticSourceTest {
    @Test
    void generatesRepeatableParsableKernelsWithDistinctIds() throws Exception {
        KernelSource source = KernelSource.synthetic("accumulators:instructions=200,arch=sm_80", 40, 7);
        List<KernelRecord> records;
        try (Stream<KernelRecord> s = source.records()) {
            records = s.toList();
        }
        assertEquals(40, records.size());
        assertEquals(40, records.stream().map(KernelRecord::id).distinct().count());
        for (KernelRecord r : records) {
            assertEquals("accumulators", r.family());
            assertEquals("sm_80", r.arch());
            assertTrue(r.origin().startsWith("synthetic:accumulators:"), r.origin());
            assertTrue(r.origin().endsWith("@7#" + records.indexOf(r)), r.origin());
            assertNull(r.manifestRow());
            PtxModule m = PtxParser.parse(r.ptxText(), r.origin());
            assertEquals(List.of(r.entry()), m.entries().stream().map(f -> f.name()).toList());
        }
        try (Stream<KernelRecord> again = source.records()) {
            assertEquals(records, again.toList());
        }
        // A different seed is a different series.
        Iterator<KernelRecord> other = KernelSource.synthetic("accumulators:instructions=200,arch=sm_80", 1, 8)
                .iterator();
        assertTrue(!other.next().id().equals(records.get(0).id()));
    }

    @Test
    void everyFamilyStreams() {
        for (var family : SyntheticFamilies.all()) {
            try (Stream<KernelRecord> s = KernelSource.synthetic(family.name() + ":instructions=300,arch=sm_90", 3, 1)
                    .records()) {
                assertEquals(3, s.filter(r -> r.family().equals(family.name())).count(), family.name());
            }
        }
    }

    @Test
    void badSpecsAreOneSentence() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KernelSource.synthetic("no-such-family", 1, 1));
        assertTrue(e.getMessage().contains("unknown synthetic kernel family"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> KernelSource.synthetic("accumulators", -1, 1));
    }
}
