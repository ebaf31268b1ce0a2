package dev.regtune.core.fatpoint;

import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Register-bank preferences: ptxas 13.0.88 keeps the registers one instruction reads in different
 * banks (even and odd registers) where registers are free. Read from its SASS: store data one
 * register above the other parity than its address ({@code STG.E [R2.64], R5}), the 32-bit factor
 * of {@code IMAD.WIDE} odd beside an even pair ({@code IMAD.WIDE R2, R5, 0x4, R2}), and
 * vectorAdd's index in R9 where lower registers are free.
 *
 * <p>A 32-bit value prefers the parity that none of the already placed values read together with
 * it has (a pair counts as even); with no such value, or both parities among them, it has no
 * preference. The scanner takes the preference only one slot above the lowest free one.
 */
final class OperandBanks {
    private static final int[] NONE = new int[0];

    /** No preference for any group. */
    static final OperandBanks ABSENT = new OperandBanks(null);

    /** Per group: the other groups of its class some instruction reads together with it; null: none. */
    private final int @Nullable [][] readWith;

    private OperandBanks(int @Nullable [][] readWith) {
        this.readWith = readWith;
    }

    /** The groups of {@code members} (one class) read together by an instruction of {@code f}. */
    static OperandBanks of(KernelFunction f, ValueGroups groups, int[] members) {
        int g = groups.groupCount();
        boolean[] inClass = new boolean[g];
        for (int m : members) {
            inClass[m] = true;
        }
        int[][] with = new int[g][];
        int[] count = new int[g];
        Arrays.fill(with, NONE);
        int[] read = new int[8];
        for (int i = 0; i < f.instrCount(); i++) {
            int n = 0;
            for (int k = 0; k < f.useCount(i); k++) {
                int gr = groups.groupOf(f.use(i, k));
                if (gr >= 0 && inClass[gr] && !contains(read, n, gr)) {
                    if (n == read.length) {
                        read = Arrays.copyOf(read, n * 2);
                    }
                    read[n++] = gr;
                }
            }
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    if (a != b && !contains(with[read[a]], count[read[a]], read[b])) {
                        if (count[read[a]] == with[read[a]].length) {
                            with[read[a]] = Arrays.copyOf(with[read[a]], Math.max(4, count[read[a]] * 2));
                        }
                        with[read[a]][count[read[a]]++] = read[b];
                    }
                }
            }
        }
        for (int k = 0; k < g; k++) {
            with[k] = with[k] == NONE ? NONE : Arrays.copyOf(with[k], count[k]);
        }
        return new OperandBanks(with);
    }

    /** The parity (0 even, 1 odd) group {@code g} of width {@code width} prefers; -1 for none. */
    int preferredParity(int g, int width, int[] groupSlot) {
        if (readWith == null || width != 1) {
            return -1;
        }
        int seen = 0;
        for (int other : readWith[g]) {
            int s = groupSlot[other];
            if (s >= 0) {
                seen |= 1 << (s & 1);
            }
        }
        return seen == 1 ? 1 : seen == 2 ? 0 : -1;
    }

    private static boolean contains(int[] a, int n, int x) {
        for (int k = 0; k < n; k++) {
            if (a[k] == x) {
                return true;
            }
        }
        return false;
    }
}
