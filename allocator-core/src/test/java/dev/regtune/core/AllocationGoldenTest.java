package dev.regtune.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.calls.ModuleAllocator;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.check.CheckReport;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.core.testing.CorpusReal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Pins the registers, spill bytes and stack frame of every entry of the bundled corpus and of
 * {@code shared/corpus-real}, with both families, default knobs, without a register limit and at
 * {@code -maxrregcount 32} (where most large kernels spill), to the figures the code gave before the
 * speed work (issue 15) began: a change that only makes the allocator faster must leave every one
 * of them as it was. Every result also passes the independent checker.
 *
 * <p>The goldens are {@code src/test/resources/golden/*.tsv}. A change that means to alter results
 * rewrites them with {@code -Dregtune.golden.write=true} (and says so in its commit); the test then
 * fails once so that a rewrite is never silent.
 */
class AllocationGoldenTest {
    private static final int[] LIMITS = {0, 32};
    private static final String HEADER = "family\tfile\tentry\tmaxrregcount\tstatus\tregisters\tspill_store\tspill_load\tstack_frame";

    @Test
    void bundledCorpusKeepsItsRegistersAndSpills() throws IOException {
        Path corpus = null;
        for (String candidate : new String[] {"../datasets/corpus/ptx", "datasets/corpus/ptx"}) {
            if (Files.isDirectory(Path.of(candidate))) {
                corpus = Path.of(candidate);
                break;
            }
        }
        assumeTrue(corpus != null, "datasets/corpus/ptx is not next to this module; skipping");
        List<String> rows = new ArrayList<>();
        for (String arch : new String[] {"sm_80", "sm_90"}) {
            rows.addAll(results(files(corpus.resolve(arch)), ArchProfiles.of(arch), arch + "/"));
        }
        compare("bundled.tsv", rows);
    }

    @Test
    void realWorldCorpusKeepsItsRegistersAndSpills() throws IOException {
        Path corpus = CorpusReal.find();
        assumeTrue(corpus != null, CorpusReal.absentMessage());
        compare("corpus-real.tsv", results(files(corpus.resolve("ptx")), ArchProfiles.of("sm_90"), ""));
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".ptx")).sorted().toList();
        }
    }

    private static List<String> results(List<Path> files, ArchProfile arch, String prefix) throws IOException {
        List<String> rows = new ArrayList<>();
        for (RegisterAllocator allocator : Allocators.all()) {
            for (int limit : LIMITS) {
                for (Path file : files) {
                    PtxModule module = PtxParser.parse(file);
                    for (KernelFunction f : module.entries()) {
                        AllocationResult r = ModuleAllocator.allocateFunction(module, f, allocator, Knobs.defaults(),
                                arch, limit);
                        String where = allocator.name() + " " + prefix + file.getFileName() + " " + f.name() + " " + limit;
                        if (r.status() == AllocationStatus.OK) {
                            CheckReport report = AllocationChecker.check(Objects.requireNonNull(r.allocatedFunction()),
                                    Objects.requireNonNull(r.assignment()));
                            assertTrue(report.ok(), () -> where + ": " + report.summary());
                        }
                        rows.add(String.join("\t", allocator.name(), prefix + file.getFileName(), f.name(),
                                Integer.toString(limit), r.status().name(), Integer.toString(r.registers()),
                                Integer.toString(r.spills().storeBytes()), Integer.toString(r.spills().loadBytes()),
                                Integer.toString(r.spills().stackFrameBytes())));
                    }
                }
            }
        }
        return rows;
    }

    private static void compare(String golden, List<String> rows) throws IOException {
        Path path = Path.of("src/test/resources/golden").resolve(golden);
        if (Boolean.getBoolean("regtune.golden.write")) {
            List<String> lines = new ArrayList<>();
            lines.add(HEADER);
            lines.addAll(rows);
            Files.write(path, lines, StandardCharsets.UTF_8);
            throw new AssertionError(path + " was rewritten; run again without -Dregtune.golden.write");
        }
        List<String> expected = Files.readAllLines(path, StandardCharsets.UTF_8);
        assertEquals(HEADER, expected.get(0), path + " has another header");
        expected = expected.subList(1, expected.size());
        List<String> differences = new ArrayList<>();
        for (int k = 0; k < Math.max(expected.size(), rows.size()); k++) {
            String want = k < expected.size() ? expected.get(k) : "(none)";
            String got = k < rows.size() ? rows.get(k) : "(none)";
            if (!want.equals(got)) {
                differences.add("expected " + want + " but got " + got);
            }
        }
        assertEquals(List.of(), differences.subList(0, Math.min(20, differences.size())),
                differences.size() + " of " + expected.size() + " results differ from " + path);
    }
}
