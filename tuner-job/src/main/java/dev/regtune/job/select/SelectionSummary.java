package dev.regtune.job.select;

import dev.regtune.job.report.Numbers;
import dev.regtune.job.report.TextTable;
import java.io.PrintWriter;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * The readable summary of a {@link Selection}: the table read, the best configuration per kernel
 * (at most {@code rows} of them, by kernel name), the global choice with its training and test
 * scores and its values, the default configuration's scores, and the Pareto front (at most
 * {@code rows} points). Everything else is in the selection file.
 */
public final class SelectionSummary {
    /** Wider configuration cells are cut, the full text being in the selection file. */
    private static final int CONFIG_WIDTH = 60;

    private final Selection s;
    private final int rows;

    /**
     * @param rows the most per-kernel rows and Pareto points to print
     */
    public SelectionSummary(Selection s, int rows) {
        this.s = s;
        this.rows = rows;
    }

    public void print(PrintWriter out) {
        table(out);
        out.println();
        kernels(out);
        out.println();
        global(out);
        out.println();
        pareto(out);
        out.flush();
    }

    private void table(PrintWriter out) {
        TableSummary t = s.table();
        String statuses = t.statuses().entrySet().stream().filter(e -> e.getValue() > 0)
                .map(e -> e.getValue() + " " + e.getKey().name()).collect(Collectors.joining(", "));
        out.printf("results: %s (run %s, model %s, %s): %d evaluations of %d kernels x %d configurations (%s)%n",
                t.source().results(), t.source().runIdText(), t.source().modelVersion(), String.join(", ", t.archs()),
                t.evaluations(), t.kernels(), t.configurations(), statuses);
        out.printf("objective: %s (lower is better; %s)%n", s.objective().text(), describe(s.objective()));
    }

    private static String describe(Objective o) {
        if (o instanceof Objective.Single single) {
            return single.metric().columns();
        }
        if (o instanceof Objective.Lexicographic lex) {
            return "compared by " + lex.order().stream().map(Metric::word).collect(Collectors.joining(", then "));
        }
        Objective.Weighted w = (Objective.Weighted) o;
        return w.weights().entrySet().stream()
                .map(e -> ObjectiveParser.formatWeight(e.getValue()) + " x " + e.getKey().word())
                .collect(Collectors.joining(" + "));
    }

    private void kernels(PrintWriter out) {
        List<KernelBest> sorted = s.kernels().stream().sorted(Comparator.comparing((KernelBest b) ->
                b.kernel().kernelName()).thenComparing(b -> b.kernel().arch())
                .thenComparing(b -> b.kernel().kernelId())).toList();
        out.printf("best configuration per kernel (%d kernel%s%s):%n", sorted.size(), sorted.size() == 1 ? "" : "s",
                sorted.size() > rows ? ", the first " + rows + " by name" : "");
        TextTable table = new TextTable("kernel", "arch", "objective", "registers", "spill_bytes", "est_latency",
                "est_time", "vs_default", "configuration").rightAligned(2, 3, 4, 5, 6, 7);
        for (KernelBest b : sorted.subList(0, Math.min(rows, sorted.size()))) {
            Evaluation e = b.evaluation();
            table.add(b.kernel().kernelName(), b.kernel().arch(), key(b.objective()), e.registers(), e.spillBytes(),
                    e.hasLatency() ? Long.toString(e.estLatencyCycles()) : "-", e.hasTime() ? Long.toString(e.estTimeCycles()) : "-", versusDefault(b),
                    cut(b.config().changes()));
        }
        if (s.defaults().isEmpty()) {
            out.println("no kernel's best is compared with the default configuration: the table does not have it");
        } else {
            long tuned = s.kernels().stream().filter(SelectionSummary::beatsDefault).count();
            out.printf("%d of %d kernel%s %s a best configuration other than the default that beats it (by at least "
                    + "%s; a smaller gain reports the default)%n", tuned, s.kernels().size(),
                    s.kernels().size() == 1 ? "" : "s", s.kernels().size() == 1 ? "has" : "have",
                    Numbers.fixed(100 * PerKernelBest.MIN_GAIN, 1) + "%");
        }
        bounds(out);
        table.print(out);
        if (sorted.size() > rows) {
            out.printf("(%d more in the selection file)%n", sorted.size() - rows);
        }
        if (!s.unsolved().isEmpty()) {
            out.printf("%d kernel%s without any OK evaluation (left out of the split and the front): %s%n",
                    s.unsolved().size(), s.unsolved().size() == 1 ? "" : "s", s.unsolved().stream().limit(rows)
                            .map(KernelInfo::label).collect(Collectors.joining(", "))
                            + (s.unsolved().size() > rows ? ", ..." : ""));
        }
    }

