package dev.regtune.job.fidelity;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * The per-entry comparison of {@code regtune fidelity --out}, one row per pair, in report order:
 * one row per allocator family of each (entry, arch, budget), the families' rows next to each
 * other. The real and baseline columns repeat on each family's row. The {@code allocator} column
 * comes last, after the columns it joined, so that readers that take columns by position still find them.
 */
public final class ComparisonCsv {
    /** The header, in order. */
    public static final List<String> COLUMNS = List.of("file", "entry", "arch", "budget", "real_registers",
            "model_registers", "baseline_registers", "real_spill_store_bytes", "real_spill_load_bytes",
            "model_spill_store_bytes", "model_spill_load_bytes", "model_status", "allocator");

    private ComparisonCsv() {
    }

    public static void write(List<FidelityPair> pairs, Writer out) throws IOException {
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader(COLUMNS.toArray(String[]::new))
                .setRecordSeparator('\n').build();
        CSVPrinter csv = new CSVPrinter(out, format);
        for (FidelityPair p : pairs) {
            csv.printRecord(p.file(), p.entry(), p.arch(), p.budget(), p.real().registers(), p.modelRegisters(),
                    p.baselineRegisters(), p.real().spillStoreBytes(), p.real().spillLoadBytes(),
                    p.modelSpillStoreBytes(), p.modelSpillLoadBytes(), p.modelStatus().name(), p.allocator());
        }
        csv.flush();
    }
}
