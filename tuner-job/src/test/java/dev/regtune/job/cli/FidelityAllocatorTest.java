package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.explain.AllocationListener;
import dev.regtune.core.pipeline.Pipeline;
import dev.regtune.core.alloc.RegisterUsage;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * {@code fidelity --allocator}: every family against the same ground truth, side by side. The
 * parametrised tests run once per family of {@link Allocators#all()}; the two-family layout is
 * also tested today with a stand-in second family (fat-point reporting one register more), since
 * it must not wait for a second family to land. Every run passes {@code --verify}, so each model
 * result goes through the independent checker.
 */
class FidelityAllocatorTest {
    private static final String HEADER =
            "file,entry,kind,arch,max_regs,registers,spill_store_bytes,spill_load_bytes,stack_frame_bytes,ptxas_version\n";

    @TempDir
    Path dir;

    static Stream<String> families() {
        return Allocators.all().stream().map(RegisterAllocator::name);
    }

    static Stream<org.junit.jupiter.params.provider.Arguments> differentChoices() {
        return AllocateAllocatorTest.differentChoices();
    }

    private Path corpus() {
        if (!Files.isDirectory(dir.resolve("ptx"))) {
            Cli.resource("tiny.ptx", dir.resolve("ptx/sm_90"));
            Cli.ptxResourceFor("sm_80", "tiny.ptx", dir.resolve("ptx/sm_80"));
        }
        return dir.resolve("ptx");
    }

    private String reference() throws Exception {
        Path csv = dir.resolve("reference.csv");
        Files.writeString(csv, HEADER
                + "ptx/sm_80/tiny.ptx,axpy,entry,sm_80,0,10,0,0,0,13.0.88\n"
                + "ptx/sm_80/tiny.ptx,axpy,entry,sm_80,24,10,0,0,0,13.0.88\n"
                + "ptx/sm_90/tiny.ptx,axpy,entry,sm_90,0,10,0,0,0,13.0.88\n"
                + "ptx/sm_90/tiny.ptx,axpy,entry,sm_90,24,12,0,0,0,13.0.88\n");
        return csv.toString();
    }

    /** The fat-point allocation with one register more reported: a second family whose counts differ by one. */
    static final class OneMoreRegister implements RegisterAllocator {
        @Override
        public String name() {
            return "one-more-register";
        }

        @Override
        public Pipeline<?> pipeline() {
            return Allocators.fatPoint().pipeline();
        }

        @Override
        public AllocationResult allocate(KernelFunction fn, Knobs knobs, ArchProfile arch, int maxRegisters,
                AllocationListener listener) {
            Knobs fatpoint = knobs.with(KnobCatalogue.ALLOCATOR, KnobCatalogue.ALLOCATOR.choiceIndex("fatpoint"));
            AllocationResult r = Allocators.fatPoint().allocate(fn, fatpoint, arch, maxRegisters);
            return r.withUsage(new RegisterUsage(r.registers() + 1, r.usage().uniform(), r.usage().predicates(), r.usage().budget()));
        }
    }

    private static Cli.Run run(Consumer<FidelityCommand> setup, String... args) {
        CommandLine cmd = new CommandLine(new RegtuneMain());
        setup.accept(cmd.getSubcommands().get("fidelity").getCommand());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        int exit = cmd.execute(args);
        return new Cli.Run(exit, out.toString(), err.toString());
    }

    /** fatpoint and, as "briggs", the stand-in, whatever Allocators has. */
    private static void withStandIn(FidelityCommand fidelity) {
        fidelity.allFamilies = () -> List.of("fatpoint", "briggs");
        fidelity.allocatorByName = name -> name.equals("briggs") ? new OneMoreRegister() : Arguments.allocator(name);
    }

    private static List<String> rows(String out, String predictor) {
        return out.lines().filter(l -> l.matches("(all|none|\\d+) +" + predictor + " .*")).toList();
    }

    @ParameterizedTest
    @MethodSource("families")
    void oneFamilyByOptionOrByKnob(String family) throws Exception {
        Path folder = corpus();
        Path csv = dir.resolve("one.csv");
        Cli.Run option = Cli.run("fidelity", "--verify", "--reference", reference(), "--budgets", "0,24",
                "--allocator", family, "--out", csv.toString(), folder.toString());
        Cli.Run knob = Cli.run("fidelity", "--verify", "--reference", reference(), "--budgets", "0,24",
                "--knob", "allocator=" + family, folder.toString());

        assertEquals(0, option.exit(), option.err());
        assertEquals(option.out(), knob.out());
        assertTrue(option.out().startsWith("fidelity: model " + family + " "), option.out());
        assertEquals(3, rows(option.out(), "model " + family).size(), option.out()); // all, none, 24
        families().filter(f -> !f.equals(family)).forEach(other ->
                assertTrue(rows(option.out(), "model " + other).isEmpty(), option.out()));
        assertFalse(option.out().contains("where the models differ most"), option.out());
        List<String> lines = Files.readAllLines(csv);
        assertEquals(5, lines.size(), String.join("\n", lines)); // (sm_80, sm_90) x (0, 24)
        lines.subList(1, lines.size()).forEach(l -> assertTrue(l.endsWith("," + family), l));
    }

    @Test
    void everyFamilyByDefaultAndWithAll() throws Exception {
        Path folder = corpus();
        Path csv = dir.resolve("all.csv");
        Cli.Run byDefault = Cli.run("fidelity", "--verify", "--reference", reference(), "--budgets", "0,24",
                "--out", csv.toString(), folder.toString());
        Cli.Run all = Cli.run("fidelity", "--verify", "--reference", reference(), "--budgets", "0,24",
                "--allocator", "all", folder.toString());

        assertEquals(0, byDefault.exit(), byDefault.err());
        assertEquals(byDefault.out(), all.out());
        List<String> names = families().toList();
        for (String family : names) {
            assertEquals(3, rows(byDefault.out(), "model " + family).size(), byDefault.out());
        }
        List<String> lines = Files.readAllLines(csv);
        assertEquals(1 + 4 * names.size(), lines.size(), String.join("\n", lines));
        for (int i = 1; i < lines.size(); i++) {
            assertTrue(lines.get(i).endsWith("," + names.get((i - 1) % names.size())), lines.get(i));
        }
    }

    @Test
    void twoFamiliesSideBySideWithWhereTheyDifferMost() throws Exception {
        Path folder = corpus();
        String ref = reference();
        Path csv = dir.resolve("two.csv");
        Cli.Run two = run(FidelityAllocatorTest::withStandIn, "fidelity", "--verify", "--reference", ref,
                "--budgets", "0,24", "--out", csv.toString(), folder.toString());
        Cli.Run fatpointAlone = Cli.run("fidelity", "--verify", "--reference", ref, "--budgets", "0,24",
                "--allocator", "fatpoint", folder.toString());

        assertEquals(0, two.exit(), two.err());
        String out = two.out();
        assertTrue(out.startsWith("fidelity: models fatpoint, briggs "), out);
        assertTrue(out.contains(": 4 pairs compared for each model; model ALLOC_FAILED: fatpoint 0, briggs 0"), out);
        // Per budget the families' rows come next to each other, then the baseline's.
        List<String> table = out.lines().filter(l -> l.matches("(all|none|24) +(model \\w+|baseline) .*")).toList();
        assertEquals(9, table.size(), out);
        for (int g = 0; g < 3; g++) {
            assertTrue(table.get(3 * g).contains(" model fatpoint "), table.get(3 * g));
            assertTrue(table.get(3 * g + 1).contains(" model briggs "), table.get(3 * g + 1));
            assertTrue(table.get(3 * g + 2).contains(" baseline "), table.get(3 * g + 2));
        }
        // Adding a family changes none of fat-point's figures.
        assertEquals(rows(fatpointAlone.out(), "model fatpoint").stream().map(l -> l.replaceAll(" +", " ")).toList(),
                rows(out, "model fatpoint").stream().map(l -> l.replaceAll(" +", " ")).toList());
        assertEquals(rows(fatpointAlone.out(), "baseline").stream().map(l -> l.replaceAll(" +", " ")).toList(),
                rows(out, "baseline").stream().map(l -> l.replaceAll(" +", " ")).toList());
        assertTrue(out.contains("baseline: scored on the pairs every model allocated."), out);

        assertTrue(out.contains("where the models differ most (fatpoint, briggs)"), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("budget +pairs +MAPE fatpoint +MAPE briggs +register spread "
                + "+spill disagree")), out);
        // The stand-in reports one register more everywhere: a spread of 1 in every group.
        assertTrue(out.lines().anyMatch(l -> l.matches("all +4 +\\S+ +\\S+ +1\\.00 +0/2")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("24 +2 +\\S+ +\\S+ +1\\.00 +0/2")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("sm_80 +2 +\\S+ +\\S+ +1\\.00 +0/1")), out);
        assertTrue(out.contains("kernel families with the largest register spread (1 of 1):"), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("tiny +4 +\\S+ +\\S+ +1\\.00 +0/2")), out);
        assertTrue(out.contains("entries with the largest register spread (1 of 1; over every arch and budget):"),
                out);
        assertTrue(out.lines().anyMatch(l -> l.matches("axpy \\(tiny\\) +4 .*")), out);

        List<String> lines = Files.readAllLines(csv);
        assertEquals(9, lines.size(), String.join("\n", lines));
        for (int i = 1; i < lines.size(); i += 2) {
            String[] fatpoint = lines.get(i).split(",");
            String[] briggs = lines.get(i + 1).split(",");
            assertEquals("fatpoint", fatpoint[12]);
            assertEquals("briggs", briggs[12]);
            assertEquals(List.of(fatpoint).subList(0, 5), List.of(briggs).subList(0, 5)); // same case, same truth
            assertEquals(Integer.parseInt(fatpoint[5]) + 1, Integer.parseInt(briggs[5]));
        }
    }

    @Test
    void twoFamiliesAreDeterministicWhateverTheThreads() throws Exception {
        Path folder = corpus();
        String ref = reference();
        Cli.Run a = run(FidelityAllocatorTest::withStandIn, "fidelity", "--verify", "--reference", ref, "--jobs", "4",
                folder.toString());
        Cli.Run b = run(FidelityAllocatorTest::withStandIn, "fidelity", "--verify", "--reference", ref, "--jobs", "1",
                folder.toString());
        assertEquals(0, a.exit(), a.err());
        assertEquals(a.out(), b.out());
        assertEquals(a.err(), b.err());
    }

    @Test
    void aListPicksTheFamiliesInItsOrder() throws Exception {
        Path folder = corpus();
        Cli.Run run = run(FidelityAllocatorTest::withStandIn, "fidelity", "--verify", "--reference", reference(),
                "--allocator", "briggs,fatpoint", folder.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().startsWith("fidelity: models briggs, fatpoint "), run.out());
    }

    @ParameterizedTest
    @MethodSource("differentChoices")
    void anAllocatorListContradictingTheAllocatorKnobIsAUsageError(String option, String knob) throws Exception {
        Cli.Run run = Cli.run("fidelity", "--reference", reference(), "--allocator", option, "--knob",
                "allocator=" + knob, corpus().toString());
        assertEquals(2, run.exit());
        assertEquals("", run.out());
        assertEquals(List.of("regtune: --allocator " + option + " contradicts --knob allocator=" + knob
                + "; give only one of them."), List.of(run.errLines()));

        Cli.Run all = Cli.run("fidelity", "--reference", reference(), "--allocator", "all", "--knob",
                "allocator=" + knob, corpus().toString());
        if (families().count() > 1) {
            assertEquals(2, all.exit(), all.err());
            assertTrue(all.err().contains("--allocator all contradicts --knob allocator=" + knob), all.err());
        }
    }

    @Test
    void unknownAndNotYetImplementedFamiliesAreUsageErrors() throws Exception {
        Path folder = corpus();
        String ref = reference();
        Cli.Run unknown = Cli.run("fidelity", "--reference", ref, "--allocator", "fatpoint,greedy", folder.toString());
        assertEquals(2, unknown.exit());
        assertEquals(List.of("regtune: --allocator expects 'all' or " + KnobCatalogue.ALLOCATOR.rangeText()
                + ", not 'greedy'."), List.of(unknown.errLines()));
        for (String choice : KnobCatalogue.ALLOCATOR.choices()) {
            if (families().noneMatch(choice::equals)) {
                Cli.Run run = Cli.run("fidelity", "--reference", ref, "--allocator", choice, folder.toString());
                assertEquals(2, run.exit(), run.err());
                assertTrue(run.err().contains("unknown allocator '" + choice + "'"), run.err());
            }
        }
    }
}
