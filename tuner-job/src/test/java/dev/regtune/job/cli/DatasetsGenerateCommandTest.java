package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.Allocators;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.datasets.synthetic.SyntheticFamilies;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetsGenerateCommandTest {
    @TempDir
    Path dir;

    @Test
    void writesCountFilesNamedFamilySeedIndexThatParseAndAllocate() throws Exception {
        Path out = dir.resolve("new/folder");
        Cli.Run run = Cli.run("datasets", "generate", "--family", "accumulators", "--param", "loads=3",
                "--instructions", "400", "--count", "4", "--seed", "17", "--out", out.toString());
        assertEquals(0, run.exit(), run.err());
        assertEquals("", run.err());
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(List.of("accumulators-17-0.ptx", "accumulators-17-1.ptx", "accumulators-17-2.ptx",
                    "accumulators-17-3.ptx"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }
        String[] lines = run.out().strip().split("\\R");
        assertEquals(5, lines.length, run.out());
        for (int i = 0; i < 4; i++) {
            Path file = out.resolve("accumulators-17-" + i + ".ptx");
            assertTrue(lines[i].startsWith(file + "  accumulators_17_" + i + "  "), lines[i]);
            assertTrue(lines[i].contains("loads=3"), lines[i]);
            PtxModule module = PtxParser.parse(file);
            KernelFunction fn = module.functions().get(0);
            assertEquals("accumulators_17_" + i, fn.name());
            assertTrue(Math.abs(fn.instrCount() - 400) <= 80, fn.instrCount() + " instructions");
            assertTrue(lines[i].contains("  " + fn.instrCount() + " instructions  "), lines[i]);
            AllocationResult r = Allocators.fatPoint().allocate(fn, Knobs.defaults(), ArchProfiles.of("sm_90"), 0);
            assertEquals(AllocationStatus.OK, r.status());
            AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        }
        assertTrue(lines[4].startsWith("generated 4 accumulators kernels for sm_90, "), lines[4]);
        assertTrue(lines[4].endsWith("(target 400 each), in " + out), lines[4]);
        assertTrue(Files.readString(out.resolve("accumulators-17-0.ptx")).contains("\n.target sm_90\n"));
    }

    @Test
    void theSameOptionsWriteTheSameBytesAndAnotherSeedOtherKernels() throws Exception {
        String[] base = {"datasets", "generate", "--family", "mma", "--count", "2", "--arch", "sm_80",
            "--instructions", "300"};
        assertEquals(0, Cli.run(concat(base, "--seed", "3", "--out", dir.resolve("a").toString())).exit());
        assertEquals(0, Cli.run(concat(base, "--seed", "3", "--out", dir.resolve("b").toString())).exit());
        assertEquals(0, Cli.run(concat(base, "--seed", "4", "--out", dir.resolve("c").toString())).exit());
        for (int i = 0; i < 2; i++) {
            byte[] a = Files.readAllBytes(dir.resolve("a/mma-3-" + i + ".ptx"));
            assertArrayEquals(a, Files.readAllBytes(dir.resolve("b/mma-3-" + i + ".ptx")));
            String c = Files.readString(dir.resolve("c/mma-4-" + i + ".ptx")).replace("_4_", "_3_");
            assertFalse(new String(a).equals(c), "seed 4 differs from seed 3 beyond the names");
            assertTrue(c.contains("\n.target sm_80\n"));
        }
    }

    @Test
    void everyFamilyIsInTheManual() {
        Cli.Run run = Cli.run("datasets", "generate", "--help");
        assertEquals(0, run.exit());
        for (String f : SyntheticFamilies.names()) {
            assertTrue(run.out().contains(f), f);
        }
    }

    @Test
    void anUnknownFamilyGetsADidYouMean() {
        assertUsageError("unknown synthetic kernel family 'stensil'; did you mean stencil? known families: "
                + "accumulators, stencil, reduction, loop-live-through, predicated, pairs64, mma.",
                "--family", "stensil");
    }

    @Test
    void badParametersNameTheValidRange() {
        assertUsageError("parameter radius of family stencil must be from 1 to 6, not 9.",
                "--family", "stencil", "--param", "radius=9");
        assertUsageError("family stencil has no parameter 'r'; its keys are radius (1..6), dims (1..2), "
                + "instructions (10..1000000) and arch (sm_75, sm_80, sm_86, sm_89, sm_90).",
                "--family", "stencil", "--param", "r=2");
        assertUsageError("parameter k of family reduction must be an integer from 1 to 128, not 'many'.",
                "--family", "reduction", "--param", "k=many");
        assertUsageError("--param sets family parameters; give instructions with --instructions.",
                "--family", "reduction", "--param", "instructions=500");
        assertUsageError("--instructions must be from 10 to 1000000, not 2000000.",
                "--family", "reduction", "--instructions", "2000000");
        assertUsageError("arch of family mma must be one of sm_80, sm_86, sm_89, sm_90, not 'sm_75'.",
                "--family", "mma", "--arch", "sm_75");
        assertUsageError("the smallest kernel of family accumulators with loads=1, n=256 has 774 instructions, more "
                + "than 20% over the 100 asked for; ask for instructions=645 or more, or lower n.",
                "--family", "accumulators", "--param", "n=256", "--instructions", "100");
    }

    @Test
    void countAndSeedAreChecked() {
        Cli.Run count = Cli.run("datasets", "generate", "--family", "stencil", "--count", "0", "--seed", "1", "--out",
                dir.resolve("out").toString());
        assertEquals(2, count.exit());
        assertEquals("regtune: --count must be from 1 to 1000000, not 0.", count.err().strip());
        Cli.Run seed = Cli.run("datasets", "generate", "--family", "stencil", "--count", "1", "--seed", "-1", "--out",
                dir.resolve("out").toString());
        assertEquals(2, seed.exit());
        assertEquals("regtune: --seed must not be negative, not -1.", seed.err().strip());
        assertFalse(Files.exists(dir.resolve("out")));
    }

    @Test
    void anOutputFolderThatCannotBeMadeIsAUsageError() throws Exception {
        Path file = Files.writeString(dir.resolve("plain.txt"), "x");
        Cli.Run below = Cli.run("datasets", "generate", "--family", "stencil", "--count", "1", "--seed", "1",
                "--out", file.resolve("sub").toString());
        assertEquals(2, below.exit());
        assertEquals(1, below.errLines().length, below.err());
        assertTrue(below.err().startsWith("regtune: cannot create output folder '" + file.resolve("sub") + "': "),
                below.err());
        Cli.Run onFile = Cli.run("datasets", "generate", "--family", "stencil", "--count", "1", "--seed", "1",
                "--out", file.toString());
        assertEquals(2, onFile.exit());
        assertEquals("regtune: output folder '" + file + "' is a file, not a folder.", onFile.err().strip());
        assertEquals("x", Files.readString(file));
    }

    @Test
    void aMissingRequiredOptionIsASyntaxError() {
        Cli.Run run = Cli.runInstalled("datasets", "generate", "--family", "stencil", "--seed", "1", "--out",
                dir.toString());
        assertEquals(2, run.exit());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().contains("--count"), run.err());
    }

    private void assertUsageError(String message, String... options) {
        String[] args = concat(new String[] {"datasets", "generate", "--count", "2", "--seed", "5", "--out",
            dir.resolve("out").toString()}, options);
        Cli.Run run = Cli.run(args);
        assertEquals(2, run.exit(), run.err());
        assertEquals("regtune: " + message, run.err().strip());
        assertEquals("", run.out());
        assertFalse(Files.exists(dir.resolve("out")), "nothing is written after a usage error");
    }

    private static String[] concat(String[] a, String... b) {
        return Stream.concat(Stream.of(a), Stream.of(b)).toArray(String[]::new);
    }
}
