package dev.regtune.core.unroll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.Allocators;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * ptxas 13.0.88 unrolls a small counted loop four times and issues the copies' loads together
 * (probe {@code loop_unrolling_sm90.ptx}: 24 registers, eight loads in its SASS), and leaves a loop
 * under {@code .pragma "nounroll"} or stepped by a register alone (12 registers, one load).
 */
class LoopUnrollingTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/loop_unrolling_sm90.ptx");

    private static AllocationResult allocate(String entry, Knobs knobs) throws Exception {
        KernelFunction fn = PtxParser.parse(PTX).functions().stream().filter(f -> f.name().equals(entry))
                .findFirst().orElseThrow();
        AllocationResult r = Allocators.fatPoint().allocate(fn, knobs, ArchProfiles.of("sm_90"), 0);
        assertEquals(AllocationStatus.OK, r.status());
        AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        return r;
    }

    private static int loads(KernelFunction f) {
        int n = 0;
        for (int i = 0; i < f.instrCount(); i++) {
            n += f.instrKind(i) == InstrKind.LOAD_GLOBAL ? 1 : 0;
        }
        return n;
    }

    /** ptxas's factor; the default is 2, chosen by cross-validation. */
    private static final Knobs FOUR = Knobs.defaults().with(KnobCatalogue.UNROLL_FACTOR, 4);

    @Test
    void aCountedLoopIsUnrolledFourTimesAndNeedsMoreRegisters() throws Exception {
        AllocationResult unrolled = allocate("counted_loop", FOUR);
        AllocationResult kept = allocate("counted_loop", Knobs.defaults().with(KnobCatalogue.UNROLL_FACTOR, 1));
        assertEquals(4, loads(unrolled.allocatedFunction()));
        assertEquals(1, loads(kept.allocatedFunction()));
        // ptxas: 24. The copies' address pairs and loaded values overlap: 18 against 12 for the loop as written
        // (16 with the copies' addresses taken in PTX's order, RegTuneScheduleUnrolledAddressesFirst=false;
        // 18 and 14 before the output pointer was read again after the loop, as ptxas's LDC after it does).
        assertEquals(18, unrolled.registers());
        assertEquals(12, kept.registers());
    }

    @Test
    void theCopiesAfterTheFirstAreFlaggedAndTheExitTestIsKeptOnce() throws Exception {
        KernelFunction f = allocate("counted_loop", FOUR).allocatedFunction();
        int copies = 0;
        int tests = 0;
        for (int i = 0; i < f.instrCount(); i++) {
            copies += f.instrHas(i, InstrFlags.UNROLLED_COPY) && f.instrKind(i) == InstrKind.LOAD_GLOBAL ? 1 : 0;
            tests += f.opcode(i).startsWith("setp.") ? 1 : 0;
        }
        assertEquals(3, copies);
        assertEquals(1, tests, "the main loop tests once per four iterations");
    }

    /** A counted loop of six instructions whose atomic's old value is never read, as nvcc writes {@code atomicAdd}. */
    private static final String ATOMIC_LOOP = """
            .version 8.0
            .target sm_90
            .address_size 64
            .visible .entry atomic_loop(.param .u64 A, .param .u32 N, .param .f32 X)
            {
                .reg .pred %p<2>;
                .reg .f32 %f<4>;
                .reg .b32 %r<4>;
                .reg .b64 %rd<5>;
                ld.param.u64 %rd1, [A];
                ld.param.u32 %r1, [N];
                ld.param.f32 %f1, [X];
                cvta.to.global.u64 %rd2, %rd1;
                mov.u32 %r2, 0;
            LOOP:
                mul.wide.u32 %rd3, %r2, 4;
                add.s64 %rd4, %rd2, %rd3;
                atom.global.add.f32 %f2, [%rd4], %f1;
                add.s32 %r2, %r2, 1;
                setp.lt.u32 %p1, %r2, %r1;
                @%p1 bra LOOP;
                ret;
            }
            """;

    @Test
    void everyCopyKeepsItsAtomicThoughNoInstructionReadsItsOldValue() throws Exception {
        KernelFunction fn = PtxParser.parse(ATOMIC_LOOP, "atomic_loop.ptx").functions().get(0);
        AllocationResult r = Allocators.fatPoint().allocate(fn, FOUR, ArchProfiles.of("sm_90"), 0);
        assertEquals(AllocationStatus.OK, r.status());
        AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        KernelFunction f = r.allocatedFunction();
        int atomics = 0;
        int counted = 0;
        for (int i = 0; i < f.instrCount(); i++) {
            if (f.instrKind(i) == InstrKind.ATOMIC) {
                atomics++;
                counted += f.instrHas(i, InstrFlags.UNROLLED_COPY) ? 0 : 1;
            }
        }
        assertEquals(4, atomics, "one atomic per iteration: the first copy's is not dead code");
        assertEquals(1, counted, "the time estimates count one iteration's atomic");
    }

    @Test
    void aNoUnrollPragmaKeepsTheLoop() throws Exception {
        AllocationResult r = allocate("counted_loop_nounroll", FOUR);
        assertEquals(1, loads(r.allocatedFunction()));
        assertEquals(allocate("counted_loop_nounroll", Knobs.defaults().with(KnobCatalogue.UNROLL_FACTOR, 1))
                .registers(), r.registers());
    }

    @Test
    void aGridStrideLoopIsNotUnrolled() throws Exception {
        AllocationResult r = allocate("grid_stride_loop", FOUR);
        assertEquals(1, loads(r.allocatedFunction()), "its step is a register: ptxas keeps one LDG");
    }

    @Test
    void theBodyLimitBoundsWhatIsUnrolled() throws Exception {
        AllocationResult r = allocate("counted_loop", FOUR.with(KnobCatalogue.UNROLL_BODY_LIMIT, 6));
        assertEquals(1, loads(r.allocatedFunction()), "the body has 7 instructions before its branch");
        assertTrue(r.registers() < allocate("counted_loop", FOUR).registers());
    }

    @Test
    void theDefaultFactorMakesTwoCopies() throws Exception {
        AllocationResult r = allocate("counted_loop", Knobs.defaults());
        assertEquals(2, loads(r.allocatedFunction()));
        assertTrue(r.registers() > allocate("counted_loop", Knobs.defaults().with(KnobCatalogue.UNROLL_FACTOR, 1))
                .registers(), "two loads in flight need more registers than one");
    }
}