    /**
     * Under the time objective, what bounds the default's estimated time, kernel by kernel, and how
     * many kernels of each bound have a better configuration: the figures that say why a kernel's
     * best is the default.
     */
    private void bounds(PrintWriter out) {
        DefaultTimeBounds.of(s).ifPresent(b -> out.println(b.sentence()));
    }

    /**
     * The best over the default as a relative change ("-12.5%"), with the (value + 1) offset of the
     * scores; for a lexicographic objective on the first component where they differ ("-3.0% latency").
     */
    private String versusDefault(KernelBest b) {
        if (b.defaultEvaluation().isEmpty()) {
            return "-";
        }
        Evaluation d = b.defaultEvaluation().get();
        if (!d.ok()) {
            return d.status().name();
        }
        // the first component that differs decides a lexicographic comparison, so that is the one shown
        int n = s.objective().components();
        for (int j = 0; j < n; j++) {
            double best = b.objective().get(j);
            double dflt = s.objective().value(j, d);
            if (best != dflt || j == n - 1) {
                String change = signedPercent((best + RatioScores.OFFSET) / (dflt + RatioScores.OFFSET) - 1.0);
                return n == 1 || best == dflt ? change : change + " " + s.objective().componentNames().get(j);
            }
        }
        return "-";
    }

    /**
     * Whether a kernel's best is not the default configuration: ties go to the configuration changing
     * fewest values and a gain below {@link PerKernelBest#MIN_GAIN} reports the default, so such a best
     * beats the default by at least that (or the default failed there).
     */
    static boolean beatsDefault(KernelBest b) {
        return !b.config().isDefault();
    }

    private void global(PrintWriter out) {
        KernelSplit split = s.split();
        out.printf("split (seed %d, train %s): %d training and %d test kernels%n", split.seed(),
                Numbers.fixed(split.trainFraction(), 2), split.train().size(), split.test().size());
        out.println("score = geometric mean over kernels of (value + 1) / (best value of the kernel + 1); 1 is "
                + "best on every kernel" + (s.objective().components() > 1 ? "; one score per metric, in order" : ""));
        out.println("a training kernel a candidate failed on (or was not evaluated on) counts as "
                + Numbers.fixed(RobustGlobal.FAILURE_PENALTY, 0) + " x its best in the penalised score that chooses");
        if (s.global().isEmpty()) {
            out.printf("global configuration: none; no configuration was evaluated OK on any of the %d training "
                    + "kernels%n", split.train().size());
        } else {
            globalChoice(out, "global configuration", s.global().get());
        }
        for (Map.Entry<String, GlobalChoice> a : s.globalByArch().entrySet()) {
            globalChoice(out, "global configuration of the " + a.getKey() + " kernels", a.getValue());
        }
        if (s.defaults().isEmpty()) {
            out.printf("default configuration (%s): absent from the table, so there is no comparison with it%n",
                    SelectionJson.defaultConfigId());
        } else {
            DefaultScores d = s.defaults().get();
            out.printf("default configuration %s:%n", d.config().configId());
            TextTable scores = scoreTable();
            scoreRow(scores, "train", d.train(), OptionalDouble.empty());
            scoreRow(scores, "test", d.test(), OptionalDouble.empty());
            scores.print(out);
        }
    }

