package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.explain.AllocationListener;
import dev.regtune.core.pipeline.Pipeline;
import dev.regtune.core.alloc.RegisterUsage;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * {@code bench --allocator}: every family on the same functions, side by side. Only the layout and
 * the (deterministic) register counts are asserted, never the timings. The parametrised tests run
 * once per family of {@link Allocators#all()}; the side-by-side layout is also tested today with a
 * stand-in second family.
 */
class BenchAllocatorTest {
    @TempDir
    Path dir;

    static Stream<String> families() {
        return Allocators.all().stream().map(RegisterAllocator::name);
    }

    private static String last(String out) {
        return out.strip().lines().reduce((a, b) -> b).orElseThrow();
    }

    /** Register counts of tiny.ptx's functions by {@code family}, each allocation through the checker. */
    private static List<Integer> registers(Path ptx, String family) throws Exception {
        RegisterAllocator allocator = Allocators.byName(family);
        Knobs knobs = Knobs.defaults().with("allocator", family);
        return PtxParser.parse(ptx).functions().stream().map((KernelFunction fn) -> {
            AllocationResult r = allocator.allocate(fn, knobs, ArchProfiles.of("sm_90"), 0);
            if (r.status() == AllocationStatus.OK) {
                AllocationChecker.verify(r.allocatedFunction(), r.assignment());
            }
            return r.registers();
        }).toList();
    }

    @ParameterizedTest
    @MethodSource("families")
    void oneFamilyKeepsTheOneFamilyLayout(String family) throws Exception {
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("bench", "--allocator", family, "--warmup-seconds", "0", "--seconds", "0.05",
                dir.toString());

        assertEquals(0, run.exit(), run.err());
        List<String> lines = run.out().strip().lines().toList();
        assertTrue(lines.get(0).matches("file +function +instrs +vregs +regs +status +batch +batches "
                + "+median us/alloc +ns/instr"), lines.get(0));
        List<Integer> expected = registers(tiny, family);
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), Integer.parseInt(lines.get(1 + i).split(" +")[4]), lines.get(1 + i));
        }
        assertTrue(last(run.out()).matches("bench: 2 functions in 1 files on sm_90: median [0-9.]+ us/allocation, "
                + "[0-9.]+ ns/instruction \\(time-weighted\\) with " + family + "; parse [0-9.]+ MB/s"),
                last(run.out()));
        assertTrue(run.err().contains(", sm_90, " + family + ", warm-up"), run.err());
    }

    @Test
    void everyFamilyByDefaultInTheSummary() {
        Cli.resource("tiny.ptx", dir);
        Cli.Run byDefault = Cli.run("bench", "--warmup-seconds", "0", "--seconds", "0.02", dir.toString());
        Cli.Run all = Cli.run("bench", "--allocator", "all", "--warmup-seconds", "0", "--seconds", "0.02",
                dir.toString());

        String perFamily = families().map(f -> "median [0-9.]+ us/allocation, [0-9.]+ ns/instruction "
                + "\\(time-weighted\\) with " + f).collect(Collectors.joining("; "));
        for (Cli.Run run : List.of(byDefault, all)) {
            assertEquals(0, run.exit(), run.err());
            assertTrue(last(run.out()).matches("bench: 2 functions in 1 files on sm_90: " + perFamily
                    + "; parse [0-9.]+ MB/s"), last(run.out()));
        }
    }

    /** The fat-point allocation with one register more reported: a second family that differs visibly. */
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
        public AllocationResult allocate(KernelFunction fn, Knobs knobs, dev.regtune.core.arch.ArchProfile arch,
                int maxRegisters,
                AllocationListener listener) {
            Knobs fatpoint = knobs.with(KnobCatalogue.ALLOCATOR, KnobCatalogue.ALLOCATOR.choiceIndex("fatpoint"));
            AllocationResult r = Allocators.fatPoint().allocate(fn, fatpoint, arch, maxRegisters);
            return r.withUsage(new RegisterUsage(r.registers() + 1, r.usage().uniform(), r.usage().predicates(), r.usage().budget()));
        }
    }

    private static Cli.Run runWithStandIn(String... args) {
        CommandLine cmd = new CommandLine(new RegtuneMain());
        BenchCommand bench = cmd.getSubcommands().get("bench").getCommand();
        bench.allFamilies = () -> List.of("fatpoint", "briggs");
        bench.allocatorByName = name -> name.equals("briggs") ? new OneMoreRegister() : Arguments.allocator(name);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        int exit = cmd.execute(args);
        return new Cli.Run(exit, out.toString(), err.toString());
    }

    @Test
    void twoFamiliesSideBySide() throws Exception {
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run run = runWithStandIn("bench", "--warmup-seconds", "0", "--seconds", "0.05", "--synthetic",
                "accumulators:instructions=300", "--synthetic-seed", "7", dir.toString());

        assertEquals(0, run.exit(), run.err());
        String[] lines = run.out().strip().split("\\R");
        assertTrue(lines[0].matches("file +function +instrs +vregs +fatpoint regs +fatpoint status "
                + "+fatpoint us/alloc +fatpoint ns/instr +briggs regs +briggs status +briggs us/alloc "
                + "+briggs ns/instr +briggs/fatpoint"), lines[0]);
        List<Integer> fatpoint = registers(tiny, "fatpoint");
        for (int i = 0; i < fatpoint.size(); i++) {
            String[] cells = lines[1 + i].split(" +");
            assertEquals(fatpoint.get(i), Integer.parseInt(cells[4]), lines[1 + i]);
            assertEquals("OK", cells[5], lines[1 + i]);
            assertEquals(fatpoint.get(i) + 1, Integer.parseInt(cells[8]), lines[1 + i]);
            assertTrue(cells[12].matches("[0-9.]+"), lines[1 + i]);
        }
        assertTrue(lines[lines.length - 2].matches("synthetic-1 accumulators:\\S+ seed 7: \\d+ instructions; "
                + "generation [0-9.]+ ms \\([0-9.]+ ns/instruction, median of \\d+\\); allocation [0-9.]+ ms "
                + "\\([0-9.]+ ns/instruction\\), (\\d+) registers, OK with fatpoint; [0-9.]+ ms "
                + "\\([0-9.]+ ns/instruction\\), \\d+ registers, OK with briggs"), lines[lines.length - 2]);
        assertTrue(lines[lines.length - 1].matches("bench: 3 functions in 1 files and 1 synthetic kernels on sm_90: "
                + "median [0-9.]+ us/allocation, [0-9.]+ ns/instruction \\(time-weighted\\) with fatpoint; "
                + "median [0-9.]+ us/allocation, [0-9.]+ ns/instruction \\(time-weighted\\) with briggs; "
                + "parse [0-9.]+ MB/s"), lines[lines.length - 1]);
        assertTrue(run.err().contains(", sm_90, fatpoint, briggs, warm-up 0.0 s, measuring 0.1 s per family..."),
                run.err());
    }

    @Test
    void unknownAndNotYetImplementedFamiliesAreUsageErrors() {
        Cli.resource("tiny.ptx", dir);
        Cli.Run unknown = Cli.run("bench", "--allocator", "greedy", dir.toString());
        assertEquals(2, unknown.exit());
        assertEquals(List.of("regtune: --allocator expects 'all' or " + KnobCatalogue.ALLOCATOR.rangeText()
                + ", not 'greedy'."), List.of(unknown.errLines()));
        for (String choice : KnobCatalogue.ALLOCATOR.choices()) {
            if (families().noneMatch(choice::equals)) {
                Cli.Run run = Cli.run("bench", "--allocator", choice, dir.toString());
                assertEquals(2, run.exit(), run.err());
                assertEquals(1, run.errLines().length, run.err());
                assertTrue(run.err().contains("unknown allocator '" + choice + "'"), run.err());
            }
        }
    }
}
