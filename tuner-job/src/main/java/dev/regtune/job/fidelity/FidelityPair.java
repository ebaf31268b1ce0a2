package dev.regtune.job.fidelity;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;

/**
 * One entry at one architecture and budget, as the real ptxas, one allocator family of the model
 * and the baseline saw it.
 *
 * @param file the PTX file as the user named it
 * @param entry the entry's name
 * @param arch architecture name
 * @param budget {@code -maxrregcount}, 0 for none
 * @param allocator the allocator family of the model figures ("fatpoint")
 * @param real what ptxas reported
 * @param modelStatus the model's status (OK or ALLOC_FAILED)
 * @param modelRegisters the model's register count
 * @param modelSpillStoreBytes the model's spill store bytes (local memory)
 * @param modelSpillLoadBytes the model's spill load bytes (local memory)
 * @param modelSmemSpillBytes the model's shared-memory spill bytes
 * @param baselinePressure the baseline's peak pressure
 */
public record FidelityPair(String file, String entry, String arch, int budget, String allocator, PtxasMeasurement real,
        AllocationStatus modelStatus, int modelRegisters, int modelSpillStoreBytes, int modelSpillLoadBytes,
        int modelSmemSpillBytes, int baselinePressure) {

    public static FidelityPair of(String file, String arch, int budget, String allocator, PtxasMeasurement real,
            AllocationResult model, int baselinePressure) {
        return new FidelityPair(file, real.function(), arch, budget, allocator, real, model.status(),
                model.registers(), model.spills().storeBytes(), model.spills().loadBytes(), model.spills().smemBytes(),
                baselinePressure);
    }

    /** The same pair credited to another allocator name (a cross-validated prediction). */
    public FidelityPair withAllocator(String name) {
        return new FidelityPair(file, entry, arch, budget, name, real, modelStatus, modelRegisters,
                modelSpillStoreBytes, modelSpillLoadBytes, modelSmemSpillBytes, baselinePressure);
    }

    /** Whether {@code other} compares the same entry, architecture and budget (for any allocator family). */
    public boolean sameCase(FidelityPair other) {
        return file.equals(other.file) && entry.equals(other.entry) && arch.equals(other.arch)
                && budget == other.budget;
    }

    /** Whether a register budget was given (spill classification only counts these runs). */
    public boolean budgeted() {
        return budget > 0;
    }

    public boolean modelOk() {
        return modelStatus == AllocationStatus.OK;
    }

    /** Model spill traffic in bytes: stores plus loads, local and shared memory. */
    public int modelSpillBytes() {
        return modelSpillStoreBytes + modelSpillLoadBytes + modelSmemSpillBytes;
    }

    /** Real spill traffic in bytes: stores plus loads. */
    public int realSpillBytes() {
        return real.spillStoreBytes() + real.spillLoadBytes();
    }

    public int baselineRegisters() {
        return NaiveBaseline.registers(baselinePressure, budget);
    }
}
