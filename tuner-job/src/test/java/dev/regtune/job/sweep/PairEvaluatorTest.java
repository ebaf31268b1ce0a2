package dev.regtune.job.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStats;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.datasets.load.KernelSource;
import dev.regtune.job.results.ConfigId;
import dev.regtune.job.results.ModelVersion;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.job.results.ResultStatus;
import dev.regtune.space.Configuration;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.spec.SpaceSpecReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PairEvaluatorTest {
    @TempDir
    Path dir;

    private KernelCatalog catalog() {
        return KernelCatalog.of(KernelSource.folder(SweepFixtures.kernelsWithOneBadModule(dir)), Optional.empty(), "sm_90");
    }

    private static ConfigurationTable configs(Configuration... cs) {
        return new ConfigurationTable(java.util.Arrays.stream(cs).map(SweepConfiguration::of).toList());
    }

    private static int kernel(KernelCatalog c, String name) {
        for (int i = 0; i < c.size(); i++) {
            if (c.kernel(i).name().equals(name)) {
                return i;
            }
        }
        throw new AssertionError("no kernel " + name);
    }

    /** Every value has its column's Java type (as Spark's row encoder requires) and nullability. */
    static void assertMatchesSchema(Object[] row) {
        StructField[] fields = ResultSchema.fileSchema().fields();
        assertEquals(fields.length, row.length);
        for (int i = 0; i < fields.length; i++) {
            Object v = row[i];
            if (v == null) {
                assertTrue(fields[i].nullable(), fields[i].name() + " is null but not nullable");
                continue;
            }
            DataType t = fields[i].dataType();
            Class<?> expected = t == DataTypes.StringType ? String.class : t == DataTypes.IntegerType ? Integer.class
                    : t == DataTypes.LongType ? Long.class : t == DataTypes.DoubleType ? Double.class : Boolean.class;
            assertEquals(expected, v.getClass(), fields[i].name());
        }
    }

    @Test
    void anOkRowHasEveryColumnInItsSchemaType() {
        KernelCatalog catalog = catalog();
        ConfigurationTable table = configs(Configuration.of(Map.of("maxrregcount", "24",
                "RegAllocThresholdForDiscardConflicts", "10")));
        Object[] row = new PairEvaluator(catalog, table, true).evaluate(kernel(catalog, "saxpy"), 0);
        assertMatchesSchema(row);
        assertEquals(ModelVersion.of(Allocators.fatPoint()), row[ResultSchema.fileIndexOf(ResultColumns.MODEL_VERSION)],
                "the default allocator knob names the fat-point allocator");
        assertEquals("fatpoint", row[ResultSchema.fileIndexOf(KnobCatalogue.ALLOCATOR.name())], "a choice by name");
        int seen = (Integer) row[ResultSchema.fileIndexOf(ResultColumns.COPIES_SEEN)];
        int merged = (Integer) row[ResultSchema.fileIndexOf(ResultColumns.COPIES_MERGED)];
        assertEquals(seen - merged, row[ResultSchema.fileIndexOf(ResultColumns.COPIES_LEFT)]);
        assertEquals("OK", row[ResultSchema.fileIndexOf(ResultColumns.STATUS)]);
        assertEquals("", row[ResultSchema.fileIndexOf(ResultColumns.MESSAGE)]);
        assertEquals(24, row[ResultSchema.fileIndexOf(ResultColumns.REGISTER_BUDGET)]);
        assertEquals(10, row[ResultSchema.fileIndexOf(KnobCatalogue.THRESHOLD_FOR_DISCARD_CONFLICTS.name())]);
        assertEquals(catalog.kernel(kernel(catalog, "saxpy")).id(), row[ResultSchema.fileIndexOf(ResultColumns.KERNEL_ID)]);
        assertEquals(table.configuration(0).configId(), row[ResultSchema.fileIndexOf(ResultColumns.CONFIG_ID)]);
        assertTrue((Integer) row[ResultSchema.fileIndexOf(ResultColumns.REGISTERS)] <= 24);
        assertTrue((Long) row[ResultSchema.fileIndexOf(ResultColumns.EST_LATENCY_CYCLES)] > 0);
        assertNull(row[ResultSchema.fileIndexOf(ResultColumns.LAUNCH_BOUNDS)]);
    }

    /**
     * Schema 3: the row carries five of the allocator's counters, exactly those of the result the
     * allocator returns for the pair; a budget that forces spills shows in them.
     */
    @Test
    void theRowCarriesTheAllocatorsCountersOfItsResult() {
        KernelCatalog catalog = catalog();
        ConfigurationTable table = configs(Configuration.of(Map.of("maxrregcount", "16")));
        int spilled = 0;
        for (int k = 0; k < catalog.size(); k++) {
            SweepKernel kernel = catalog.kernel(k);
            Object[] row = new PairEvaluator(catalog, table, true).evaluate(k, 0);
            assertMatchesSchema(row);
            ParsedModule module = ParsedModule.parse(catalog.module(kernel.module()), kernel.source());
            if (module.error() != null) {
                for (String c : List.of(ResultColumns.SPILLED_VALUES, ResultColumns.GUIDANCE_PICKS,
                        ResultColumns.FORCED_SPILLS, ResultColumns.DISCARDED_SLOTS, ResultColumns.FALLBACKS)) {
                    assertNull(row[ResultSchema.fileIndexOf(c)], c + " of a kernel that did not parse");
                }
                continue;
            }
            AllocationResult r = table.allocator(0).allocate(
                    module.functions().get(kernel.name()), table.knobs(0),
                    ArchProfiles.of(kernel.arch()), 16);
            if (r.status() == AllocationStatus.OK) {
                assertTrue(AllocationChecker.check(r.allocatedFunction(), r.assignment()).ok());
            }
            AllocationStats stats = r.stats();
            assertEquals(List.of(stats.spilledValues(), stats.guidancePicks(), stats.forcedSpills(),
                    stats.discardedSlots(), stats.fallbacks()), List.of(
                            row[ResultSchema.fileIndexOf(ResultColumns.SPILLED_VALUES)],
                            row[ResultSchema.fileIndexOf(ResultColumns.GUIDANCE_PICKS)],
                            row[ResultSchema.fileIndexOf(ResultColumns.FORCED_SPILLS)],
                            row[ResultSchema.fileIndexOf(ResultColumns.DISCARDED_SLOTS)],
                            row[ResultSchema.fileIndexOf(ResultColumns.FALLBACKS)]), kernel.name());
            spilled += stats.spilledValues();
        }
        assertTrue(spilled > 0, "a budget of 16 makes some kernel of the fixture spill");
    }

    @Test
    void aModuleThatDoesNotParseIsAParseErrorRowWithFileAndLine() {
        KernelCatalog catalog = catalog();
        Object[] row = new PairEvaluator(catalog, configs(Configuration.of(Map.of())), true)
                .evaluate(kernel(catalog, "broken_saxpy"), 0);
        assertMatchesSchema(row);
        assertEquals(ResultStatus.PARSE_ERROR.name(), row[ResultSchema.fileIndexOf(ResultColumns.STATUS)]);
        String message = (String) row[ResultSchema.fileIndexOf(ResultColumns.MESSAGE)];
        assertTrue(message.contains("broken.ptx:") && message.contains("expected a register"), message);
        assertNull(row[ResultSchema.fileIndexOf(ResultColumns.REGISTERS)]);
        assertNull(row[ResultSchema.fileIndexOf(ResultColumns.COPIES_SEEN)]);
    }

    /** Each allocator family the build has allocates the configurations that name it, under its own model version. */
    @ParameterizedTest
    @MethodSource("families")
    void eachFamilyAllocatesTheConfigurationsThatNameItUnderItsOwnModelVersion(String family) {
        KernelCatalog catalog = catalog();
        ConfigurationTable table = configs(Configuration.of(Map.of(KnobCatalogue.ALLOCATOR.name(), family,
                "maxrregcount", "32")));
        RegisterAllocator allocator = Allocators.byName(family);
        assertEquals(allocator, table.allocator(0));
        assertEquals(ModelVersion.of(allocator), table.configuration(0).modelVersion());
        Object[] row = new PairEvaluator(catalog, table, true).evaluate(kernel(catalog, "saxpy"), 0);
        assertMatchesSchema(row);
        assertEquals(ModelVersion.of(allocator), row[ResultSchema.fileIndexOf(ResultColumns.MODEL_VERSION)]);
        assertEquals(family, row[ResultSchema.fileIndexOf(KnobCatalogue.ALLOCATOR.name())]);
        assertEquals("OK", row[ResultSchema.fileIndexOf(ResultColumns.STATUS)], family + ": "
                + row[ResultSchema.fileIndexOf(ResultColumns.MESSAGE)]);
        Object[] override = new PairEvaluator(catalog, table, "bench", false).evaluate(kernel(catalog, "saxpy"), 0);
        assertEquals("bench", override[ResultSchema.fileIndexOf(ResultColumns.MODEL_VERSION)],
                "an explicit model version labels every row");
    }

    static List<String> families() {
        return Allocators.all().stream().map(RegisterAllocator::name).toList();
    }

    @Test
    void launchBoundsCapTheBudgetAsPtxasDoes() {
        KernelCatalog catalog = catalog();
        ConfigurationTable table = configs(Configuration.of(Map.of("launch_bounds", "1024x2")));
        Object[] row = new PairEvaluator(catalog, table, true).evaluate(kernel(catalog, "transpose_tiled"), 0);
        assertEquals("1024x2", row[ResultSchema.fileIndexOf(ResultColumns.LAUNCH_BOUNDS)]);
        // 65536 registers / (2 blocks x 1024 threads) = 32 per thread at most.
        assertTrue((Integer) row[ResultSchema.fileIndexOf(ResultColumns.REGISTERS)] <= 32);
    }

    @Test
    void configIdsIgnoreKnobsSpelledAtTheirDefaults() {
        KnobDef k = KnobCatalogue.THRESHOLD_FOR_DISCARD_CONFLICTS;
        String def = k.format(k.defaultValue());
        assertEquals(ConfigId.of(Knobs.defaults(), 0, null),
                SweepConfiguration.of(Configuration.of(Map.of(k.name(), def))).configId());
        assertTrue(!ConfigId.of(Knobs.defaults(), 0, null).equals(ConfigId.of(Knobs.defaults(), 32, null)));
        assertTrue(!ConfigId.of(Knobs.defaults(), 0, null).equals(ConfigId.of(Knobs.defaults(), 0, "256")));
        assertEquals(16, ConfigId.of(Knobs.defaults(), 0, null).length());
    }

    /**
     * Ids written before the allocator knob and the copy-coalescer and Briggs knobs existed stay
     * valid: these are the SHA-256 prefixes of "KNOB=VALUE" lines of the non-default knobs, the
     * budget and the launch bounds, as the first result tables hashed them.
     */
    @Test
    void configIdsOfConfigurationsThatLeaveTheNewKnobsAloneAreUnchanged() {
        assertEquals("bb5e6c96ebe3cf93", ConfigId.of(Knobs.defaults(), 0, null));
        Knobs ten = Knobs.defaults().with(KnobCatalogue.THRESHOLD_FOR_DISCARD_CONFLICTS, 10);
        assertEquals("82f58176985bf7d6", ConfigId.of(ten, 24, null));
        assertEquals("82f58176985bf7d6", SweepConfiguration.of(Configuration.of(Map.of("maxrregcount", "24",
                "RegAllocThresholdForDiscardConflicts", "10", KnobCatalogue.ALLOCATOR.name(), "fatpoint"))).configId(),
                "the allocator knob at its default is left out, however it is spelt");
    }

    /** A choice knob hashes by its choice's name, so the id does not depend on the order of the choices. */
    @Test
    void aChoiceKnobHashesByName() {
        Knobs briggs = Knobs.defaults().with(KnobCatalogue.ALLOCATOR, KnobCatalogue.ALLOCATOR.choiceIndex("briggs"));
        assertEquals("806d8f15710b4c88", ConfigId.of(briggs, 0, null), "sha256(\"allocator=briggs\\n...\")");
        assertEquals(ConfigId.of(briggs, 0, null), ConfigId.of(Knobs.defaults().with("allocator", "BRIGGS"), 0, null));
    }

    @Test
    void pendingPairsSkipWhatIsDoneAndKeepKernelMajorOrder() {
        KernelCatalog catalog = catalog();
        ConfigurationTable table = configs(Configuration.of(Map.of()), Configuration.of(Map.of("maxrregcount", "32")),
                Configuration.of(Map.of("arch", "sm_80")));
        PendingPairs p = new PendingPairs(catalog, table);
        assertEquals(catalog.size() * 2L, p.total(), "the sm_80 configuration applies to no sm_90 kernel");
        String version = table.configuration(1).modelVersion();
        p.markDone(catalog.kernel(1).id(), table.configuration(1).configId(), version);
        p.markDone(catalog.kernel(1).id(), table.configuration(1).configId(), version);
        p.markDone("0000000000000000", table.configuration(0).configId(), version);
        p.markDone(catalog.kernel(2).id(), table.configuration(1).configId(), "fatpoint/0.0.1");
        assertEquals(1, p.alreadyDone(), "keys of another kernel or model version do not count");
        long[] codes = p.codes();
        assertEquals(catalog.size() * 2 - 1, codes.length);
        for (int i = 1; i < codes.length; i++) {
            assertTrue(codes[i - 1] < codes[i], "kernel-major, ascending");
        }
        assertTrue(java.util.Arrays.stream(codes).noneMatch(c -> c == PairCodes.of(1, 1)));
    }

    /**
     * A sweep over the allocator knob: each configuration is done only under its own family's
     * model version. (The families here are labels: the pairs are never evaluated.)
     */
    @Test
    void pendingPairsOfSeveralFamiliesResumeEachFromItsOwnModelVersion() {
        KernelCatalog catalog = catalog();
        SweepConfiguration fat = SweepConfiguration.of(Configuration.of(Map.of()));
        double[] briggsKnobs = Knobs.defaults().with(KnobCatalogue.ALLOCATOR, 1).toArray();
        SweepConfiguration briggs = new SweepConfiguration(ConfigId.of(Knobs.ofArray(briggsKnobs), 0, null),
                briggsKnobs, 0, null, null, "briggs/test");
        ConfigurationTable table = new ConfigurationTable(List.of(fat, briggs));
        assertEquals(java.util.Set.of(fat.modelVersion(), "briggs/test"), table.modelVersions());
        PendingPairs p = new PendingPairs(catalog, table);
        String k0 = catalog.kernel(0).id();
        p.markDone(k0, briggs.configId(), fat.modelVersion()); // a fat-point row under briggs's id: not briggs's
        p.markDone(k0, fat.configId(), "briggs/test");
        assertEquals(0, p.alreadyDone());
        p.markDone(k0, briggs.configId(), "briggs/test");
        p.markDone(k0, fat.configId(), fat.modelVersion());
        assertEquals(2, p.alreadyDone());
        assertTrue(java.util.Arrays.stream(p.codes()).noneMatch(c -> PairCodes.kernel(c) == 0));
    }

    @Test
    void sweepModelVersionsNameEveryFamilyASpaceCanReachOrRefuseAMissingOne() {
        KnobSpace plain = SpaceSpecReader.parse("{\"maxrregcount\": [0, 32]}", "plain");
        assertEquals(List.of(ModelVersion.of(Allocators.fatPoint())), SweepJob.modelVersions(plain));
        KnobSpace fixed = SpaceSpecReader.parse("{\"knobs\": [{\"knob\": \"allocator\", \"value\": \"fatpoint\"}]}",
                "fixed");
        assertEquals(List.of(ModelVersion.of(Allocators.fatPoint())), SweepJob.modelVersions(fixed));
        for (String family : KnobCatalogue.ALLOCATOR.choices()) {
            KnobSpace one = SpaceSpecReader.parse("{\"maxrregcount\": [0, 32], \"knobs\": [{\"knob\": \"allocator\", "
                    + "\"values\": [\"" + family + "\"]}]}", "one");
            if (families().contains(family)) {
                assertEquals(List.of(ModelVersion.of(Allocators.byName(family))), SweepJob.modelVersions(one));
            } else {
                SweepException e = assertThrows(SweepException.class, () -> SweepJob.modelVersions(one));
                assertEquals("space one names allocator '" + family + "', which this build does not model (it has "
                        + String.join(", ", families()) + ")", e.getMessage());
            }
        }
    }

    @Test
    void ptxasPairsAreDealtOneTaskEachInTurn() {
        long[] codes = java.util.stream.LongStream.range(0, 10).toArray();
        List<long[]> blocks = SweepJob.blocks(codes, 4, true);
        assertEquals(List.of(List.of(0L, 4L, 8L), List.of(1L, 5L, 9L), List.of(2L, 6L), List.of(3L, 7L)),
                blocks.stream().map(b -> java.util.Arrays.stream(b).boxed().toList()).toList(),
                "a slow kernel's consecutive pairs go to different tasks");
        assertEquals(3, SweepJob.blocks(new long[] {1, 2, 3}, 48, true).size(), "one pair per task when few");
        assertEquals(1, SweepJob.blocks(new long[] {1, 2, 3}, 48, false).size(), "model pairs: a few dozen a task");
    }

    @Test
    void guidedBlocksShrinkAndCoverEveryCodeOnceInOrder() {
        long[] codes = java.util.stream.LongStream.range(0, 40_000).toArray();
        List<long[]> blocks = SweepJob.guidedBlocks(codes, 2);
        assertEquals(10_000, blocks.get(0).length, "the first task takes a quarter of the chunk on 2 cores");
        assertTrue(blocks.size() >= 12 && blocks.size() <= 24, blocks.size() + " tasks for a chunk on 2 cores");
        for (int i = 1; i < blocks.size(); i++) {
            assertTrue(blocks.get(i).length <= blocks.get(i - 1).length, "task " + i + " is no larger than the one before");
        }
        assertTrue(blocks.get(blocks.size() - 1).length <= 40_000 / (2 * SweepJob.TAIL_PARTS_PER_CORE) + 64,
                "the last task is a small share of a core's part");
        long expected = 0;
        for (long[] b : blocks) {
            for (long c : b) {
                assertEquals(expected++, c);
            }
        }
        assertEquals(40_000, expected);
        assertEquals(List.of(3), SweepJob.guidedBlocks(new long[] {1, 2, 3}, 8).stream().map(b -> b.length).toList(),
                "a few pairs are one task");
        assertEquals(List.of(), SweepJob.guidedBlocks(new long[0], 2));
    }

    @Test
    void followedBlocksAreTwoEqualTasksPerCoreInOrder() {
        long[] codes = java.util.stream.LongStream.range(0, 40_000).toArray();
        List<long[]> blocks = SweepJob.followedBlocks(codes, 2);
        assertEquals(List.of(10_000, 10_000, 10_000, 10_000), blocks.stream().map(b -> b.length).toList(),
                "as large as the first of the guided blocks, no tail");
        long expected = 0;
        for (long[] b : blocks) {
            for (long c : b) {
                assertEquals(expected++, c);
            }
        }
        assertEquals(40_000, expected);
        assertEquals(List.of(3), SweepJob.followedBlocks(new long[] {1, 2, 3}, 8).stream().map(b -> b.length).toList(),
                "a few pairs are one task");
    }

    @Test
    void aChunkIsCutIntoFollowedBlocksOnlyWhenWhatFollowsCoversOneOfThem() {
        assertTrue(SweepJob.coveredByNext(1_000_000, 1_000_000, 2), "a full chunk follows");
        assertTrue(SweepJob.coveredByNext(1_000_000, 250_000, 2), "as many pairs as one of its four tasks");
        assertFalse(SweepJob.coveredByNext(1_000_000, 249_999, 2), "fewer");
        assertFalse(SweepJob.coveredByNext(1_000_000, 100, 2),
                "10^6 evaluations of 100 kernels: the 100 pairs after the 10^6-pair chunk cover none of its tail");
        assertFalse(SweepJob.coveredByNext(1_000_000, 0, 2), "the last chunk");
        assertTrue(SweepJob.coveredByNext(3, 1, 8), "a chunk of a few pairs, one task: any follower covers it");
    }

    @Test
    void blocksCoverEveryCodeOnceInOrder() {
        long[] codes = java.util.stream.LongStream.range(0, 1000).toArray();
        List<long[]> blocks = SweepJob.blocks(codes, 7);
        assertEquals(7, blocks.size());
        assertEquals(1000, blocks.stream().mapToInt(b -> b.length).sum());
        assertEquals(List.of(1L), java.util.Arrays.stream(SweepJob.blocks(new long[] {1}, 16).get(0)).boxed().toList());
        long expected = 0;
        for (long[] b : blocks) {
            for (long c : b) {
                assertEquals(expected++, c);
            }
        }
    }
}
