package dev.regtune.job.fidelity;

/** Who predicts the real ptxas figures in a comparison: the model or the naive baseline. */
public enum Predictor {
    /** The RegTune allocator model. */
    MODEL("model"),
    /** {@link NaiveBaseline}: peak PTX pressure, capped at the budget. */
    BASELINE("baseline");

    private final String label;

    Predictor(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The predicted register count. */
    public int registers(FidelityPair p) {
        return this == MODEL ? p.modelRegisters() : p.baselineRegisters();
    }

    /**
     * Whether it predicts spilling. The model predicts it when its allocation spills, and also when
     * it fails (it could not fit the budget even with spilling).
     */
    public boolean spills(FidelityPair p) {
        return this == MODEL ? !p.modelOk() || p.modelSpillBytes() > 0
                : NaiveBaseline.spills(p.baselinePressure(), p.budget());
    }

    /** Predicted spill bytes (stores plus loads), or -1 when this predictor has no such figure. */
    public int spillBytes(FidelityPair p) {
        return this == MODEL && p.modelOk() ? p.modelSpillBytes() : -1;
    }
}
