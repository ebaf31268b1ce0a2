package dev.regtune.core.lower;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;

/**
 * Loads the address of each module-scope variable a global access names into a register pair, as
 * ptxas does from constant bank 4 ({@link GlobalSymbolAddresses}); knob
 * {@code RegTuneLoadSymbolAddresses}. Runs before scheduling, which moves the loads like any
 * constant-bank read.
 */
public final class SymbolAddressStage implements Stage<AllocationState> {
    @Override
    public String name() {
        return "symbol address loading";
    }

    @Override
    public boolean runsFor(AllocationState s) {
        return s.knobs().getBool(KnobCatalogue.LOAD_SYMBOL_ADDRESSES);
    }

    @Override
    public void run(AllocationState s) {
        GlobalSymbolAddresses.Loaded loaded = GlobalSymbolAddresses.apply(s.function());
        if (loaded.accesses() > 0) {
            s.transform(loaded.function());
        }
        if (s.explaining()) {
            s.report(new AllocationEvent.SymbolAddressesLoaded(loaded.accesses()));
        }
    }
}
