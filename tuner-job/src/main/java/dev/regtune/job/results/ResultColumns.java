package dev.regtune.job.results;

import dev.regtune.core.knobs.KnobDef;

/**
 * The names of the result table's columns. Knob columns are named exactly as the knob catalogue
 * names the knobs ({@link KnobDef#name()}), so a result column, a space spec dimension and a
 * profile entry are the same word; a choice knob's column holds the choice's name.
 */
public final class ResultColumns {
    /** The run that wrote the row (a partition column). */
    public static final String RUN_ID = "run_id";
    /**
     * The RegTune model that computed the row, "FAMILY/RELEASE" ({@code fatpoint/0.1.0}): the
     * allocator family its {@code allocator} knob names and the release; part of a result's identity.
     */
    public static final String MODEL_VERSION = "model_version";
    /** The content hash of the entry's PTX and architecture; part of a result's identity. */
    public static final String KERNEL_ID = "kernel_id";
    /** The entry's name in its PTX module. */
    public static final String KERNEL_NAME = "kernel_name";
    /** Where the kernel came from: its PTX file, or the generator spec. */
    public static final String SOURCE = "source";
    /** The kernel family (CUDA source or PTX file base name, or the generator family). */
    public static final String FAMILY = "family";
    /** The architecture the kernel was allocated for (a partition column). */
    public static final String ARCH = "arch";
    /** The hash of the configuration (every knob value, budget and launch bounds); part of a result's identity. */
    public static final String CONFIG_ID = "config_id";
    /** ptxas's {@code -maxrregcount} of the configuration; 0 for no limit. */
    public static final String REGISTER_BUDGET = "register_budget";
    /** The launch bounds the configuration imposed ("256" or "256x2"), null when the kernel kept its own. */
    public static final String LAUNCH_BOUNDS = "launch_bounds";
    /**
     * What computed the row: "model" (the allocator) or "ptxas" (the real compiler); null in files
     * before schema 5, which hold model rows only.
     */
    public static final String EVALUATOR = "evaluator";
    /**
     * The exact ptxas command line of a ptxas row, the PTX file named as its source names it
     * (schema 5); null for model rows.
     */
    public static final String PTXAS_COMMAND = "ptxas_command";
    /** OK, ALLOC_FAILED, PARSE_ERROR, ERROR or TIMEOUT. */
    public static final String STATUS = "status";
    /** Empty for OK; ptxas's failure message, the parse error or the internal error otherwise. */
    public static final String MESSAGE = "message";
    public static final String REGISTERS = "registers";
    public static final String SPILL_STORE_BYTES = "spill_store_bytes";
    public static final String SPILL_LOAD_BYTES = "spill_load_bytes";
    public static final String STACK_FRAME_BYTES = "stack_frame_bytes";
    public static final String SMEM_SPILL_BYTES = "smem_spill_bytes";
    public static final String UNIFORM_REGISTERS = "uniform_registers";
    public static final String EST_LATENCY_CYCLES = "est_latency_cycles";
    public static final String OCCUPANCY = "occupancy";
    public static final String ACTIVE_WARPS = "active_warps";
    /**
     * The occupancy-aware estimated kernel time ({@code KernelTimeModel}): cycles for one SM to run
     * a fixed amount of work at the row's active warps; null when no block fits (schema 4).
     */
    public static final String EST_TIME_CYCLES = "est_time_cycles";
    /** Which bound of the kernel time is the largest: ISSUE, LATENCY or MEMORY (schema 4). */
    public static final String TIME_BOUND = "time_bound";
    public static final String ATTEMPTS = "attempts";
    /** Copy candidates CICC's copy coalescer found in front of the allocator; 0 where it did not run (schema 2). */
    public static final String COPIES_SEEN = "copies_seen";
    /** Of {@link #COPIES_SEEN}, the copies it removed by merging source and destination (schema 2). */
    public static final String COPIES_MERGED = "copies_merged";
    /** Of {@link #COPIES_SEEN}, the copies it left in the code: seen - merged (schema 2). */
    public static final String COPIES_LEFT = "copies_left";
    /**
     * Values that live in memory (spilled) or are rematerialized: fat-point value groups, briggs
     * virtual registers ({@code AllocationStats.spilledValues}; schema 3).
     */
    public static final String SPILLED_VALUES = "spilled_values";
    /** Values spill guidance chose to spill, over every retry of every class; 0 for briggs (schema 3). */
    public static final String GUIDANCE_PICKS = "guidance_picks";
    /** Extra spill marks the feasibility gate forced after guidance; 0 for briggs (schema 3). */
    public static final String FORCED_SPILLS = "forced_spills";
    /** Slots the fat-point scan discarded for exceeding the conflict threshold, knob 684; 0 for briggs (schema 3). */
    public static final String DISCARDED_SLOTS = "discarded_slots";
    /** Register classes that needed the final fallback after the retries; 0 for briggs (schema 3). */
    public static final String FALLBACKS = "fallbacks";
    /** Static shared memory per block, ptxas's "N bytes smem", of a ptxas row (schema 5); null for model rows. */
    public static final String STATIC_SMEM_BYTES = "static_smem_bytes";
    /**
     * Wall time of the ptxas process of a ptxas row in milliseconds, as first compiled (a row served
     * from the ptxas cache carries the time of the compile it reuses; schema 5); null for model rows.
     */
    public static final String COMPILE_MS = "compile_ms";
    /** Wall time of the evaluation in microseconds; the one column that differs between identical runs. */
    public static final String EVAL_MICROS = "eval_micros";

    private ResultColumns() {
    }

    /** The column of a ptxas control: its dimension name ({@code ptxas_register_usage_level}). */
    public static String control(dev.regtune.space.controls.PtxasControl control) {
        return control.column();
    }

    /** The column of a knob: its catalogue name. */
    public static String knob(KnobDef knob) {
        return knob.name();
    }
}
