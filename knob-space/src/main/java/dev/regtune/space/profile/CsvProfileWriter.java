package dev.regtune.space.profile;

import dev.regtune.core.knobs.KnobDef;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;
import org.apache.commons.csv.CSVPrinter;

/** Writes the CSV layout of {@link CsvProfileLayout}: header rows first, then the changed knobs. */
final class CsvProfileWriter {
    String write(KnobProfile p) {
        StringWriter out = new StringWriter();
        try (CSVPrinter csv = new CSVPrinter(out, CsvProfileLayout.FORMAT)) {
            csv.printRecord(CsvProfileLayout.HEADER);
            for (String key : ProfileFields.HEADER) {
                csv.printRecord(CsvProfileLayout.PROFILE, key, "", ProfileFields.header(p, key), "");
            }
            for (String key : ProfileFields.PROVENANCE_FIELDS) {
                csv.printRecord(CsvProfileLayout.PROVENANCE, key, "", ProfileFields.provenance(p.provenance(), key),
                        "");
            }
            for (String set : ProfileFields.SCORE_SETS) {
                Scores s = ProfileFields.scores(p, set);
                csv.printRecord(set, Scores.KERNELS, "", Integer.toString(s.kernels()), "");
                for (Map.Entry<String, Double> f : s.figures().entrySet()) {
                    csv.printRecord(set, f.getKey(), "", Double.toString(f.getValue()), "");
                }
            }
            for (KnobDef d : p.changedKnobs()) {
                csv.printRecord(CsvProfileLayout.KNOB, d.name(), Integer.toString(d.id()),
                        d.format(p.knobs().get(d)), d.format(d.defaultValue()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write CSV to memory", e);
        }
        return out.toString();
    }
}
