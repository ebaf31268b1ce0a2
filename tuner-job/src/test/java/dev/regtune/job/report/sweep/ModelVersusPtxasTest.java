package dev.regtune.job.report.sweep;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.when;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.job.report.html.HtmlPage;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The model beside ptxas on the report fixture: ptxas rows made from the model's with 4 more
 * registers without a budget and no spill bytes anywhere, so the errors per budget are known by
 * hand.
 */
class ModelVersusPtxasTest {
    static final String PTXAS = "ptxas/13.0.88";
    static SparkSession spark;
    static Dataset<Row> model;
    static Dataset<Row> both;

    @BeforeAll
    static void rows() {
        spark = ReportFixture.session("model versus ptxas test");
        model = spark.createDataFrame(ReportFixture.rows(ReportFixture.RUN, k -> true), ResultSchema.schema());
        Dataset<Row> ptxas = model.withColumn(ResultColumns.MODEL_VERSION, lit(PTXAS))
                .withColumn(ResultColumns.EVALUATOR, lit("ptxas"))
                .withColumn(ResultColumns.REGISTERS, when(col(ResultColumns.REGISTER_BUDGET).equalTo(0),
                        col(ResultColumns.REGISTERS).plus(4)).otherwise(col(ResultColumns.REGISTERS)))
                .withColumn(ResultColumns.SPILL_STORE_BYTES, lit(0))
                .withColumn(ResultColumns.SPILL_LOAD_BYTES, lit(0))
                .withColumn(ResultColumns.SMEM_SPILL_BYTES, lit(null).cast("int"));
        both = model.unionByName(ptxas).persist();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Test
    void errorsPerBudgetAreTheKnownOnes() {
        ModelVersusPtxas m = ModelVersusPtxas.of(both, List.of(ReportFixture.MODEL)).orElseThrow();
        assertEquals(PTXAS, m.ptxasVersion());
        ModelVersusPtxas.Dimension budget = m.dimensions().stream()
                .filter(d -> d.column().equals(ResultColumns.REGISTER_BUDGET)).findFirst().orElseThrow();
        assertEquals(List.of("32", "64", "0"), budget.values().stream().map(ModelVersusPtxas.Figures::label).toList(),
                "limits in order, no limit last");
        ModelVersusPtxas.Figures b32 = budget.values().get(0);
        ModelVersusPtxas.Figures b64 = budget.values().get(1);
        ModelVersusPtxas.Figures none = budget.values().get(2);
        // 4 kernels x 6 configurations at each budget; k02 and k04 fail at 32 for both evaluators
        assertEquals(24, b32.pairs());
        assertEquals(12, b32.bothOk());
        assertEquals(24, b32.statusAgreement());
        assertEquals(0.0, b32.registerMae(), 1e-12);
        assertEquals(0.5, b32.spillAgreement(), 1e-12, "k01 spills in the model only, k03 in neither");
        assertEquals(32.0, b32.spillBytesMae(), 1e-12, "(6 x 64 + 6 x 0) / 12");
        assertEquals(24, b64.bothOk());
        assertEquals(0.5, b64.spillAgreement(), 1e-12, "k02 and k04 spill in the model only");
        assertEquals(88.0, b64.spillBytesMae(), 1e-12, "(6 x 64 + 6 x 288) / 24");
        assertEquals(0.0, b64.ptxasSpillBytes(), 1e-12);
        assertEquals(4.0, none.registerMae(), 1e-12);
        assertEquals(-4.0, none.registerBias(), 1e-12, "the model under-estimates by 4");
        assertEquals(1.0, none.spillAgreement(), 1e-12);
        assertEquals(100.0 * (4.0 / 44 + 4.0 / 76 + 4.0 / 32 + 4.0 / 104) / 4, none.registerMape(), 1e-9);

        List<String> swept = m.dimensions().stream().map(ModelVersusPtxas.Dimension::column).toList();
        assertEquals(List.of(ReportFixture.SWEPT_DOUBLE.name(), ReportFixture.SWEPT_BOOL.name(),
                ResultColumns.REGISTER_BUDGET), swept, "the swept knobs, then the budget; nothing else varies");
        assertEquals(ReportFixture.configurations(), m.configurationCount());
        ModelVersusPtxas.Figures worst = m.configurations().get(0);
        assertEquals(4.0, worst.registerMae(), 1e-12, "configurations without a budget first");
        assertTrue(worst.label().contains("register_budget=0"), worst.label());
    }

    @Test
    void aTableOfOneEvaluatorHasNoComparison() {
        assertEquals(Optional.empty(), ModelVersusPtxas.of(model, List.of(ReportFixture.MODEL)));
    }

    @Test
    void theSectionShowsEveryDimension() {
        ModelVersusPtxas m = ModelVersusPtxas.of(both, List.of(ReportFixture.MODEL)).orElseThrow();
        HtmlPage page = new HtmlPage("t");
        ModelVersusPtxasSection.render(page, m);
        String html = page.render();
        assertTrue(html.contains(ModelVersusPtxasSection.TITLE), html);
        assertTrue(html.contains("Per value of register budget (register_budget)"), html);
        assertTrue(html.contains("<td class=\"num\">-4.00</td>") || html.contains(">-4.00<"), html);
    }
}
