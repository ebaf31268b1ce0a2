package dev.regtune.datasets.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.regtune.core.Allocators;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;

/** Parses and allocates generated kernels the way every test here must: through the checker. */
final class Kernels {
    private Kernels() {
    }

    /** The one entry of {@code k}, parsed; its instruction count must be the generator's. */
    static KernelFunction parse(SyntheticKernel k) {
        PtxModule module = PtxParser.parse(k.ptxText(), k.name() + ".ptx");
        assertEquals(1, module.functions().size(), k.name());
        KernelFunction fn = module.functions().get(0);
        assertEquals(k.name(), fn.name());
        assertEquals(k.instructionCount(), fn.instrCount(), k.name() + ": instruction count");
        return fn;
    }

    /** Default-knob allocation at no register limit; an OK result is verified by the checker. */
    static AllocationResult allocate(SyntheticKernel k) {
        KernelFunction fn = parse(k);
        AllocationResult r = Allocators.fatPoint().allocate(fn, Knobs.defaults(), ArchProfiles.of(k.arch()), 0);
        if (r.status() == AllocationStatus.OK) {
            AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        }
        return r;
    }

    static SyntheticKernel generate(String spec, long seed) {
        SyntheticSpec s = SyntheticSpec.parse(spec);
        return s.definition().generate(s, seed);
    }
}
