package dev.regtune.core.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.check.CheckReport;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.testing.CorpusReal;

/**
 * Every file of {@code shared/corpus-real} (real-world PTX that ptxas 13.0 compiles, from public
 * repositories) parses, every kernel of its manifest is found, and every entry allocates with both
 * families on sm_90 with a result the independent checker accepts. Skipped when the corpus is not
 * next to the checkout.
 */
class RealWorldCorpusTest {
    @Test
    void everyFileParsesAndEveryEntryAllocatesThroughTheChecker() throws IOException {
        Path corpus = CorpusReal.find();
        assumeTrue(corpus != null, CorpusReal.absentMessage());
        List<Path> files;
        try (Stream<Path> s = Files.list(corpus.resolve("ptx"))) {
            files = s.filter(p -> p.toString().endsWith(".ptx")).sorted().toList();
        }
        ArchProfile sm90 = ArchProfiles.of("sm_90");
        List<String> problems = new ArrayList<>();
        Set<String> entries = new TreeSet<>();
        for (Path file : files) {
            PtxModule m;
            try {
                m = PtxParser.parse(file);
            } catch (PtxParseException e) {
                problems.add("PARSE_ERROR " + e.getMessage());
                continue;
            }
            for (KernelFunction f : m.entries()) {
                entries.add(file.getFileName() + "," + f.name());
                for (RegisterAllocator allocator : Allocators.all()) {
                    AllocationResult r = allocator.allocate(f, Knobs.defaults(), sm90, 0);
                    if (r.status() != AllocationStatus.OK) {
                        problems.add(allocator.name() + " " + file.getFileName() + " " + f.name() + ": " + r.message());
                        continue;
                    }
                    CheckReport report = AllocationChecker.check(r.allocatedFunction(), r.assignment());
                    if (!report.ok()) {
                        problems.add(allocator.name() + " " + file.getFileName() + " " + f.name() + ": " + report);
                    }
                }
            }
        }
        assertEquals(List.of(), problems);
        Set<String> manifest = new TreeSet<>();
        for (CorpusReal.Kernel k : CorpusReal.manifest(corpus)) {
            manifest.add(k.file() + "," + k.entry());
        }
        assertEquals(manifest, entries, "the entries parsed are the manifest's kernels");
    }
}
