package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.job.fidelity.PtxasRunner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code calibrate --kernels} with a manifest (its own ptxas columns as the reference), and with
 * {@code --ptxas} measuring the kernels through the sweep's cached ptxas evaluator, pinned to what
 * {@code ptxas -v} gave for the bundled reference.
 */
class CalibrateKernelsTest {
    private static final Path BUNDLED = Path.of("../datasets/corpus");
    private static final List<String> FILES = List.of("elementwise.ptx", "warp_reduce.ptx", "histogram.ptx",
            "int64_index.ptx");

    @TempDir
    Path dir;

    /** The bundled reference's rows of {@link #FILES} on sm_90, their file column cut to "ptx/sm_90/F". */
    private static List<String> bundledRows(List<Integer> budgets) throws Exception {
        List<String> rows = new ArrayList<>();
        for (String line : Files.readAllLines(BUNDLED.resolve("ptxas-reference.csv"), StandardCharsets.UTF_8)) {
            String[] c = line.split(",");
            for (String f : FILES) {
                if (c[0].equals("datasets/corpus/ptx/sm_90/" + f) && budgets.contains(Integer.parseInt(c[4]))) {
                    rows.add(line.substring("datasets/corpus/".length()));
                }
            }
        }
        return rows;
    }

    /** {@link #FILES} in the bundled layout under {@code root}, with the reference's rows. */
    private static Path bundledLayout(Path root) throws Exception {
        Files.createDirectories(root.resolve("ptx/sm_90"));
        for (String f : FILES) {
            Files.copy(BUNDLED.resolve("ptx/sm_90").resolve(f), root.resolve("ptx/sm_90").resolve(f));
        }
        List<String> lines = new ArrayList<>(List.of(Files.readAllLines(BUNDLED.resolve("ptxas-reference.csv")).get(0)));
        lines.addAll(bundledRows(List.of(0, 128, 64, 40, 32, 24)));
        Files.write(root.resolve("ptxas-reference.csv"), lines, StandardCharsets.UTF_8);
        return root;
    }

    @Test
    void aManifestIsItsOwnReferenceAndCalibratesAsTheSameCorpusDoes() throws Exception {
        Path root = bundledLayout(dir.resolve("k"));
        List<String> manifest = Files.readAllLines(BUNDLED.resolve("manifest.csv"), StandardCharsets.UTF_8);
        List<String> rows = new ArrayList<>(List.of(manifest.get(0)));
        for (String line : manifest) {
            for (String f : FILES) {
                if (line.contains(",datasets/corpus/ptx/sm_90/" + f + ",")) {
                    rows.add(line.replace(",datasets/corpus/ptx/sm_90/", ",ptx/sm_90/"));
                }
            }
        }
        Files.write(root.resolve("manifest.csv"), rows, StandardCharsets.UTF_8);
        List<String> common = List.of("--in-process", "--space", "../spaces/calibration.json", "--budget", "3",
                "--folds", "2", "--split-by", "family", "--arch", "sm_90", "--budgets", "0,32");
        Cli.Run fromManifest = Cli.run(args("--kernels", root.resolve("manifest.csv").toString(), "--out",
                dir.resolve("m").toString(), common));
        assertEquals(0, fromManifest.exit(), fromManifest.err());
        assertTrue(fromManifest.out().contains("9 kernel outcomes (entry x arch) of manifest.csv"), fromManifest.out());
        Cli.Run fromCorpus = Cli.run(args("--corpus", root.toString(), "--out", dir.resolve("c").toString(), common));
        assertEquals(0, fromCorpus.exit(), fromCorpus.err());
        // folds deal groups named after the corpus, so which fold holds which family may differ; the figures not
        assertEquals(figures(dir.resolve("c/configurations.csv")), figures(dir.resolve("m/configurations.csv")),
                "the same kernels, the same figures");
        // the reference it compared with: the manifest's figures at the budgets asked for
        List<String> written = Files.readAllLines(dir.resolve("m/ptxas-reference.csv"));
        assertEquals(1 + 9 * 2, written.size(), String.join("\n", written));
        assertEquals(bundledRows(List.of(0, 32)).stream().sorted().toList(), written.stream().skip(1)
                .map(l -> l.substring(l.indexOf("/ptx/sm_90/") + 1)).sorted().toList());
    }

