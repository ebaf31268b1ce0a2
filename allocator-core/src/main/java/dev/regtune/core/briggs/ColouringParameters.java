package dev.regtune.core.briggs;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;

/**
 * The knobs of phases 3 and 4, read once per allocation.
 *
 * @param lowDegreeThreshold the seed's "K = 15": the degree threshold of simplify and of both criteria
 * @param factor the coalescing factor 0.8: effective degree = degree x factor
 * @param conservativeCoalescing whether phase 3 runs
 * @param optimistic whether spill candidates are pushed and coloured optimistically (Briggs) or spilled at once (Chaitin)
 */
record ColouringParameters(int lowDegreeThreshold, double factor, boolean conservativeCoalescing,
        boolean optimistic) {

    static ColouringParameters of(Knobs knobs) {
        return new ColouringParameters(knobs.getInt(KnobCatalogue.BRIGGS_LOW_DEGREE_THRESHOLD),
                knobs.get(KnobCatalogue.BRIGGS_COALESCING_FACTOR),
                knobs.getBool(KnobCatalogue.BRIGGS_CONSERVATIVE_COALESCING),
                knobs.getBool(KnobCatalogue.BRIGGS_OPTIMISTIC_SELECT));
    }

    /** The low-degree threshold of node {@code n}: the seed's K, but never more than the positions it has. */
    int threshold(InterferenceGraph g, int n, int colours) {
        return Math.min(lowDegreeThreshold, g.positions(n, colours));
    }
}
