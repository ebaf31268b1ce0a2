package dev.regtune.core.promote;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.LocalArray;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;
import java.util.List;

/**
 * Narrows the addresses of the {@code .local} arrays that stay in memory to what ptxas keeps:
 * 32-bit offsets from the stack pointer, none for a constant offset ({@link
 * LocalAddressNarrowing}); knob {@code RegTuneNarrowLocalAddresses}. Runs just before local-array
 * promotion, on the arrays promotion leaves in memory and whose address escapes nowhere.
 */
public final class LocalAddressNarrowingStage implements Stage<AllocationState> {
    @Override
    public String name() {
        return "local address narrowing";
    }

    @Override
    public boolean runsFor(AllocationState s) {
        return s.knobs().getBool(KnobCatalogue.NARROW_LOCAL_ADDRESSES) && !s.function().localMemory().arrays().isEmpty();
    }

    @Override
    public void run(AllocationState s) {
        KernelFunction f = s.function();
        List<LocalArray> arrays = f.localMemory().arrays();
        boolean promotes = new LocalArrayPromotionStage().runsFor(s);
        LocalArrayPromotionStage.Decision[] decisions = promotes
                ? LocalArrayPromotionStage.decide(f, s.knobs(), s.analyses().loops()) : null;
        boolean[] narrow = new boolean[arrays.size()];
        boolean any = false;
        for (int a = 0; a < narrow.length; a++) {
            narrow[a] = !arrays.get(a).escapes()
                    && (decisions == null || !decisions[a].promoted() || decisions[a].dynamic());
            any |= narrow[a];
        }
        LocalAddressNarrowing.Narrowed narrowed = any ? LocalAddressNarrowing.apply(f, narrow)
                : new LocalAddressNarrowing.Narrowed(f, 0, 0);
        if (narrowed.function() != f) {
            s.transform(narrowed.function());
        }
        if (s.explaining()) {
            s.report(new AllocationEvent.LocalAddressesNarrowed(narrowed.removed(), narrowed.narrowed()));
        }
    }
}
