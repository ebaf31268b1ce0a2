package dev.regtune.space.search;

/** How {@link TpeSearch} chooses the widths of its Parzen kernels (per dimension, on [0, 1]). */
public enum ParzenBandwidth {
    /** Scott's rule, {@code 1.06 sigma n^(-1/5)}, one width for every kernel. */
    SCOTT,
    /**
     * Silverman's robust rule, {@code 0.9 min(sigma, IQR/1.34) n^(-1/5)}, one width for every
     * kernel; narrower than Scott's on clustered data.
     */
    SILVERMAN,
    /**
     * Hyperopt's adaptive widths: each kernel as wide as the larger gap to its neighbours (the
     * bounds 0 and 1 count as neighbours), so isolated points get wide kernels.
     */
    NEIGHBOUR
}
