package dev.regtune.job.select;

import static dev.regtune.job.select.ResultFixture.ALPHA;
import static dev.regtune.job.select.ResultFixture.BETA;
import static dev.regtune.job.select.ResultFixture.C1;
import static dev.regtune.job.select.ResultFixture.C2;
import static dev.regtune.job.select.ResultFixture.C3;
import static dev.regtune.job.select.ResultFixture.D;
import static dev.regtune.job.select.ResultFixture.DELTA;
import static dev.regtune.job.select.ResultFixture.EPS;
import static dev.regtune.job.select.ResultFixture.GAMMA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.knobs.Knobs;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Selection on the hand-made table of {@link ResultFixture#standard()}, whose answers are worked out by hand. */
class SelectorTest {
    private static final double EPS_REL = 1e-12;
    /** Training alpha, beta, gamma; testing delta; eps fails to parse everywhere. */
    private static final KernelSplit SPLIT = new KernelSplit(0.75, 0, List.of(ALPHA.id(), BETA.id(), GAMMA.id()),
            List.of(DELTA.id()));

    private static Selection select(ResultFixture f, String objective) {
        return Selector.select(f.table(), Objective.parse(objective), SPLIT);
    }

    private static Map<String, String> bestByKernel(Selection s) {
        Map<String, String> m = new TreeMap<>();
        for (KernelBest b : s.kernels()) {
            m.put(b.kernel().kernelName(), b.config().configId());
        }
        return m;
    }

    @Test
    void bestPerKernelUnderLatencyNeverTakesTheAllocFailedRow() {
        Selection s = select(ResultFixture.standard(), "latency");
        // beta's ALLOC_FAILED row of c3 reports 1 cycle and 1 register, yet c2 is beta's best
        assertEquals(Map.of("alpha", C3.id(), "beta", C2.id(), "gamma", C3.id(), "delta", C3.id()), bestByKernel(s));
        KernelBest alpha = s.kernels().get(0);
        assertEquals("alpha", alpha.kernel().kernelName());
        assertEquals(List.of(50.0), alpha.objective());
        assertEquals(4, alpha.evaluated());
        assertEquals(4, alpha.feasible());
        assertEquals(100L, alpha.defaultEvaluation().orElseThrow().estLatencyCycles());
        KernelBest beta = s.kernels().get(1);
        assertEquals(3, beta.feasible());
        assertEquals(List.of(EPS.id()), s.unsolved().stream().map(KernelInfo::kernelId).toList());
    }

    @Test
    void lexicographicAndWeightedObjectivesChangeTheBestWhereTheFastestConfigurationSpills() {
        // delta: c3 is fastest (100 cycles) but spills 16 bytes; spill-free, c1 is fastest (380)
        assertEquals(C1.id(), bestByKernel(select(ResultFixture.standard(), "lex:spills,latency,registers"))
                .get("delta"));
        assertEquals(C3.id(), bestByKernel(select(ResultFixture.standard(), "lex:latency,spills")).get("delta"));
        // 100 + 10 x 16 = 260 < 380; 100 + 100 x 16 = 1700 > 380
        assertEquals(C3.id(), bestByKernel(select(ResultFixture.standard(), "weighted:latency=1,spills=10"))
                .get("delta"));
        assertEquals(C1.id(), bestByKernel(select(ResultFixture.standard(), "weighted:latency=1,spills=100"))
                .get("delta"));
        Selection lex = select(ResultFixture.standard(), "lex:spills,latency,registers");
        assertEquals(List.of(0.0, 380.0, 32.0), lex.kernels().get(3).objective());
        Selection regs = select(ResultFixture.standard(), "registers");
        assertEquals(Map.of("alpha", C1.id(), "beta", C1.id(), "gamma", C1.id(), "delta", C1.id()),
                bestByKernel(regs));
    }

    @Test
    void globalChoiceIsChosenOnTrainingKernelsAndScoredOnTheTestKernel() {
        Selection s = select(ResultFixture.standard(), "latency");
        GlobalChoice g = s.global().orElseThrow();
        // c3 failed on beta, so it scores 10 there (penalised 10^(1/3) = 2.15 > c1's 1.74); per-kernel best + 1:
        // alpha 51, beta 200, gamma 101
        assertEquals(C1.id(), g.config().configId());
        assertEquals(4, g.candidates());
        assertEquals(3, g.complete());
        assertEquals(List.of(C1.id(), C2.id(), D.id(), C3.id()),
                g.ranking().stream().map(c -> c.config().configId()).toList());
        assertEquals(List.of(0, 0, 0, 1), g.ranking().stream().map(GlobalChoice.Candidate::failed).toList());
        assertClose(Math.cbrt(RobustGlobal.FAILURE_PENALTY), g.ranking().get(3).score());
        double trainC1 = Math.cbrt((91.0 / 51) * (221.0 / 200) * (271.0 / 101));
        assertClose(trainC1, g.train().score());
        assertEquals(3, g.train().scored());
        assertClose(((91.0 / 51 - 1) + (221.0 / 200 - 1) + (271.0 / 101 - 1)) / 3, g.train().regret());
        assertClose(271.0 / 101 - 1, g.train().maxRegret());
        // delta's best is c3 at 100 cycles
        assertClose(381.0 / 101, g.test().score());
        assertClose(381.0 / 101 - 1, g.test().regret());
        assertEquals(1, g.test().kernels());
        // against the default on the same kernels
        assertClose(Math.cbrt((101.0 / 91) * (201.0 / 221) * (301.0 / 271)) - 1, g.improvementTrain().orElseThrow());
        assertClose(401.0 / 381 - 1, g.improvementTest().orElseThrow());
        DefaultScores d = s.defaults().orElseThrow();
        assertEquals(D.id(), d.config().configId());
        assertTrue(d.config().isDefault());
        assertClose(Math.cbrt((101.0 / 51) * (201.0 / 200) * (301.0 / 101)), d.train().score());
        assertClose(401.0 / 101, d.test().score());
    }

    @Test
    void aConfigurationThatFailsOnATestKernelIsScoredOnTheRestAndTheFailureCounted() {
        // c2 trains best once c1 is gone; make it fail on delta
        ResultFixture f = ResultFixture.standardWithout(C2).without(C1);
        for (ResultFixture.Kernel k : List.of(ALPHA, BETA, GAMMA)) {
            f.ok(k, C2, 10, 0, 40);
        }
        f.failed(DELTA, C2, 10, 0, 40);
        Selection s = Selector.select(f.table(), Objective.parse("latency"), SPLIT);
        GlobalChoice g = s.global().orElseThrow();
        assertEquals(C2.id(), g.config().configId());
        assertEquals(1, g.test().failed());
        assertEquals(0, g.test().scored());
        assertTrue(Double.isNaN(g.test().score()));
        assertTrue(g.improvementTest().isEmpty());
    }

    @Test
    void withoutTheDefaultConfigurationThereIsNoComparison() {
        Selection s = select(ResultFixture.standardWithout(D), "latency");
        assertTrue(s.defaults().isEmpty());
        GlobalChoice g = s.global().orElseThrow();
        assertEquals(C1.id(), g.config().configId());
        assertTrue(g.improvementTrain().isEmpty());
        assertTrue(s.kernels().stream().allMatch(b -> b.defaultEvaluation().isEmpty()));
        // the summary does not count bests against a default it does not have
        StringWriter w = new StringWriter();
        new SelectionSummary(s, 10).print(new PrintWriter(w));
        assertTrue(w.toString().contains("no kernel's best is compared with the default configuration: the table does "
                + "not have it"), w.toString());
        assertFalse(w.toString().contains("have a best configuration other than the default"), w.toString());
    }

    @Test
    void paretoFrontKeepsTheTradeOffsAndDropsTheDominatedDefault() {
        Selection s = select(ResultFixture.standard(), "latency");
        ParetoFront p = s.pareto();
        assertEquals(4, p.kernels()); // eps has no OK evaluation
        assertEquals(3, p.candidates()); // c3 failed on beta
        // c2 is no worse than d anywhere and faster: d is dominated; c1 spills 8 bytes but uses 32 registers
        assertEquals(List.of(C2.id(), C1.id()), p.points().stream().map(q -> q.config().configId()).toList());
        ParetoPoint c2 = p.points().get(0);
        assertEquals(0, c2.totalSpillBytes());
        assertClose(Math.pow(100.0 * 200 * 300 * 391, 0.25) - 1, c2.geomeanLatencyCycles());
        assertEquals(40.0, c2.meanRegisters());
        ParetoPoint c1 = p.points().get(1);
        assertEquals(8, c1.totalSpillBytes());
        assertEquals(32.0, c1.meanRegisters());
        assertFalse(p.points().stream().anyMatch(q -> q.config().isDefault()));
    }

    @Test
    void tiesGoToTheLowestConfigId() {
        ResultFixture.Config a = new ResultFixture.Config(Knobs.defaults(), 32, null);
        ResultFixture.Config b = new ResultFixture.Config(Knobs.defaults(), 48, null);
        String low = a.id().compareTo(b.id()) < 0 ? a.id() : b.id();
        ResultFixture f = new ResultFixture();
        for (ResultFixture.Kernel k : List.of(ALPHA, BETA, GAMMA, DELTA)) {
            f.ok(k, b, 100, 0, 32).ok(k, a, 100, 0, 32);
        }
        Selection s = Selector.select(f.table(), Objective.parse("latency"), SPLIT);
        assertTrue(s.kernels().stream().allMatch(k -> k.config().configId().equals(low)));
        assertEquals(low, s.global().orElseThrow().config().configId());
        assertEquals(2, s.pareto().points().size()); // equal points are both on the front
    }

    @Test
    void withoutAConfigurationOkOnEveryTrainingKernelTheFailuresArePenalised() {
        ResultFixture f = new ResultFixture().ok(ALPHA, C1, 10, 0, 32).ok(BETA, C2, 10, 0, 32)
                .ok(GAMMA, C1, 10, 0, 32).ok(DELTA, C1, 10, 0, 32);
        Selection s = Selector.select(f.table(), Objective.parse("latency"), SPLIT);
        GlobalChoice g = s.global().orElseThrow();
        // c1 misses beta (one penalty), c2 misses alpha and gamma (two): c1 wins, and says what it missed
        assertEquals(C1.id(), g.config().configId());
        assertEquals(2, g.candidates());
        assertEquals(0, g.complete());
        assertEquals(1, g.train().missing());
        assertEquals(2, g.train().scored());
        assertEquals(List.of(1, 2), g.ranking().stream().map(GlobalChoice.Candidate::failed).toList());
        assertClose(Math.cbrt(RobustGlobal.FAILURE_PENALTY), g.ranking().get(0).score());
        assertClose(Math.cbrt(RobustGlobal.FAILURE_PENALTY * RobustGlobal.FAILURE_PENALTY),
                g.ranking().get(1).score());
        assertEquals(4, s.kernels().size());
        assertEquals(0, s.pareto().candidates());
    }

    @Test
    void theTimeObjectiveReadsTheKernelTimeAndCountsRowsWithoutOneAsFailed() {
        // the fixture's times are its latencies, so time selects as latency does
        assertEquals(bestByKernel(select(ResultFixture.standard(), "latency")),
                bestByKernel(select(ResultFixture.standard(), "time")));
        // a table written before result schema 4 has no time: nothing is feasible, nothing is chosen
        Selection old = select(ResultFixture.standard().withoutTimes(), "time");
        assertTrue(old.kernels().isEmpty());
        assertTrue(old.global().isEmpty());
        assertEquals(5, old.unsolved().size());
    }

    @Test
    void aTableOfTwoArchitecturesGetsAGlobalChoicePerArchitecture() {
        // sm_80 kernels were evaluated under c1 only, sm_90 kernels under c2 only (a Sobol sweep over archs)
        ResultFixture.Kernel a80 = new ResultFixture.Kernel("k5a80", "a80", "sm_80");
        ResultFixture.Kernel b80 = new ResultFixture.Kernel("k6b80", "b80", "sm_80");
        ResultFixture f = new ResultFixture().ok(a80, C1, 10, 0, 32).ok(b80, C1, 20, 0, 32)
                .ok(ALPHA, C2, 10, 0, 32).ok(BETA, C2, 10, 0, 32);
        KernelSplit split = new KernelSplit(0.5, 0, List.of(a80.id(), ALPHA.id()), List.of(b80.id(), BETA.id()));
        Selection s = Selector.select(f.table(), Objective.parse("time"), split);
        assertEquals(List.of("sm_80", "sm_90"), List.copyOf(s.globalByArch().keySet()));
        assertEquals(C1.id(), s.globalByArch().get("sm_80").config().configId());
        assertEquals(C2.id(), s.globalByArch().get("sm_90").config().configId());
        assertEquals(0, s.globalByArch().get("sm_80").train().missing(), "scored on its own kernels only");
        assertEquals(1, s.global().orElseThrow().train().missing(), "the overall choice misses the other arch");
        assertEquals(C2.id(), s.globalFor("sm_90").orElseThrow().config().configId());
    }

    @Test
    void theSameInputsGiveTheSameSelectionWhateverOrderTheRowsCameIn() {
        Selection a = Selector.select(ResultFixture.standard().table(), Objective.parse("latency"), 0.7, 3);
        Selection b = Selector.select(ResultFixture.standard().reversed().table(), Objective.parse("latency"), 0.7, 3);
        assertEquals(a.split(), b.split());
        assertEquals(SelectionJson.toText(a), SelectionJson.toText(b));
    }

    @Test
    void aBestThatBeatsTheDefaultByLessThanTheMinimumGainReportsTheDefault() {
        // alpha: c1 0.4% faster than the default; beta: c1 0.6% faster; gamma: c1 exactly 0.5% (200 -> 199)
        ResultFixture f = new ResultFixture();
        f.ok(ALPHA, D, 999, 0, 40).ok(ALPHA, C1, 995, 0, 40).ok(ALPHA, C2, 1100, 0, 40);
        f.ok(BETA, D, 999, 0, 40).ok(BETA, C1, 993, 0, 40).ok(BETA, C2, 1100, 0, 40);
        f.ok(GAMMA, D, 200, 0, 40).ok(GAMMA, C1, 199, 0, 40).ok(GAMMA, C2, 300, 0, 40);
        f.ok(DELTA, D, 100, 0, 40).ok(DELTA, C1, 100, 0, 40).ok(DELTA, C2, 90, 0, 40);
        Selection s = Selector.select(f.table(), Objective.parse("latency"), SPLIT);
        assertEquals(Map.of("alpha", D.id(), "beta", C1.id(), "gamma", C1.id(), "delta", C2.id()), bestByKernel(s));
        assertEquals(List.of(999.0), s.kernels().get(0).objective());
        assertEquals(3L, s.kernels().stream().filter(SelectionSummary::beatsDefault).count());
        // the scores still rate each configuration against the lowest value: c1 is 1 on alpha, beta and gamma
        GlobalChoice g = s.global().orElseThrow();
        assertEquals(C1.id(), g.config().configId());
        assertClose(1.0, g.train().score());
        assertClose(Math.cbrt(1000.0 / 996.0 * 1000.0 / 994.0 * 201.0 / 200.0), s.defaults().orElseThrow().train().score());
    }

    private static void assertClose(double expected, double actual) {
        assertEquals(expected, actual, Math.abs(expected) * EPS_REL + 1e-15);
    }
}
