package dev.regtune.job.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.datasets.load.KernelSource;
import dev.regtune.job.results.ConfigId;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.job.results.ResultStatus;
import dev.regtune.space.Configuration;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        Object[] row = new PairEvaluator(catalog, table, "m1", true).evaluate(kernel(catalog, "saxpy"), 0);
        assertMatchesSchema(row);
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

    @Test
    void aModuleThatDoesNotParseIsAParseErrorRowWithFileAndLine() {
        KernelCatalog catalog = catalog();
        Object[] row = new PairEvaluator(catalog, configs(Configuration.of(Map.of())), "m", true)
                .evaluate(kernel(catalog, "broken_saxpy"), 0);
        assertMatchesSchema(row);
        assertEquals(ResultStatus.PARSE_ERROR.name(), row[ResultSchema.fileIndexOf(ResultColumns.STATUS)]);
        String message = (String) row[ResultSchema.fileIndexOf(ResultColumns.MESSAGE)];
        assertTrue(message.contains("broken.ptx:") && message.contains("expected a register"), message);
        assertNull(row[ResultSchema.fileIndexOf(ResultColumns.REGISTERS)]);
    }

    @Test
    void launchBoundsCapTheBudgetAsPtxasDoes() {
        KernelCatalog catalog = catalog();
        ConfigurationTable table = configs(Configuration.of(Map.of("launch_bounds", "1024x2")));
        Object[] row = new PairEvaluator(catalog, table, "m", true).evaluate(kernel(catalog, "transpose_tiled"), 0);
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

    @Test
    void pendingPairsSkipWhatIsDoneAndKeepKernelMajorOrder() {
        KernelCatalog catalog = catalog();
        ConfigurationTable table = configs(Configuration.of(Map.of()), Configuration.of(Map.of("maxrregcount", "32")),
                Configuration.of(Map.of("arch", "sm_80")));
        PendingPairs p = new PendingPairs(catalog, table);
        assertEquals(catalog.size() * 2L, p.total(), "the sm_80 configuration applies to no sm_90 kernel");
        p.markDone(catalog.kernel(1).id(), table.configuration(1).configId());
        p.markDone(catalog.kernel(1).id(), table.configuration(1).configId());
        p.markDone("0000000000000000", table.configuration(0).configId());
        assertEquals(1, p.alreadyDone());
        long[] codes = p.codes();
        assertEquals(catalog.size() * 2 - 1, codes.length);
        for (int i = 1; i < codes.length; i++) {
            assertTrue(codes[i - 1] < codes[i], "kernel-major, ascending");
        }
        assertTrue(java.util.Arrays.stream(codes).noneMatch(c -> c == PairCodes.of(1, 1)));
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
