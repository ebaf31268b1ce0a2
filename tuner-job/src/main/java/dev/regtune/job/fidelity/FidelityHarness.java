package dev.regtune.job.fidelity;

import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.check.CheckReport;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.calls.ModuleAllocator;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParseException;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.job.allocate.AllocatorFamily;
import dev.regtune.job.io.IoFailures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Builds the comparison: parses every PTX file, asks the ground truth for each (file, arch,
 * budget), runs each allocator family and the baseline on each entry, and pairs them up. Every
 * family runs on the same entries, architectures and budgets, against the same ground truth, so
 * each {@link FidelityCase} holds one pair per family.
 *
 * <p>Ground truth and model runs go to a thread pool (ptxas runs are independent processes; the
 * allocators are thread-safe), but results are collected in submission order, so the cases come
 * out in a fixed order whatever the scheduling: files as given, then architecture name, then
 * entries in file order, then budgets as given; within a case, families as given.
 */
public final class FidelityHarness {
    private final List<AllocatorFamily> families;
    private final GroundTruth truth;
    private final List<Integer> budgets;
    private final int jobs;
    private final Consumer<String> notes;
    private final boolean verify;

    /**
     * @param families the allocator families to compare, in report order (at least one)
     * @param budgets {@code -maxrregcount} values, 0 for none, in report order
     * @param jobs threads for ptxas and model runs
     * @param notes receives one-sentence notes about what was left out and why
     * @param verify whether to run the independent checker on every model result that is OK; a
     *     violation fails the run with an {@link IllegalStateException}
     */
    public FidelityHarness(List<AllocatorFamily> families, GroundTruth truth, List<Integer> budgets, int jobs,
            Consumer<String> notes, boolean verify) {
        if (families.isEmpty()) {
            throw new IllegalArgumentException("a comparison needs at least one allocator family");
        }
        this.families = List.copyOf(families);
        this.truth = truth;
        this.budgets = List.copyOf(budgets);
        this.jobs = Math.max(1, jobs);
        this.notes = notes;
        this.verify = verify;
    }

    /** One allocator run with {@code knobs}, named by their allocator knob. */
    public FidelityHarness(RegisterAllocator allocator, Knobs knobs, GroundTruth truth, List<Integer> budgets,
            int jobs, Consumer<String> notes, boolean verify) {
        this(List.of(new AllocatorFamily(KnobCatalogue.ALLOCATOR.format(knobs.get(KnobCatalogue.ALLOCATOR)),
                allocator, knobs)), truth, budgets, jobs, notes, verify);
    }

    /**
     * One PTX file and the architectures to compare it on.
     *
     * @param path the file
     * @param displayName how reports name it
     * @param archs the architectures, in report order
     */
    public record Input(Path path, String displayName, List<ArchProfile> archs) {
        public Input {
            archs = List.copyOf(archs);
        }
    }

    /**
     * The comparison.
     *
     * @param allocators the names of the compared families, in report order
     * @param cases every (entry, arch, budget) with ground truth, one pair per family, in report order
     * @param files files that parsed
     * @param unparsed files that did not parse (left out), in input order
     * @param entries (file, entry) pairs that parsed
     * @param withoutTruth (entry, arch, budget) combinations left out for lack of ground truth
     */
    public record Result(List<String> allocators, List<FidelityCase> cases, int files, List<Unparsed> unparsed,
            int entries, int withoutTruth) {
        public Result {
            allocators = List.copyOf(allocators);
            cases = List.copyOf(cases);
            unparsed = List.copyOf(unparsed);
        }

        /** How many files did not parse. */
        public int parseErrors() {
            return unparsed.size();
        }

        /** Every pair of every family: case by case, families in order within a case. */
        public List<FidelityPair> pairs() {
            return cases.stream().flatMap(c -> c.pairs().stream()).toList();
        }

        /** The pairs of one family, in case order. */
        public List<FidelityPair> pairs(String allocator) {
            int i = allocators.indexOf(allocator);
            if (i < 0) {
                throw new IllegalArgumentException("allocator " + allocator + " was not compared");
            }
            return cases.stream().map(c -> c.pairs().get(i)).toList();
        }
    }

    /**
     * A file left out: the parser rejected it, or it could not be read.
     *
     * @param file the file's display name
     * @param message the parser's message (file, line, column, what was expected), or "cannot read
     *     'FILE': REASON"
     */
    public record Unparsed(String file, String message) {
    }

    private AllocationResult allocateChecked(AllocatorFamily family, PtxModule module, KernelFunction fn,
            ArchProfile arch, int budget) {
        // The entry as ptxas -v reports it: charged for the functions it calls.
        AllocationResult r = ModuleAllocator.allocateFunction(module, fn, family.allocator(), family.knobs(), arch,
                budget);
        if (verify && r.status() == AllocationStatus.OK) {
            CheckReport report = AllocationChecker.check(Objects.requireNonNull(r.allocatedFunction()),
                    Objects.requireNonNull(r.assignment())); // an OK result has both
            if (!report.ok()) {
                throw new IllegalStateException("the " + family.name() + " allocation of " + fn.name() + " on "
                        + arch.name() + " at budget " + budget + " fails the checker: " + report.summary());
            }
        }
        return r;
    }