    @Test
    void ptxasMeasuresTheKernelsAsPtxasVerboseDoesAndCachesThem() throws Exception {
        Optional<Path> ptxas = PtxasRunner.onPath();
        Assumptions.assumeTrue(ptxas.isPresent(), "ptxas is not on the PATH");
        Assumptions.assumeTrue(PtxasRunner.of(ptxas.get()).version().equals("13.0.88"),
                "the bundled reference was measured with ptxas 13.0.88");
        Path kernels = dir.resolve("kernels");
        for (int i = 0; i < FILES.size(); i++) {
            Path target = kernels.resolve("repo" + (i % 2) + "/sm_90/" + FILES.get(i));
            Files.createDirectories(target.getParent());
            Files.copy(BUNDLED.resolve("ptx/sm_90").resolve(FILES.get(i)), target);
        }
        Path out = dir.resolve("o");
        String[] args = {"calibrate", "--in-process", "--kernels", kernels.toString(), "--ptxas", ptxas.get().toString(),
            "--space", "../spaces/calibration.json", "--budget", "2", "--folds", "2", "--arch", "sm_90", "--budgets",
            "0,32,24", "--out", out.toString()};
        Cli.Run run = Cli.run(args);
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("measured 27 (entry, arch, budget): 27 compiled now, 0 from the cache"),
                run.out());
        List<String> measured = Files.readAllLines(out.resolve("ptxas-reference.csv"));
        assertEquals(bundledRows(List.of(0, 32, 24)).stream().sorted().toList(), measured.stream().skip(1)
                .map(l -> l.substring(l.indexOf("/sm_90/") + 1).replaceFirst("^", "ptx/")).sorted().toList(),
                "the figures of 'ptxas -v' in datasets/corpus/ptxas-reference.csv");
        List<String> folds = Files.readAllLines(out.resolve("folds.csv"));
        assertTrue(folds.get(1).contains("repo0") != folds.get(1).contains("repo1"), "one repository per fold");

        Cli.Run again = Cli.run(args);
        assertEquals(0, again.exit(), again.err());
        assertTrue(again.out().contains("0 compiled now, 27 from the cache"), again.out());
        assertEquals(String.join("\n", measured), String.join("\n", Files.readAllLines(out.resolve(
                "ptxas-reference.csv"))));
    }

    @Test
    void aMissingPtxasOrAFolderWithoutTruthIsRefusedInOneSentence() throws Exception {
        Path kernels = bundledLayout(dir.resolve("k")).resolve("ptx");
        Cli.Run missing = Cli.runInstalled("calibrate", "--kernels", kernels.toString(), "--ptxas",
                dir.resolve("no-ptxas").toString(), "--space", "../spaces/calibration.json", "--arch", "sm_90",
                "--out", dir.resolve("o").toString());
        assertEquals(2, missing.exit(), missing.err());
        assertEquals(1, missing.errLines().length, missing.err());
        assertTrue(missing.err().contains("--ptxas '" + dir.resolve("no-ptxas") + "' is not an executable file"),
                missing.err());
        Cli.Run noTruth = Cli.runInstalled("calibrate", "--kernels", kernels.toString(), "--space",
                "../spaces/calibration.json", "--arch", "sm_90", "--out", dir.resolve("o").toString());
        assertEquals(2, noTruth.exit(), noTruth.err());
        assertTrue(noTruth.err().contains("--reference CSV, or --ptxas PATH"), noTruth.err());
        Cli.Run both = Cli.runInstalled("calibrate", "--kernels", kernels.toString(), "--reference",
                dir.resolve("k/ptxas-reference.csv").toString(), "--ptxas", "/usr/local/bin/ptxas", "--space",
                "../spaces/calibration.json", "--out", dir.resolve("o").toString());
        assertEquals(2, both.exit(), both.err());
        assertTrue(both.err().contains("not both"), both.err());
    }

    /** configurations.csv without the folds: each configuration's knobs and figures on every kernel. */
    private static List<String> figures(Path csv) throws Exception {
        return Files.readAllLines(csv).stream().map(l -> {
            List<String> c = new ArrayList<>(List.of(l.split(",", -1)));
            c.remove(2); // chosen_by
            return String.join(",", c.subList(0, c.size() - 2)); // fold0_train_loss, fold1_train_loss
        }).toList();
    }

    private static String[] args(String option, String value, String outOption, String out, List<String> common) {
        List<String> a = new ArrayList<>(List.of("calibrate", option, value, outOption, out));
        a.addAll(common);
        return a.toArray(String[]::new);
    }
}
