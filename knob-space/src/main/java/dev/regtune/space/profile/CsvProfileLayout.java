package dev.regtune.space.profile;

import java.util.List;
import org.apache.commons.csv.CSVFormat;

/**
 * The CSV layout: one table, header {@code kind,name,id,value,default}, one row per field. The
 * {@code kind} column says what a row is — {@code profile} (format, version, arch, maxrregcount,
 * objective), {@code provenance}, {@code train} or {@code test} (kernels and figures), or
 * {@code knob} — so a notebook selects the knobs with {@code kind == "knob"}. {@code id} and
 * {@code default} are filled on knob rows only (id -1 for knobs without a seed number).
 */
final class CsvProfileLayout {
    static final List<String> HEADER = List.of("kind", "name", "id", "value", "default");
    static final String PROFILE = "profile";
    static final String PROVENANCE = "provenance";
    static final String KNOB = "knob";
    static final List<String> KINDS = List.of(PROFILE, PROVENANCE, ProfileFields.TRAIN, ProfileFields.TEST, KNOB);

    /** RFC 4180 with {@code \n} record ends, so the bytes do not depend on the platform; blank lines are skipped. */
    static final CSVFormat FORMAT = CSVFormat.RFC4180.builder()
            .setRecordSeparator("\n")
            .setIgnoreEmptyLines(true)
            .build();

    private CsvProfileLayout() {
    }
}
