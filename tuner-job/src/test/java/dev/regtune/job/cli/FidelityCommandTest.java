package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regtune.job.fidelity.ComparisonCsv;
import dev.regtune.job.fidelity.PtxasRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class FidelityCommandTest {
    private static final String HEADER =
            "file,entry,kind,arch,max_regs,registers,spill_store_bytes,spill_load_bytes,stack_frame_bytes,ptxas_version\n";

    @TempDir
    Path dir;

    private Path corpus() {
        Cli.resource("tiny.ptx", dir.resolve("ptx/sm_90"));
        Cli.ptxResourceFor("sm_80", "tiny.ptx", dir.resolve("ptx/sm_80"));
        return dir.resolve("ptx");
    }

    private Path reference() throws Exception {
        Path csv = dir.resolve("reference.csv");
        Files.writeString(csv, HEADER
                + "ptx/sm_80/tiny.ptx,axpy,entry,sm_80,0,10,0,0,0,13.0.88\n"
                + "ptx/sm_90/tiny.ptx,axpy,entry,sm_90,0,10,0,0,0,13.0.88\n"
                + "ptx/sm_90/tiny.ptx,axpy,entry,sm_90,24,10,0,0,0,13.0.88\n"
                + "ptx/sm_90/tiny.ptx,twice,func,sm_90,0,,0,0,0,13.0.88\n");
        return csv;
    }

    @Test
    void comparesWithAReferenceCsvWithoutPtxas() throws Exception {
        Path folder = corpus();
        Path out = dir.resolve("comparison.csv");
        Cli.Run run = Cli.run("fidelity", "--verify", "--reference", reference().toString(), "--arch", "sm_90",
                "--budgets", "0,24", "--out", out.toString(), folder.toString());

        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("13.0.88"), run.out());
        assertTrue(run.out().contains("spearman"), run.out());
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("all ") && l.contains("model")), run.out());
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("24 ") && l.contains("baseline")), run.out());

        List<String> lines = Files.readAllLines(out);
        assertEquals(String.join(",", ComparisonCsv.COLUMNS), lines.get(0));
        assertEquals(List.of("file", "entry", "arch", "budget", "real_registers", "model_registers",
                "baseline_registers", "real_spill_store_bytes", "real_spill_load_bytes", "model_spill_store_bytes",
                "model_spill_load_bytes", "model_status", "allocator"), ComparisonCsv.COLUMNS);
        // only the sm_90 entry, budgets 0 and 24, one row per allocator family (all of them by default)
        List<String> families = Arguments.familyNames();
        assertEquals(1 + 2 * families.size(), lines.size(), String.join("\n", lines));
        String sm90 = folder.resolve("sm_90").resolve("tiny.ptx").toString();
        for (int k = 0; k < families.size(); k++) {
            String budget0 = lines.get(1 + k);
            String budget24 = lines.get(1 + families.size() + k);
            assertTrue(budget0.startsWith(sm90 + ",axpy,sm_90,0,10,") && budget0.endsWith("," + families.get(k)),
                    budget0);
            assertTrue(budget24.startsWith(sm90 + ",axpy,sm_90,24,10,") && budget24.endsWith("," + families.get(k)),
                    budget24);
        }
    }

    @Test
    void outputIsDeterministic() throws Exception {
        Path folder = corpus();
        String ref = reference().toString();
        Cli.Run a = Cli.run("fidelity", "--verify", "--reference", ref, "--jobs", "4", folder.toString());
        Cli.Run b = Cli.run("fidelity", "--verify", "--reference", ref, "--jobs", "1", folder.toString());
        assertEquals(0, a.exit(), a.err());
        assertEquals(a.out(), b.out());
        assertEquals(a.err(), b.err());
    }

    @Test
    void nothingToCompareIsAFailureOfTheWork() throws Exception {
        Path csv = dir.resolve("empty.csv");
        Files.writeString(csv, HEADER);
        Cli.Run run = Cli.run("fidelity", "--verify", "--reference", csv.toString(), corpus().toString());
        assertEquals(1, run.exit());
        assertTrue(run.err().contains("nothing to compare"), run.err());
    }

    @Test
    void withoutPtxasOrReferenceItIsAUsageError() {
        Path folder = corpus();
        CommandLine cmd = new CommandLine(new RegtuneMain());
        FidelityCommand fidelity = cmd.getSubcommands().get("fidelity").getCommand();
        fidelity.ptxasOnPath = Optional::empty;
        StringWriter err = new StringWriter();
        cmd.setErr(new PrintWriter(err, true));
        cmd.setOut(new PrintWriter(new StringWriter(), true));

        assertEquals(2, cmd.execute("fidelity", folder.toString()));
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(err.toString().contains("no ground truth"), err.toString());
    }

    @Test
    void usageErrors() throws Exception {
        Path folder = corpus();
        String ref = reference().toString();
        assertEquals(2, Cli.run("fidelity", "--ptxas", dir.resolve("nope").toString(), folder.toString()).exit());
        assertEquals(2, Cli.run("fidelity", "--reference", dir.resolve("none.csv").toString(),
                folder.toString()).exit());
        assertEquals(2, Cli.run("fidelity", "--reference", ref, "--arch", "sm_91", folder.toString()).exit());
        assertEquals(2, Cli.run("fidelity", "--reference", ref, "--budgets", "0,300", folder.toString()).exit());
        assertEquals(2, Cli.run("fidelity", "--reference", ref, "--knob", "NoSuchKnob=1", folder.toString()).exit());
        Path badCsv = dir.resolve("bad.csv");
        Files.writeString(badCsv, "file,entry\n");
        Cli.Run bad = Cli.run("fidelity", "--reference", badCsv.toString(), folder.toString());
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("lacks the column"), bad.err());
    }

    @Test
    void measuresWithTheRealPtxasWhereItIsInstalled() throws Exception {
        Optional<Path> ptxas = PtxasRunner.onPath();
        assumeTrue(ptxas.isPresent(), "ptxas is not on the PATH; skipping the comparison with the real compiler");
        Path folder = corpus();
        Path out = dir.resolve("real.csv");
        Cli.Run run = Cli.run("fidelity", "--arch", "sm_90", "--budgets", "0,32", "--out", out.toString(),
                folder.toString());

        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("ptxas "), run.out());
        List<String> lines = Files.readAllLines(out);
        assertEquals(1 + 2 * Arguments.familyNames().size(), lines.size(), String.join("\n", lines));
        int realRegisters = Integer.parseInt(lines.get(1).split(",")[4]);
        assertTrue(realRegisters > 0 && realRegisters <= 255, lines.get(1));
    }

    /** A corpus-real style folder of three one-kernel files from three repositories, measured on sm_90. */
    private Path realCorpus() throws Exception {
        Path c = dir.resolve("corpus-real");
        Files.createDirectories(c.resolve("ptx"));
        String tiny = Files.readString(Cli.resource("tiny.ptx", dir.resolve("res")));
        StringBuilder manifest = new StringBuilder("file,repo,commit,path,entry,ptx_instructions,declared_vregs,"
                + "rewrote_header,generator,kind\n");
        StringBuilder ptxas = new StringBuilder("file,entry,arch,maxrregcount,regs,spill_store_bytes,"
                + "spill_load_bytes,stack_frame_bytes,compile_ms\n");
        for (String name : List.of("a", "b", "c")) {
            Files.writeString(c.resolve("ptx").resolve(name + ".ptx"), tiny);
            manifest.append(name).append(".ptx,o/").append(name).append(",0,x.ptx,axpy,20,21,yes,nvcc,plain\n");
            int regs = name.equals("b") ? 16 : 10;
            ptxas.append(name).append(".ptx,axpy,sm_90,0,").append(regs).append(",0,0,0,1\n");
            ptxas.append(name).append(".ptx,axpy,sm_90,24,").append(regs).append(",0,0,0,1\n");
        }
        manifest.append("a.ptx,o/a,0,x.ptx,missing,3,3,yes,nvcc,calls\n");
        ptxas.append("a.ptx,missing,sm_90,0,20,0,0,0,1\n");
        Files.writeString(c.resolve("manifest.csv"), manifest.toString());
        Files.writeString(c.resolve("ptxas.csv"), ptxas.toString());
        return c;
    }

    @Test
    void reportsACorpusByKindAndSizeWithTheWorstKernelsAndFiles() throws Exception {
        Path corpus = realCorpus();
        Path report = dir.resolve("report");
        Cli.Run run = Cli.run("fidelity", "--verify", "--allocator", "fatpoint", "--corpus", corpus.toString(),
                "--budgets", "0,24", "--report-dir", report.toString());
        assertEquals(0, run.exit(), run.err());
        String out = run.out();
        assertTrue(out.startsWith("corpus corpus-real ("), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("sm_90  all ") && l.contains("model fatpoint")
                && l.contains("75.0%")), out); // 3 of 4 entries processed: "missing" is not in the PTX
        assertTrue(out.lines().anyMatch(l -> l.startsWith("sm_90  kind plain ")), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("sm_90  size <32 ")), out);
        assertTrue(out.contains("the parsed module has no such entry; calls; 3 instructions"), out);
        assertTrue(out.contains("plain; 20 instructions; "), out);

        List<String> groups = Files.readAllLines(report.resolve("groups.csv"));
        assertEquals(String.join(",", dev.regtune.job.fidelity.BreakdownFiles.GROUP_COLUMNS), groups.get(0));
        assertTrue(groups.get(1).startsWith("corpus-real,sm_90,all,all,model fatpoint,4,3,3,"), groups.get(1));
        List<String> kernels = Files.readAllLines(report.resolve("kernels.csv"));
        assertEquals(5, kernels.size());
        assertTrue(kernels.get(1).startsWith("corpus-real,o/a,a.ptx,missing,sm_90,calls,3,<32,fatpoint,MISSING,"),
                kernels.get(1));
        assertTrue(Files.readString(report.resolve("fidelity.json")).contains("\"corpora\""));

        Cli.Run again = Cli.run("fidelity", "--verify", "--allocator", "fatpoint", "--corpus", corpus.toString(),
                "--budgets", "0,24", "--jobs", "1");
        assertEquals(out, again.out());
    }

    @Test
    void crossValidatesCandidatesByRepository() throws Exception {
        Path corpus = realCorpus();
        Path candidates = dir.resolve("candidates.csv");
        Files.writeString(candidates, "RegTuneReservedRegisters,name\n6,six\n");
        Path report = dir.resolve("cv");
        Cli.Run run = Cli.run("fidelity", "--corpus", corpus.toString(), "--budgets", "0,24", "--folds", "3",
                "--candidates", candidates.toString(), "--report-dir", report.toString());
        assertEquals(0, run.exit(), run.err());
        String out = run.out();
        assertTrue(out.startsWith("cross-validation: 3 folds by repository; 2 candidates:"), out);
        assertTrue(out.contains("six        RegTuneReservedRegisters=6"), out);
        assertEquals(3, out.lines().filter(l -> l.matches("\\s+[0-2]\\s+1\\s+.*")).count(), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("sm_90  all ") && l.contains("model cross-validated")),
                out);
        assertTrue(Files.readString(report.resolve("fidelity.json")).contains("\"cross_validation\""));
        assertTrue(Files.readString(report.resolve("groups.csv")).contains("corpus-real cross-validated,sm_90,"));
    }

    @Test
    void corpusUsageErrors() throws Exception {
        Path corpus = realCorpus();
        Path candidates = dir.resolve("candidates.csv");
        Files.writeString(candidates, "RegTuneReservedRegisters\n6\n");
        assertEquals(2, Cli.run("fidelity", "--corpus", dir.resolve("none").toString()).exit());
        assertEquals(2, Cli.run("fidelity", "--corpus", dir.toString()).exit()); // neither layout
        assertEquals(2, Cli.run("fidelity", "--corpus", corpus.toString(), "--folds", "2").exit());
        assertEquals(2, Cli.run("fidelity", "--folds", "2", "--candidates", candidates.toString()).exit());
        assertEquals(2, Cli.run("fidelity", "--corpus", corpus.toString(), "--folds", "4", "--candidates",
                candidates.toString()).exit()); // 3 repositories
        Cli.Run both = Cli.run("fidelity", "--corpus", corpus.toString(), "--reference", reference().toString());
        assertEquals(2, both.exit());
        assertEquals(1, both.errLines().length, both.err());
    }

    @Test
    void ptxArgumentsGetTheBreakdownToo() throws Exception {
        Cli.Run run = Cli.run("fidelity", "--reference", reference().toString(), "--arch", "sm_90", "--allocator",
                "fatpoint", corpus().toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("by architecture, kind of kernel and size"), run.out());
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("sm_90  kind plain ")), run.out());
    }
}
