package dev.regtune.core.schedule;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;

/**
 * The scheduler's constants, each a knob.
 *
 * @param registerTarget GPR slots (32-bit registers) the scheduler lets a block's pressure grow to
 *     while it hoists long-latency work (knob RegTuneScheduleRegisterTarget, at most the budget's
 *     GPR slots; under a register limit at most those minus knob RegTuneScheduleLimitMargin)
 * @param loadLatency weight of a memory read on the critical path (knob RegTuneScheduleLoadLatency)
 * @param aluLatency weight of any other instruction (knob RegTuneScheduleAluLatency)
 * @param reducePressure whether a block whose layout already exceeds the target is reordered to
 *     free registers (knob RegTuneScheduleReducePressure)
 * @param reducePressureAbove without {@code reducePressure}, the GPR slots above which a block's
 *     layout is still reordered (knob RegTuneScheduleReducePressureAbove); a block between the target
 *     and this keeps PTX's order. Either way a reordering above the target is kept only when it
 *     lowers the peak to at most this many slots: one that would still spill keeps PTX's order
 * @param loadsFirst whether, while new values fit under the target, any ready load goes before
 *     other work (knob RegTuneScheduleLoadsFirst); if not, the longest weighted path decides
 * @param unrolledAddressesFirst with {@code loadsFirst}, whether in a block holding unrolled copies
 *     the integer work a load's address needs goes first as well (knob
 *     RegTuneScheduleUnrolledAddressesFirst)
 * @param specialReadsAsLoads whether reads of special registers that SASS reads with S2R weigh
 *     and go first like memory reads (knob RegTuneScheduleSpecialReadsAsLoads)
 */
record SchedulingParameters(int registerTarget, int loadLatency, int aluLatency, boolean reducePressure,
        int reducePressureAbove,
        boolean loadsFirst, boolean unrolledAddressesFirst, boolean specialReadsAsLoads) {

    /**
     * The knobs' values, the target capped at the GPR slots the budget leaves (ptxas never hoists
     * past it); under an explicit register limit ({@code limited}) and knob
     * RegTuneScheduleTargetFollowsLimit, the target is the budget's GPR slots themselves. Under a
     * limit the target is also at most the budget's slots minus knob RegTuneScheduleLimitMargin.
     */
    static SchedulingParameters of(Knobs knobs, int gprBudget, boolean limited) {
        int target = limited && knobs.getBool(KnobCatalogue.SCHEDULE_TARGET_FOLLOWS_LIMIT) ? gprBudget
                : Math.min(gprBudget, knobs.getInt(KnobCatalogue.SCHEDULE_REGISTER_TARGET));
        if (limited) {
            // ptxas's scheduler stops short of the limit: a pair or two stay free for the allocator.
            target = Math.min(target, Math.max(1, gprBudget - knobs.getInt(KnobCatalogue.SCHEDULE_LIMIT_MARGIN)));
        }
        return new SchedulingParameters(target,
                knobs.getInt(KnobCatalogue.SCHEDULE_LOAD_LATENCY), knobs.getInt(KnobCatalogue.SCHEDULE_ALU_LATENCY),
                knobs.getBool(KnobCatalogue.SCHEDULE_REDUCE_PRESSURE),
                knobs.getInt(KnobCatalogue.SCHEDULE_REDUCE_PRESSURE_ABOVE),
                knobs.getBool(KnobCatalogue.SCHEDULE_LOADS_FIRST),
                knobs.getBool(KnobCatalogue.SCHEDULE_UNROLLED_ADDRESSES_FIRST),
                knobs.getBool(KnobCatalogue.SCHEDULE_SPECIAL_READS_AS_LOADS));
    }
}
