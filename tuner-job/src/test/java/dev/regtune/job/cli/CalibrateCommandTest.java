package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.space.profile.KnobProfile;
import dev.regtune.space.profile.ProfileFormat;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code regtune calibrate} end to end: a Spark job in local mode, and {@code fidelity --profile} reproducing it. */
class CalibrateCommandTest {
    private static final List<String> FILES = List.of("elementwise.ptx", "fma_chain.ptx", "warp_reduce.ptx",
            "predication.ptx", "histogram.ptx", "transpose.ptx");

    @TempDir
    Path dir;

    /** A corpus in the bundled layout: six small files of sm_90 and their real ptxas rows. */
    private Path corpus() throws Exception {
        Path root = dir.resolve("corpus");
        Path ptx = root.resolve("ptx/sm_90");
        Files.createDirectories(ptx);
        List<String> lines = Files.readAllLines(Path.of("../datasets/corpus/ptxas-reference.csv"), StandardCharsets.UTF_8);
        List<String> out = new ArrayList<>(List.of(lines.get(0)));
        for (String f : FILES) {
            Files.copy(Path.of("../datasets/corpus/ptx/sm_90").resolve(f), ptx.resolve(f));
            String prefix = "datasets/corpus/ptx/sm_90/" + f + ",";
            lines.stream().filter(l -> l.startsWith(prefix)).forEach(l -> out.add("ptx/sm_90/" + l.substring(
                    "datasets/corpus/ptx/sm_90/".length())));
        }
        Files.write(root.resolve("ptxas-reference.csv"), out, StandardCharsets.UTF_8);
        return root;
    }

