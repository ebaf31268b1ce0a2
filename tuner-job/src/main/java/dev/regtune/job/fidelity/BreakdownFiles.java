package dev.regtune.job.fidelity;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.jspecify.annotations.Nullable;

/**
 * The breakdown as files for tools, in a folder: {@code groups.csv} (one row per corpus,
 * architecture, group and predictor, {@link #GROUP_COLUMNS}), {@code kernels.csv} (one row per
 * corpus, kernel, architecture and model family, {@link #KERNEL_COLUMNS}, worst first) and
 * {@code fidelity.json} (both, plus the cross-validation when there was one). Undefined figures
 * are empty cells in CSV and {@code null} in JSON. The same inputs give the same bytes.
 */
public final class BreakdownFiles {
    /** Columns of {@code groups.csv}. */
    public static final List<String> GROUP_COLUMNS = List.of("corpus", "arch", "dimension", "group", "predictor",
            "entries", "processed", "register_pairs", "spearman", "mape_percent", "within_10_percent", "spill_runs",
            "spill_precision", "spill_recall", "spill_f1", "both_spill", "spill_within_2x_percent");
    /** Columns of {@code kernels.csv}. */
    public static final List<String> KERNEL_COLUMNS = List.of("corpus", "repo", "file", "entry", "arch", "kind",
            "ptx_instructions", "size", "allocator", "status", "real_registers", "model_registers",
            "baseline_registers", "error_percent", "reason");

    /**
     * One corpus's breakdown.
     *
     * @param corpus the corpus's name
     * @param families the model families' labels, in the order of the cases' pairs
     * @param outcomes its kernel outcomes
     */
    public record Section(String corpus, List<String> families, List<KernelOutcome> outcomes) {
    }

    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    /** Writes the three files into {@code dir}, which must exist. */
    public void write(Path dir, List<Section> sections, CrossValidation.@Nullable Result cv) throws IOException {
        ObjectNode root = mapper.createObjectNode();
        ArrayNode corpora = root.putArray("corpora");
        try (Writer g = Files.newBufferedWriter(dir.resolve("groups.csv"), StandardCharsets.UTF_8);
                Writer k = Files.newBufferedWriter(dir.resolve("kernels.csv"), StandardCharsets.UTF_8)) {
            CSVPrinter groups = printer(g, GROUP_COLUMNS);
            CSVPrinter kernels = printer(k, KERNEL_COLUMNS);
            for (Section s : sections) {
                ObjectNode corpus = corpora.addObject();
                corpus.put("name", s.corpus());
                corpus.set("groups", groups(s, groups));
                corpus.set("kernels", kernels(s, kernels));
            }
            groups.flush();
            kernels.flush();
        }
        if (cv != null) {
            root.set("cross_validation", crossValidation(cv));
        }
        try (Writer j = Files.newBufferedWriter(dir.resolve("fidelity.json"), StandardCharsets.UTF_8)) {
            mapper.writeValue(j, root);
            j.write("\n");
        }
    }

    private static CSVPrinter printer(Writer w, List<String> columns) throws IOException {
        return new CSVPrinter(w, CSVFormat.DEFAULT.builder().setHeader(columns.toArray(String[]::new))
                .setRecordSeparator('\n').build());
    }

    /** Every group's figures: each family's, then the baseline's. */
    public static List<GroupFigures> figures(FidelityBreakdown.Group group, List<String> families) {
        List<GroupFigures> list = new ArrayList<>();
        for (int f = 0; f < families.size(); f++) {
            list.add(GroupFigures.model(group.outcomes(), f, "model " + families.get(f)));
        }
        list.add(GroupFigures.baseline(group.outcomes()));
        return list;
    }

