package dev.regtune.job.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.datasets.load.KernelSource;
import dev.regtune.space.Configuration;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.sample.Sampler;
import dev.regtune.space.spec.SpaceSpecReader;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Configurations stream into chunks: each pending pair once, chunks bounded, nothing drawn ahead of need. */
class ChunkPlannerTest {
    @TempDir
    Path dir;

    @Test
    void everyPendingPairIsInOneChunkOnceAndDoneKeysAreSkipped() throws IOException {
        KernelCatalog kernels = KernelCatalog.of(KernelSource.folder(SweepFixtures.kernelsWithOneBadModule(dir)),
                Optional.empty(), "sm_90");
        KnobSpace space = SpaceSpecReader.read(SweepFixtures.tinySpace(dir));
        List<Configuration> configs = Sampler.of("grid", 0).stream(space, Long.MAX_VALUE).toList();
        DoneKeys done = new DoneKeys();
        SweepConfiguration first = SweepConfiguration.of(configs.get(0));
        kernels.kernels().forEach(k -> done.add(k.id(), first.configId(), first.modelVersion()));

        ChunkPlanner planner = new ChunkPlanner(configs.iterator(), kernels, done, 12);
        Set<String> seen = new TreeSet<>();
        int chunks = 0;
        while (planner.hasNext()) {
            long announced = planner.nextPairs();
            ChunkPlanner.Chunk chunk = planner.next();
            assertEquals(announced, chunk.codes().length, "nextPairs is the size of the chunk next returns");
            chunks++;
            assertTrue(chunk.codes().length <= 12, "bounded: " + chunk.codes().length);
            long previous = -1;
            for (long code : chunk.codes()) {
                assertTrue(code > previous, "kernel-major, each pair once");
                previous = code;
                String key = kernels.kernel(PairCodes.kernel(code)).id() + "/"
                        + chunk.configurations().configuration(PairCodes.configuration(code)).configId();
                assertTrue(seen.add(key), "in one chunk only: " + key);
            }
        }
        assertEquals(0, planner.nextPairs(), "none left");
        assertEquals(kernels.size() * (configs.size() - 1), seen.size(), "every pending pair, none done");
        assertEquals(configs.size(), planner.configurations());
        assertEquals((long) kernels.size() * configs.size(), planner.evaluations());
        assertEquals(kernels.size(), planner.skipped());
        assertEquals(4, chunks, "two configurations (10 pairs) a chunk of 12: four chunks for the seven left");
    }

    @Test
    void aHugeSpaceIsDrawnOnlyAsFarAsTheChunkBeingPlanned() throws IOException {
        KernelCatalog kernels = KernelCatalog.of(KernelSource.folder(SweepFixtures.kernelsWithOneBadModule(dir)),
                Optional.empty(), "sm_90");
        Path spec = Files.writeString(dir.resolve("huge.json"), """
                {"name": "huge", "knobs": [
                  {"knob": "RegAllocThresholdForDiscardConflicts", "min": 0, "max": 1000000, "points": 10000},
                  {"knob": "RegAllocSpillWeight", "min": 0.0, "max": 1000000.0, "points": 10000},
                  {"knob": "RegTuneRematCostFactor", "min": 0.0, "max": 1000000.0, "points": 10000}
                ]}
                """, StandardCharsets.UTF_8);
        KnobSpace space = SpaceSpecReader.read(spec);
        assertEquals(BigInteger.TEN.pow(12), space.gridSize());
        Iterator<Configuration> grid = Sampler.of("grid", 0).iterator(space, Long.MAX_VALUE);
        List<Integer> drawn = new ArrayList<>(List.of(0));
        Iterator<Configuration> counting = new Iterator<>() {
            @Override
            public boolean hasNext() {
                return grid.hasNext();
            }

            @Override
            public Configuration next() {
                drawn.set(0, drawn.get(0) + 1);
                return grid.next();
            }
        };
        ChunkPlanner planner = new ChunkPlanner(counting, kernels, new DoneKeys(), 1000);
        for (int i = 0; i < 3; i++) {
            assertEquals(1000, planner.next().codes().length, "full chunks of 200 configurations x 5 kernels");
        }
        assertEquals(600, drawn.get(0), "three chunks drawn, not the space");
    }
}
