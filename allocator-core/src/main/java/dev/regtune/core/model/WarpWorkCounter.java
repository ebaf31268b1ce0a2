package dev.regtune.core.model;

import dev.regtune.core.alloc.WarpWork;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;

/** Counts the {@link WarpWork} of an allocated function, the occupancy-independent inputs of {@link KernelTimeModel}. */
public final class WarpWorkCounter {
    private WarpWorkCounter() {
    }

    /**
     * Counts the work of {@code fn} with the spill traffic the placement added.
     *
     * @param freq block frequency per block
     * @param localStoresAfter spill stores to local memory after each instruction (the others of
     *     {@link SpillTraffic#storesAfter} went to shared memory)
     */
    public static WarpWork count(KernelFunction fn, double[] freq, SpillTraffic spills, int[] localStoresAfter) {
        double instructions = 0;
        double global = 0;
        double local = 0;
        for (int b = 0; b < fn.blockCount(); b++) {
            long issued = 0;
            long g = 0;
            long l = 0;
            for (int i = fn.blockStart(b); i < fn.blockEnd(b); i++) {
                // A copy of an unrolled loop body stands for iterations the first copy already counts.
                if (spills.removed(i) || fn.instrHas(i, InstrFlags.UNROLLED_COPY)) {
                    continue;
                }
                issued += 1 + spills.localReloadsBefore(i) + spills.sharedReloadsBefore(i) + spills.storesAfter(i);
                l += spills.localReloadsBefore(i) + localStoresAfter[i];
                InstrKind k = fn.instrKind(i);
                if (k == InstrKind.LOAD_GLOBAL || k == InstrKind.STORE_GLOBAL || k == InstrKind.ATOMIC
                        || k == InstrKind.TEXTURE) {
                    g++;
                } else if (k == InstrKind.LOAD_LOCAL || k == InstrKind.STORE_LOCAL) {
                    l++;
                }
            }
            instructions += issued * freq[b];
            global += g * freq[b];
            local += l * freq[b];
        }
        return new WarpWork(instructions, global, local);
    }
}
