package dev.regtune.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.regtune.core.Allocators;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.io.IOException;
import java.nio.file.Path;

/**
 * What the tests of a stage pinned by a ptxas probe share: the probe allocated by the fat-point
 * family without a limit on sm_90, checked by the independent checker, and how many instructions
 * of an opcode a function has.
 */
public final class ProbeAllocations {
    private ProbeAllocations() {
    }

    /** {@code f} allocated on sm_90 without a limit with {@code knobs}; asserts OK and verifies it. */
    public static AllocationResult checkedSm90(KernelFunction f, Knobs knobs) {
        return checked(f, knobs, "sm_90");
    }

    /** {@code f} allocated on {@code arch} without a limit with {@code knobs}; asserts OK and verifies it. */
    public static AllocationResult checked(KernelFunction f, Knobs knobs, String arch) {
        AllocationResult r = Allocators.fatPoint().allocate(f, knobs, ArchProfiles.of(arch), 0);
        assertEquals(AllocationStatus.OK, r.status());
        AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        return r;
    }

    /** The function named {@code name} of the probe file {@code ptx}. */
    public static KernelFunction entry(Path ptx, String name) throws IOException {
        return PtxParser.parse(ptx).functions().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(ptx + " has no function " + name));
    }

    /** Instructions of {@code f} spelled {@code opcode}. */
    public static int opcodeCount(KernelFunction f, String opcode) {
        int n = 0;
        for (int i = 0; i < f.instrCount(); i++) {
            n += f.opcode(i).equals(opcode) ? 1 : 0;
        }
        return n;
    }
}
