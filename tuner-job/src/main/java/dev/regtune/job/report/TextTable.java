package dev.regtune.job.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A plain-text table with a header row, columns padded to their widest cell. Numeric columns
 * (declared with {@link #rightAligned(int...)}) are right-aligned so that digits line up.
 */
public final class TextTable {
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();
    private final boolean[] right;

    public TextTable(String... header) {
        this.header = List.of(header);
        this.right = new boolean[header.length];
    }

    /** Right-aligns the given columns (0-based). */
    public TextTable rightAligned(int... columns) {
        for (int c : columns) {
            right[c] = true;
        }
        return this;
    }

    public TextTable add(Object... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException("a row of this table needs " + header.size() + " cells, not "
                    + cells.length);
        }
        rows.add(Arrays.stream(cells).map(c -> c == null ? "-" : c.toString()).toList());
        return this;
    }

    public int rowCount() {
        return rows.size();
    }

    public void print(PrintWriter out) {
        int[] width = new int[header.size()];
        for (int c = 0; c < width.length; c++) {
            width[c] = header.get(c).length();
            for (List<String> row : rows) {
                width[c] = Math.max(width[c], row.get(c).length());
            }
        }
        printRow(out, header, width);
        for (List<String> row : rows) {
            printRow(out, row, width);
        }
        out.flush();
    }

    private void printRow(PrintWriter out, List<String> cells, int[] width) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            boolean last = c == cells.size() - 1;
            int pad = width[c] - cell.length();
            if (right[c]) {
                sb.append(" ".repeat(pad)).append(cell);
            } else {
                sb.append(cell);
                if (!last) {
                    sb.append(" ".repeat(pad));
                }
            }
            if (!last) {
                sb.append("  ");
            }
        }
        out.println(sb.toString().stripTrailing());
    }
}
