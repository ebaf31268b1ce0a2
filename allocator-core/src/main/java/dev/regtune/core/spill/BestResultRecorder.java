package dev.regtune.core.spill;

import org.jspecify.annotations.Nullable;

/**
 * Records the best attempt of the retry loop (seed 004, sub_93D070). Comparison order: a
 * successful attempt beats a failed one; then fewer registers; then lower spill cost; then fewer
 * spilled values; then the narrower class width; then the earlier attempt.
 */
public final class BestResultRecorder {
    /** The figures of one attempt. */
    public record Result(int attempt, boolean success, int registers, double cost, int spillCount, int width) {
    }

    private @Nullable Result best;

    /** Records an attempt; returns whether it became the best. */
    public boolean record(Result r) {
        if (best == null || better(r, best)) {
            best = r;
            return true;
        }
        return false;
    }

    public @Nullable Result best() {
        return best;
    }

    /** Whether {@code a} beats {@code b} in the seed's tie-break order. */
    public static boolean better(Result a, Result b) {
        if (a.success() != b.success()) {
            return a.success();
        }
        if (a.registers() != b.registers()) {
            return a.registers() < b.registers();
        }
        if (a.cost() != b.cost()) {
            return a.cost() < b.cost();
        }
        if (a.spillCount() != b.spillCount()) {
            return a.spillCount() < b.spillCount();
        }
        if (a.width() != b.width()) {
            return a.width() < b.width();
        }
        return a.attempt() < b.attempt();
    }
}
