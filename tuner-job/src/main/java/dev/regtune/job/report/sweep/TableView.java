package dev.regtune.job.report.sweep;

import java.util.List;

/**
 * A small table for the page, already formatted: a header, rows of cells, which columns are
 * numeric (right-aligned) and a caption saying what the figures are.
 */
public record TableView(List<String> header, List<List<String>> rows, List<Boolean> numeric, String caption) {
    public TableView {
        header = List.copyOf(header);
        rows = rows.stream().map(List::copyOf).toList();
        numeric = List.copyOf(numeric);
    }

    /** The numeric flags as the page builder takes them. */
    public boolean[] numericFlags() {
        boolean[] b = new boolean[numeric.size()];
        for (int i = 0; i < b.length; i++) {
            b[i] = numeric.get(i);
        }
        return b;
    }
}
