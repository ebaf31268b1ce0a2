package dev.regtune.space.sample;

import dev.regtune.space.Assignment;
import dev.regtune.space.Configuration;
import dev.regtune.space.KnobSpace;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;

/**
 * Turns a stream of unit points into distinct feasible configurations: decodes each point,
 * drops it when a constraint fails or its fingerprint was emitted before, and stops after
 * {@code n} configurations, when a finite space has given all its points, after
 * {@link #MAX_CONSECUTIVE_MISSES} dropped points in a row, or when the source runs dry.
 */
final class DistinctFeasibleIterator implements Iterator<Configuration> {
    /** Dropped points in a row after which the space counts as exhausted. */
    static final int MAX_CONSECUTIVE_MISSES = 100_000;

    private final KnobSpace space;
    private final long n;
    private final PointSource source;
    private final long cardinality;
    private final Assignment a;
    private final double[] u;
    private final FingerprintSet seen = new FingerprintSet();
    private long emitted;
    private @Nullable Configuration next;
    private boolean done;

    DistinctFeasibleIterator(KnobSpace space, long n, PointSource source) {
        this.space = space;
        this.n = n;
        this.source = source;
        OptionalLong c = space.cardinality();
        this.cardinality = c.isPresent() ? c.getAsLong() : Long.MAX_VALUE;
        this.a = new Assignment(space.dimensions());
        this.u = new double[space.dimensions()];
    }

    @Override
    public boolean hasNext() {
        if (next == null && !done) {
            advance();
        }
        return next != null;
    }

    @Override
    public Configuration next() {
        Configuration c = hasNext() ? next : null;
        if (c == null) {
            throw new NoSuchElementException();
        }
        next = null;
        return c;
    }

    private void advance() {
        int misses = 0;
        while (emitted < n && emitted < cardinality && misses < MAX_CONSECUTIVE_MISSES && source.next(u)) {
            if (space.decodeInto(u, a) && seen.add(space.fingerprint(a))) {
                emitted++;
                next = space.configuration(a);
                return;
            }
            misses++;
        }
        done = true;
        seen.close();
    }
}
