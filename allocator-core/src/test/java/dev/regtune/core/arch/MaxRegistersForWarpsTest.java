package dev.regtune.core.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link OccupancyCalculator#maxRegistersForWarps} and
 * {@link OccupancyCalculator#registerCapForLaunchBounds}: hand-checked values, agreement with ptxas
 * 13.0 (recorded in {@code occupancy/launch_bounds_ptxas.csv} by
 * {@code src/test/cpp/generate_launch_bounds.sh}) and consistency with
 * {@link OccupancyCalculator#compute}.
 */
class MaxRegistersForWarpsTest {

    private final OccupancyCalculator calculator = new OccupancyCalculator();

    @ParameterizedTest(name = "{0}: __launch_bounds__({1}, {2}) caps registers at {3}")
    @CsvSource({
        // arch, threads, min blocks, cap     why (W warps per block, k warps per sub-partition, 64 units each)
        "sm_90, 256,  2, 128",  // W=8,  16 warps, k=4, 16 units = 128
        "sm_90, 1024, 1, 64",   // W=32, k=8, 8 units = 64
        "sm_90, 160,  3, 128",  // W=5,  15 warps, k=4: 128, not 65536/480 = 136
        "sm_90, 100,  5, 96",   // W=4 (100 threads round up), 20 warps, k=5, 12 units
        "sm_90, 64,  32, 32",   // W=2,  64 warps, k=16, 4 units
        "sm_90, 32,   1, 255",  // nothing binds: the per-thread maximum
        "sm_75, 256,  4, 64",   // Turing: 32 warps is the whole SM
        "sm_86, 384,  4, 40",   // 48 warps, k=12, 5 units
        "sm_120, 128, 12, 40",  // 48 warps, k=12, 5 units
    })
    void handCheckedCaps(String arch, int threads, int minBlocks, int expected) {
        assertEquals(expected, calculator.maxRegistersForWarps(ArchProfiles.of(arch), threads, minBlocks));
    }

    @Test
    void capIsTheLargestCountThatKeepsMinBlocksResident() {
        List<String> failures = new ArrayList<>();
        for (ArchProfile arch : ArchProfiles.all()) {
            for (int threads = 1; threads <= arch.maxThreadsPerBlock(); threads += 31) {
                int warps = (threads + arch.warpSize() - 1) / arch.warpSize();
                int maxMinBlocks = Math.min(arch.maxBlocksPerSm(), arch.maxWarpsPerSm() / warps);
                for (int minBlocks = 1; minBlocks <= maxMinBlocks; minBlocks++) {
                    int cap = calculator.maxRegistersForWarps(arch, threads, minBlocks);
                    String where = arch.name() + " threads=" + threads + " minBlocks=" + minBlocks + " cap=" + cap;
                    if (cap % arch.registerGranularityPerThread() != 0 && cap != arch.maxRegistersPerThread()) {
                        failures.add(where + ": not an allocatable count");
                    }
                    if (calculator.compute(arch, cap, threads, 0).activeBlocksPerSm() < minBlocks) {
                        failures.add(where + ": fewer than minBlocks resident at the cap");
                    }
                    int next = cap + arch.registerGranularityPerThread();
                    if (cap < arch.maxRegistersPerThread() && next <= arch.maxRegistersPerThread()
                            && calculator.compute(arch, next, threads, 0).activeBlocksPerSm() >= minBlocks) {
                        failures.add(where + ": " + next + " registers would still keep minBlocks resident");
                    }
                }
            }
        }
        if (!failures.isEmpty()) {
            fail(failures.size() + " launch bounds are inconsistent with compute(); first: "
                    + String.join("\n", failures.subList(0, Math.min(20, failures.size()))));
        }
    }

    @Test
    void agreesWithPtxasOnEveryRecordedLaunchBound() {
        List<ReferenceCsv.Row> rows = ReferenceCsv.read("/occupancy/launch_bounds_ptxas.csv");
        assertTrue(rows.size() > 1000, "launch_bounds_ptxas.csv should hold the whole grid, has " + rows.size());
        List<String> mismatches = new ArrayList<>();
        for (ReferenceCsv.Row row : rows) {
            ArchProfile arch = ArchProfiles.of(row.text("arch"));
            int threads = row.integer("threads");
            int minBlocks = row.integer("min_blocks");
            int ptxas = row.integer("registers");
            boolean ignored = Boolean.parseBoolean(row.text("min_blocks_ignored"));
            String where = "line " + row.line() + ": " + arch.name() + " __launch_bounds__(" + threads + ", "
                    + minBlocks + "), ptxas " + ptxas + (ignored ? " (ignored .minnctapersm)" : "");
            try {
                int cap = calculator.maxRegistersForWarps(arch, threads, minBlocks);
                if (ignored || cap != ptxas) {
                    mismatches.add(where + ", RegTune " + cap);
                }
            } catch (IllegalArgumentException rejected) {
                if (!ignored) {
                    mismatches.add(where + ", RegTune rejected it: " + rejected.getMessage());
                }
            }
        }
        if (!mismatches.isEmpty()) {
            fail(mismatches.size() + " of " + rows.size() + " launch bounds differ from ptxas; first:\n"
                    + String.join("\n", mismatches.subList(0, Math.min(20, mismatches.size()))));
        }
    }

    /**
     * Out-of-range bounds where ptxas 13.0 departs from the empirical fallback: on sm_86, 32-thread
     * blocks with more than 16 blocks get no cap at all, while 64-thread blocks are clamped to 16.
     */
    private static final Set<String> KNOWN_FALLBACK_DIFFERENCES = Set.of("sm_86,32,24", "sm_86,32,32");

    @Test
    void launchBoundsCapAgreesWithPtxasIncludingIgnoredBounds() {
        List<ReferenceCsv.Row> rows = ReferenceCsv.read("/occupancy/launch_bounds_ptxas.csv");
        List<String> mismatches = new ArrayList<>();
        int compared = 0;
        for (ReferenceCsv.Row row : rows) {
            String key = row.text("arch") + "," + row.text("threads") + "," + row.text("min_blocks");
            if (KNOWN_FALLBACK_DIFFERENCES.contains(key)) {
                continue;
            }
            compared++;
            int cap = calculator.registerCapForLaunchBounds(
                    ArchProfiles.of(row.text("arch")), row.integer("threads"), row.integer("min_blocks"));
            if (cap != row.integer("registers")) {
                mismatches.add("line " + row.line() + ": " + key + " ptxas " + row.text("registers") + ", RegTune " + cap);
            }
        }
        assertEquals(rows.size() - KNOWN_FALLBACK_DIFFERENCES.size(), compared);
        if (!mismatches.isEmpty()) {
            fail(mismatches.size() + " of " + compared + " launch bounds differ from ptxas; first:\n"
                    + String.join("\n", mismatches.subList(0, Math.min(20, mismatches.size()))));
        }
    }

    @ParameterizedTest(name = "{0}: ignored __launch_bounds__({1}, {2}) still caps at {3}")
    @CsvSource({
        "sm_90, 1024, 3, 64",  // 768+ threads: as if minBlocks were 1
        "sm_90, 768,  3, 80",
        "sm_90, 767,  3, 40",  // smaller blocks: as many as warp slots allow, here 2
        "sm_90, 512,  5, 32",  // 4 blocks
        "sm_90, 32,  33, 64",  // more blocks than the SM holds: clamped to 32
    })
    void launchBoundsCapFollowsPtxasWhenItIgnoresMinBlocks(String arch, int threads, int minBlocks, int expected) {
        assertEquals(expected, calculator.registerCapForLaunchBounds(ArchProfiles.of(arch), threads, minBlocks));
    }

    @Test
    void boundsThatCannotFitAreRejectedWithOneSentence() {
        ArchProfile sm90 = ArchProfiles.of("sm_90");
        assertMessage("3 blocks of 1024 threads need 96 warps, more than the 64 an SM of sm_90 holds, "
                + "a bound ptxas ignores.", () -> calculator.maxRegistersForWarps(sm90, 1024, 3));
        assertMessage("minBlocksPerSm must be at most 32 on sm_90 but is 33, a bound ptxas ignores.",
                () -> calculator.maxRegistersForWarps(sm90, 32, 33));
        assertMessage("threadsPerBlock must be at most 1024 on sm_90 but is 1025.",
                () -> calculator.maxRegistersForWarps(sm90, 1025, 1));
        assertMessage("threadsPerBlock must be positive but is 0.", () -> calculator.maxRegistersForWarps(sm90, 0, 1));
        assertMessage("minBlocksPerSm must be positive but is -1.",
                () -> calculator.maxRegistersForWarps(sm90, 128, -1));
        assertMessage("maxThreadsPerBlock must be at most 1024 on sm_90 but is 2048.",
                () -> calculator.registerCapForLaunchBounds(sm90, 2048, 1));
        assertMessage("minBlocksPerSm must be positive but is 0.",
                () -> calculator.registerCapForLaunchBounds(sm90, 128, 0));
    }

    private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable call) {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, call).getMessage());
    }
}
