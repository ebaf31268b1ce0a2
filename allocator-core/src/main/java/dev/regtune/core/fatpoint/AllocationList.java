package dev.regtune.core.fatpoint;

/** The six membership lists of the ordering function (seed 000, sub_93FBE0), in drain order. */
public enum AllocationList {
    /** No constraint chain; drained 1st. */
    UNCONSTRAINED,
    /** Paired-mode vregs, plus LargeVec (width over four registers) merged in; drained 2nd. */
    VERY_HIGH,
    /** Spill cost above the High threshold, flag 0x80000, or high interference; drained 3rd. */
    HIGH,
    /** Low interference, first attempt; select phase, drained 4th. */
    LOW_CONF,
    /** Low interference in spill-retry mode; select phase, drained 5th. */
    LOW_LATE,
    /** Width over four registers; merged into VERY_HIGH after classification. */
    LARGE_VEC
}
