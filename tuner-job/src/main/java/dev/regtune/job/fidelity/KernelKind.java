package dev.regtune.job.fidelity;

import java.util.Locale;

/**
 * What kind of kernel an entry is, as corpus-real's manifest classifies it: the most specific
 * kind wins (calls, then local, then tensor, then plain). The kinds are where the model goes wrong
 * for different reasons (the ABI and callees, local-array promotion, tensor-core register
 * tuples, lowering and scheduling), so the report breaks its figures down by them.
 */
public enum KernelKind {
    /** The body has a {@code call}: a {@code .func}, {@code vprintf}, {@code malloc}, an indirect call. */
    CALLS,
    /** No call, but the body uses {@code .local} memory (a local array or a stack frame). */
    LOCAL,
    /** Neither, but the body uses tensor cores: {@code mma}, {@code wmma}, {@code wgmma}, {@code ldmatrix}, {@code stmatrix}. */
    TENSOR,
    /** None of the above. */
    PLAIN;

    /** The manifest's spelling: "calls", "local", "tensor", "plain". */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The kind a manifest names.
     *
     * @throws IllegalArgumentException when the text is none of the four labels
     */
    public static KernelKind parse(String text) {
        for (KernelKind k : values()) {
            if (k.label().equals(text.strip())) {
                return k;
            }
        }
        throw new IllegalArgumentException("kind should be one of calls, local, tensor, plain, not '" + text + "'");
    }
}
