package dev.regtune.core.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.regtune.core.arch.Occupancy.Limiter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Holds {@link OccupancyCalculator#compute} to NVIDIA's answers: every row of
 * {@code occupancy/reference.csv}, produced by {@code cudaOccMaxActiveBlocksPerMultiprocessor}
 * (see {@code src/test/cpp/generate.sh}), must give the same active blocks and a limiter NVIDIA
 * also reports.
 */
class OccupancyCalculatorTest {

    private static final int REFERENCE_ROWS = 8 * 16 * 10 * 4;
    private static final int MISMATCHES_SHOWN = 20;

    private final OccupancyCalculator calculator = new OccupancyCalculator();

    @Test
    void everyReferenceRowMatchesNvidiasCalculator() {
        List<ReferenceCsv.Row> rows = ReferenceCsv.read("/occupancy/reference.csv");
        assertEquals(REFERENCE_ROWS, rows.size(), "reference.csv should cover the whole grid on every architecture");

        List<String> mismatches = new ArrayList<>();
        for (ReferenceCsv.Row row : rows) {
            ArchProfile arch = ArchProfiles.of(row.text("arch"));
            int registers = row.integer("registers");
            int threads = row.integer("threads");
            int shared = row.integer("shared_bytes");
            int expectedBlocks = row.integer("active_blocks");
            Limiter expectedLimiter = firstJavaLimiter(row.text("limiter"));

            Occupancy actual = calculator.compute(arch, registers, threads, shared);
            if (actual.activeBlocksPerSm() != expectedBlocks || actual.limiter() != expectedLimiter) {
                mismatches.add(String.format("line %d: %s registers=%d threads=%d shared=%d: NVIDIA %d blocks (%s),"
                                + " RegTune %d blocks (%s)", row.line(), arch.name(), registers, threads, shared,
                        expectedBlocks, row.text("limiter"), actual.activeBlocksPerSm(), actual.limiter()));
            }
        }
        if (!mismatches.isEmpty()) {
            fail(mismatches.size() + " of " + rows.size() + " rows differ from NVIDIA's calculator; first "
                    + Math.min(MISMATCHES_SHOWN, mismatches.size()) + ":\n"
                    + String.join("\n", mismatches.subList(0, Math.min(MISMATCHES_SHOWN, mismatches.size()))));
        }
    }

    /** NVIDIA lists every tied limit in bit order; RegTune names the first one it models. */
    private static Limiter firstJavaLimiter(String nvidiaLimiters) {
        return Arrays.stream(nvidiaLimiters.split("\\|"))
                .filter(name -> Arrays.stream(Limiter.values()).anyMatch(l -> l.name().equals(name)))
                .map(Limiter::valueOf)
                .findFirst()
                .orElseThrow(() -> new AssertionError("No modelled limiter in '" + nvidiaLimiters + "'."));
    }

    @Test
    void warpsAndOccupancyFollowFromBlocks() {
        for (ArchProfile arch : ArchProfiles.all()) {
            for (int threads : new int[] {1, 33, 96, 100, 256, 1000, 1024}) {
                for (int registers : new int[] {0, 8, 37, 64, 128, 255}) {
                    Occupancy occupancy = calculator.compute(arch, registers, threads, 4096);
                    int warpsPerBlock = (threads + 31) / 32;
                    assertEquals(occupancy.activeBlocksPerSm() * warpsPerBlock, occupancy.activeWarpsPerSm());
                    assertEquals((double) occupancy.activeWarpsPerSm() / arch.maxWarpsPerSm(), occupancy.occupancy());
                    assertTrue(occupancy.activeWarpsPerSm() <= arch.maxWarpsPerSm());
                }
            }
        }
    }

    @Test
    void registersAreCountedPerSubPartition() {
        // 40 registers: 1280 per warp; a quarter of the file (16384) holds 12 warps, so 48 per SM,
        // not floor(65536 / 1280) = 51. With 256-thread blocks (8 warps): 6 blocks.
        Occupancy occupancy = calculator.compute(ArchProfiles.of("sm_90"), 40, 256, 0);
        assertEquals(6, occupancy.activeBlocksPerSm());
        assertEquals(48, occupancy.activeWarpsPerSm());
        assertEquals(0.75, occupancy.occupancy());
        assertEquals(Limiter.REGISTERS, occupancy.limiter());
    }

    @Test
    void registerCountsWithinOneAllocationUnitCostTheSame() {
        ArchProfile sm80 = ArchProfiles.of("sm_80");
        assertEquals(calculator.compute(sm80, 40, 128, 0), calculator.compute(sm80, 33, 128, 0));
        assertTrue(calculator.compute(sm80, 41, 128, 0).activeBlocksPerSm()
                < calculator.compute(sm80, 40, 128, 0).activeBlocksPerSm());
    }

    @Test
    void reservedSharedMemoryCountsFromSm80On() {
        // 48 KiB of shared memory: sm_86 has 100 KiB per SM; with the 1 KiB reservation a block
        // takes 49 KiB, so 2 blocks fit. sm_70 has no reservation: 96 KiB / 48 KiB = 2 as well,
        // but 32 KiB blocks show the difference: 3 on sm_70 (96 / 32), 3 on sm_86 (100 / 33).
        assertEquals(2, calculator.compute(ArchProfiles.of("sm_86"), 32, 128, 48 * 1024).activeBlocksPerSm());
        assertEquals(3, calculator.compute(ArchProfiles.of("sm_70"), 32, 128, 32 * 1024).activeBlocksPerSm());
        assertEquals(3, calculator.compute(ArchProfiles.of("sm_86"), 32, 128, 32 * 1024).activeBlocksPerSm());
        // 50 KiB blocks on sm_86: 51 KiB with the reservation, only 1 fits.
        Occupancy one = calculator.compute(ArchProfiles.of("sm_86"), 32, 128, 50 * 1024);
        assertEquals(1, one.activeBlocksPerSm());
        assertEquals(Limiter.SHARED_MEMORY, one.limiter());
    }

    @Test
    void configurationsThatCannotLaunchHaveNoActiveBlocks() {
        ArchProfile sm90 = ArchProfiles.of("sm_90");
        Occupancy tooManyThreads = calculator.compute(sm90, 32, 1025, 0);
        assertEquals(0, tooManyThreads.activeBlocksPerSm());
        assertEquals(Limiter.WARPS, tooManyThreads.limiter());

        Occupancy tooManyRegisters = calculator.compute(sm90, 255, 1024, 0);
        assertEquals(0, tooManyRegisters.activeBlocksPerSm());
        assertEquals(Limiter.REGISTERS, tooManyRegisters.limiter());

        Occupancy tooMuchShared = calculator.compute(sm90, 32, 128, sm90.maxSharedMemoryPerBlockOptIn() + 1);
        assertEquals(0, tooMuchShared.activeBlocksPerSm());
        assertEquals(Limiter.SHARED_MEMORY, tooMuchShared.limiter());
        assertEquals(0.0, tooMuchShared.occupancy());

        Occupancy justEnoughShared = calculator.compute(sm90, 32, 128, sm90.maxSharedMemoryPerBlockOptIn());
        assertEquals(1, justEnoughShared.activeBlocksPerSm());
    }

    @Test
    void noRegistersAndNoSharedMemoryLeaveWarpsAndBlocksAsLimits() {
        Occupancy smallBlocks = calculator.compute(ArchProfiles.of("sm_90"), 0, 32, 0);
        assertEquals(32, smallBlocks.activeBlocksPerSm());
        assertEquals(Limiter.BLOCKS, smallBlocks.limiter());

        Occupancy bigBlocks = calculator.compute(ArchProfiles.of("sm_75"), 0, 1024, 0);
        assertEquals(1, bigBlocks.activeBlocksPerSm());
        assertEquals(1.0, bigBlocks.occupancy());
        assertEquals(Limiter.WARPS, bigBlocks.limiter());
    }

    @Test
    void hugeInputsDoNotOverflow() {
        Occupancy occupancy = calculator.compute(ArchProfiles.of("sm_90"), 255, Integer.MAX_VALUE, Integer.MAX_VALUE);
        assertEquals(0, occupancy.activeBlocksPerSm());
        assertEquals(Limiter.WARPS, occupancy.limiter());
    }

    @Test
    void invalidInputsAreRejectedWithOneSentence() {
        ArchProfile sm90 = ArchProfiles.of("sm_90");
        assertMessage("registersPerThread must be between 0 and 255 on sm_90 but is -1.",
                () -> calculator.compute(sm90, -1, 128, 0));
        assertMessage("registersPerThread must be between 0 and 255 on sm_90 but is 256.",
                () -> calculator.compute(sm90, 256, 128, 0));
        assertMessage("threadsPerBlock must be positive but is 0.", () -> calculator.compute(sm90, 32, 0, 0));
        assertMessage("threadsPerBlock must be positive but is -32.", () -> calculator.compute(sm90, 32, -32, 0));
        assertMessage("sharedMemoryPerBlockBytes must not be negative but is -1.",
                () -> calculator.compute(sm90, 32, 128, -1));
        assertThrows(NullPointerException.class, () -> calculator.compute(null, 32, 128, 0));
    }

    private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable call) {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, call).getMessage());
    }

    /** The cliff below a demand is the highest lower count with more active warps, as compute() tells them. */
    @Test
    void cliffBelowIsTheHighestCountWithMoreWarps() {
        for (ArchProfile arch : ArchProfiles.all()) {
            for (int threads : new int[] {1, 32, 96, 128, 256, 384, 512, 640, 768, 1024, arch.maxThreadsPerBlock()}) {
                for (int demand = 0; demand <= arch.maxRegistersPerThread() + 2; demand++) {
                    int d = Math.min(demand, arch.maxRegistersPerThread());
                    int warps = calculator.compute(arch, d, threads, 0).activeWarpsPerSm();
                    int expected = -1;
                    for (int r = d - 1; r >= 1 && expected < 0; r--) {
                        if (calculator.compute(arch, r, threads, 0).activeWarpsPerSm() > warps) {
                            expected = r;
                        }
                    }
                    assertEquals(expected, calculator.cliffBelow(arch, demand, threads),
                            arch.name() + ", " + threads + " threads, demand " + demand);
                }
            }
        }
    }
}
