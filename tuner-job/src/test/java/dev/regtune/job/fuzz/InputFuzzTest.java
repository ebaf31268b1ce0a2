package dev.regtune.job.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.check.CheckReport;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParseException;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.job.select.SelectionInputException;
import dev.regtune.job.select.SelectionJson;
import dev.regtune.space.profile.ProfileFormat;
import dev.regtune.space.profile.ProfileFormatException;
import dev.regtune.space.spec.SpaceSpecException;
import dev.regtune.space.spec.SpaceSpecReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Jazzer fuzz targets for every reader of user input. Each target states the promise it checks:
 * bad input is one of the reader's own exceptions with a one-sentence message, never another
 * exception; and every allocation the fuzzer drives, under any knob vector, passes the independent
 * checker.
 *
 * <p>Under {@code mvn test} Jazzer runs in regression mode: each target replays the inputs kept in
 * {@code src/test/resources/dev/regtune/job/fuzz/InputFuzzTestInputs/TARGET/} (seeds and every
 * crasher found so far), in seconds. {@code bin/fuzz} runs the fuzzer itself on each target
 * ({@code JAZZER_FUZZ=1}, one target per JVM, as Jazzer requires).
 */
class InputFuzzTest {
    /** The parser's messages: file:line:column, then "expected X but found Y" or one of ptxas's sentences. */
    private static final Pattern PARSE_MESSAGE = Pattern.compile("^fuzz\\.ptx:[1-9][0-9]*:[1-9][0-9]*: (expected .+ "
            + "but found ('.*'|end of file)|Not a name of any known instruction: '.*'|Missing \\.(version|target) "
            + "directive at start of file|Unexpected (non-ASCII|NUL) character .* encountered on line [1-9][0-9]*; "
            + "PTX is ASCII, comments included)$", Pattern.DOTALL);

    /**
     * The entries of the bundled corpus (sm_90) of at most {@value #MAX_INSTRUCTIONS} PTX
     * instructions: 21 kernels of 20 families, calls and recursion included, small enough that the
     * fuzzer runs hundreds of allocations a second under extreme knob values.
     */
    private static final int MAX_INSTRUCTIONS = 200;

    /** The kernels the allocation target draws from. */
    private static final List<KernelFunction> KERNELS = corpusKernels();

    @FuzzTest(maxDuration = "30m", maxExecutions = 1_000_000)
    void ptxParser(FuzzedDataProvider data) {
        byte[] bytes = data.consumeRemainingAsBytes();
        try {
            PtxParser.parse(bytes, "fuzz.ptx");
        } catch (PtxParseException e) {
            String m = e.getMessage();
            assertTrue(PARSE_MESSAGE.matcher(m).matches(), m);
            // A bug caught by the parser's safety net; the input itself may well contain the words
            // "internal error" (the fuzzer found that), so the check is on what was expected.
            assertTrue(!e.expected().startsWith("PTX the front end can handle (internal error"), m);
        }
    }

    /** A kernel of the corpus, an architecture, a register limit and any knob vector: allocate, then check. */
    @FuzzTest(maxDuration = "15m", maxExecutions = 100_000)
    void parseAllocateCheck(FuzzedDataProvider data) {
        KernelFunction fn = KERNELS.get(data.consumeInt(0, KERNELS.size() - 1));
        String arch = data.consumeBoolean() ? "sm_90" : "sm_80";
        int limit = data.consumeBoolean() ? 0 : data.consumeInt(16, 255);
        Knobs knobs = Knobs.defaults();
        for (KnobDef d : KnobCatalogue.all()) {
            if (data.remainingBytes() == 0) {
                break;
            }
            if (data.consumeBoolean()) {
                knobs = knobs.with(d, value(d, data));
            }
        }
        RegisterAllocator allocator = Allocators.forKnobs(knobs);
        AllocationResult r = allocator.allocate(fn, knobs, ArchProfiles.of(arch), limit);
        if (r.status() == AllocationStatus.OK) {
            CheckReport report = AllocationChecker.check(r.allocatedFunction(), r.assignment());
            assertTrue(report.ok(), fn.name() + " " + arch + " limit " + limit + ": " + report.summary());
        } else {
            assertTrue(r.message() != null && !r.message().isBlank(), "an ALLOC_FAILED result says why");
        }
    }

    @FuzzTest(maxDuration = "30m", maxExecutions = 200_000)
    void spaceSpec(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        try {
            SpaceSpecReader.parse(text, "fuzz");
        } catch (SpaceSpecException e) {
            oneSentence(e.getMessage());
        }
    }

    @FuzzTest(maxDuration = "30m", maxExecutions = 200_000)
    void profiles(FuzzedDataProvider data) {
        ProfileFormat f = data.pickValue(ProfileFormat.values());
        String text = data.consumeRemainingAsString();
        try {
            f.parse(text, "fuzz." + f.id());
        } catch (ProfileFormatException e) {
            oneSentence(e.getMessage());
        }
    }

    @FuzzTest(maxDuration = "30m", maxExecutions = 100_000)
    void selection(FuzzedDataProvider data) throws IOException {
        Path file = Files.createTempFile("regtune-fuzz", ".json");
        try {
            Files.write(file, data.consumeRemainingAsBytes());
            SelectionJson.read(file);
        } catch (SelectionInputException e) {
            oneSentence(e.getMessage());
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static void oneSentence(String m) {
        assertTrue(m != null && !m.isBlank(), "an error has a message");
    }

    /** Any valid value of the knob, as the fuzzer's bytes choose it. */
    private static double value(KnobDef d, FuzzedDataProvider data) {
        return switch (d.type()) {
            case BOOL -> data.consumeBoolean() ? 1 : 0;
            case INT, CHOICE -> data.consumeLong((long) d.min(), (long) d.max());
            case DOUBLE -> data.consumeRegularDouble(d.min(), d.max());
        };
    }

    private static List<KernelFunction> corpusKernels() {
        Path dir = Path.of(System.getProperty("regtune.home", ".."), "datasets", "corpus", "ptx", "sm_90");
        if (!Files.isDirectory(dir)) {
            dir = Path.of("datasets", "corpus", "ptx", "sm_90");
        }
        List<KernelFunction> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.sorted().toList()) {
                for (KernelFunction f : PtxParser.parse(p).entries()) {
                    if (f.instrCount() <= MAX_INSTRUCTIONS) {
                        out.add(f);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(out);
    }

}
