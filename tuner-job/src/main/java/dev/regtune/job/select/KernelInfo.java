package dev.regtune.job.select;

/**
 * A kernel of the result table, as the sweep described it. The id identifies it (it hashes the
 * entry's PTX and the architecture); the name alone may repeat across files and architectures.
 *
 * @param kernelId the {@code kernel_id} column
 * @param kernelName the entry's name in its PTX module
 * @param arch the architecture it was allocated for
 * @param family the kernel family
 * @param source the PTX file or generator spec it came from
 */
public record KernelInfo(String kernelId, String kernelName, String arch, String family, String source) {
    /** "name (sm_90)", how summaries name a kernel. */
    public String label() {
        return kernelName + " (" + arch + ")";
    }
}
