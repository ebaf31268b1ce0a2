package dev.regtune.job.sweep;

import java.util.List;
import java.util.Locale;

/**
 * What evaluates a (kernel, configuration) pair: RegTune's model, the real ptxas, or both side by
 * side (a model row and a ptxas row per pair). The default is the model.
 */
public enum Evaluator {
    MODEL,
    PTXAS,
    BOTH;

    /**
     * The evaluator a user names: model, ptxas or both (case and blanks ignored).
     *
     * @throws IllegalArgumentException with one sentence listing the names
     */
    public static Evaluator named(String name) {
        for (Evaluator e : values()) {
            if (e.columnValue().equals(name.strip().toLowerCase(Locale.ROOT))) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown evaluator '" + name + "'; expected model, ptxas or both");
    }

    /** The name of the evaluator that computed a row, as the {@code evaluator} column holds it. */
    public String columnValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether rows of the real ptxas are written. */
    public boolean runsPtxas() {
        return this != MODEL;
    }

    /** Whether rows of the model are written. */
    public boolean runsModel() {
        return this != PTXAS;
    }

    /** The evaluators that write rows: MODEL, PTXAS or both. */
    public List<Evaluator> rowEvaluators() {
        return this == BOTH ? List.of(MODEL, PTXAS) : List.of(this);
    }
}
