package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.datasets.synthetic.KernelFamily;
import dev.regtune.datasets.synthetic.SyntheticFamilies;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetsListCommandTest {
    private static final Path MANIFEST = Path.of("../datasets/corpus/manifest.csv");

    @TempDir
    Path dir;

    @Test
    void textListsEveryEntryAndTheCounts() throws Exception {
        Cli.Run run = Cli.run("datasets", "list", "--manifest", MANIFEST.toString());
        assertEquals(0, run.exit(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.stream().anyMatch(l -> l.matches("id +entry +arch +family +instructions +regs")), run.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("[0-9a-f]{16}  sgemm_tile_8x8 +sm_90 +gemm_tile +\\d+ +127")),
                run.out());
        assertEquals(108, lines.stream().filter(l -> l.matches("[0-9a-f]{16}  .*")).count(), run.out());
        assertTrue(lines.contains("108 entries: 54 on sm_80, 54 on sm_90"), run.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("27 families: bitonic_sort 4, black_scholes 2, block_scan 4,")),
                run.out());
        assertTrue(lines.contains("measured with ptxas 13.0.88"), run.out());
        assertEquals("", run.err());
        assertEquals(run.out(), Cli.run("datasets", "list", "--manifest", MANIFEST.toString()).out());
        assertEquals("synthetic families (regtune datasets generate, KernelSource.synthetic)", lines.get(0));
        for (KernelFamily f : SyntheticFamilies.all()) {
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(f.name() + " ") && l.endsWith(f.description())),
                    f.name());
        }
    }

    @Test
    void csvHasOneRowPerEntryThenTheCounts() throws Exception {
        Cli.Run run = Cli.run("datasets", "list", "--format", "csv", "--manifest", MANIFEST.toString());
        assertEquals(0, run.exit(), run.err());
        try (CSVParser csv = CSVParser.parse(new StringReader(run.out()),
                CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build())) {
            assertEquals(List.of(DatasetsListCommand.CSV_COLUMNS), csv.getHeaderNames());
            List<CSVRecord> rows = csv.getRecords();
            List<CSVRecord> entries = rows.stream().filter(r -> r.get("kind").equals("entry")).toList();
            assertEquals(108, entries.size());
            CSVRecord saxpy = entries.stream().filter(r -> r.get("name").equals("saxpy")).findFirst().orElseThrow();
            assertEquals("elementwise", saxpy.get("family"));
            assertEquals("10", saxpy.get("regs_none"));
            assertEquals(List.of("sm_80:54", "sm_90:54"), rows.stream().filter(r -> r.get("kind").equals("arch"))
                    .map(r -> r.get("name") + ":" + r.get("count")).toList());
            assertEquals(27, rows.stream().filter(r -> r.get("kind").equals("family")).count());
            assertEquals(SyntheticFamilies.names(), rows.stream().filter(r -> r.get("kind").equals("synthetic"))
                    .map(r -> r.get("name")).toList());
            assertEquals(SyntheticFamilies.all().get(0).description(), rows.get(0).get("description"));
        }
    }

    @Test
    void aMalformedManifestIsAUsageErrorNamingFileAndLine() throws Exception {
        List<String> lines = Files.readAllLines(MANIFEST);
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, lines.get(0) + "\n" + lines.get(1) + "\n" + lines.get(2).replace(",13.0.88", "") + "\n");
        Cli.Run run = Cli.run("datasets", "list", "--manifest", bad.toString());
        assertEquals(2, run.exit());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().startsWith("regtune: " + bad + ":3: the row has 33 cells"), run.err());

        Cli.Run missing = Cli.run("datasets", "list", "--manifest", dir.resolve("none.csv").toString());
        assertEquals(2, missing.exit());
        assertTrue(missing.err().contains("does not exist"), missing.err());
    }
}
