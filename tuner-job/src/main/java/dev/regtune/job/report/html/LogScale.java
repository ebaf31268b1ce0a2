package dev.regtune.job.report.html;

import java.util.ArrayList;
import java.util.List;

/**
 * A logarithmic axis over whole decades: positions are {@code log10(value + offset)}. An offset of
 * 0 needs positive values; an offset of 1 lets counts that include zero (spill bytes) sit on a
 * log axis, with a tick at 0 and at each power of ten.
 *
 * @param minDecade the first decade shown: {@code min()} is 10^minDecade, or 0 when {@code fromZero}
 * @param maxDecade the last decade shown: {@code max()} is 10^maxDecade
 * @param offset 0 or 1
 * @param fromZero whether the axis starts at 0 (only with offset 1)
 */
public record LogScale(int minDecade, int maxDecade, double offset, boolean fromZero) implements Scale {
    public LogScale {
        if (maxDecade <= minDecade && !fromZero) {
            throw new IllegalArgumentException("a log scale needs at least one decade");
        }
        if (fromZero && offset != 1) {
            throw new IllegalArgumentException("a log scale starts at 0 only with an offset of 1");
        }
    }

    /**
     * The whole decades covering {@code lo..hi}: with {@code lo > 0} a plain log axis, with
     * {@code lo == 0} one of offset 1 starting at 0.
     */
    public static LogScale covering(double lo, double hi) {
        if (lo < 0 || !(hi > 0)) {
            throw new IllegalArgumentException("a log scale needs non-negative values with a positive maximum");
        }
        int top = (int) Math.ceil(Math.log10(hi) - 1e-9);
        if (lo == 0) {
            return new LogScale(0, Math.max(top, 1), 1, true);
        }
        int bottom = (int) Math.floor(Math.log10(lo) + 1e-9);
        return new LogScale(bottom, Math.max(top, bottom + 1), 0, false);
    }

    @Override
    public double min() {
        return fromZero ? 0 : Math.pow(10, minDecade);
    }

    @Override
    public double max() {
        return Math.pow(10, maxDecade);
    }

    @Override
    public double fraction(double value) {
        double lo = position(min());
        double hi = position(max());
        return (position(value) - lo) / (hi - lo);
    }

    private double position(double value) {
        return Math.log10(Math.max(value + offset, Double.MIN_NORMAL));
    }

    @Override
    public List<Tick> ticks() {
        List<Tick> ticks = new ArrayList<>();
        if (fromZero) {
            ticks.add(new Tick(0, "0"));
        }
        int decades = maxDecade - minDecade;
        int every = decades > 8 ? 2 : 1;
        for (int d = minDecade; d <= maxDecade; d++) {
            double v = Math.pow(10, d);
            if ((d - minDecade) % every == 0 || d == maxDecade) {
                ticks.add(new Tick(v, TickLabels.compact(v)));
            }
            if (decades <= 2 && d < maxDecade) {
                ticks.add(new Tick(2 * v, TickLabels.compact(2 * v)));
                ticks.add(new Tick(5 * v, TickLabels.compact(5 * v)));
            }
        }
        return ticks;
    }

    @Override
    public boolean logarithmic() {
        return true;
    }
}
