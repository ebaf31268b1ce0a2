package dev.regtune.core.spill;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;

/**
 * Spill cost of a value (seed 004, "Spill Cost Model"): the class weight (15.0, or 3.0 for a
 * class under high pressure, to encourage spilling there) times the block-frequency-weighted
 * number of the value's defs and uses. A class is under high pressure when its peak pressure
 * exceeds its budget.
 */
public final class SpillCostModel {
    private SpillCostModel() {
    }

    public static double weight(Knobs knobs, boolean highPressureClass) {
        return highPressureClass ? knobs.get(KnobCatalogue.SPILL_WEIGHT_HIGH_PRESSURE)
                : knobs.get(KnobCatalogue.SPILL_WEIGHT);
    }

    public static double cost(double weight, double frequencyWeightedOccurrences) {
        return weight * frequencyWeightedOccurrences;
    }
}
