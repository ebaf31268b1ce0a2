package dev.regtune.datasets.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.datasets.KernelId;
import dev.regtune.datasets.PtxEntries;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The committed manifest against the committed ptxas reference, the PTX and the front end. */
class ManifestTest {
    /** Maven runs this module's tests in datasets/, so the repository root is the parent folder. */
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final Path MANIFEST = REPO.resolve("datasets/corpus/manifest.csv");

    private static List<ManifestRow> rows;

    @TempDir
    Path dir;

    @BeforeAll
    static void load() throws Exception {
        try (Stream<ManifestRow> s = Manifest.load(MANIFEST).rows()) {
            rows = s.toList();
        }
    }

    @Test
    void hasTheDocumentedColumns() throws Exception {
        String header = Files.readAllLines(MANIFEST).get(0);
        assertEquals("id,file,entry,arch,family,source,ptx_instructions,declared_vregs,launch_bounds,"
                + "regs_none,spill_store_none,spill_load_none,stack_frame_none,"
                + "regs_128,spill_store_128,spill_load_128,stack_frame_128,"
                + "regs_64,spill_store_64,spill_load_64,stack_frame_64,"
                + "regs_40,spill_store_40,spill_load_40,stack_frame_40,"
                + "regs_32,spill_store_32,spill_load_32,stack_frame_32,"
                + "regs_24,spill_store_24,spill_load_24,stack_frame_24,ptxas_version", header);
        assertEquals(String.join(",", Manifest.COLUMNS), header);
    }

    @Test
    void hasOneRowPerEntryAndArchSortedByFileEntryArch() {
        assertEquals(108, rows.size());
        for (int i = 1; i < rows.size(); i++) {
            ManifestRow a = rows.get(i - 1);
            ManifestRow b = rows.get(i);
            int c = a.file().compareTo(b.file());
            c = c != 0 ? c : a.entry().compareTo(b.entry());
            c = c != 0 ? c : a.arch().compareTo(b.arch());
            assertTrue(c < 0, a.file() + " " + a.entry() + " before " + b.file() + " " + b.entry());
        }
        assertEquals(54, rows.stream().filter(r -> r.arch().equals("sm_80")).count());
        assertEquals(27, rows.stream().map(ManifestRow::family).distinct().count());
        assertEquals(108, rows.stream().map(ManifestRow::id).distinct().count());
    }

    @Test
    void matchesThePtxasReferenceExactlyAndIsEmptyWhereItFailed() throws Exception {
        Map<String, PtxasFigures> reference = new HashMap<>();
        Set<String> versions = new HashSet<>();
        for (CSVRecord r : csv(REPO.resolve("datasets/corpus/ptxas-reference.csv"))) {
            if (r.get("kind").equals("entry")) {
                reference.put(key(r.get("file"), r.get("entry"), r.get("arch"), Integer.parseInt(r.get("max_regs"))),
                        new PtxasFigures(Integer.parseInt(r.get("registers")),
                                Integer.parseInt(r.get("spill_store_bytes")), Integer.parseInt(r.get("spill_load_bytes")),
                                Integer.parseInt(r.get("stack_frame_bytes"))));
                versions.add(r.get("ptxas_version"));
            }
        }
        Set<String> failures = new HashSet<>();
        for (CSVRecord r : csv(REPO.resolve("datasets/corpus/ptxas-failures.csv"))) {
            failures.add(key(r.get("file"), r.get("entry"), r.get("arch"), Integer.parseInt(r.get("max_regs"))));
        }
        int compared = 0;
        for (ManifestRow row : rows) {
            assertTrue(versions.contains(row.ptxasVersion()), row.ptxasVersion());
            for (int b : Manifest.BUDGETS) {
                String k = key(row.file(), row.entry(), row.arch(), b);
                if (failures.contains(k)) {
                    assertTrue(row.atBudget(b).isEmpty(), k);
                } else {
                    assertEquals(reference.get(k), row.atBudget(b).orElse(null), k);
                    compared++;
                }
            }
        }
        assertEquals(reference.size(), compared);
        assertEquals(2, failures.size());
    }

