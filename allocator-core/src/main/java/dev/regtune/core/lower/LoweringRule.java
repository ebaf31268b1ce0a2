package dev.regtune.core.lower;

/**
 * What ptxas needs for one PTX construct on one architecture, beyond what the model sees.
 *
 * @param construct the opcode spelling the rule applies to, without {@code .ftz} and {@code .sat}
 *     (for example {@code div.rn.f64}, {@code cvt.rzi.s32.f32})
 * @param temporaries 32-bit registers live beside the instruction's inputs while its SASS sequence runs
 * @param registerFloor the fewest registers ptxas reports, without a limit, for a kernel with the
 *     construct (0: no more than for a kernel without it)
 * @param freeTemporaries 32-bit registers the construct takes where registers are free: what ptxas
 *     reports without a limit for the smallest probe (2 values live) beyond the same probe of an
 *     {@code add} (0: none beyond it)
 */
public record LoweringRule(String construct, int temporaries, int registerFloor, int freeTemporaries) {
    public LoweringRule {
        if (temporaries < 0 || registerFloor < 0 || freeTemporaries < 0) {
            throw new IllegalArgumentException("a lowering rule has no negative counts: " + construct);
        }
    }

    /**
     * The rule whose free temporaries are what ptxas reports without a limit for the construct's
     * smallest probe beyond the same probe of an {@code add} (never below 0): how the table and
     * the probe command derive them alike.
     */
    public static LoweringRule probed(String construct, int temporaries, int registerFloor, int ptxasSmallest,
            int addSmallest) {
        return new LoweringRule(construct, temporaries, registerFloor, Math.max(0, ptxasSmallest - addSmallest));
    }

    /** Whether the rule changes anything. */
    public boolean matters() {
        return temporaries > 0 || registerFloor > 0 || freeTemporaries > 0;
    }
}
