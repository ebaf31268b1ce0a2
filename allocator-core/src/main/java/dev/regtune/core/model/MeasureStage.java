package dev.regtune.core.model;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.alloc.Estimates;
import dev.regtune.core.alloc.RegisterUsage;
import dev.regtune.core.alloc.SpillUsage;
import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;

/**
 * The last stage of every family: {@link Measurements} of the placement (registers as {@code
 * ptxas -v} counts them, spill bytes, latency, occupancy), the stack frame, and the result, whose
 * assignment is lifted back to the function as the caller gave it.
 */
public final class MeasureStage implements Stage<AllocationState> {
    @Override
    public String name() {
        return "measure";
    }

    @Override
    public void run(AllocationState s) {
        Measurements m = Measurements.measure(s.function(), s.assignment(), s.removedCopies(),
                s.analyses().frequencies(), s.arch(), s.knobs(), s.smemBytesPerBlock(),
                Math.min(s.registerFloor(), s.budget().registers()), s.predicateRegisterShared(),
                s.budget().registers());
        if (s.explaining()) {
            s.report(new AllocationEvent.RegistersCounted(m.registers(), m.gprPeak(), s.reserved(),
                    m.predicateBitRegister(), s.knobs().getInt(KnobCatalogue.MINIMUM_REGISTERS),
                    s.arch().maxRegistersPerThread(), m.occupancy().activeWarpsPerSm(), m.occupancy().occupancy()));
        }
        int frame = roundUp(s.localFrameBytes() + s.function().localBytes(),
                s.knobs().getInt(KnobCatalogue.STACK_FRAME_ALIGNMENT));
        s.result(new AllocationResult(s.original().name(), s.arch().name(), AllocationStatus.OK, "",
                new RegisterUsage(m.registers(), m.uniformRegisters(), m.predicateRegisters(), s.budget().registers()),
                new SpillUsage(m.spills().localSpillBytes(), m.spills().localRefillBytes(), frame, s.smemBytesPerBlock()),
                new Estimates(m.estLatencyCycles(), m.occupancy().occupancy(), m.occupancy().activeWarpsPerSm(),
                        m.work(), m.time()),
                s.stats(), s.copyCoalescing(), s.lift(s.assignment()), s.allocated()));
    }

    /** {@code bytes} rounded up to a multiple of {@code granularity}, as ptxas reports the stack frame. */
    static int roundUp(int bytes, int granularity) {
        return (int) Math.min(Integer.MAX_VALUE, ((long) bytes + granularity - 1) / granularity * granularity);
    }
}
