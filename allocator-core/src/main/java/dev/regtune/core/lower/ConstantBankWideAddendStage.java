package dev.regtune.core.lower;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;

/**
 * Reads pointer parameters as the constant-bank addends of {@code IMAD.WIDE} on architectures
 * below {@code RegTuneWideAddendConstantBankBelowSm} ({@link ConstantBankWideAddends}). Runs before
 * wide multiply-add fusion, which then folds the products that add registers.
 */
public final class ConstantBankWideAddendStage implements Stage<AllocationState> {
    @Override
    public String name() {
        return "constant-bank wide addends";
    }

    @Override
    public boolean runsFor(AllocationState s) {
        return s.arch().smVersion() < s.knobs().getInt(KnobCatalogue.WIDE_ADDEND_CONSTANT_BANK_BELOW_SM);
    }

    @Override
    public void run(AllocationState s) {
        ConstantBankWideAddends.Folded folded = ConstantBankWideAddends.apply(s.function());
        if (folded.adds() > 0) {
            s.transform(folded.function());
        }
        if (s.explaining()) {
            s.report(new AllocationEvent.WideAddendsFromConstantBank(folded.adds()));
        }
    }
}