    public Result run(List<Input> inputs) throws IOException {
        List<Input> parsedInputs = new ArrayList<>();
        List<List<KernelFunction>> entriesOf = new ArrayList<>();
        List<Unparsed> unparsed = new ArrayList<>();
        List<PtxModule> modulesOf = new ArrayList<>();
        int entryCount = 0;
        for (Input in : inputs) {
            PtxModule module;
            try {
                module = PtxParser.parse(in.path());
            } catch (PtxParseException e) {
                notes.accept("left out a file that does not parse: " + e.getMessage());
                unparsed.add(new Unparsed(in.displayName(), String.valueOf(e.getMessage())));
                continue;
            } catch (IOException e) {
                String sentence = IoFailures.sentence("read", in.displayName(), e);
                notes.accept("left out a file that cannot be read: " + sentence);
                unparsed.add(new Unparsed(in.displayName(), sentence));
                continue;
            }
            List<KernelFunction> entries = module.entries();
            parsedInputs.add(in);
            entriesOf.add(entries);
            modulesOf.add(module);
            entryCount += entries.size();
        }

        ExecutorService pool = Executors.newFixedThreadPool(jobs, r -> {
            Thread t = new Thread(r, "regtune-fidelity");
            t.setDaemon(true);
            return t;
        });
        try {
            // Submit everything first so ptxas and the models overlap, then collect in order.
            // modelFutures: file -> arch -> family -> entry * budgets + budget.
            List<List<Future<Truth>>> truthFutures = new ArrayList<>();
            List<List<List<List<Future<AllocationResult>>>>> modelFutures = new ArrayList<>();
            List<List<Future<Integer>>> baselineFutures = new ArrayList<>();
            for (int f = 0; f < parsedInputs.size(); f++) {
                Input in = parsedInputs.get(f);
                List<KernelFunction> entries = entriesOf.get(f);
                PtxModule module = modulesOf.get(f);
                List<String> names = entries.stream().map(KernelFunction::name).toList();
                List<Future<Truth>> perArchBudget = new ArrayList<>();
                List<List<List<Future<AllocationResult>>>> perArch = new ArrayList<>();
                for (ArchProfile arch : in.archs()) {
                    for (int budget : budgets) {
                        perArchBudget.add(pool.submit(() -> measure(in, arch, budget, names)));
                    }
                    List<List<Future<AllocationResult>>> perFamily = new ArrayList<>();
                    for (AllocatorFamily family : families) {
                        List<Future<AllocationResult>> models = new ArrayList<>();
                        for (KernelFunction fn : entries) {
                            for (int budget : budgets) {
                                models.add(pool.submit(() -> allocateChecked(family, module, fn, arch, budget)));
                            }
                        }
                        perFamily.add(models);
                    }
                    perArch.add(perFamily);
                }
                truthFutures.add(perArchBudget);
                modelFutures.add(perArch);
                List<Future<Integer>> baselines = new ArrayList<>();
                for (KernelFunction fn : entries) {
                    baselines.add(pool.submit(() -> NaiveBaseline.pressure(fn)));
                }
                baselineFutures.add(baselines);
            }

            List<FidelityCase> cases = new ArrayList<>();
            int withoutTruth = 0;
            for (int f = 0; f < parsedInputs.size(); f++) {
                Input in = parsedInputs.get(f);
                List<KernelFunction> entries = entriesOf.get(f);
                for (int a = 0; a < in.archs().size(); a++) {
                    ArchProfile arch = in.archs().get(a);
                    List<Map<String, PtxasMeasurement>> real = new ArrayList<>();
                    for (int b = 0; b < budgets.size(); b++) {
                        Truth t = get(truthFutures.get(f).get(a * budgets.size() + b));
                        t.notes().forEach(notes);
                        real.add(t.byEntry());
                    }
                    for (int e = 0; e < entries.size(); e++) {
                        int pressure = get(baselineFutures.get(f).get(e));
                        for (int b = 0; b < budgets.size(); b++) {
                            PtxasMeasurement m = real.get(b).get(entries.get(e).name());
                            List<AllocationResult> models = new ArrayList<>(families.size());
                            for (int k = 0; k < families.size(); k++) {
                                models.add(get(modelFutures.get(f).get(a).get(k).get(e * budgets.size() + b)));
                            }
                            if (m == null || m.registers() < 0) {
                                withoutTruth++;
                                continue;
                            }
                            List<FidelityPair> pairs = new ArrayList<>(families.size());
                            for (int k = 0; k < families.size(); k++) {
                                pairs.add(FidelityPair.of(in.displayName(), arch.name(), budgets.get(b),
                                        families.get(k).name(), m, models.get(k), pressure));
                            }
                            cases.add(new FidelityCase(pairs));
                        }
                    }
                }
            }
            return new Result(families.stream().map(AllocatorFamily::name).toList(), cases, parsedInputs.size(),
                    unparsed, entryCount, withoutTruth);
        } finally {
            pool.shutdownNow();
        }
    }

    private static <T> T get(Future<T> future) throws IOException {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while comparing with ptxas", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof UncheckedIOException io) {
                throw io.getCause();
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }

    /** Ground truth of one (file, arch, budget) with the notes it produced, replayed in order. */
    private record Truth(Map<String, PtxasMeasurement> byEntry, List<String> notes) {
    }

    private Truth measure(Input in, ArchProfile arch, int budget, List<String> names) throws IOException {
        List<String> taskNotes = new ArrayList<>();
        Map<String, PtxasMeasurement> byEntry = truth.measure(in.path(), arch.name(), budget, names, taskNotes::add);
        return new Truth(byEntry, taskNotes);
    }
}
