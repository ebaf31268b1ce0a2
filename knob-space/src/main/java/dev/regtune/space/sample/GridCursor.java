package dev.regtune.space.sample;

import dev.regtune.space.Assignment;
import dev.regtune.space.KnobSpace;

/**
 * The mixed-radix counter of the grid sampler. Digits are taken in the space's
 * {@link KnobSpace#conditionOrder() condition order}, the last turning fastest; a digit whose
 * dimension is inactive stays at 0 (radix 1), so every state is a distinct configuration. It visits
 * points whatever their constraints say; {@link GridSampler} filters them.
 */
public final class GridCursor {
    private final KnobSpace space;
    private final int[] order;
    private final long[] digits;
    private final Assignment a;

    /** A cursor on the first grid point. */
    public GridCursor(KnobSpace space) {
        this.space = space;
        this.order = space.conditionOrder();
        this.digits = new long[space.dimensions()];
        this.a = new Assignment(space.dimensions());
        reset(0);
    }

    /** The current point (a live view: it changes on {@link #advance()}). */
    public Assignment current() {
        return a;
    }

    /** Moves to the next grid point; returns false, leaving the cursor where it was, after the last. */
    public boolean advance() {
        for (int p = order.length - 1; p >= 0; p--) {
            int i = order[p];
            if (a.active(i) && digits[i] + 1 < space.grid(i).size()) {
                digits[i]++;
                space.set(a, i, true, space.grid(i).value(digits[i]));
                reset(p + 1);
                return true;
            }
        }
        return false;
    }

    /** Puts the digits from position {@code from} of the order on their first value, conditions re-evaluated. */
    private void reset(int from) {
        for (int p = from; p < order.length; p++) {
            int i = order[p];
            digits[i] = 0;
            space.set(a, i, space.conditionHolds(i, a), space.grid(i).value(0));
        }
    }
}
