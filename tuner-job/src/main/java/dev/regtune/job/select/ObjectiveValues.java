package dev.regtune.job.select;

import java.util.List;

/**
 * An objective evaluated once on every row of a table: the key components of the OK rows, and
 * which rows are feasible. Selection compares keys many times; computing them here keeps that a
 * matter of array reads.
 */
final class ObjectiveValues {
    private final ResultTable table;
    private final int components;
    private final double[] values;
    private final boolean[] feasible;

    ObjectiveValues(ResultTable table, Objective objective) {
        this.table = table;
        this.components = objective.components();
        this.values = new double[table.size() * components];
        this.feasible = new boolean[table.size()];
        for (int r = 0; r < table.size(); r++) {
            Evaluation e = table.evaluation(r);
            feasible[r] = e.ok() && objective.defined(e);
            if (feasible[r]) {
                for (int j = 0; j < components; j++) {
                    values[r * components + j] = objective.value(j, e);
                }
            }
        }
    }

    ResultTable table() {
        return table;
    }

    int components() {
        return components;
    }

    /** Whether row {@code row} is OK and has every metric of the objective, so has an objective value. */
    boolean feasible(int row) {
        return feasible[row];
    }

    double value(int row, int component) {
        return values[row * components + component];
    }

    /** The key of a row as a list (for records and reports). */
    List<Double> key(int row) {
        Double[] k = new Double[components];
        for (int j = 0; j < components; j++) {
            k[j] = value(row, j);
        }
        return List.of(k);
    }

    /** Lexicographic comparison of the keys of two feasible rows. */
    int compare(int a, int b) {
        for (int j = 0; j < components; j++) {
            int c = Double.compare(value(a, j), value(b, j));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}