    @Test
    void idsFamiliesAndFrontEndColumnsFollowThePtx() throws Exception {
        Map<String, PtxModule> modules = new TreeMap<>();
        for (ManifestRow row : rows) {
            Path ptx = REPO.resolve(row.file());
            assertEquals(ptx, Manifest.load(MANIFEST).resolve(row));
            String text = Files.readString(ptx, StandardCharsets.UTF_8);
            PtxModule module = modules.computeIfAbsent(row.file(), f -> PtxParser.parse(text, f));
            KernelFunction f = module.entries().stream().filter(e -> e.name().equals(row.entry())).findFirst()
                    .orElseThrow();
            assertEquals(f.instrCount(), row.ptxInstructions(), row.entry());
            assertEquals(f.vregCount(), row.declaredVregs(), row.entry());
            assertEquals(ManifestRow.formatLaunchBounds(f.launchBounds()), row.launchBounds(), row.entry());
            String entryText = PtxEntries.scan(text).stream().filter(e -> e.name().equals(row.entry())).findFirst()
                    .orElseThrow().text(text);
            assertEquals(KernelId.of(row.arch(), entryText), row.id(), row.entry());
            assertEquals("datasets/corpus/ptx/" + row.arch() + "/" + row.family() + ".ptx", row.file());
            assertEquals("datasets/corpus/cuda/" + row.family() + ".cu", row.source());
            assertTrue(Files.isRegularFile(REPO.resolve(row.source())), row.source());
        }
        ManifestRow gemm = rows.stream().filter(r -> r.entry().equals("sgemm_tile_8x8") && r.arch().equals("sm_90"))
                .findFirst().orElseThrow();
        assertEquals("256x2", gemm.launchBounds());
        assertEquals(127, gemm.registersAtNoLimit().orElseThrow());
        ManifestRow saxpy = rows.stream().filter(r -> r.entry().equals("saxpy")).findFirst().orElseThrow();
        assertEquals("", saxpy.launchBounds());
    }

    @Test
    void writingTheRowsReadGivesTheSameBytes() throws Exception {
        StringWriter out = new StringWriter();
        try (ManifestWriter w = new ManifestWriter(out)) {
            for (ManifestRow r : rows) {
                w.write(r);
            }
        }
        assertEquals(Files.readString(MANIFEST, StandardCharsets.UTF_8), out.toString());
    }

    @Test
    void malformedManifestsAreOneSentenceNamingFileAndLine() throws Exception {
        List<String> lines = Files.readAllLines(MANIFEST);
        Path missing = write("missing.csv", lines.get(0).replace(",declared_vregs", ""));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Manifest.load(missing));
        assertEquals(missing + ":1: the manifest lacks the column(s) declared_vregs; expected the header "
                + String.join(",", Manifest.COLUMNS), e.getMessage());

        assertRowError("number.csv", lines, 3, l -> l.replaceFirst(",sm_(\\d\\d),([a-z0-9_]+),([^,]*),(\\d+),",
                ",sm_$1,$2,$3,many,"), ":3: column ptx_instructions should be a whole number of at least 0, not 'many'");
        assertRowError("partial.csv", lines, 2, l -> l.replaceFirst(",13\\.0\\.88$", "").replaceFirst(",\\d+,\\d+$",
                ",,") + ",13.0.88", ":2: the columns of budget 24 must be all filled or all empty");
        assertRowError("short.csv", lines, 4, l -> l.substring(0, l.lastIndexOf(',')),
                ":4: the row has 33 cells, not one per column of the header");
        assertRowError("quote.csv", lines, 5, l -> l.replaceFirst(",", ",\"unterminated"),
                ": the manifest is not well-formed CSV");
        assertRowError("id.csv", lines, 2, l -> "XYZ" + l.substring(3), ":2: column id should be 16 lower-case hex");
    }

    private void assertRowError(String name, List<String> lines, int line, java.util.function.UnaryOperator<String> edit,
            String expected) throws Exception {
        List<String> copy = new java.util.ArrayList<>(lines.subList(0, 6));
        copy.set(line - 1, edit.apply(copy.get(line - 1)));
        Path file = write(name, String.join("\n", copy));
        Manifest m = Manifest.load(file);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> {
            try (Stream<ManifestRow> s = m.rows()) {
                s.forEach(r -> { });
            }
        });
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text + "\n");
        return p;
    }

    private static String key(String file, String entry, String arch, int budget) {
        return file + "|" + entry + "|" + arch + "|" + budget;
    }

    private static List<CSVRecord> csv(Path file) throws Exception {
        try (Reader in = Files.newBufferedReader(file);
                CSVParser p = CSVParser.parse(in, CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
                        .build())) {
            return p.getRecords();
        }
    }
}
