package dev.regtune.core.fatpoint;

import dev.regtune.core.analysis.UniformityAnalysis;
import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.Stage;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/** Places warp-uniform values in the uniform register file ({@link UniformPlacement}). */
final class UniformPlacementStage implements Stage<FatPointState> {
    @Override
    public String name() {
        return "place";
    }

    @Override
    public void run(FatPointState s) {
        KernelFunction fn = s.function();
        int policy = s.knobs().getInt(KnobCatalogue.UNIFORM_POLICY);
        // Computed only if placement asks for it.
        @Nullable Supplier<UniformityAnalysis> uniformity = s.arch().hasUniformRegisters() && policy > 0
                ? s.analyses()::uniformity
                : null;
        int[] cls = UniformPlacement.place(fn, s.analyses().liveRanges(), uniformity, s.analyses().frequency(),
                s.arch(), s.knobs(), s.budget().limited() ? s.gprBudget() : -1, s.reserved(), s.threadsPerBlock(),
                s.analyses()::loops, s.analyses()::liveness);
        s.effectiveClass(cls);
        int toUniform = 0;
        int toGpr = 0;
        int uniform = 0;
        for (int v = 0; v < cls.length; v++) {
            boolean declaredUniform = fn.vregClass(v).uniform();
            boolean placedUniform = cls[v] != 0 && RegClass.ofId(cls[v]).uniform();
            uniform += placedUniform ? 1 : 0;
            toUniform += placedUniform && !declaredUniform ? 1 : 0;
            toGpr += cls[v] != 0 && declaredUniform && !placedUniform ? 1 : 0;
        }
        s.countUniformValues(uniform);
        if (s.explaining()) {
            s.report(new AllocationEvent.UniformPlaced(toUniform, toGpr, policy));
        }
    }
}
