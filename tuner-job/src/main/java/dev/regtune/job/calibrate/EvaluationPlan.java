package dev.regtune.job.calibrate;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.calls.ModuleAllocator;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What every evaluation of a calibration needs, broadcast once to the executors: the files (paths
 * every executor can read: local mode, or a shared POSIX path on a cluster), the budgets and every
 * configuration's knob vector.
 */
public final class EvaluationPlan implements Serializable {
    private static final long serialVersionUID = 1L;

    private final List<CaseSlots.File> files;
    private final int[] budgets;
    private final List<double[]> knobs;

    /**
     * @param configurations the knobs of every configuration, by index
     */
    public EvaluationPlan(List<CaseSlots.File> files, List<Integer> budgets, List<Knobs> configurations) {
        this.files = new ArrayList<>(files);
        this.budgets = budgets.stream().mapToInt(Integer::intValue).toArray();
        this.knobs = new ArrayList<>(configurations.stream().map(Knobs::toArray).toList());
    }

    /**
     * The same files and budgets with {@code configurations} (an adaptive search's candidates so far):
     * a new plan, so that an evaluator that broadcasts plans broadcasts it again.
     */
    public EvaluationPlan withConfigurations(List<Knobs> configurations) {
        return new EvaluationPlan(files, Arrays.stream(budgets).boxed().toList(), configurations);
    }

    /** How many configurations the plan holds. */
    public int configurations() {
        return knobs.size();
    }

    /**
     * Allocates every entry of one file under one configuration, on each of the file's
     * architectures and every budget: entries in file order, then budgets, per architecture. The
     * entry is charged for the functions it calls, as {@code ptxas -v} reports it. A file that no
     * longer parses gives no rows (the driver parsed it before, so this means it changed under the run).
     */
    public List<ModelRow> evaluate(int file, int config) {
        CaseSlots.File f = files.get(file);
        Knobs k = Knobs.ofArray(knobs.get(config));
        RegisterAllocator allocator = Allocators.forKnobs(k);
        PtxModule module;
        try {
            module = PtxParser.parse(Path.of(f.path()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read '" + f.path() + "' on an executor", e);
        }
        List<ModelRow> rows = new ArrayList<>();
        for (String archName : f.archs()) {
            var arch = ArchProfiles.of(archName);
            for (KernelFunction fn : module.entries()) {
                for (int budget : budgets) {
                    AllocationResult r = ModuleAllocator.allocateFunction(module, fn, allocator, k, arch, budget);
                    rows.add(new ModelRow(config, file, archName, fn.name(), budget, r.status(), r.registers(),
                            r.spills().storeBytes(), r.spills().loadBytes(), r.spills().smemBytes()));
                }
            }
        }
        return rows;
    }
}