    private static void globalChoice(PrintWriter out, String what, GlobalChoice g) {
        out.printf("%s %s, chosen among %d configuration%s (%d OK on every training kernel):%n", what,
                g.config().configId(), g.candidates(), g.candidates() == 1 ? "" : "s", g.complete());
        if (g.config().isDefault()) {
            out.println("  (the default configuration)");
        }
        for (Map.Entry<String, String> v : g.config().values().entrySet()) {
            out.printf("  %s=%s%n", v.getKey(), v.getValue());
        }
        TextTable scores = scoreTable();
        scoreRow(scores, "train", g.train(), g.improvementTrain());
        scoreRow(scores, "test", g.test(), g.improvementTest());
        scores.print(out);
        TextTable ranking = new TextTable("  rank", "config_id", "failed", "penalised_score", "configuration")
                .rightAligned(0, 2, 3);
        int rank = 1;
        for (GlobalChoice.Candidate c : g.ranking()) {
            ranking.add("  " + rank++, c.config().configId(), c.failed(), Numbers.fixed(c.score(), 4),
                    cut(c.config().changes()));
        }
        ranking.print(out);
    }

    private static TextTable scoreTable() {
        return new TextTable("  set", "kernels", "scored", "failed", "missing", "score", "mean_regret", "max_regret",
                "vs_default").rightAligned(1, 2, 3, 4, 5, 6, 7, 8);
    }

    /** vs_default is the chosen configuration over the default, like the per-kernel column: -5% is 5% lower. */
    private static void scoreRow(TextTable t, String set, SetScore sc, OptionalDouble improvement) {
        String score = sc.components().isEmpty() ? "-"
                : sc.components().stream().map(c -> Numbers.fixed(c, 4)).collect(Collectors.joining("/"));
        t.add("  " + set, sc.kernels(), sc.scored(), sc.failed(), sc.missing(), score,
                Numbers.percent(sc.regret()), Numbers.percent(sc.maxRegret()),
                improvement.isPresent() ? signedPercent(1.0 / (1.0 + improvement.getAsDouble()) - 1.0) : "-");
    }

    private void pareto(PrintWriter out) {
        ParetoFront p = s.pareto();
        out.printf("pareto front (total spill bytes, geometric-mean latency, mean registers): %d of %d "
                + "configuration%s evaluated OK on all %d kernels%s%n", p.points().size(), p.candidates(),
                p.candidates() == 1 ? "" : "s", p.kernels(), p.points().size() > rows ? ", the first " + rows : "");
        if (p.points().isEmpty()) {
            return;
        }
        String globalId = s.global().map(g -> g.config().configId()).orElse("");
        TextTable table = new TextTable("config_id", "spill_bytes", "geomean_latency", "mean_registers", "role",
                "configuration").rightAligned(1, 2, 3);
        for (ParetoPoint pt : p.points().subList(0, Math.min(rows, p.points().size()))) {
            String mark = pt.config().configId().equals(globalId) ? "global" : pt.config().isDefault() ? "default" : "";
            table.add(pt.config().configId(), pt.totalSpillBytes(), Numbers.fixed(pt.geomeanLatencyCycles(), 1),
                    Numbers.fixed(pt.meanRegisters(), 1), mark, cut(pt.config().changes()));
        }
        table.print(out);
        if (p.points().size() > rows) {
            out.printf("(%d more in the selection file)%n", p.points().size() - rows);
        }
    }

    private static String key(List<Double> key) {
        return key.stream().map(v -> v == Math.rint(v) ? Long.toString(v.longValue()) : Numbers.fixed(v, 2))
                .collect(Collectors.joining("/"));
    }

    /** A relative change with its sign: "+5.0%", "-12.5%". */
    private static String signedPercent(double change) {
        String p = Numbers.percent(change);
        return change > 0 ? "+" + p : p;
    }

    private static String cut(String text) {
        return text.length() <= CONFIG_WIDTH ? text : text.substring(0, CONFIG_WIDTH - 3) + "...";
    }
}
