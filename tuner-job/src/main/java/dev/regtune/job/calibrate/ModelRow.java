package dev.regtune.job.calibrate;

import dev.regtune.core.alloc.AllocationStatus;
import java.io.Serializable;

/**
 * The model's figures of one entry of one file at one architecture and budget under one
 * configuration: what an executor sends back, small and serialisable.
 *
 * @param config the configuration's index
 * @param file the file's index in {@link CaseSlots#files()}
 * @param arch the architecture
 * @param entry the entry's name
 * @param budget {@code -maxrregcount}, 0 for none
 * @param status OK or ALLOC_FAILED
 * @param registers registers per thread
 * @param spillStoreBytes spill store bytes (local memory)
 * @param spillLoadBytes spill load bytes (local memory)
 * @param smemSpillBytes shared-memory spill bytes
 */
public record ModelRow(int config, int file, String arch, String entry, int budget, AllocationStatus status,
        int registers, int spillStoreBytes, int spillLoadBytes, int smemSpillBytes) implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The key of this row's slot within its configuration. */
    public String key() {
        return key(file, arch, entry, budget);
    }

    static String key(int file, String arch, String entry, int budget) {
        return file + "\u0000" + arch + "\u0000" + entry + "\u0000" + budget;
    }
}
