package dev.regtune.job.report.html;

import java.util.List;

/**
 * Colours: a categorical palette for series (Okabe and Ito's colour-blind-safe set, without its
 * yellow, which is unreadable on white) and a sequential ramp for quantities (a few stops of
 * viridis, interpolated), which stays ordered in grey scale too.
 */
public final class Palette {
    private static final List<String> CATEGORICAL = List.of(
            "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#999999");
    private static final int[][] VIRIDIS = {
        {0x44, 0x01, 0x54}, {0x3B, 0x52, 0x8B}, {0x21, 0x91, 0x8C}, {0x5E, 0xC9, 0x62}, {0xFD, 0xE7, 0x25}
    };
    /** Colour of highlighted marks (the Pareto front). */
    public static final String HIGHLIGHT = "#D55E00";
    /** Colour of reference lines and muted marks. */
    public static final String MUTED = "#777777";

    private Palette() {
    }

    /** How many distinct categorical colours there are before they repeat. */
    public static int size() {
        return CATEGORICAL.size();
    }

    /** The {@code i}-th categorical colour (cycling). */
    public static String categorical(int i) {
        return CATEGORICAL.get(Math.floorMod(i, CATEGORICAL.size()));
    }

    /** The sequential colour at {@code t} in [0, 1] (clamped): dark purple at 0, yellow at 1. */
    public static String sequential(double t) {
        if (Double.isNaN(t)) {
            return MUTED;
        }
        double x = Math.max(0, Math.min(1, t)) * (VIRIDIS.length - 1);
        int i = Math.min((int) Math.floor(x), VIRIDIS.length - 2);
        double f = x - i;
        StringBuilder b = new StringBuilder("#");
        for (int c = 0; c < 3; c++) {
            int v = (int) Math.round(VIRIDIS[i][c] + f * (VIRIDIS[i + 1][c] - VIRIDIS[i][c]));
            b.append(Character.forDigit(v >> 4, 16)).append(Character.forDigit(v & 15, 16));
        }
        return b.toString().toUpperCase(java.util.Locale.ROOT);
    }
}
