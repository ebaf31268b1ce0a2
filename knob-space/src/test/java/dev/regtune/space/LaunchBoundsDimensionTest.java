package dev.regtune.space;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.regtune.core.Allocators;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.LaunchBounds;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import dev.regtune.space.sample.Sampler;
import dev.regtune.space.spec.SpaceSpecException;
import dev.regtune.space.spec.SpaceSpecReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Launch bounds as a dimension of a knob space, applied to a kernel the way a sweep applies them. */
class LaunchBoundsDimensionTest {
    @Test
    void parsesThreadsAndOptionalMinimumBlocks() {
        assertEquals(LaunchBounds.NONE.withMaxThreads(256), Configuration.parseLaunchBounds("256"));
        assertEquals(LaunchBounds.NONE.withMaxThreads(128).withMinBlocksPerSm(4),
                Configuration.parseLaunchBounds(" 128x4 "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Configuration.parseLaunchBounds("2048x1"));
        assertEquals("launch bounds '2048x1' are not THREADS or THREADSxBLOCKS with 1..1024 threads and 1..32 blocks",
                e.getMessage());
    }

    @Test
    void aSpecSamplesLaunchBoundsAndTheyCapTheBudget() {
        KnobSpace space = SpaceSpecReader.parse("""
                {"launch_bounds": ["1024", "256x2"], "knobs": [{"knob": "RegAllocCoalescing"}]}
                """, "lb.json");
        List<Configuration> all = Sampler.of("grid", 0).stream(space, 100).toList();
        assertEquals(4, all.size());
        KernelFunction fn = kernel();
        for (Configuration c : all) {
            KernelFunction bounded = fn.withLaunchBounds(c.launchBounds().orElseThrow());
            AllocationResult r = Allocators.fatPoint().allocate(bounded, c.knobs(), ArchProfiles.of("sm_90"), 0);
            AllocationChecker.verify(r.allocatedFunction(), r.assignment());
            // ptxas caps 1024-thread blocks at 64 registers and two 256-thread blocks at 128
            int expected = c.get(Configuration.LAUNCH_BOUNDS).equals("1024") ? 64 : 128;
            assertEquals(expected, r.usage().budget(), c.toString());
        }
    }

    @Test
    void badLaunchBoundsInASpecGetOneSentence() {
        SpaceSpecException e = assertThrows(SpaceSpecException.class,
                () -> SpaceSpecReader.parse("{\"launch_bounds\": [\"256x0\"]}", "lb.json"));
        assertEquals("launch_bounds: launch bounds '256x0' are not THREADS or THREADSxBLOCKS with 1..1024 threads "
                + "and 1..32 blocks", e.getMessage());
    }

    private static KernelFunction kernel() {
        FunctionBuilder b = new FunctionBuilder("k", FunctionKind.ENTRY);
        int v = b.vreg("%r1", RegClass.R, PairMode.SINGLE, 0);
        b.instr("ld.global.u32", InstrKind.LOAD_GLOBAL, 0, new int[] {v}, new int[0], 0);
        b.instr("st.global.u32", InstrKind.STORE_GLOBAL, 0, new int[0], new int[] {v}, 0);
        return b.build();
    }
}
