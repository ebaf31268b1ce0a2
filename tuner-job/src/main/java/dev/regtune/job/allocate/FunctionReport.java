package dev.regtune.job.allocate;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.ir.FunctionKind;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What {@code regtune allocate} reports for one function, or for one file that did not parse or
 * could not be read.
 *
 * @param file the PTX file as the user named it
 * @param function the function's name; null for a {@code PARSE_ERROR} or {@code IO_ERROR}
 * @param kind entry or device function; null for a {@code PARSE_ERROR} or {@code IO_ERROR}
 * @param arch architecture name, e.g. "sm_90"
 * @param status OK, ALLOC_FAILED, PARSE_ERROR or IO_ERROR
 * @param result the allocator's result; null for a {@code PARSE_ERROR} or {@code IO_ERROR}
 * @param check the checker's verdict when {@code --verify} checked this result, else null
 * @param message for the user: the parser's sentence (with file:line:column), ptxas's failure
 *     message, the checker's summary of a violation, or null when there is nothing to say
 * @param explanation the allocator's decisions when {@code --explain} asked for them, else empty
 */
public record FunctionReport(String file, @Nullable String function, @Nullable FunctionKind kind, String arch,
        ReportStatus status, @Nullable AllocationResult result, @Nullable Verification check,
        @Nullable String message, List<AllocationEvent> explanation) {

    /** The outcome of checking one OK result with the independent allocation checker. */
    public record Verification(boolean ok, String summary) {
    }

    public FunctionReport {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(arch, "arch");
        Objects.requireNonNull(status, "status");
        if (status.isFileError() != (result == null)) {
            throw new IllegalArgumentException("a report has a result exactly when it is not a PARSE_ERROR or IO_ERROR");
        }
    }

    public static FunctionReport parseError(String file, String arch, @Nullable String message) {
        return new FunctionReport(file, null, null, arch, ReportStatus.PARSE_ERROR, null, null, message, List.of());
    }

    /** A file that could not be read; {@code message} names the path and why. */
    public static FunctionReport ioError(String file, String arch, String message) {
        return new FunctionReport(file, null, null, arch, ReportStatus.IO_ERROR, null, null, message, List.of());
    }

    /** A report for an allocation, checked or not. */
    public static FunctionReport allocated(String file, FunctionKind kind, AllocationResult r,
            @Nullable Verification check) {
        return allocated(file, kind, r, check, List.of());
    }

    /** A report for an allocation, checked or not, with the allocator's decisions. */
    public static FunctionReport allocated(String file, FunctionKind kind, AllocationResult r,
            @Nullable Verification check, List<AllocationEvent> explanation) {
        String message;
        if (check != null && !check.ok()) {
            message = check.summary();
        } else {
            message = r.message() == null || r.message().isEmpty() ? null : r.message();
        }
        return new FunctionReport(file, r.function(), kind, r.arch(), ReportStatus.of(r.status()), r, check, message,
                List.copyOf(explanation));
    }

    /** Whether {@code --verify} found this allocation invalid. */
    public boolean failedVerification() {
        return check != null && !check.ok();
    }
}
