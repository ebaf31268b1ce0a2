package dev.regtune.core.explain;

/**
 * Receives the decisions of one allocation, stage by stage. Stages build an event only when
 * {@link #enabled()} says someone listens, so {@link #NONE} costs one predictable branch per
 * decision and no allocation.
 *
 * <p>A listener belongs to one allocation call; events arrive in the order the stages make their
 * decisions, on the calling thread.
 */
public interface AllocationListener {
    /** Nobody listens: no event is built. */
    AllocationListener NONE = new AllocationListener() {
        @Override
        public boolean enabled() {
            return false;
        }

        @Override
        public void on(AllocationEvent event) {
        }
    };

    /** Whether events should be built and delivered at all. */
    default boolean enabled() {
        return true;
    }

    void on(AllocationEvent event);
}
