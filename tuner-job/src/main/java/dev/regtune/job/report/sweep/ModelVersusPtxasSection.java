package dev.regtune.job.report.sweep;

import dev.regtune.job.report.html.HtmlPage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Draws a {@link ModelVersusPtxas} as the report's last section: the model's error against the real
 * ptxas over all pairs, per value of each swept dimension, and per configuration, as tables.
 */
final class ModelVersusPtxasSection {
    static final String ID = "versus-ptxas";
    static final String TITLE = "6. The model beside ptxas";

    private static final List<String> HEADER = List.of("pairs", "both OK", "same status", "registers |error|",
            "registers error (model - ptxas)", "registers |error| %", "spill yes/no agrees", "spill bytes |error|",
            "spill bytes model", "spill bytes ptxas");

    private ModelVersusPtxasSection() {
    }

    static void render(HtmlPage page, ModelVersusPtxas m) {
        page.h2(ID, TITLE);
        page.paragraph("The same (kernel, configuration) pairs evaluated by the model (" + String.join(", ",
                m.modelVersions()) + ") and by the real ptxas (" + m.ptxasVersion() + ", 'regtune sweep --evaluator "
                + "both'). Registers and spill bytes are compared where both are OK: mean absolute error, mean signed "
                + "error (positive: the model over-estimates) and mean absolute percentage error of the registers; the "
                + "share of pairs where the model and ptxas agree whether the kernel spills; the mean absolute error "
                + "of the spill bytes (store + load) and both means. 'Same status' counts pairs where both gave the "
                + "same status (OK, ALLOC_FAILED, ...).");
        page.table(withFirst("", HEADER), List.of(cells(m.overall())), numeric(HEADER.size()));
        for (ModelVersusPtxas.Dimension d : m.dimensions()) {
            page.h3("Per value of " + SweepReportPage.dimensionTitle(d.column()) + " (" + d.column() + ")");
            List<List<String>> rows = new ArrayList<>();
            d.values().forEach(f -> rows.add(cells(f)));
            page.table(withFirst("value", HEADER), rows, numeric(HEADER.size()));
        }
        page.h3("Per configuration, largest register error first");
        List<List<String>> rows = new ArrayList<>();
        m.configurations().forEach(f -> rows.add(cells(f)));
        page.table(withFirst("configuration (swept values)", HEADER), rows, numeric(HEADER.size()));
        page.note(SweepReportPage.count(m.configurationCount()) + " configurations have a model row and a ptxas row"
                + (m.configurations().size() < m.configurationCount() ? "; " + m.configurations().size() + " are listed"
                        : "") + ".");
        m.notes().forEach(page::note);
    }

    private static List<String> withFirst(String first, List<String> rest) {
        List<String> h = new ArrayList<>();
        h.add(first);
        h.addAll(rest);
        return h;
    }

    private static boolean[] numeric(int figures) {
        boolean[] b = new boolean[figures + 1];
        java.util.Arrays.fill(b, 1, b.length, true);
        return b;
    }

    private static List<String> cells(ModelVersusPtxas.Figures f) {
        return List.of(f.label(), SweepReportPage.count(f.pairs()), SweepReportPage.count(f.bothOk()),
                SweepReportPage.count(f.statusAgreement()), fixed(f.registerMae(), 2), signed(f.registerBias()),
                fixed(f.registerMape(), 1) + (Double.isNaN(f.registerMape()) ? "" : "%"),
                Double.isNaN(f.spillAgreement()) ? "-" : fixed(100 * f.spillAgreement(), 1) + "%",
                fixed(f.spillBytesMae(), 1), fixed(f.modelSpillBytes(), 1), fixed(f.ptxasSpillBytes(), 1));
    }

    private static String fixed(double v, int digits) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + digits + "f", v);
    }

    private static String signed(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%+.2f", v);
    }
}
