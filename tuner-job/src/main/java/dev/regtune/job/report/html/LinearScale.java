package dev.regtune.job.report.html;

import java.util.ArrayList;
import java.util.List;

/**
 * A linear axis from {@code min} to {@code max}, both multiples of {@code step}, with a tick at
 * every multiple of {@code step} in between (the "nice numbers" of Heckbert's Graphics Gems
 * algorithm: steps of 1, 2 or 5 times a power of ten).
 */
public record LinearScale(double min, double max, double step) implements Scale {
    public LinearScale {
        if (!(max > min) || !(step > 0)) {
            throw new IllegalArgumentException("a linear scale needs min < max and a positive step, not "
                    + min + ".." + max + " by " + step);
        }
    }

    /** The nice scale covering {@code lo..hi} with about {@code ticks} ticks (at least 2). */
    public static LinearScale covering(double lo, double hi, int ticks) {
        if (Double.isNaN(lo) || Double.isNaN(hi) || Double.isInfinite(lo) || Double.isInfinite(hi)) {
            lo = 0;
            hi = 1;
        }
        if (hi < lo) {
            double t = lo;
            lo = hi;
            hi = t;
        }
        if (hi == lo && lo == 0) {
            hi = 1;
        } else if (hi == lo) {
            double pad = Math.abs(lo) * 0.1;
            lo -= pad;
            hi += pad;
        }
        double step = niceStep((hi - lo) / Math.max(1, ticks - 1));
        double niceLo = Math.floor(lo / step + 1e-9) * step;
        double niceHi = Math.ceil(hi / step - 1e-9) * step;
        if (niceHi <= niceLo) {
            niceHi = niceLo + step;
        }
        return new LinearScale(niceLo, niceHi, step);
    }

    /** 1, 2 or 5 times a power of ten, the nearest at or above {@code rough}. */
    static double niceStep(double rough) {
        double exponent = Math.floor(Math.log10(rough));
        double power = Math.pow(10, exponent);
        double f = rough / power;
        double nice = f <= 1 + 1e-9 ? 1 : f <= 2 + 1e-9 ? 2 : f <= 5 + 1e-9 ? 5 : 10;
        return nice * power;
    }

    @Override
    public double fraction(double value) {
        return (value - min) / (max - min);
    }

    @Override
    public List<Tick> ticks() {
        List<Tick> ticks = new ArrayList<>();
        long n = Math.round((max - min) / step);
        double maxAbs = Math.max(Math.abs(min), Math.abs(max));
        for (long i = 0; i <= n; i++) {
            double v = min + i * step;
            if (Math.abs(v) < step * 1e-9) {
                v = 0;
            }
            ticks.add(new Tick(v, TickLabels.linear(v, step, maxAbs)));
        }
        return ticks;
    }

    @Override
    public boolean logarithmic() {
        return false;
    }
}