    @Test
    void fidelityWithTheCalibratedProfileReproducesItsFigures() throws Exception {
        Path corpus = corpus();
        Path out = dir.resolve("calibration");
        Cli.Run run = Cli.run("calibrate", "--master", "local[2]", "--corpus", corpus.toString(), "--space",
                "../spaces/calibration.json", "--budget", "3", "--folds", "2", "--split-by", "family", "--arch", "sm_90",
                "--budgets", "0,32", "--out", out.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("default vs calibrated"), run.out());
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("test ") && l.contains("calibrated")), run.out());
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("train ") && l.contains("default")), run.out());
        for (String f : List.of("profile.json", "configurations.csv", "folds.csv", "sensitivity.csv",
                "fidelity/groups.csv")) {
            assertTrue(Files.isRegularFile(out.resolve(f)), f);
        }
        assertEquals(1 + 4, Files.readAllLines(out.resolve("configurations.csv")).size(), "the default and three");
        KnobProfile profile = ProfileFormat.readFile(out.resolve("profile.json"));
        assertEquals(2.0, profile.test().figures().get("folds"));

        Path report = dir.resolve("fidelity");
        Cli.Run fidelity = Cli.run("fidelity", "--profile", out.resolve("profile.json").toString(), "--corpus",
                corpus.toString(), "--arch", "sm_90", "--budgets", "0,32", "--report-dir", report.toString());
        assertEquals(0, fidelity.exit(), fidelity.err());
        assertEquals(Files.readString(out.resolve("fidelity/groups.csv")), Files.readString(report.resolve("groups.csv")));
        assertEquals(Files.readString(out.resolve("fidelity/kernels.csv")),
                Files.readString(report.resolve("kernels.csv")));

        // one corpus, one arch: the profile's training figures are fidelity's "all" row of the model (which
        // groups.csv rounds to 4 decimals)
        String all = Files.readAllLines(report.resolve("groups.csv")).stream()
                .filter(l -> l.startsWith("corpus,sm_90,all,all,model ")).findFirst().orElseThrow();
        String[] cells = all.split(",");
        assertEquals(Double.parseDouble(cells[8]), profile.train().figures().get("spearman"), 0.5e-4);
        assertEquals(Double.parseDouble(cells[9]), profile.train().figures().get("mape_percent"), 0.5e-4);
        assertEquals(Double.parseDouble(cells[14]), profile.train().figures().get("spill_f1"), 0.5e-4);

        // the same run again gives the same bytes
        Path again = dir.resolve("again");
        assertEquals(0, Cli.run("calibrate", "--in-process", "--corpus", corpus.toString(), "--space",
                "../spaces/calibration.json", "--budget", "3", "--folds", "2", "--split-by", "family", "--arch", "sm_90",
                "--budgets", "0,32", "--out", again.toString()).exit());
        for (String f : List.of("profile.json", "configurations.csv", "folds.csv", "sensitivity.csv")) {
            assertEquals(Files.readString(out.resolve(f)), Files.readString(again.resolve(f)), f);
        }
    }

    @Test
    void kernelFoldersWithAReferenceFoldByTheirRepositoryFolders() throws Exception {
        Path root = dir.resolve("kernels");
        List<String> lines = Files.readAllLines(Path.of("../datasets/corpus/ptxas-reference.csv"), StandardCharsets.UTF_8);
        List<String> out = new ArrayList<>(List.of(lines.get(0)));
        for (int i = 0; i < 4; i++) {
            String f = FILES.get(i);
            Path target = root.resolve("repo" + (i % 2) + "/sm_90/" + f);
            Files.createDirectories(target.getParent());
            Files.copy(Path.of("../datasets/corpus/ptx/sm_90").resolve(f), target);
            String prefix = "datasets/corpus/ptx/sm_90/" + f + ",";
            String repo = "repo" + (i % 2);
            lines.stream().filter(l -> l.startsWith(prefix)).forEach(l -> out.add(repo + "/sm_90/"
                    + l.substring("datasets/corpus/ptx/sm_90/".length())));
        }
        Path csv = dir.resolve("reference.csv");
        Files.write(csv, out, StandardCharsets.UTF_8);
        Cli.Run run = Cli.run("calibrate", "--in-process", "--kernels", root.toString(), "--reference", csv.toString(),
                "--space", "../spaces/calibration.json", "--budget", "2", "--folds", "2", "--arch", "sm_90",
                "--budgets", "0", "--out", dir.resolve("o").toString());
        assertEquals(0, run.exit(), run.err());
        List<String> folds = Files.readAllLines(dir.resolve("o/folds.csv"));
        assertEquals(3, folds.size(), String.join("\n", folds));
        assertTrue(folds.get(1).contains("repo0") != folds.get(1).contains("repo1"), "one repository per fold");
    }

    @Test
    void nsga2PrintsAndWritesItsFrontAndExportsTheWeightedChoice() throws Exception {
        Path corpus = corpus();
        Path out = dir.resolve("nsga2");
        Cli.Run run = Cli.run("calibrate", "--in-process", "--corpus", corpus.toString(), "--space",
                "../spaces/calibration.json", "--strategy", "nsga2", "--objective", "mape=2,f1=1", "--budget", "8",
                "--folds", "2", "--split-by", "family", "--arch", "sm_90", "--budgets", "0,32", "--out", out.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("Pareto front of the final search over mape, f1"), run.out());
        List<String> front = Files.readAllLines(out.resolve("front.csv"));
        assertTrue(front.get(0).startsWith("config,name,chosen,") && front.get(0).endsWith(",mape,f1,loss"),
                front.get(0));
        List<String> chosen = front.stream().filter(l -> l.split(",")[2].equals("true")).toList();
        assertEquals(1, chosen.size(), String.join("\n", front));
        String name = chosen.get(0).split(",")[1];
        assertTrue(run.out().contains("calibrated configuration " + name + ":"), run.out());
        double[] losses = front.stream().skip(1).mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(',')
                + 1))).toArray();
        double chosenLoss = Double.parseDouble(chosen.get(0).substring(chosen.get(0).lastIndexOf(',') + 1));
        for (double l : losses) {
            assertTrue(chosenLoss <= l, "the chosen configuration has the front's lowest weighted loss");
        }
        assertTrue(Files.readString(out.resolve("configurations.csv")).contains("," + name + ","));

        Cli.Run oneTerm = Cli.runInstalled("calibrate", "--in-process", "--corpus", corpus.toString(), "--space",
                "../spaces/calibration.json", "--strategy", "nsga2", "--objective", "mape", "--split-by", "family",
                "--arch", "sm_90", "--out", dir.resolve("o").toString());
        assertEquals(2, oneTerm.exit(), oneTerm.err());
        assertEquals(1, oneTerm.errLines().length, oneTerm.err());
        assertTrue(oneTerm.err().contains("two terms"), oneTerm.err());
    }

    @Test
    void bayesRunsItsBudgetPerSearch() throws Exception {
        Path out = dir.resolve("bayes");
        // in Spark local mode: every round grows the plan, which is broadcast again
        Cli.Run run = Cli.run("calibrate", "--master", "local[2]", "--corpus", corpus().toString(), "--space",
                "../spaces/calibration.json", "--strategy", "bayes", "--budget", "4", "--folds", "2", "--split-by",
                "family", "--arch", "sm_90", "--budgets", "0,32", "--out", out.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("the default and 4 configurations per search of space 'calibration' by a "
                + "tree-structured Parzen estimator"), run.out());
        assertFalse(Files.exists(out.resolve("front.csv")));
        // three searches (two folds and the final one) of four configurations each, some shared
        int configurations = Files.readAllLines(out.resolve("configurations.csv")).size() - 1;
        assertTrue(configurations >= 5 && configurations <= 13, "configurations: " + configurations);
    }

    @Test
    void aSearchedConfigurationBeyondTheFirstCandidatesIsExported() throws Exception {
        // ptxas's counts plus three: a model reserving five registers instead of two fits best, and the
        // space offers nothing else, so the search's choice is a configuration it proposed, not the default
        Path corpus = corpus();
        List<String> shifted = new ArrayList<>();
        for (String line : Files.readAllLines(corpus.resolve("ptxas-reference.csv"))) {
            String[] c = line.split(",");
            if (!c[0].equals("file") && c[4].equals("0")) {
                c[5] = Integer.toString(Integer.parseInt(c[5]) + 3);
            }
            shifted.add(String.join(",", c));
        }
        Files.write(corpus.resolve("ptxas-reference.csv"), shifted, StandardCharsets.UTF_8);
        Path space = dir.resolve("reserved.json");
        Files.writeString(space, "{\"name\": \"reserved\", \"knobs\": [{\"knob\": \"RegTuneReservedRegisters\", "
                + "\"values\": [4, 5, 6]}]}");
        Path out = dir.resolve("shifted");
        Cli.Run run = Cli.run("calibrate", "--in-process", "--corpus", corpus.toString(), "--space", space.toString(),
                "--strategy", "bayes", "--budget", "3", "--folds", "2", "--split-by", "family", "--arch", "sm_90",
                "--budgets", "0", "--out", out.toString());
        assertEquals(0, run.exit(), run.err());
        KnobProfile profile = ProfileFormat.readFile(out.resolve("profile.json"));
        assertEquals(5.0, profile.knobs().get(KnobCatalogue.require("RegTuneReservedRegisters")), run.out());
        String finalRow = Files.readAllLines(out.resolve("configurations.csv")).stream()
                .filter(l -> l.split(",")[2].contains("final")).findFirst().orElseThrow();
        assertTrue(finalRow.contains(",5,"), finalRow);
    }

    @Test
    void usageErrorsAreOneSentence() throws Exception {
        Path corpus = corpus();
        Cli.Run none = Cli.runInstalled("calibrate", "--space", "../spaces/calibration.json", "--out",
                dir.resolve("o").toString());
        assertEquals(2, none.exit());
        assertEquals(1, none.errLines().length, none.err());
        Cli.Run oneRepo = Cli.runInstalled("calibrate", "--in-process", "--corpus", corpus.toString(), "--space",
                "../spaces/calibration.json", "--arch", "sm_90", "--out", dir.resolve("o").toString());
        assertEquals(2, oneRepo.exit(), oneRepo.err());
        assertTrue(oneRepo.err().contains("repositories"), oneRepo.err());
        Cli.Run objective = Cli.runInstalled("calibrate", "--in-process", "--corpus", corpus.toString(), "--space",
                "../spaces/calibration.json", "--objective", "speed", "--out", dir.resolve("o").toString());
        assertEquals(2, objective.exit());
        assertTrue(objective.err().contains("not a term of the loss"), objective.err());
    }
}
