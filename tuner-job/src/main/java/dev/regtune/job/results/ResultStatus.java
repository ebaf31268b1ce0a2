package dev.regtune.job.results;

/** The {@code status} column's values. */
public enum ResultStatus {
    /** Allocated within the budget; every metric column is set. */
    OK,
    /** The budget could not be met; {@code message} is ptxas's failure message, the metrics are the best attempt's. */
    ALLOC_FAILED,
    /** The PTX module did not parse; {@code message} has file, line, column and what was expected; no metrics. */
    PARSE_ERROR,
    /** The evaluation threw (a defect in RegTune, or an invalid configuration); {@code message} says what; no metrics. */
    ERROR,
    /** The real ptxas did not finish within {@code --ptxas-timeout} and was killed; no metrics (schema 5). */
    TIMEOUT
}
