package dev.regtune.space;

/** How a range maps the unit interval onto its values. */
public enum Scale {
    /** Equal steps of the unit interval give equal steps of value. */
    LINEAR,
    /** Equal steps of the unit interval give equal ratios of value; the range must be positive. */
    LOG
}
