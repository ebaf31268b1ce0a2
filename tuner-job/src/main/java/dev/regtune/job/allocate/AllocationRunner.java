package dev.regtune.job.allocate;

import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.calls.ModuleAllocator;
import dev.regtune.core.explain.AllocationListener;
import dev.regtune.core.explain.ExplanationRecorder;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.check.CheckReport;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParseException;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.job.io.IoFailures;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Parses a PTX file and allocates every function in it (entries and {@code .func}s, in file
 * order) with one allocator, knob vector, architecture and register limit, callers charged for
 * the functions they call ({@link ModuleAllocator}); optionally checks every successful
 * allocation (each function's own assignment) with {@link AllocationChecker}.
 *
 * <p>Immutable; {@link #run} may be called from several threads.
 */
public final class AllocationRunner {
    private final RegisterAllocator allocator;
    private final Knobs knobs;
    private final ArchProfile arch;
    private final int maxRegisters;
    private final boolean verify;
    private final boolean explain;

    /**
     * @param maxRegisters ptxas's {@code -maxrregcount}, 0 for no limit
     * @param verify whether to check every OK result with the allocation checker
     * @param explain whether to record the allocator's decisions in each report
     */
    public AllocationRunner(RegisterAllocator allocator, Knobs knobs, ArchProfile arch, int maxRegisters,
            boolean verify, boolean explain) {
        this.explain = explain;
        this.allocator = allocator;
        this.knobs = knobs;
        this.arch = arch;
        this.maxRegisters = maxRegisters;
        this.verify = verify;
    }

    /**
     * The reports of one file: one per function, or a single {@code PARSE_ERROR} or
     * {@code IO_ERROR}. The file is streamed through the parser ({@link PtxParser#parse(Path,
     * String)}: the memory is the IR's, not the file's text) and decoded by the parser's one rule: a
     * binary file or a non-ASCII comment is a {@code PARSE_ERROR} at its line and column, as ptxas
     * rejects it, not a decoding failure.
     *
     * @param file the file to read
     * @param displayName how reports and parse errors name the file (the path as the user gave it)
     */
    public List<FunctionReport> run(Path file, String displayName) {
        PtxModule module;
        try {
            module = PtxParser.parse(file, displayName);
        } catch (IOException e) {
            return List.of(FunctionReport.ioError(displayName, arch.name(),
                    IoFailures.sentence("read", displayName, e)));
        } catch (PtxParseException e) {
            return List.of(FunctionReport.parseError(displayName, arch.name(), e.getMessage()));
        }
        List<KernelFunction> fns = module.functions();
        List<ExplanationRecorder> recorders = new ArrayList<>(fns.size());
        for (int f = 0; f < fns.size(); f++) {
            recorders.add(new ExplanationRecorder());
        }
        List<AllocationResult> results = ModuleAllocator.allocate(module, allocator, knobs, arch, maxRegisters,
                f -> explain ? recorders.get(f) : AllocationListener.NONE);
        List<FunctionReport> reports = new ArrayList<>(fns.size());
        for (int f = 0; f < fns.size(); f++) {
            reports.add(report(displayName, fns.get(f), results.get(f), recorders.get(f)));
        }
        return reports;
    }

    private FunctionReport report(String displayName, KernelFunction fn, AllocationResult r,
            ExplanationRecorder recorder) {
        FunctionReport.Verification check = null;
        if (verify && r.status() == AllocationStatus.OK) {
            CheckReport report = AllocationChecker.check(Objects.requireNonNull(r.allocatedFunction()),
                    Objects.requireNonNull(r.assignment())); // an OK result has both
            check = new FunctionReport.Verification(report.ok(), report.summary());
        }
        return FunctionReport.allocated(displayName, fn.kind(), r, check, recorder.events());
    }
}
