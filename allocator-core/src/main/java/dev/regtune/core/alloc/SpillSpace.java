package dev.regtune.core.alloc;

/** Where a spilled value lives between its defs and its uses. */
public enum SpillSpace {
    /** Not spilled. */
    NONE,
    /** Local memory (STL/LDL), the default. */
    LMEM,
    /** Shared memory (STS/LDS), classes 3 and 6 under knob 619. */
    SMEM,
    /** A predicate spilled into a bit of a general-purpose register (P2R/R2P). */
    GPR_BIT,
    /** Not stored at all: recomputed before each use (its def reads no register). */
    REMAT
}
