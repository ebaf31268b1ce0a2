package dev.regtune.core.alloc;

/**
 * What one warp issues over a run of the kernel, block-frequency weighted: the inputs of
 * {@code dev.regtune.core.model.KernelTimeModel} that do not depend on occupancy.
 *
 * @param instructions warp instructions issued, spill reloads and stores included, removed copies excluded
 * @param globalRequests global-memory requests: loads, stores, atomics and texture fetches
 * @param localRequests local-memory requests: spill reloads and stores to local memory and the
 *     function's own {@code ld.local} / {@code st.local}
 */
public record WarpWork(double instructions, double globalRequests, double localRequests) {
    /** No work (a failed allocation). */
    public static final WarpWork NONE = new WarpWork(0, 0, 0);

    public WarpWork {
        if (!(instructions >= 0 && globalRequests >= 0 && localRequests >= 0)) {
            throw new IllegalArgumentException("warp work must be non-negative counts but is " + instructions + ", "
                    + globalRequests + ", " + localRequests);
        }
    }

}
