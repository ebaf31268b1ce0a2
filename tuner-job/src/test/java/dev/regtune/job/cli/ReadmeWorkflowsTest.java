package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regtune.job.spark.SparkSessions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's workflows are tests: every command of every {@code sh} block of README.md, and the
 * knob-space example of its {@code json} block, either runs here, in README order, in-process on
 * the bundled corpus with smaller samples, and exits as the README documents; or is in
 * {@link #RULES} as skipped, with the reason and what runs it instead. A command that matches no
 * rule fails the test, so a new README block cannot escape it.
 *
 * <p>Outputs ({@code runs/...}, {@code --out} files) go to a temporary folder, never the checkout;
 * inputs are the checkout's files. Sizes shrink by rewriting options in the test
 * ({@code -n 256} becomes {@code -n 4}, benchmark seconds become 0, a 100,000-instruction
 * synthetic kernel 2,000), never by editing the README's commands.
 *
 * <p>The sweep, select, export and report of "Sweeps on Spark" and "Selecting, exporting,
 * reporting" run as one workflow: a Sobol sweep over both architectures of {@code ptxas-core.json},
 * where every sampled configuration belongs to one architecture, then {@code select}, which must
 * choose a configuration per architecture from that architecture's own complete candidates, then
 * {@code export --arch sm_90}, which must export sm_90's own choice.
 */
class ReadmeWorkflowsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path README = ROOT.resolve("README.md");
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * What the test does with a README command, the first rule whose prefix the command starts
     * with. {@code skip} is the reason it does not run here (null: it runs); {@code shrink} rewrites
     * a token (an option's value, or part of a token) to a smaller size; {@code extra} is appended;
     * {@code exit} is the documented exit status.
     */
    private record Rule(String prefix, String skip, Map<String, String> shrink, List<String> extra, int exit) {
        static Rule runs(String prefix, Map<String, String> shrink, List<String> extra) {
            return new Rule(prefix, null, shrink, extra, 0);
        }

        static Rule skipped(String prefix, String reason) {
            return new Rule(prefix, reason, Map.of(), List.of(), 0);
        }
    }

    private static final String SMALL_PTX = "datasets/corpus/ptx/sm_90/elementwise.ptx";

    private static final List<Rule> RULES = List.of(
            Rule.skipped("bin/quickstart", "the whole quickstart (2,268 evaluations, select, export, report: "
                    + "minutes); .ci/run runs it, as bin/notebooks does on a fresh runs/quickstart"),
            Rule.skipped("mvn -B verify", "the build that runs this test; .ci/run runs it"),
            Rule.skipped("spark-submit ", "needs a Spark installation and a cluster; ClusterSweepIT submits the "
                    + "same main class, job jar and sweep arguments with SparkSubmit to a standalone cluster"),
            Rule.skipped("bin/regtune fidelity --allocator fatpoint --corpus ../shared/corpus-real",
                    "needs ../shared/corpus-real, which is not in the checkout (30 s on it); CorpusFidelityTest "
                            + "runs the same comparison where it is present"),
            Rule.skipped("bin/regtune fidelity --folds 5 --candidates spaces/uniform-reserved.json",
                    "needs ../shared/corpus-real and takes about 3 minutes; CorpusFidelityTest runs a small "
                            + "cross-validation where it is present"),
            Rule.skipped("bin/regtune calibrate --corpus ../shared/corpus-real", "about 13 minutes on 2 cores "
                    + "(4,000 file x configuration evaluations) and needs ../shared/corpus-real; CalibrateCommandTest "
                    + "runs calibrate in Spark local mode and checks fidelity --profile against it"),
            Rule.runs("bin/regtune calibrate --corpus datasets/corpus ", Map.of(), List.of("--in-process", "--budget",
                    "2", "--folds", "2", "--arch", "sm_90", "--budgets", "0")),
            Rule.runs("bin/regtune fidelity --profile runs/calibrate-bundled/", Map.of(), List.of("--arch", "sm_90",
                    "--budgets", "0")),
            Rule.skipped("mvn -B -Pbenchmarks", "builds the JMH module, which mvn verify leaves out on purpose "
                    + "(its benchmarks take about half an hour); the JMH run itself is the next rule"),
            Rule.skipped("java -jar benchmarks/target/benchmarks.jar", "JMH runs of the benchmarks module: minutes "
                    + "to half an hour each, a measurement rather than a check; README 'Speed' reports them"),
            Rule.skipped("bin/notebooks-setup", "installs Debian packages as root; .ci/run runs it"),
            Rule.skipped("bin/notebooks", "needs Jupyter (bin/notebooks-setup); .ci/run runs it after mvn -B verify"),
            Rule.skipped("/usr/bin/jupyter notebook", "opens the notebooks in a browser: interactive"),
            Rule.runs("bin/regtune allocate ", Map.of(), List.of()),
            dev.regtune.job.fidelity.PtxasRunner.onPath().isPresent()
                    ? Rule.runs("bin/regtune sweep --evaluator both ", Map.of("-n", "2",
                            "corpus/manifest.csv", "corpus/ptx/sm_90/elementwise.ptx"), List.of())
                    : Rule.skipped("bin/regtune sweep --evaluator both ", "needs the real ptxas, which is not on "
                            + "the PATH; SweepEvaluatorTest runs both evaluators with a fake ptxas"),
            Rule.runs("bin/regtune sweep ", Map.of("-n", "4"), List.of()),
            Rule.skipped("bin/regtune select --results runs/flags --objective lex:spills,registers --confirm",
                    "compiles each kernel's top 3 with the real ptxas; SelectConfirmTest runs --confirm with a fake "
                            + "ptxas (the model's choice overruled) and, where it is installed, the real one (every "
                            + "candidate served from the sweep's ptxas cache)"),
            dev.regtune.job.fidelity.PtxasRunner.onPath().isPresent()
                    ? Rule.runs("bin/regtune report --results runs/flags ", Map.of(), List.of())
                    : Rule.skipped("bin/regtune report --results runs/flags ", "reads the sweep of both evaluators, "
                            + "which needs the real ptxas; ModelVersusPtxasTest checks the section on a fixture"),
            dev.regtune.job.fidelity.PtxasRunner.onPath().isPresent()
                    ? Rule.runs("bin/regtune bench-sweep --evaluator ptxas ", Map.of("--evaluations", "2"),
                            List.of("--kernels", SMALL_PTX))
                    : Rule.skipped("bin/regtune bench-sweep --evaluator ptxas ", "needs the real ptxas, which is not "
                            + "on the PATH"),
            Rule.runs("bin/regtune select ", Map.of(), List.of()),
            Rule.runs("bin/regtune export ", Map.of(), List.of()),
            Rule.runs("bin/regtune report ", Map.of(), List.of()),
            Rule.runs("bin/regtune fidelity --reference ", Map.of(), List.of("--budgets", "0")),
            Rule.runs("bin/regtune bench --warmup-seconds", Map.of("--warmup-seconds", "0", "--seconds", "0"),
                    List.of(SMALL_PTX)),
            // Waits for a quiet JIT for at most 0.2 s here, on one bundled file instead of corpus-real.
            Rule.runs("bin/regtune bench --allocator fatpoint --warmup-seconds 60 --until-jit-quiet",
                    Map.of("--warmup-seconds", "0", "--until-jit-quiet", "0.05", "../shared/corpus-real/ptx",
                            SMALL_PTX),
                    List.of("--seconds", "0", "--warmup-max-seconds", "0.2")),
            Rule.runs("bin/regtune bench --synthetic", Map.of("instructions=100000", "instructions=2000"),
                    List.of("--warmup-seconds", "0", "--seconds", "0")),
            Rule.runs("bin/regtune bench-sweep ", Map.of("--evaluations", "200"), List.of("--synthetic-count", "10")));

    private static SparkSessions.Session session;

    @TempDir
    static Path work;

    @BeforeAll
    static void startSpark() {
        Assumptions.assumeTrue(Files.isRegularFile(README), "README.md is not next to tuner-job");
        session = SparkSessions.session("readme workflows", Optional.of("local[2]"));
        // The commands run on this session. Their tables are tiny: one shuffle partition and no
        // adaptive re-planning spare report's many small aggregations most of Spark's overhead.
        session.spark().conf().set("spark.sql.shuffle.partitions", "1");
        session.spark().conf().set("spark.sql.adaptive.enabled", "false");
    }

    @AfterAll
    static void stopSpark() {
        if (session != null) {
            session.close();
        }
    }

    /** A command of a README block: where it is, its text (continuation lines joined, comment cut). */
    record Command(int line, String text) {
        List<String> words() {
            return List.of(text.trim().split("\\s+"));
        }
    }

    /** A fenced block: its language, its first line number, its lines. */
    record Block(String language, int line, List<String> lines) {
    }

    static List<Block> blocks(List<String> readme) {
        List<Block> blocks = new ArrayList<>();
        Block open = null;
        for (int i = 0; i < readme.size(); i++) {
            String l = readme.get(i);
            if (l.startsWith("```")) {
                if (open == null) {
                    open = new Block(l.substring(3).trim(), i + 2, new ArrayList<>());
                } else {
                    blocks.add(open);
                    open = null;
                }
            } else if (open != null) {
                open.lines().add(l);
            }
        }
        assertTrue(open == null, "README.md has an unclosed code block");
        return blocks;
    }

    static List<Command> commands(Block block) {
        List<Command> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int start = -1;
        for (int i = 0; i < block.lines().size(); i++) {
            String l = block.lines().get(i).replaceAll("\\s+#.*$", "").stripTrailing();
            if (l.isBlank() && current.isEmpty()) {
                continue;
            }
            if (current.isEmpty()) {
                start = block.line() + i;
            }
            assertFalse(l.contains("\"") || l.contains("'") || l.contains("|"),
                    "README.md:" + (block.line() + i) + ": this test splits commands on spaces; quote it here first");
            if (l.endsWith("\\")) {
                current.append(l, 0, l.length() - 1).append(' ');
            } else {
                current.append(l);
                out.add(new Command(start, current.toString().trim()));
                current.setLength(0);
            }
        }
        return out;
    }

    private static Rule rule(Command c) {
        for (Rule r : RULES) {
            if (c.text().startsWith(r.prefix())) {
                return r;
            }
        }
        return fail("README.md:" + c.line() + ": '" + c.text() + "' matches no rule of ReadmeWorkflowsTest: add one "
                + "that runs it (small) or says why it is skipped");
    }

    /**
     * The arguments for the CLI: after {@code bin/regtune}, options shrunk, inputs of the checkout
     * made absolute, outputs ({@code runs/...} and anything not in the checkout) moved to the work folder.
     */
    private static List<String> arguments(Command c, Rule r) {
        List<String> words = c.words();
        assertEquals("bin/regtune", words.get(0), c.text());
        List<String> args = new ArrayList<>();
        for (int i = 1; i < words.size(); i++) {
            String w = words.get(i);
            String previous = words.get(i - 1);
            if (r.shrink().containsKey(previous)) {
                args.add(r.shrink().get(previous));
                continue;
            }
            for (Map.Entry<String, String> e : r.shrink().entrySet()) {
                if (!e.getKey().startsWith("-")) {
                    w = w.replace(e.getKey(), e.getValue());
                }
            }
            args.add(path(w));
        }
        r.extra().forEach(w -> args.add(path(w)));
        return args;
    }

    private static String path(String word) {
        boolean looksLikePath = !word.startsWith("-") && !word.contains(":") && !word.contains("=")
                && (word.contains("/") || word.matches(".*\\.(ptx|csv|json|knobs|html)"));
        if (!looksLikePath) {
            return word;
        }
        if (!word.startsWith("runs/") && Files.exists(ROOT.resolve(word))) {
            return ROOT.resolve(word).toString();
        }
        return work.resolve(word).toString();
    }

    @TestFactory
    Stream<DynamicTest> everyCommandOfTheReadmeRunsOrIsSkippedForAStatedReason() throws IOException {
        List<String> readme = Files.readAllLines(README, StandardCharsets.UTF_8);
        List<Block> blocks = blocks(readme);
        List<DynamicTest> tests = new ArrayList<>();
        Set<String> skipped = new LinkedHashSet<>();
        for (int b = 0; b < blocks.size(); b++) {
            Block block = blocks.get(b);
            if (block.language().equals("json")) {
                tests.add(DynamicTest.dynamicTest("README.md:" + block.line() + " knob-space example",
                        () -> theSpaceExampleValidates(block)));
            }
            if (!block.language().equals("sh")) {
                continue;
            }
            Block next = b + 1 < blocks.size() ? blocks.get(b + 1) : null;
            for (Command c : commands(block)) {
                Rule r = rule(c);
                if (r.skip() != null) {
                    skipped.add("README.md:" + c.line() + " " + c.text() + ": " + r.skip());
                    continue;
                }
                tests.add(DynamicTest.dynamicTest("README.md:" + c.line() + " " + c.text(), () -> run(c, r, next)));
            }
        }
        assertTrue(tests.size() >= 10, "the README's runnable commands: " + tests.size());
        tests.add(DynamicTest.dynamicTest("skipped, each for its reason", () -> {
            assertFalse(skipped.isEmpty());
            skipped.forEach(s -> System.out.println("skipped " + s));
        }));
        return tests.stream();
    }

    private static void run(Command c, Rule r, Block next) throws IOException {
        List<String> args = arguments(c, r);
        Cli.Run run = Cli.runInstalled(args.toArray(String[]::new));
        assertEquals(r.exit(), run.exit(), "README.md:" + c.line() + " " + String.join(" ", args) + "\n" + run.err());
        String command = args.get(0);
        CHECKS.getOrDefault(command, x -> { }).accept(new Ran(args, run, next));
    }

    /** A command that ran, with the README block after its own (its documented output, if any). */
    private record Ran(List<String> args, Cli.Run run, Block next) {
        String option(String name) {
            Iterator<String> it = args.iterator();
            while (it.hasNext()) {
                if (it.next().equals(name) && it.hasNext()) {
                    return it.next();
                }
            }
            return fail(name + " is not among " + args);
        }
    }

    /** What each command must have done beyond its exit status. */
    private static final Map<String, Consumer<Ran>> CHECKS = Map.of(
            "allocate", ReadmeWorkflowsTest::printsTheDocumentedShape,
            "select", ReadmeWorkflowsTest::choosesPerArchitecture,
            "export", ReadmeWorkflowsTest::exportsTheArchitecturesOwnChoice,
            "report", ran -> assertTrue(Files.isRegularFile(Path.of(ran.option("--out"))), ran.run().out()));

    /** The README shows the start of allocate's output: the same lines, numbers aside. */
    private static void printsTheDocumentedShape(Ran ran) {
        assertTrue(ran.next() != null && ran.next().language().isEmpty(), "the README shows allocate's output");
        List<String> documented = ran.next().lines();
        List<String> printed = ran.run().out().lines().toList();
        assertTrue(printed.size() >= documented.size(), ran.run().out());
        for (int i = 0; i < documented.size(); i++) {
            assertEquals(documented.get(i).replaceAll("\\d+(\\.\\d+)?", "N"), printed.get(i).replaceAll("\\d+(\\.\\d+)?",
                    "N"), "README.md:" + (ran.next().line() + i));
        }
    }

    /**
     * A Sobol sweep over both architectures samples each configuration for one of them, so no
     * configuration is complete on every kernel; each architecture still gets its own choice among
     * its own complete candidates, scored on all of its training kernels.
     */
    private static void choosesPerArchitecture(Ran ran) {
        Path selection = Path.of(ran.option("--results")).resolve("selection.json");
        JsonNode root = readJson(selection);
        JsonNode byArch = root.path("global_by_arch");
        assertEquals(List.of("sm_80", "sm_90"), fieldNames(byArch), byArch.toString());
        for (String arch : List.of("sm_80", "sm_90")) {
            JsonNode choice = byArch.path(arch);
            assertTrue(choice.path("complete_candidates").asInt() >= 1, arch + ": " + choice);
            assertFalse(choice.path("configuration").isEmpty(), arch + ": " + choice);
            JsonNode train = choice.path("train");
            assertTrue(train.path("kernels").asInt() > 0, arch + ": " + train);
            assertEquals(train.path("kernels").asInt(), train.path("scored").asInt(),
                    arch + ": its choice was evaluated OK on every one of its training kernels: " + train);
        }
        assertFalse(byArch.path("sm_80").path("config_id").asText().equals(byArch.path("sm_90").path("config_id")
                .asText()), "each sampled configuration belongs to one architecture");
    }

    /** {@code export --arch sm_90 --format knobs} writes sm_90's own choice, every changed knob of it. */
    private static void exportsTheArchitecturesOwnChoice(Ran ran) {
        String arch = ran.option("--arch");
        JsonNode choice = readJson(Path.of(ran.option("--selection"))).path("global_by_arch").path(arch);
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of(ran.option("--out")), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        assertTrue(lines.contains("[knobs]"), lines.toString());
        for (String knob : fieldNames(choice.path("configuration"))) {
            String value = choice.path("configuration").path(knob).asText();
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(knob + "=") && sameValue(l.substring(knob.length() + 1),
                    value)), knob + "=" + value + " in " + lines);
        }
    }

    private static boolean sameValue(String written, String chosen) {
        if (written.equals(chosen)) {
            return true;
        }
        try {
            return Double.parseDouble(written) == Double.parseDouble(chosen);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static void theSpaceExampleValidates(Block block) throws IOException {
        Path spec = work.resolve("readme-example.json");
        Files.write(spec, block.lines(), StandardCharsets.UTF_8);
        Cli.Run run = Cli.runInstalled("space", "validate", spec.toString());
        assertEquals(0, run.exit(), "README.md:" + block.line() + ": " + run.err());
    }

    private static JsonNode readJson(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new AssertionError("cannot read " + file, e);
        }
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names.stream().sorted().toList();
    }

    /** The block and command splitting the test relies on. */
    @Test
    void continuationLinesAreJoinedAndCommentsCut() {
        Block block = new Block("sh", 10, List.of("bin/regtune sweep --kernels k \\", "    --out runs/x",
                "", "bin/notebooks   # a comment"));
        assertEquals(List.of(new Command(10, "bin/regtune sweep --kernels k      --out runs/x"),
                new Command(13, "bin/notebooks")), commands(block));
    }
}
