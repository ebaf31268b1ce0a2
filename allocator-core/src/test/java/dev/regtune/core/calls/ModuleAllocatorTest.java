package dev.regtune.core.calls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The module-level allocation: callers charged for their calls, functions without calls untouched,
 * every function's own assignment accepted by the checker, both families, deterministic.
 */
class ModuleAllocatorTest {
    private static final ArchProfile SM90 = ArchProfiles.of("sm_90");

    static List<RegisterAllocator> families() {
        return Allocators.all();
    }

    static List<AllocationResult> allocateChecked(PtxModule m, RegisterAllocator a, Knobs knobs, int budget) {
        List<AllocationResult> out = ModuleAllocator.allocate(m, a, knobs, SM90, budget);
        for (AllocationResult r : out) {
            if (r.status() == AllocationStatus.OK) {
                AllocationChecker.verify(r.allocatedFunction(), r.assignment());
            }
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("families")
    void aFunctionWithoutCallsKeepsItsOwnResult(RegisterAllocator a) throws Exception {
        PtxModule m = PtxParser.parse(Path.of("src/test/resources/ptx/nvcc13_sm90_basic.ptx"));
        List<AllocationResult> module = allocateChecked(m, a, Knobs.defaults(), 0);
        CallGraph graph = CallGraph.of(m);
        int untouched = 0;
        for (int f = 0; f < m.functions().size(); f++) {
            if (graph.calls(f) || graph.called(f)) {
                continue;
            }
            untouched++;
            AllocationResult alone = a.allocate(m.functions().get(f), Knobs.defaults(), SM90, 0);
            assertEquals(alone.usage(), module.get(f).usage());
            assertEquals(alone.spills(), module.get(f).spills());
            assertEquals(alone.estimates(), module.get(f).estimates());
        }
        assertTrue(untouched >= 2, "reduce and vec4 neither call nor are called");
    }

    @ParameterizedTest
    @MethodSource("families")
    void callersAreChargedForWhatTheyCall(RegisterAllocator a) {
        PtxModule m = CallGraphTest.module();
        List<AllocationResult> results = allocateChecked(m, a, Knobs.defaults(), 0);
        int k = CallGraphTest.index(m, "k");
        int leaf = CallGraphTest.index(m, "leaf");
        int even = CallGraphTest.index(m, "even");
        AllocationResult alone = a.allocate(m.functions().get(k), Knobs.defaults(), SM90, 0);
        AllocationResult charged = results.get(k);
        // k makes ABI calls (recursive, indirect, vprintf): at least the ABI minimum of 24
        assertTrue(alone.registers() < 24, "alone " + alone.registers());
        assertTrue(charged.registers() >= 24, "charged " + charged.registers());
        assertTrue(charged.registers() >= results.get(leaf).registers());
        // the recursive function saves what is live across its recursive call plus 3 registers
        assertTrue(results.get(even).spills().storeBytes() >= 4 * 3);
    }

    @ParameterizedTest
    @MethodSource("families")
    void oneFunctionAloneEqualsItsResultInTheModule(RegisterAllocator a) {
        PtxModule m = CallGraphTest.module();
        List<AllocationResult> all = ModuleAllocator.allocate(m, a, Knobs.defaults(), SM90, 40);
        for (int f = 0; f < m.functions().size(); f++) {
            KernelFunction fn = m.functions().get(f);
            AllocationResult one = ModuleAllocator.allocateFunction(m, fn, a, Knobs.defaults(), SM90, 40);
            assertEquals(all.get(f).usage(), one.usage(), fn.name());
            assertEquals(all.get(f).spills(), one.spills(), fn.name());
            assertEquals(all.get(f).estimates(), one.estimates(), fn.name());
        }
        List<AllocationResult> again = ModuleAllocator.allocate(m, a, Knobs.defaults(), SM90, 40);
        for (int f = 0; f < all.size(); f++) {
            assertEquals(all.get(f).usage(), again.get(f).usage());
            assertEquals(all.get(f).spills(), again.get(f).spills());
        }
    }

    @ParameterizedTest
    @MethodSource("families")
    void theCallGraphKnobSwitchesItOff(RegisterAllocator a) {
        PtxModule m = CallGraphTest.module();
        Knobs off = Knobs.defaults().with(KnobCatalogue.CALL_GRAPH, 0);
        List<AllocationResult> results = ModuleAllocator.allocate(m, a, off, SM90, 0);
        for (int f = 0; f < m.functions().size(); f++) {
            AllocationResult alone = a.allocate(m.functions().get(f), off, SM90, 0);
            assertEquals(alone.usage(), results.get(f).usage());
            assertEquals(alone.spills(), results.get(f).spills());
        }
    }

    @ParameterizedTest
    @MethodSource("families")
    void beyondTheBudgetTheCallerSpillsTheExcess(RegisterAllocator a) throws Exception {
        PtxModule m = PtxParser.parse(Path.of("src/test/resources/ptx/calls/direct_F40_E24.ptx"));
        int k = CallGraphTest.index(m, "k");
        AllocationResult unlimited = allocateChecked(m, a, Knobs.defaults(), 0).get(k);
        AllocationResult at40 = allocateChecked(m, a, Knobs.defaults(), 40).get(k);
        assertTrue(unlimited.registers() > 40);
        assertEquals(0, unlimited.spills().storeBytes());
        assertEquals(40, at40.registers());
        assertTrue(at40.spills().storeBytes() > 0, "ptxas: 28 bytes of spill stores in k (20 in f) at -maxrregcount 40");
        assertTrue(at40.spills().stackFrameBytes() >= at40.spills().storeBytes());
    }

    @org.junit.jupiter.api.Test
    void kernelParametersLiveAcrossACallCostNothing() throws Exception {
        PtxModule m = PtxParser.parse(Path.of("src/test/resources/ptx/calls/params_E24.ptx"));
        KernelFunction k = m.functions().get(CallGraphTest.index(m, "k"));
        // 24 parameter floats, the accumulator and the 64-bit pointer are live across; the parameters cost nothing
        assertEquals(List.of(3), java.util.Arrays.stream(LiveAcrossCalls.count(k)).boxed().toList());
        PtxModule global = PtxParser.parse(Path.of("src/test/resources/ptx/calls/direct_F16_E8.ptx"));
        KernelFunction g = global.functions().get(CallGraphTest.index(global, "k"));
        // 8 loaded floats, the accumulator and the pointer
        assertEquals(List.of(11), java.util.Arrays.stream(LiveAcrossCalls.count(g)).boxed().toList());
    }

    @ParameterizedTest
    @MethodSource("families")
    void aChargedCallerExplainsItsCalls(RegisterAllocator a) {
        PtxModule m = CallGraphTest.module();
        int k = CallGraphTest.index(m, "k");
        dev.regtune.core.explain.ExplanationRecorder recorder = new dev.regtune.core.explain.ExplanationRecorder();
        AllocationResult r = ModuleAllocator.allocateFunction(m, m.functions().get(k), a, Knobs.defaults(), SM90, 0,
                recorder);
        List<dev.regtune.core.explain.AllocationEvent.CallsCharged> charged = recorder.events().stream()
                .filter(e -> e instanceof dev.regtune.core.explain.AllocationEvent.CallsCharged)
                .map(e -> (dev.regtune.core.explain.AllocationEvent.CallsCharged) e).toList();
        assertEquals(1, charged.size());
        assertEquals(r.registers(), charged.get(0).registers());
        assertEquals(4, charged.get(0).calls().size());
        assertTrue(charged.get(0).calls().get(3).startsWith("vprintf (external)"), charged.get(0).calls().get(3));
    }
}
