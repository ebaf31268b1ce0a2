package dev.regtune.job.fidelity;

import dev.regtune.core.knobs.Knobs;
import dev.regtune.space.Configuration;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.sample.Sampler;
import dev.regtune.space.spec.SpaceSpecException;
import dev.regtune.space.spec.SpaceSpecReader;
import java.io.IOException;
import java.io.Reader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.jspecify.annotations.Nullable;

/**
 * Reads the knob configurations a calibration chooses among. The first candidate is always the
 * base configuration ("default": the defaults with any {@code --knob} given), so a calibration
 * can only keep or improve on it; duplicates are dropped. A file is either
 *
 * <ul>
 *   <li>a knob-space spec ({@code .json}, as {@code regtune space validate} reads it): its whole
 *       grid when the grid has at most {@code limit} points, else the first {@code limit} Sobol
 *       points (seed 0); or</li>
 *   <li>a CSV as {@code regtune space sample} prints it: a header of knob names, one candidate per
 *       row, an empty cell keeping the base value; an optional {@code name} column names the
 *       candidates.</li>
 * </ul>
 *
 * <p>The {@code arch}, {@code maxrregcount} and {@code launch_bounds} dimensions are ignored: a
 * calibration runs every candidate on every architecture and budget of the comparison.
 */
public final class CandidateSet {
    private static final List<String> IGNORED = List.of(Configuration.ARCH, Configuration.REGISTER_BUDGET,
            Configuration.LAUNCH_BOUNDS, "name");

    private CandidateSet() {
    }

    /**
     * The candidates of a file.
     *
     * @param base the knobs every candidate starts from, candidate "default"
     * @param limit most candidates taken from a spec, besides the default
     * @throws IllegalArgumentException in one sentence naming the file (and line) when it is not a
     *     valid spec or CSV of known knobs and valid values
     */
    public static List<Candidate> load(Path file, Knobs base, int limit) throws IOException {
        List<Candidate> result = new ArrayList<>();
        result.add(Candidate.of("default", base, base));
        if (file.getFileName().toString().endsWith(".json")) {
            fromSpec(file, base, limit, result);
        } else {
            fromCsv(file, base, result);
        }
        return result;
    }

    private static void fromSpec(Path file, Knobs base, int limit, List<Candidate> result) {
        KnobSpace space;
        try {
            space = SpaceSpecReader.read(file);
        } catch (SpaceSpecException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        boolean grid = space.gridSize().compareTo(BigInteger.valueOf(limit)) <= 0;
        Iterator<Configuration> it = Sampler.of(grid ? "grid" : "sobol", 0).iterator(space,
                grid ? Long.MAX_VALUE : limit * 16L);
        while (it.hasNext() && result.size() <= limit) {
            Knobs k = apply(base, it.next().values(), file, 0);
            add(result, null, k, base);
        }
    }

    private static void fromCsv(Path file, Knobs base, List<Candidate> result) throws IOException {
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
                CSVParser parser = CSVParser.parse(in, format)) {
            for (CSVRecord r : parser) {
                long line = r.getRecordNumber() + 1;
                Map<String, String> values = r.toMap();
                Knobs k = apply(base, values, file, line);
                String name = values.getOrDefault("name", "").strip();
                add(result, name.isEmpty() ? null : name, k, base);
            }
        }
        if (result.size() == 1) {
            throw new IllegalArgumentException("candidates file '" + file + "' has no candidate row");
        }
    }

    private static Knobs apply(Knobs base, Map<String, String> values, Path file, long line) {
        Knobs k = base;
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (IGNORED.contains(e.getKey()) || e.getValue() == null || e.getValue().isBlank()) {
                continue;
            }
            try {
                k = k.with(e.getKey(), e.getValue().strip());
            } catch (IllegalArgumentException ex) {
                throw new IllegalArgumentException(file + (line > 0 ? ":" + line : "") + ": " + ex.getMessage());
            }
        }
        return k;
    }

    private static void add(List<Candidate> result, @Nullable String name, Knobs k, Knobs base) {
        if (result.stream().anyMatch(c -> c.knobs().equals(k))) {
            return;
        }
        result.add(Candidate.of(name != null ? name : "c" + result.size(), k, base));
    }
}
