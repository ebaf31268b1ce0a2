package dev.regtune.core.model;

import dev.regtune.core.alloc.Assignment;
import dev.regtune.core.alloc.KernelTime;
import dev.regtune.core.alloc.SpillSpace;
import dev.regtune.core.alloc.WarpWork;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.Occupancy;
import dev.regtune.core.arch.OccupancyCalculator;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.spill.SpillStatistics;

/**
 * Turns an {@link Assignment} into the figures RegTune reports: registers as {@code ptxas -v}
 * counts them (highest general-purpose slot used plus the reserved registers, plus one GPR when
 * predicates were spilled into GPR bits, no register the allocation uses is free wherever they
 * are spilled and one more stays within the budget, and never fewer than {@code RegTuneMinimumRegisters} or the register floor of the
 * function's lowered constructs), uniform and predicate registers, spill bytes, the
 * estimated latency, the occupancy and the estimated kernel time. Shared by every allocator family.
 *
 * @param registers "Used N registers"
 * @param uniformRegisters UR used
 * @param predicateRegisters P used
 * @param spills spill byte counters
 * @param estLatencyCycles the latency model's estimate
 * @param occupancy the occupancy at {@code registers}
 * @param gprPeak highest GPR slot used plus its width, over the GPR classes: what {@code registers} is counted from
 * @param predicateBitRegister whether one GPR was added to hold spilled predicates
 * @param work what one warp issues, for the kernel time
 * @param time the estimated kernel time at {@code occupancy} ({@link KernelTimeModel})
 */
