package dev.regtune.core.ir;

/**
 * Launch bounds declared on a PTX function. Zero means "not declared". {@code maxThreads} and
 * {@code requiredThreads} are the products of the declared dimensions.
 */
public record LaunchBounds(int maxThreads, int requiredThreads, int minBlocksPerSm, int maxRegisters) {
    public static final LaunchBounds NONE = new LaunchBounds(0, 0, 0, 0);

    public LaunchBounds {
        if (maxThreads < 0 || requiredThreads < 0 || minBlocksPerSm < 0 || maxRegisters < 0) {
            throw new IllegalArgumentException("launch bounds must not be negative");
        }
    }

    /** The threads per block the function is known to run with, or 0 when not declared. */
    public int threadsPerBlock() {
        return requiredThreads > 0 ? requiredThreads : maxThreads;
    }

    public boolean isEmpty() {
        return maxThreads == 0 && requiredThreads == 0 && minBlocksPerSm == 0 && maxRegisters == 0;
    }

    public LaunchBounds withMaxThreads(int v) {
        return new LaunchBounds(v, requiredThreads, minBlocksPerSm, maxRegisters);
    }

    public LaunchBounds withRequiredThreads(int v) {
        return new LaunchBounds(maxThreads, v, minBlocksPerSm, maxRegisters);
    }

    public LaunchBounds withMinBlocksPerSm(int v) {
        return new LaunchBounds(maxThreads, requiredThreads, v, maxRegisters);
    }

    public LaunchBounds withMaxRegisters(int v) {
        return new LaunchBounds(maxThreads, requiredThreads, minBlocksPerSm, v);
    }
}
