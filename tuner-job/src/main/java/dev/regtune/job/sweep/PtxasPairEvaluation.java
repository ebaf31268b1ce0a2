package dev.regtune.job.sweep;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.arch.Occupancy;
import dev.regtune.core.arch.OccupancyCalculator;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.job.ptxas.PtxasCommand;
import dev.regtune.job.ptxas.PtxasEvaluator;
import dev.regtune.job.ptxas.PtxasOutcome;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.job.results.ResultStatus;
import dev.regtune.space.Configuration;

/**
 * Fills the outcome of a ptxas row: runs the real ptxas on the kernel's module
 * ({@link PtxasEvaluator}) and writes the columns the model writes where ptxas reports them
 * (registers, spill store and load bytes, stack frame) plus the static shared memory, the occupancy
 * RegTune's {@link OccupancyCalculator} gives for them, the compile time and the command line. The
 * columns only the model computes (latency, kernel time, allocator counters, shared-memory spills,
 * uniform registers) stay null.
 *
 * <p>The occupancy's threads per block are the configuration's launch bounds, else the kernel's own
 * ({@code .maxntid}/{@code .reqntid}, as RegTune parses them), else the model's default
 * ({@code RegTuneDefaultThreadsPerBlock}), as for model rows.
 */
final class PtxasPairEvaluation {
    private static final OccupancyCalculator OCCUPANCY = new OccupancyCalculator();
    private static final int STATUS = ResultSchema.fileIndexOf(ResultColumns.STATUS);
    private static final int MESSAGE = ResultSchema.fileIndexOf(ResultColumns.MESSAGE);
    private static final int REGISTERS = ResultSchema.fileIndexOf(ResultColumns.REGISTERS);
    private static final int STORE = ResultSchema.fileIndexOf(ResultColumns.SPILL_STORE_BYTES);
    private static final int LOAD = ResultSchema.fileIndexOf(ResultColumns.SPILL_LOAD_BYTES);
    private static final int FRAME = ResultSchema.fileIndexOf(ResultColumns.STACK_FRAME_BYTES);
    private static final int OCCUPANCY_COLUMN = ResultSchema.fileIndexOf(ResultColumns.OCCUPANCY);
    private static final int WARPS = ResultSchema.fileIndexOf(ResultColumns.ACTIVE_WARPS);
    private static final int SMEM = ResultSchema.fileIndexOf(ResultColumns.STATIC_SMEM_BYTES);
    private static final int COMPILE_MS = ResultSchema.fileIndexOf(ResultColumns.COMPILE_MS);
    private static final int EVAL_MICROS = ResultSchema.fileIndexOf(ResultColumns.EVAL_MICROS);

    private final PtxasEvaluator ptxas;

    PtxasPairEvaluation(PtxasEvaluator ptxas) {
        this.ptxas = ptxas;
    }

    /**
     * Evaluates {@code kernel} under {@code config} into {@code row}, whose outcome columns start at
     * {@code outcome}.
     *
     * @param command the position of the command column
     * @param ptxText the kernel's module text
     * @param module the module as RegTune parsed it, for the kernel's own launch bounds
     */
    void evaluate(Object[] row, int command, int outcome, SweepKernel kernel, SweepConfiguration config,
            String ptxText, ParsedModule module) {
        for (int j = outcome; j < EVAL_MICROS; j++) {
            row[j] = null;
        }
        if (kernel.name().isEmpty()) {
            row[STATUS] = ResultStatus.PARSE_ERROR.name();
            row[MESSAGE] = kernel.source() + ": no kernel entry could be read from the file";
            return;
        }
        PtxasCommand cmd = new PtxasCommand(ptxas.executable(), kernel.arch(), kernel.name(), config.registerBudget(),
                config.launchBounds(), config.controls(), fileName(kernel.source()));
        PtxasEvaluator.Evaluation e = ptxas.evaluate(cmd, ptxText, kernel.source());
        PtxasOutcome o = e.outcome();
        row[command] = e.command();
        row[STATUS] = o.status().name();
        row[MESSAGE] = o.message();
        row[COMPILE_MS] = o.compileMillis();
        if (!o.compiled()) {
            return;
        }
        row[REGISTERS] = o.registers();
        row[STORE] = o.spillStoreBytes();
        row[LOAD] = o.spillLoadBytes();
        row[FRAME] = o.stackFrameBytes();
        row[SMEM] = o.smemBytes();
        ArchProfile arch = ArchProfiles.of(kernel.arch());
        Occupancy occ = OCCUPANCY.compute(arch, Math.min(o.registers(), arch.maxRegistersPerThread()),
                threads(kernel, config, module, arch), o.smemBytes());
        row[OCCUPANCY_COLUMN] = occ.occupancy();
        row[WARPS] = occ.activeWarpsPerSm();
    }

    private static int threads(SweepKernel kernel, SweepConfiguration config, ParsedModule module, ArchProfile arch) {
        int threads = 0;
        if (config.launchBounds() != null) {
            threads = Configuration.parseLaunchBounds(config.launchBounds()).threadsPerBlock();
        } else {
            KernelFunction fn = module.functions().get(kernel.name());
            if (fn != null) {
                threads = fn.launchBounds().threadsPerBlock();
            }
        }
        if (threads <= 0) {
            threads = (int) KnobCatalogue.DEFAULT_THREADS_PER_BLOCK.defaultValue();
        }
        return Math.min(threads, arch.maxThreadsPerBlock());
    }

    /** The PTX file's own name, which ptxas sees and quotes in its messages ("module.ptx" for a generator). */
    static String fileName(String source) {
        return PtxasCommand.fileNameOf(source);
    }
}
