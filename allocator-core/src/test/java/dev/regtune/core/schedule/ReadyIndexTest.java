package dev.regtune.core.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.ptx.PtxParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The indexed choice of large blocks ({@link ReadyIndex}) orders every block exactly as the scan of
 * the ready list does: the scheduler is run on every function of the bundled corpus with the index
 * for every block of more than two instructions and with the scan for every block, at register
 * targets from pressure-bound to roomy, with pressure reduction on and off and loads first or not.
 */
class ReadyIndexTest {
    @Test
    void theIndexChoosesWhatTheScanChooses() throws IOException {
        Path corpus = Path.of("../datasets/corpus/ptx/sm_90");
        assumeTrue(Files.isDirectory(corpus), "datasets/corpus/ptx/sm_90 is not next to this module; skipping");
        List<Path> files;
        try (Stream<Path> s = Files.list(corpus)) {
            files = s.filter(p -> p.toString().endsWith(".ptx")).sorted().toList();
        }
        int reordered = 0;
        for (Path file : files) {
            PtxModule m = PtxParser.parse(file);
            for (KernelFunction f : m.functions()) {
                Liveness live = Liveness.compute(f);
                for (int target : new int[] {8, 32, 128}) {
                    for (int variant = 0; variant < 8; variant++) {
                        boolean reduce = (variant & 1) != 0;
                        boolean loadsFirst = (variant & 2) != 0;
                        // Special reads as loads: the early set's second tier (and a load's latency).
                        boolean specialReads = (variant & 4) != 0;
                        SchedulingParameters p = new SchedulingParameters(target, 20, 4, reduce, 255, loadsFirst, loadsFirst,
                                specialReads);
                        int[] scanned = new PressureScheduler(f, live, p, Integer.MAX_VALUE).order();
                        int[] indexed = new PressureScheduler(f, live, p, 0).order();
                        assertArrayEquals(scanned, indexed, f.name() + " at target " + target + ", reduce " + reduce
                                + ", loads first " + loadsFirst + ", special reads as loads " + specialReads);
                        for (int i = 0; i < scanned.length; i++) {
                            if (scanned[i] != i) {
                                reordered++;
                                break;
                            }
                        }
                    }
                }
            }
        }
        assertTrue(reordered > 20, "the comparison reordered only " + reordered + " functions");
    }
}
