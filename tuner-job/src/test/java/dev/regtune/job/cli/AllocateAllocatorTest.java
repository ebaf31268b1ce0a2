package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.alloc.CopyCoalescing;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.job.allocate.JsonReportWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code allocate --allocator NAME} sets the allocator knob. The parametrised tests run once per
 * family of {@link Allocators#all()}, so a family that joins it is covered without a change here.
 */
class AllocateAllocatorTest {
    @TempDir
    Path dir;

    static Stream<String> families() {
        return Allocators.all().stream().map(RegisterAllocator::name);
    }

    /** Every ordered pair of different values of the allocator knob, implemented or not. */
    static Stream<Arguments> differentChoices() {
        List<String> choices = KnobCatalogue.ALLOCATOR.choices();
        return choices.stream().flatMap(a -> choices.stream().filter(b -> !b.equals(a)).map(b -> Arguments.of(a, b)));
    }

    @ParameterizedTest
    @MethodSource("families")
    void allocatorOptionAndAllocatorKnobAreTheSameRequest(String family) {
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run option = Cli.run("allocate", "--verify", "--format", "json", "--allocator", family, tiny.toString());
        Cli.Run knob = Cli.run("allocate", "--verify", "--format", "json", "--knob", "allocator=" + family,
                tiny.toString());
        Cli.Run both = Cli.run("allocate", "--verify", "--format", "json", "--allocator", family.toUpperCase(),
                "--knob", "allocator=" + family, tiny.toString());

        assertEquals(0, option.exit(), option.err());
        assertEquals(0, knob.exit(), knob.err());
        assertEquals(0, both.exit(), both.err());
        assertEquals(option.out(), knob.out());
        assertEquals(option.out(), both.out());
    }

    @ParameterizedTest
    @MethodSource("families")
    void reportsTheFamilysOwnResultsWithItsCopyCoalescerCounts(String family) throws Exception {
        Path corpus = Path.of("../datasets/corpus/ptx/sm_90/elementwise.ptx");
        Path ptx = corpus.toFile().isFile() ? corpus : Cli.resource("tiny.ptx", dir);
        for (String budget : List.of("0", "24")) {
            Cli.Run json = Cli.run("allocate", "--verify", "--format", "json", "--allocator", family, "--max-regs",
                    budget, ptx.toString());
            Cli.Run text = Cli.run("allocate", "--verify", "--allocator", family, "--max-regs", budget,
                    ptx.toString());
            assertEquals(0, json.exit(), json.err());
            assertEquals(0, text.exit(), text.err());

            // The same functions allocated here, each result through the checker.
            RegisterAllocator allocator = Allocators.byName(family);
            Knobs knobs = Knobs.defaults().with("allocator", family);
            List<AllocationResult> expected = new ArrayList<>();
            for (KernelFunction fn : PtxParser.parse(ptx).functions()) {
                AllocationResult r = allocator.allocate(fn, knobs, ArchProfiles.of("sm_90"), Integer.parseInt(budget));
                if (r.status() == AllocationStatus.OK) {
                    AllocationChecker.verify(r.allocatedFunction(), r.assignment());
                }
                expected.add(r);
            }

            JsonNode array = new ObjectMapper().readTree(json.out());
            assertEquals(expected.size(), array.size());
            int coalescerLines = 0;
            for (int i = 0; i < expected.size(); i++) {
                AllocationResult r = expected.get(i);
                JsonNode o = array.get(i);
                assertEquals(r.function(), o.get("function").asText());
                assertEquals(r.status().name(), o.get("status").asText());
                assertEquals(r.registers(), o.get("registers").asInt(), r.function());
                List<String> keys = new ArrayList<>();
                o.fieldNames().forEachRemaining(keys::add);
                CopyCoalescing c = r.copyCoalescing();
                assertEquals("stats", keys.remove(keys.size() - 1), "the counters come last");
                assertEquals(r.stats().attempts(), o.get("stats").get("attempts").asInt());
                if (c.equals(CopyCoalescing.NONE)) {
                    assertEquals(JsonReportWriter.KEYS, keys);
                } else {
                    List<String> withCounts = new ArrayList<>(JsonReportWriter.KEYS);
                    withCounts.addAll(JsonReportWriter.COPY_COALESCING_KEYS);
                    assertEquals(withCounts, keys);
                    assertEquals(c.copiesSeen(), o.get("copies_seen").asInt());
                    assertEquals(c.copiesMerged(), o.get("copies_merged").asInt());
                    assertEquals(c.copiesLeft(), o.get("copies_left").asInt());
                    assertEquals(c.passes(), o.get("coalescing_passes").asInt());
                    assertTrue(text.out().contains("regtune info  : copy coalescer: " + c.copiesSeen()
                            + " copies seen, " + c.copiesMerged() + " merged, " + c.copiesLeft() + " left, "), text.out());
                    coalescerLines++;
                }
            }
            assertEquals(coalescerLines, text.out().lines().filter(l -> l.startsWith("regtune info  : copy coalescer: "))
                    .count(), text.out());
        }
    }

    @ParameterizedTest
    @MethodSource("differentChoices")
    void anAllocatorOptionContradictingTheAllocatorKnobIsAUsageError(String option, String knob) {
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("allocate", "--allocator", option, "--knob", "allocator=" + knob, tiny.toString());

        assertEquals(2, run.exit());
        assertEquals("", run.out());
        assertEquals(List.of("regtune: --allocator " + option + " contradicts --knob allocator=" + knob
                + "; give only one of them."), List.of(run.errLines()));
    }

    @Test
    void aKnobValueWithoutAnAllocatorIsAUsageErrorNamingTheKnownOnes() {
        Path tiny = Cli.resource("tiny.ptx", dir);
        // Values of the allocator knob whose family has not landed yet; none once every family has.
        for (String choice : KnobCatalogue.ALLOCATOR.choices()) {
            if (families().noneMatch(choice::equals)) {
                for (String[] args : List.of(new String[] {"--allocator", choice},
                        new String[] {"--knob", "allocator=" + choice})) {
                    Cli.Run run = Cli.run("allocate", args[0], args[1], tiny.toString());
                    assertEquals(2, run.exit(), run.err());
                    assertEquals(1, run.errLines().length, run.err());
                    assertTrue(run.err().contains("unknown allocator '" + choice + "'; known: "), run.err());
                }
            }
        }
    }

    @Test
    void anUnknownAllocatorNameIsAUsageErrorListingTheKnobsValues() {
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("allocate", "--allocator", "greedy", tiny.toString());

        assertEquals(2, run.exit());
        assertEquals(List.of("regtune: --allocator expects " + KnobCatalogue.ALLOCATOR.rangeText()
                + ", not 'greedy'."), List.of(run.errLines()));
        assertFalse(run.err().contains("\tat "), run.err());
    }
}
