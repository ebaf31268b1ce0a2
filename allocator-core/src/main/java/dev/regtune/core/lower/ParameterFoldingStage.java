package dev.regtune.core.lower;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;

/**
 * Reads kernel parameters as constant-bank operands of the arithmetic that uses them, as ptxas
 * does ({@link ParameterOperandFolding}); knob {@code RegTuneFoldParameterOperands}. Runs after
 * wide multiply-add fusion (whose {@code IMAD.WIDE} keeps its operands in registers) and before
 * parameter sinking, which then moves what is still loaded next to its reads.
 */
public final class ParameterFoldingStage implements Stage<AllocationState> {
    @Override
    public String name() {
        return "parameter operand folding";
    }

    @Override
    public boolean runsFor(AllocationState s) {
        return s.knobs().getBool(KnobCatalogue.FOLD_PARAMETER_OPERANDS);
    }

    @Override
    public void run(AllocationState s) {
        ParameterOperandFolding.Folded folded = ParameterOperandFolding.apply(s.function());
        if (folded.operands() > 0) {
            s.transform(folded.function());
        }
        if (s.explaining()) {
            s.report(new AllocationEvent.ParametersFolded(folded.operands()));
        }
    }
}
