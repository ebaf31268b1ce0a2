package dev.regtune.space.sample;

/** Proposes points of the unit hypercube, one after another. */
interface PointSource {
    /** Writes the next point into {@code u}; returns false when the source has no more points. */
    boolean next(double[] u);
}
