package dev.regtune.core.knobs;

/** Whether a knob changes RegTune's results. */
public enum KnobEffect {
    /** Read by a stage of the allocator or a model; changing it can change results. */
    MODELLED,
    /** Named by the seeds for a mechanism RegTune does not model; accepted and recorded only. */
    PASSIVE
}
