package dev.regtune.core.fatpoint;

import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Live segments lengthened past the store that last reads a value. A store or atomic reads its
 * address and data after it issues, so the registers stay busy for a while, and ptxas 13.0.88
 * gives the next values other registers while free ones exist: its SASS for a chain of loads,
 * inversions and stores puts the stored values in R7, R9, R11, R13 and only then in R7 again
 * (probe {@code store_operand_hold_sm90.ptx}: 10, 12, 16 and 16 registers for 1, 2, 4 and 8
 * stores, where reusing R7 would need 10 to 12), and stores of loaded values cycle through six.
 * A window of {@code RegTuneStoreOperandHold} instructions, within the store's block, reproduces
 * both cycles.
 */
final class StoreOperandHolds {
    private StoreOperandHolds() {
    }

    /**
     * Per group of {@code members}: its segments, a segment that ends at a store reading it lengthened by
     * {@code window} instructions (to the end of the store's block at most); the groups' own
     * arrays where nothing changes. Indexed by group; other groups' entries are null. Null when no
     * segment of any member changes (no store reads them last, or its block ends there).
     */
    static int @Nullable [][] of(KernelFunction f, ValueGroups groups, int[] members, int window) {
        int[][] out = new int[groups.groupCount()][];
        boolean changed = false;
        for (int g : members) {
            int[] s = groups.segments(g);
            int[] held = null;
            for (int k = 0; k < s.length; k += 2) {
                int end = s[k + 1];
                // A segment ending at a read point 2i ends at instruction i's use.
                if ((end & 1) != 0) {
                    continue;
                }
                int i = end >>> 1;
                if (!store(f.instrKind(i)) || !reads(f, i, groups, g)) {
                    continue;
                }
                int blockLast = 2 * f.blockEnd(f.blockOf(i)) - 1;
                int longer = Math.min(blockLast, 2 * (i + window));
                if (longer > end) {
                    if (held == null) {
                        held = s.clone();
                    }
                    held[k + 1] = longer;
                }
            }
            out[g] = held == null ? s : merged(held);
            changed |= held != null;
        }
        return changed ? out : null;
    }

    private static boolean store(InstrKind k) {
        return switch (k) {
            case STORE_GLOBAL, STORE_SHARED, STORE_LOCAL, ATOMIC -> true;
            default -> false;
        };
    }

    private static boolean reads(KernelFunction f, int i, ValueGroups groups, int g) {
        for (int k = 0; k < f.useCount(i); k++) {
            if (groups.groupOf(f.use(i, k)) == g) {
                return true;
            }
        }
        return false;
    }

    /** Segments in ascending order with those that now touch or overlap joined. */
    private static int[] merged(int[] s) {
        int[] out = new int[s.length];
        int n = 0;
        for (int k = 0; k < s.length; k += 2) {
            if (n > 0 && s[k] <= out[n - 1] + 1) {
                out[n - 1] = Math.max(out[n - 1], s[k + 1]);
            } else {
                out[n++] = s[k];
                out[n++] = s[k + 1];
            }
        }
        return Arrays.copyOf(out, n);
    }
}