public record Measurements(int registers, int uniformRegisters, int predicateRegisters, SpillStatistics spills,
        long estLatencyCycles, Occupancy occupancy, int gprPeak, boolean predicateBitRegister, WarpWork work,
        KernelTime time) {
    private static final OccupancyCalculator OCCUPANCY = new OccupancyCalculator();

    /**
     * @param removedCopy per instruction, whether coalescing removed it
     * @param freq block frequency per block
     * @param smemSpillBytesPerBlock shared memory the SMEM spill area takes per block
     * @param predicateRegisterShared whether spilled predicates' bits live in a general register the
     *     allocation leaves free wherever they are spilled (then no register is added for them)
     * @param budget the registers the allocation had: one for spilled predicates is added only within it
     */
    public static Measurements measure(KernelFunction fn, Assignment a, boolean[] removedCopy, double[] freq,
            ArchProfile arch, Knobs knobs, int smemSpillBytesPerBlock, int registerFloor,
            boolean predicateRegisterShared, int budget) {
        int[] peak = new int[RegClass.ID_LIMIT];
        int n = fn.vregCount();
        boolean predicateBits = false;
        int spilledValues = 0;
        int bitSpills = 0;
        for (int v = 0; v < n; v++) {
            int c = a.classOf(v);
            if (c == 0) {
                continue;
            }
            if (a.isSpilled(v)) {
                if (a.spillSpace(v) == SpillSpace.GPR_BIT) {
                    predicateBits = !predicateRegisterShared;
                    bitSpills++;
                } else {
                    spilledValues++;
                }
            } else if (a.slotOf(v) >= 0) {
                peak[c] = Math.max(peak[c], a.slotOf(v) + fn.vregSlots(v));
            }
        }
        SpillCounts counts = new SpillCounts(fn.instrCount(), n);
        for (int i = 0; i < fn.instrCount(); i++) {
            for (int k = 0; k < fn.useCount(i); k++) {
                counts.operand(fn, a, removedCopy, peak, i, fn.use(i, k), fn.useOperand(i, k), false);
            }
            for (int k = 0; k < fn.defCount(i); k++) {
                counts.operand(fn, a, removedCopy, peak, i, fn.def(i, k), fn.defOperand(i, k), true);
            }
        }
        int localStore = counts.localStore;
        int localLoad = counts.localLoad;
        int sharedStore = counts.sharedStore;
        int sharedLoad = counts.sharedLoad;
        int[] localBefore = counts.localBefore;
        int[] sharedBefore = counts.sharedBefore;
        int[] storesAfter = counts.storesAfter;
        int gprPeak = Math.max(peak[RegClass.R.id()], Math.max(peak[RegClass.R_ALT.id()], peak[RegClass.TENSOR.id()]));
        int stackPointer = knobs.getInt(KnobCatalogue.STACK_POINTER_SLOT);
        if (stackPointer >= 0) {
            gprPeak = Math.max(gprPeak, stackPointer + 1);
        }
        int reserved = knobs.getInt(KnobCatalogue.RESERVED_REGISTERS);
        // ptxas keeps the register of spilled predicates' bits within the limit; how is not modelled.
        predicateBits &= gprPeak + reserved + 1 <= budget;
        int registers = gprPeak + reserved + (predicateBits ? 1 : 0);
        registers = Math.max(registers, Math.max(knobs.getInt(KnobCatalogue.MINIMUM_REGISTERS), registerFloor));
        registers = Math.min(registers, arch.maxRegistersPerThread());
        int uniform = Math.max(peak[RegClass.UR.id()], peak[RegClass.UR_EXT.id()]);
        int predicates = peak[RegClass.P.id()];
        LatencyTable table = LatencyTable.forArch(arch);
        int ldl = knobs.getInt(KnobCatalogue.LOCAL_LOAD_LATENCY);
        int stl = knobs.getInt(KnobCatalogue.LOCAL_STORE_COST);
        SpillTraffic traffic = new SpillTraffic.PerInstruction(localBefore, sharedBefore, storesAfter, removedCopy);
        long latency = LatencyModel.estimate(fn, table, freq, traffic, ldl > 0 ? ldl : table.localLoadLatency(),
                stl > 0 ? stl : table.localStoreIssue());
        Occupancy occ = occupancy(fn, arch, knobs, registers, smemSpillBytesPerBlock);
        SpillStatistics stats = new SpillStatistics(localStore, localLoad, sharedStore, sharedLoad, spilledValues,
                bitSpills);
        WarpWork work = WarpWorkCounter.count(fn, freq, traffic, counts.localStoresAfter);
        KernelTime time = KernelTimeModel.estimate(work, latency, occ.activeWarpsPerSm(),
                TimeParameters.of(arch, knobs));
        return new Measurements(registers, uniform, predicates, stats, latency, occ, gprPeak, predicateBits, work,
                time);
    }

    /**
     * The occupancy of {@code fn} at {@code registers} per thread: its launch bounds' threads per
     * block (or the knob's default), its static shared memory plus {@code smemSpillBytesPerBlock}.
     */
    public static Occupancy occupancy(KernelFunction fn, ArchProfile arch, Knobs knobs, int registers,
            int smemSpillBytesPerBlock) {
        int threads = fn.launchBounds().threadsPerBlock();
        if (threads <= 0) {
            threads = knobs.getInt(KnobCatalogue.DEFAULT_THREADS_PER_BLOCK);
        }
        threads = Math.min(threads, arch.maxThreadsPerBlock());
        int shared = Math.min(fn.sharedBytes() + smemSpillBytesPerBlock, arch.maxSharedMemoryPerBlockOptIn());
        return OCCUPANCY.compute(arch, registers, threads, shared);
    }

    /**
     * Spill traffic counted operand by operand: a spilled value used by an instruction is
     * reloaded once before it (unless the use reuses a register an earlier reload or the def
     * loaded, {@link Assignment#reloadReused}), and stored once after an instruction that defines
     * it; removed copies cause neither. Also widens the class peaks by the slots spilled operands occupy.
     */
    private static final class SpillCounts {
        int localStore;
        int localLoad;
        int sharedStore;
        int sharedLoad;
        final int[] localBefore;
        final int[] sharedBefore;
        final int[] storesAfter;
        final int[] localStoresAfter;
        private final int[] seen;

        SpillCounts(int instrs, int vregs) {
            localBefore = new int[instrs];
            sharedBefore = new int[instrs];
            storesAfter = new int[instrs];
            localStoresAfter = new int[instrs];
            seen = new int[vregs];
        }

        void operand(KernelFunction fn, Assignment a, boolean[] removedCopy, int[] peak, int i, int v, int op,
                boolean def) {
            if (!a.isSpilled(v)) {
                return;
            }
            if (a.operandSlot(op) >= 0) {
                int c = a.classOf(v);
                peak[c] = Math.max(peak[c], a.operandSlot(op) + fn.vregSlots(v));
            }
            int stamp = 2 * i + (def ? 2 : 1);
            if (removedCopy[i] || seen[v] == stamp || (!def && a.reloadReused(op))) {
                return;
            }
            seen[v] = stamp;
            int bytes = 4 * fn.vregSlots(v);
            SpillSpace space = a.spillSpace(v);
            if (space == SpillSpace.LMEM) {
                if (def) {
                    localStore += bytes;
                    storesAfter[i]++;
                    localStoresAfter[i]++;
                } else {
                    localLoad += bytes;
                    localBefore[i]++;
                }
            } else if (space == SpillSpace.SMEM) {
                if (def) {
                    sharedStore += bytes;
                    storesAfter[i]++;
                } else {
                    sharedLoad += bytes;
                    sharedBefore[i]++;
                }
            }
        }
    }
}
