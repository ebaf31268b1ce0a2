package dev.regtune.space.sample;

import dev.regtune.space.Assignment;
import dev.regtune.space.KnobSpace;

/** The cheap satisfiability test the spec reader runs: is any of the first grid or random points feasible? */
public final class Feasibility {
    /** Grid points, then random points, {@link #hasFeasiblePoint(KnobSpace)} tries. */
    public static final int TRIES = 4096;

    private Feasibility() {
    }

    /** Whether one of the first {@value #TRIES} grid points or {@value #TRIES} random points (seed 0) is feasible. */
    public static boolean hasFeasiblePoint(KnobSpace space) {
        GridCursor grid = new GridCursor(space);
        for (int i = 0; i < TRIES; i++) {
            if (space.constraintsHold(grid.current())) {
                return true;
            }
            if (!grid.advance()) {
                break; // the whole grid was tried; random points may still reach between grid points
            }
        }
        SplitMix64 rng = new SplitMix64(0);
        Assignment a = new Assignment(space.dimensions());
        double[] u = new double[space.dimensions()];
        for (int i = 0; i < TRIES; i++) {
            for (int j = 0; j < u.length; j++) {
                u[j] = rng.nextDouble();
            }
            if (space.decodeInto(u, a)) {
                return true;
            }
        }
        return false;
    }
}
