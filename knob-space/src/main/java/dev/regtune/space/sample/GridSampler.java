package dev.regtune.space.sample;

import dev.regtune.space.Configuration;
import dev.regtune.space.KnobSpace;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.jspecify.annotations.Nullable;

/** Every point of the grid that satisfies the constraints, in counter order (see {@link GridCursor}). */
public record GridSampler() implements Sampler {
    @Override
    public SamplerKind kind() {
        return SamplerKind.GRID;
    }

    @Override
    public Iterator<Configuration> iterator(KnobSpace space, long n) {
        return new Iterator<>() {
            private final GridCursor cursor = new GridCursor(space);
            private boolean started;
            private boolean done;
            private long emitted;
            private @Nullable Configuration next;

            @Override
            public boolean hasNext() {
                while (next == null && !done) {
                    if (emitted >= n || (started && !cursor.advance())) {
                        done = true;
                    } else {
                        started = true;
                        if (space.constraintsHold(cursor.current())) {
                            next = space.configuration(cursor.current());
                            emitted++;
                        }
                    }
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
        };
    }
}
