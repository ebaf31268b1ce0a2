package dev.regtune.job.allocate;

import dev.regtune.core.alloc.AllocationStatus;

/**
 * What one report of {@code regtune allocate} is: an allocation's outcome, or one file that gave
 * no allocation because it did not parse or could not be read.
 */
public enum ReportStatus {
    /** Allocated within the budget. */
    OK,
    /** Could not be allocated within the budget; ptxas's message says so. */
    ALLOC_FAILED,
    /** The file is not PTX that ptxas (and the parser) accepts; the message names line and column. */
    PARSE_ERROR,
    /** The file could not be read; the message names the path and why. */
    IO_ERROR;

    /** The status of an allocation's outcome. */
    public static ReportStatus of(AllocationStatus s) {
        return switch (s) {
            case OK -> OK;
            case ALLOC_FAILED -> ALLOC_FAILED;
            case PARSE_ERROR -> PARSE_ERROR;
        };
    }

    /** Whether the report stands for a whole file that gave no allocation. */
    public boolean isFileError() {
        return this == PARSE_ERROR || this == IO_ERROR;
    }
}
