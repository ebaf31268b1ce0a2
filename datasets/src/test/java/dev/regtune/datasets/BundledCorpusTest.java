package dev.regtune.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class BundledCorpusTest {
    @Test
    void findsTheCorpusThroughTheHomeProperty() throws Exception {
        // Maven runs this module's tests in datasets/, so the checkout is the parent folder.
        String old = System.getProperty(BundledCorpus.HOME_PROPERTY);
        System.setProperty(BundledCorpus.HOME_PROPERTY, Path.of("..").toAbsolutePath().normalize().toString());
        try {
            Path sm90 = BundledCorpus.ptxFolder("sm_90").orElseThrow();
            assertTrue(Files.isRegularFile(sm90.resolve("gemm_tile.ptx")), sm90.toString());
            Path csv = BundledCorpus.ptxasReference().orElseThrow();
            assertEquals("file,entry,kind,arch,max_regs,registers,spill_store_bytes,spill_load_bytes,"
                    + "stack_frame_bytes,ptxas_version", Files.readAllLines(csv).get(0));
            assertTrue(BundledCorpus.ptxFolder("sm_999").isEmpty());
        } finally {
            if (old == null) {
                System.clearProperty(BundledCorpus.HOME_PROPERTY);
            } else {
                System.setProperty(BundledCorpus.HOME_PROPERTY, old);
            }
        }
    }
}
