package dev.regtune.core.lower;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;

/**
 * Folds constants added to addresses into the accesses' immediate offsets, as ptxas does
 * ({@link AddressOffsetFolding}); knob {@code RegTuneFoldAddressOffsets}. Runs after local-array
 * promotion (which resolves local addresses itself) and before wide multiply-add fusion, whose
 * adds then see the base addresses.
 */
public final class AddressFoldingStage implements Stage<AllocationState> {
    @Override
    public String name() {
        return "address offset folding";
    }

    @Override
    public boolean runsFor(AllocationState s) {
        return s.knobs().getBool(KnobCatalogue.FOLD_ADDRESS_OFFSETS);
    }

    @Override
    public void run(AllocationState s) {
        AddressOffsetFolding.Folded folded = AddressOffsetFolding.apply(s.function());
        if (folded.adds() > 0) {
            s.transform(folded.function());
        }
        if (s.explaining()) {
            s.report(new AllocationEvent.AddressOffsetsFolded(folded.adds()));
        }
    }
}
