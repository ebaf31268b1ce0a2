package dev.regtune.core.calls;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;

/**
 * The knobs of the call ABI, read once per module.
 *
 * @param directRegisters registers a direct call costs above the live values and the callee's registers
 * @param abiCallRegisters registers an ABI call keeps free below the values live across it
 * @param abiMinimumRegisters the fewest registers a function making an ABI call reports
 * @param abiCalleeSavedRegisters live registers an indirect or recursive call keeps in callee-saved
 *     registers; each one beyond costs a second register
 * @param recursiveSaveRegisters registers a recursive function saves around its recursive call besides the live values
 * @param spillSlack registers a caller and its callees may need beyond the budget before the caller spills
 */
public record CallCosts(int directRegisters, int abiCallRegisters, int abiMinimumRegisters,
        int abiCalleeSavedRegisters, int recursiveSaveRegisters, int spillSlack) {
    /** Bytes one saved 32-bit register takes in the stack frame. */
    public static final int REGISTER_BYTES = 4;
    /** ptxas aligns a frame that another function's frame is stacked on to this many bytes. */
    public static final int FRAME_ALIGNMENT = 8;

    public static CallCosts of(Knobs knobs) {
        return new CallCosts(knobs.getInt(KnobCatalogue.CALL_DIRECT_REGISTERS),
                knobs.getInt(KnobCatalogue.ABI_CALL_REGISTERS), knobs.getInt(KnobCatalogue.ABI_MINIMUM_REGISTERS),
                knobs.getInt(KnobCatalogue.ABI_CALLEE_SAVED_REGISTERS),
                knobs.getInt(KnobCatalogue.RECURSIVE_SAVE_REGISTERS), knobs.getInt(KnobCatalogue.CALL_SPILL_SLACK));
    }

    /** What an indirect or recursive call needs with {@code live} registers live across it. */
    int knownAbiCall(int live) {
        return live + abiCallRegisters + Math.max(0, live - abiCalleeSavedRegisters);
    }

    static int align(int bytes) {
        return (bytes + FRAME_ALIGNMENT - 1) / FRAME_ALIGNMENT * FRAME_ALIGNMENT;
    }
}
