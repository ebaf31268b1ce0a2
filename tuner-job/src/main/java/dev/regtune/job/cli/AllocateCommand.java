package dev.regtune.job.cli;

import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.datasets.PtxFileWalk;
import dev.regtune.job.allocate.AllocationRunner;
import dev.regtune.job.allocate.AllocatorFamily;
import dev.regtune.job.allocate.FunctionReport;
import dev.regtune.job.allocate.JsonReportWriter;
import dev.regtune.job.allocate.TextReportWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code regtune allocate}: run the allocator on every function of PTX files and report like {@code ptxas -v}. */
@Command(name = "allocate",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Parse each PTX file and allocate every function in it (entries and device functions), reporting what "
                    + "'ptxas -v' would: registers, spill bytes, stack frame; plus RegTune's estimated latency and "
                    + "occupancy.",
            "Every file is read once and gives either its functions' results or one error: PARSE_ERROR "
                    + "(not PTX as ptxas 13.0 accepts it, e.g. a non-ASCII byte even in a comment, no .version, "
                    + "an unknown instruction; file:line:column and what was expected, in ptxas's words where it "
                    + "has them) or IO_ERROR (the path and why it could not be read; a sub-folder that cannot be listed is "
                    + "one IO_ERROR too). Errors go to stderr in text and are objects of the array in JSON, which is always one complete document; the "
                    + "other files are still allocated. A function that cannot be allocated within its budget "
                    + "is a result with ptxas's message (ALLOC_FAILED)."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:every file was read and parsed (ALLOC_FAILED results included)",
            "1:some file gave PARSE_ERROR or IO_ERROR (every other file was still reported), --verify found "
                    + "an invalid allocation, or the allocator failed unexpectedly",
            "2:usage error: missing or unreadable file, unknown knob, bad knob value, unknown arch or allocator, "
                    + "--allocator contradicting --knob allocator="
        })
public final class AllocateCommand extends RegtuneCommand {

    /** Output formats of {@code allocate}. */
    enum Format { text, json }

    @Parameters(paramLabel = "FILE.ptx", arity = "1..*",
            description = "PTX files to allocate (a folder stands for every *.ptx below it).")
    List<Path> files = new ArrayList<>();

    @Option(names = "--arch", paramLabel = "ARCH", defaultValue = "sm_90",
            description = "Target architecture, as ptxas -arch spells it (default: ${DEFAULT-VALUE}).")
    String arch;

    @Option(names = "--max-regs", paramLabel = "N", defaultValue = "0",
            description = "Register limit per thread, as ptxas -maxrregcount; 0 means none (default: ${DEFAULT-VALUE}).")
    int maxRegs;

    @Mixin
    KnobOptions knobOptions = new KnobOptions();

    @Option(names = "--verify",
            description = "Check every successful allocation with the independent allocation checker; an invalid "
                    + "allocation is a failure (exit status 1).")
    boolean verify;

    @Option(names = "--explain",
            description = "Explain each allocation: the decisions of every stage (the budget and occupancy "
                    + "reasoning, uniform placement, per register class each attempt with the slots knob 684 "
                    + "discarded, spill guidance's picks and why, the feasibility gate, the best result kept, the "
                    + "fallback; for briggs each round), ending in why the register count is what it is. Text: a "
                    + "'regtune explain' page after each function; JSON: an 'explain' object with the events and "
                    + "that last sentence.")
    boolean explain;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}). JSON is one array "
                    + "with one object per function, keys: file, function, arch, status, registers, "
                    + "spill_store_bytes, spill_load_bytes, stack_frame_bytes, smem_spill_bytes, uniform_registers, "
                    + "predicate_registers, est_latency_cycles, est_time_cycles, time_bound (ISSUE, LATENCY or "
                    + "MEMORY), occupancy, attempts, message; for a function "
                    + "CICC's copy coalescer ran on (in front of the allocator) they are followed by "
                    + "copies_seen, copies_merged, copies_left, coalescing_passes; then 'stats', the allocator's "
                    + "counters (attempts, coalesced_copies, spilled_values, guidance_picks, forced_spills, "
                    + "discarded_slots, fallbacks, uniform_values). Text reports the coalescer in one more "
                    + "'regtune info' line.")
    Format format;

    @Option(names = "--allocator", paramLabel = "NAME",
            description = "Allocator family to run: one of the values of the allocator knob ('regtune knobs' lists "
                    + "them). The same as --knob allocator=NAME; giving both with different names is a usage "
                    + "error. Default: the allocator knob's default, fatpoint.")
    String allocatorName;

    /** Resolves a family's name; tests replace it to run the command against a deliberately broken allocator. */
    Function<String, RegisterAllocator> allocatorByName = Arguments::allocator;

    @Override
    protected int run() throws IOException {
        ArchProfile profile = Arguments.arch(arch);
        int limit = Arguments.maxRegisters(maxRegs, "--max-regs");
        Knobs given = knobOptions.knobs();
        List<String> names = Arguments.allocatorNames(allocatorName == null ? List.of() : List.of(allocatorName),
                null, given, Arguments.assigns(knobOptions, KnobCatalogue.ALLOCATOR),
                List.of(KnobCatalogue.ALLOCATOR.format(given.get(KnobCatalogue.ALLOCATOR))));
        AllocatorFamily family = Arguments.family(names.get(0), given, allocatorByName);
        RegisterAllocator allocator = family.allocator();
        Knobs knobs = family.knobs();
        List<PtxFileWalk.Entry> inputs = Arguments.ptxEntries(files);

        AllocationRunner runner = new AllocationRunner(allocator, knobs, profile, limit, verify, explain);
        TextReportWriter text = new TextReportWriter(out());
        List<FunctionReport> all = new ArrayList<>();
        boolean failed = false;
        int fileErrors = 0;
        for (PtxFileWalk.Entry input : inputs) {
            if (format == Format.text && outputClosed()) {
                return EXIT_FAILURE; // the reader went away (a closed pipe): stop quietly
            }
            Path file = input.path();
            List<FunctionReport> reports;
            try {
                reports = input instanceof PtxFileWalk.Unlistable u
                        ? List.of(FunctionReport.ioError(file.toString(), profile.name(), Arguments.sentence(u)))
                        : runner.run(file, file.toString());
            } catch (RuntimeException e) {
                // The allocator promises results, not exceptions; if it breaks that promise the
                // other files still get allocated and the run reports the failure at the end.
                error("allocating '" + file + "' failed unexpectedly: " + Messages.describe(e));
                if (verbose()) {
                    e.printStackTrace(err());
                }
                failed = true;
                continue;
            }
            for (FunctionReport report : reports) {
                if (report.failedVerification()) {
                    error(report.file() + ": " + report.message());
                    failed = true;
                }
                if (report.status().isFileError()) {
                    fileErrors++;
                }
                if (format == Format.json) {
                    all.add(report);
                } else if (report.status().isFileError()) {
                    error(report.message());
                } else {
                    text.write(report);
                }
            }
        }
        if (format == Format.json) {
            new JsonReportWriter().write(all, out());
        }
        if (fileErrors > 0) {
            note(fileErrors + " of " + inputs.size() + (inputs.size() == 1 ? " file" : " files")
                    + " gave PARSE_ERROR or IO_ERROR instead of results (exit status 1)");
        }
        return failed || fileErrors > 0 ? EXIT_FAILURE : 0;
    }
}
