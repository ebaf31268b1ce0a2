package dev.regtune.job.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReferenceCsvTest {
    private static final String HEADER = String.join(",", ReferenceCsv.COLUMNS) + "\n";

    @TempDir
    Path dir;

    @Test
    void matchesRowsByTheTrailingPathAndIgnoresFunctions() throws Exception {
        Path csv = dir.resolve("ref.csv");
        Files.writeString(csv, HEADER
                + "ptx/sm_90/a.ptx,k,entry,sm_90,0,40,0,0,0,13.0.88\n"
                + "ptx/sm_90/a.ptx,k,entry,sm_90,24,24,16,20,8,13.0.88\n"
                + "ptx/sm_90/a.ptx,_Z1fv,func,sm_90,0,,0,0,0,13.0.88\n"
                + "other/sm_90/a.ptx,k,entry,sm_90,0,99,0,0,0,13.0.88\n");
        ReferenceCsv ref = ReferenceCsv.load(csv);
        Path ptx = dir.resolve("corpus/ptx/sm_90/a.ptx");

        assertEquals("ptx/sm_90/a.ptx", ref.fileKey(ptx));
        Map<String, PtxasMeasurement> at24 = ref.measure(ptx, "sm_90", 24, List.of("k", "_Z1fv"), n -> { });
        assertEquals(Map.of("k", new PtxasMeasurement("k", true, 24, 16, 20, 8)), at24);
        assertEquals(Map.of(), ref.measure(ptx, "sm_80", 24, List.of("k"), n -> { }));
        assertEquals(Map.of(), ref.measure(dir.resolve("b.ptx"), "sm_90", 0, List.of("k"), n -> { }));
        assertTrue(ref.description().contains("13.0.88"), ref.description());
    }

    @Test
    void missingColumnsAreReported() throws Exception {
        Path csv = dir.resolve("bad.csv");
        Files.writeString(csv, "file,entry,arch\nx.ptx,k,sm_90\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReferenceCsv.load(csv));
        assertTrue(e.getMessage().contains("max_regs"), e.getMessage());
    }

    @Test
    void malformedNumbersAndDuplicatesAreReportedWithTheirLine() throws Exception {
        Path csv = dir.resolve("bad.csv");
        Files.writeString(csv, HEADER + "a.ptx,k,entry,sm_90,0,many,0,0,0,13.0.88\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReferenceCsv.load(csv));
        assertTrue(e.getMessage().contains(csv + ":2:"), e.getMessage());

        Files.writeString(csv, HEADER + "a.ptx,k,entry,sm_90,0,4,0,0,0,v\na.ptx,k,entry,sm_90,0,5,0,0,0,v\n");
        e = assertThrows(IllegalArgumentException.class, () -> ReferenceCsv.load(csv));
        assertTrue(e.getMessage().contains(csv + ":3:"), e.getMessage());
    }
}