    private ArrayNode groups(Section s, CSVPrinter csv) throws IOException {
        ArrayNode array = mapper.createArrayNode();
        for (FidelityBreakdown.Group group : FidelityBreakdown.groups(s.outcomes())) {
            for (GroupFigures f : figures(group, s.families())) {
                List<Object> row = List.of(s.corpus(), group.arch(), group.dimension(), group.label(), f.predictor(),
                        f.entries(), f.processed(), f.registerPairs(), cell(f.spearman()), cell(f.mapePercent()),
                        cell(100 * f.shareWithin10()), f.spills().total(), cell(f.spills().precision()),
                        cell(f.spills().recall()), cell(f.spills().f1()), f.bothSpill(),
                        cell(100 * f.shareSpillWithin2x()));
                csv.printRecord(row);
                ObjectNode o = array.addObject();
                for (int i = 1; i < row.size(); i++) {
                    put(o, GROUP_COLUMNS.get(i), row.get(i));
                }
            }
        }
        return array;
    }

    private ArrayNode kernels(Section s, CSVPrinter csv) throws IOException {
        ArrayNode array = mapper.createArrayNode();
        for (int fam = 0; fam < s.families().size(); fam++) {
            List<FidelityBreakdown.Worst> all = FidelityBreakdown.ranked(s.outcomes(), fam);
            for (FidelityBreakdown.Worst w : all) {
                CorpusKernel k = w.outcome().kernel();
                String failure = String.valueOf(w.outcome().failure());
                String status = !w.outcome().processed() ? (failure.startsWith("parse error") ? "PARSE_ERROR"
                        : failure.startsWith("cannot read '") ? "IO_ERROR" : "MISSING")
                        : w.model() < 0 && w.real() >= 0 ? "ALLOC_FAILED" : "OK";
                List<Object> row = List.of(s.corpus(), k.repo(), k.file(), k.entry(), k.arch(),
                        k.traits().kind().label(), k.traits().ptxInstructions(), k.traits().size().label(),
                        s.families().get(fam), status, nonNegative(w.real()), nonNegative(w.model()),
                        nonNegative(w.baseline()), Double.isInfinite(w.errorPercent()) ? "" : cell(w.errorPercent()),
                        w.reason());
                csv.printRecord(row);
                ObjectNode o = array.addObject();
                for (int i = 1; i < row.size(); i++) {
                    put(o, KERNEL_COLUMNS.get(i), row.get(i));
                }
            }
        }
        return array;
    }

    private ObjectNode crossValidation(CrossValidation.Result cv) {
        ObjectNode o = mapper.createObjectNode();
        ArrayNode candidates = o.putArray("candidates");
        for (Candidate c : cv.candidates()) {
            candidates.addObject().put("name", c.name()).put("changes", c.changes());
        }
        ArrayNode folds = o.putArray("folds");
        for (CrossValidation.Fold f : cv.folds()) {
            ObjectNode fo = folds.addObject();
            fo.put("fold", f.fold());
            fo.put("chosen", cv.candidates().get(f.chosen()).name());
            fo.put("entries", f.kernels());
            put(fo, "training_loss", cell(f.trainingLoss()));
            put(fo, "held_out_loss", cell(f.heldOutLoss()));
            ArrayNode repos = fo.putArray("repos");
            f.repos().forEach(repos::add);
        }
        return o;
    }

    private static Object nonNegative(int v) {
        return v < 0 ? "" : v;
    }

    /** A figure rounded to 4 decimals as text, or "" when undefined, so files do not change with float noise. */
    private static String cell(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "" : String.format(Locale.ROOT, "%.4f", v);
    }

    private static void put(ObjectNode o, String key, Object value) {
        if (value instanceof Integer i) {
            o.put(key, i);
        } else if (value instanceof String s && s.isEmpty()) {
            o.putNull(key);
        } else if (value instanceof String s && isNumber(key)) {
            o.put(key, new BigDecimal(s));
        } else {
            o.put(key, String.valueOf(value));
        }
    }

    private static boolean isNumber(String key) {
        return !List.of("corpus", "arch", "dimension", "group", "predictor", "repo", "file", "entry", "kind", "size",
                "allocator", "status", "reason").contains(key);
    }
}
