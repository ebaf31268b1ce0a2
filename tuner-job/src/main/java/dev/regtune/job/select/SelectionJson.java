package dev.regtune.job.select;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regtune.core.alloc.KernelTime;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.space.Utf8Files;
import dev.regtune.job.results.ConfigId;
import dev.regtune.job.storage.Location;
import dev.regtune.job.results.ResultStatus;
import dev.regtune.space.Configuration;
import dev.regtune.space.profile.Scores;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The selection file ({@value #FORMAT}, version {@value #VERSION}) that {@code regtune select}
 * writes and {@code regtune export} reads. Keys are written in a fixed order, lists sorted, two-space
 * indentation and {@code \n} line ends, so the same selection gives the same bytes. Undefined
 * figures (nothing scored) are left out rather than written as NaN, which JSON cannot hold.
 *
 * <pre>{@code
 * {
 *   "format": "regtune-selection", "version": 1,
 *   "objective": "lex:spills,latency,registers",
 *   "objective_components": ["spills", "latency", "registers"],
 *   "provenance": {"results": "out", "run_ids": ["r1"], "model_version": "fatpoint/0.1.0",
 *                  "model_versions": ["fatpoint/0.1.0"], "model_versions_present": ["fatpoint/0.1.0"]},
 *   "archs": ["sm_90"],
 *   "table": {"evaluations": 600, "kernels": 12, "configurations": 50,
 *             "statuses": {"OK": 590, "ALLOC_FAILED": 10, "PARSE_ERROR": 0, "ERROR": 0}, "notes": []},
 *   "split": {"train_fraction": 0.7, "seed": 0, "train": [KERNEL_ID...], "test": [KERNEL_ID...]},
 *   "global": {"config_id": "...", "configuration": {"RegAllocThresholdForDiscardConflicts": "70"},
 *              "candidates": 48, "complete_candidates": 40, "failure_penalty": 10.0,
 *              "train": SET, "test": SET, "ranking": [{"config_id", "failed", "penalised_score"}]},
 *                                                                    (null when no configuration was OK anywhere)
 *   "global_by_arch": {"sm_80": GLOBAL, "sm_90": GLOBAL},             (empty for one architecture)
 *   "default": {"config_id": "...", "present": true, "train": SET, "test": SET},
 *   "kernels": [{"kernel_id", "kernel_name", "arch", "family", "source", "evaluated", "feasible",
 *                "config_id", "configuration", "registers", "spill_bytes", "est_latency_cycles",
 *                "occupancy", "objective": [...], "default": {"status", "registers", "spill_bytes",
 *                "est_latency_cycles", "objective": [...]}}],
 *   "unsolved": [{"kernel_id", "kernel_name", "arch", "family", "source"}],
 *   "pareto": {"kernels": 12, "candidates": 40, "points": [{"config_id", "configuration",
 *              "total_spill_bytes", "geomean_est_latency_cycles", "mean_registers", "global", "default"}]}
 * }
 * }</pre>
 * SET is {@code {"kernels", "scored", "failed", "missing", "objective", "components": {NAME: score},
 * "regret", "max_regret"}} plus, for the global choice when the default configuration is in the
 * table, {@code "default_objective"}, {@code "default_components"} (lexicographic objectives) and
 * {@code "improvement"} (on the first component). Figures absent when nothing was scored.
 *
 * <p>As profile {@link Scores} ({@link #read}): kernels = scored; figures objective, regret,
 * max_regret, default_objective, improvement, {@code objective_NAME} and
 * {@code default_objective_NAME} per component of a lexicographic objective, and failed and missing
 * when not 0. One kernel's best: kernels = 1; objective (its value), registers, spill_bytes,
 * est_latency_cycles, and default_objective and improvement when the default was evaluated OK.
 */
public final class SelectionJson {
    /** The value of the {@code format} field. */
    public static final String FORMAT = "regtune-selection";
    /** The layout version. */
    public static final int VERSION = 1;
    /** The file {@code select} writes into the results folder unless told otherwise. */
    public static final String DEFAULT_FILE_NAME = "selection.json";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SelectionJson() {
    }

    // ---------------------------------------------------------------- writing

    /** The selection as text. */
    public static String toText(Selection s) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("version", VERSION);
        root.put("objective", s.objective().text());
        strings(root.putArray("objective_components"), s.objective().componentNames());
        TableSource src = s.table().source();
        ObjectNode prov = root.putObject("provenance");
        prov.put("results", src.results());
        strings(prov.putArray("run_ids"), src.runIds());
        prov.put("model_version", src.modelVersion());
        strings(prov.putArray("model_versions"), src.modelVersions());
        strings(prov.putArray("model_versions_present"), src.modelVersionsPresent());
        strings(root.putArray("archs"), s.table().archs());

        ObjectNode table = root.putObject("table");
        table.put("evaluations", s.table().evaluations());
        table.put("kernels", s.table().kernels());
        table.put("configurations", s.table().configurations());
        ObjectNode statuses = table.putObject("statuses");
        for (ResultStatus st : ResultStatus.values()) {
            statuses.put(st.name(), s.table().statuses().get(st));
        }
        strings(table.putArray("notes"), s.table().notes());

        ObjectNode split = root.putObject("split");
        split.put("train_fraction", s.split().trainFraction());
        split.put("seed", s.split().seed());
        strings(split.putArray("train"), s.split().train());
        strings(split.putArray("test"), s.split().test());

        List<String> names = s.objective().componentNames();
        if (s.global().isPresent()) {
            global(root.putObject("global"), s.global().get(), s, names);
        } else {
            root.putNull("global");
        }
        ObjectNode byArch = root.putObject("global_by_arch");
        s.globalByArch().forEach((arch, g) -> global(byArch.putObject(arch), g, s, names));

        ObjectNode dflt = root.putObject("default");
        dflt.put("config_id", s.defaults().map(d -> d.config().configId()).orElse(defaultConfigId()));
        dflt.put("present", s.defaults().isPresent());
        if (s.defaults().isPresent()) {
            set(dflt.putObject("train"), s.defaults().get().train(), names);
            set(dflt.putObject("test"), s.defaults().get().test(), names);
        } else {
            dflt.putNull("train");
            dflt.putNull("test");
        }

        ArrayNode kernels = root.putArray("kernels");
        for (KernelBest b : s.kernels()) {
            ObjectNode k = kernels.addObject();
            kernel(k, b.kernel());
            k.put("evaluated", b.evaluated());
            k.put("feasible", b.feasible());
            config(k, b.config());
            metrics(k, b.evaluation());
            numbers(k.putArray("objective"), b.objective());
            if (b.defaultEvaluation().isPresent()) {
                Evaluation e = b.defaultEvaluation().get();
                ObjectNode d = k.putObject("default");
                d.put("status", e.status().name());
                metrics(d, e);
                if (e.ok()) {
                    ArrayNode o = d.putArray("objective");
                    for (int j = 0; j < s.objective().components(); j++) {
                        o.add(s.objective().value(j, e));
                    }
                }
            } else {
                k.putNull("default");
            }
        }
        ArrayNode unsolved = root.putArray("unsolved");
        for (KernelInfo k : s.unsolved()) {
            kernel(unsolved.addObject(), k);
        }

        ObjectNode pareto = root.putObject("pareto");
        pareto.put("kernels", s.pareto().kernels());
        pareto.put("candidates", s.pareto().candidates());
        ArrayNode points = pareto.putArray("points");
        String globalId = s.global().map(g -> g.config().configId()).orElse("");
        for (ParetoPoint p : s.pareto().points()) {
            ObjectNode o = points.addObject();
            config(o, p.config());
            o.put("total_spill_bytes", p.totalSpillBytes());
            o.put("geomean_est_latency_cycles", p.geomeanLatencyCycles());
            o.put("mean_registers", p.meanRegisters());
            o.put("global", p.config().configId().equals(globalId));
            o.put("default", p.config().isDefault());
        }
        try {
            DefaultPrettyPrinter pp = new DefaultPrettyPrinter(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER));
            DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
            pp.indentObjectsWith(indenter);
            pp.indentArraysWith(indenter);
            return MAPPER.writer(pp).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the selection as JSON", e);
        }
    }

    /** The id the default configuration has in a table written with this knob catalogue. */
    static String defaultConfigId() {
        return ConfigId.of(Knobs.defaults(), 0, null);
    }

    /** Writes the selection to {@code file} in UTF-8, replacing it. */
    public static void write(Selection s, Location file) throws IOException {
        file.writeString(toText(s));
    }

    private static void kernel(ObjectNode o, KernelInfo k) {
        o.put("kernel_id", k.kernelId());
        o.put("kernel_name", k.kernelName());
        o.put("arch", k.arch());
        o.put("family", k.family());
        o.put("source", k.source());
    }

    private static void global(ObjectNode global, GlobalChoice g, Selection s, List<String> names) {
        config(global, g.config());
        global.put("candidates", g.candidates());
        global.put("complete_candidates", g.complete());
        global.put("failure_penalty", RobustGlobal.FAILURE_PENALTY);
        ObjectNode train = set(global.putObject("train"), g.train(), names);
        ObjectNode test = set(global.putObject("test"), g.test(), names);
        s.defaults().ifPresent(d -> {
            comparison(train, d.train(), g.improvementTrain().orElse(Double.NaN), names);
            comparison(test, d.test(), g.improvementTest().orElse(Double.NaN), names);
        });
        ArrayNode ranking = global.putArray("ranking");
        for (GlobalChoice.Candidate c : g.ranking()) {
            ObjectNode o = ranking.addObject();
            o.put("config_id", c.config().configId());
            o.put("failed", c.failed());
            o.put("penalised_score", c.score());
        }
    }

    private static void config(ObjectNode o, ConfigInfo c) {
        o.put("config_id", c.configId());
        ObjectNode values = o.putObject("configuration");
        c.values().forEach(values::put);
    }

    private static void metrics(ObjectNode o, Evaluation e) {
        o.put("registers", e.registers());
        o.put("spill_bytes", e.spillBytes());
        if (e.hasLatency()) {
            o.put("est_latency_cycles", e.estLatencyCycles());
        }
        if (e.hasTime()) {
            o.put("est_time_cycles", e.estTimeCycles());
        }
        if (e.timeBound() != KernelTime.Bound.NONE) {
            o.put("time_bound", e.timeBound().name());
        }
        if (!Double.isNaN(e.occupancy())) {
            o.put("occupancy", e.occupancy());
        }
    }

    private static ObjectNode set(ObjectNode o, SetScore s, List<String> names) {
        o.put("kernels", s.kernels());
        o.put("scored", s.scored());
        o.put("failed", s.failed());
        o.put("missing", s.missing());
        if (s.scored() > 0) {
            o.put("objective", s.score());
            ObjectNode c = o.putObject("components");
            for (int j = 0; j < names.size(); j++) {
                c.put(names.get(j), s.components().get(j));
            }
            o.put("regret", s.regret());
            o.put("max_regret", s.maxRegret());
        }
        return o;
    }

    private static void comparison(ObjectNode set, SetScore dflt, double improvement, List<String> names) {
        if (dflt.scored() > 0) {
            set.put("default_objective", dflt.score());
            if (names.size() > 1) {
                ObjectNode c = set.putObject("default_components");
                for (int j = 0; j < names.size(); j++) {
                    c.put(names.get(j), dflt.components().get(j));
                }
            }
        }
        if (!Double.isNaN(improvement)) {
            set.put("improvement", improvement);
        }
    }

    private static void strings(ArrayNode a, List<String> values) {
        values.forEach(a::add);
    }

    private static void numbers(ArrayNode a, List<Double> values) {
        values.forEach(a::add);
    }

    // ---------------------------------------------------------------- reading

    /**
     * Reads a selection file.
     *
     * @throws SelectionInputException naming the file when it is missing, not JSON or not a selection
     */
    public static SavedSelection read(Path file) {
        return read(Location.local(file));
    }

    /** {@link #read(Path)} of a selection file on any file system. */
    public static SavedSelection read(Location file) {
        String text;
        try {
            text = file.localPath().isPresent() ? Utf8Files.read(file.localPath().get()) : file.readString();
        } catch (NoSuchFileException e) {
            throw new SelectionInputException("selection file '" + file + "' does not exist");
        } catch (IOException e) {
            throw new SelectionInputException("cannot read selection file '" + file + "': " + e.getMessage(), e);
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new SelectionInputException(file + ": line " + e.getLocation().getLineNr() + ": not JSON: "
                    + e.getOriginalMessage().lines().findFirst().orElse(""), e);
        }
        Reader r = new Reader(file);
        if (root == null || !root.isObject() || !FORMAT.equals(root.path("format").asText(null))) {
            throw new SelectionInputException("'" + file + "' is not a selection file (its \"format\" is not \""
                    + FORMAT + "\"); expected the output of 'regtune select'");
        }
        if (root.path("version").asInt(-1) != VERSION) {
            throw new SelectionInputException("selection file '" + file + "' has version "
                    + root.path("version").asText("none") + "; this RegTune reads version " + VERSION);
        }
        String objective = r.text(root, "objective");
        JsonNode prov = r.object(root, "provenance");
        List<String> archs = r.texts(root, "archs");
        Optional<SavedSelection.Choice> global = Optional.empty();
        JsonNode g = root.path("global");
        if (g.isObject()) {
            global = Optional.of(choice(r, g, "global"));
        }
        Map<String, SavedSelection.Choice> byArch = new TreeMap<>();
        JsonNode perArch = root.path("global_by_arch");
        if (perArch.isObject()) { // absent from selection files written before per-architecture choices
            for (Iterator<Map.Entry<String, JsonNode>> it = perArch.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                byArch.put(e.getKey(), choice(r, e.getValue(), "global_by_arch." + e.getKey()));
            }
        }
        List<SavedSelection.Kernel> kernels = new ArrayList<>();
        for (JsonNode k : r.array(root, "kernels")) {
            String id = r.text(k, "kernel_id");
            kernels.add(new SavedSelection.Kernel(id, r.text(k, "kernel_name"), r.text(k, "arch"),
                    k.path("source").asText(""), Optional.of(new SavedSelection.Choice(r.text(k, "config_id"),
                            r.configuration(k, "kernel " + id), r.kernelScores(k, id), Scores.NONE))));
        }
        for (JsonNode k : r.array(root, "unsolved")) {
            kernels.add(new SavedSelection.Kernel(r.text(k, "kernel_id"), r.text(k, "kernel_name"), r.text(k, "arch"),
                    k.path("source").asText(""), Optional.empty()));
        }
        kernels.sort(Comparator.comparing(SavedSelection.Kernel::kernelId));
        String modelVersion = r.text(prov, "model_version");
        List<String> modelVersions = prov.has("model_versions") ? r.texts(prov, "model_versions")
                : List.of(modelVersion); // written before selections read several allocator families
        return new SavedSelection(objective, archs, r.text(prov, "results"), r.texts(prov, "run_ids"),
                modelVersion, modelVersions, global, kernels, byArch);
    }

    private static SavedSelection.Choice choice(Reader r, JsonNode g, String where) {
        return new SavedSelection.Choice(r.text(g, "config_id"), r.configuration(g, where),
                r.scores(r.object(g, "train"), where + ".train"), r.scores(r.object(g, "test"), where + ".test"));
    }

    /** Field access with one-sentence errors naming the file and the field. */
    private record Reader(Location file) {
        SelectionInputException missing(String field, String what) {
            return new SelectionInputException("selection file '" + file + "' lacks " + what + " \"" + field
                    + "\"; was it edited by hand?");
        }

        String text(JsonNode o, String field) {
            JsonNode v = o.get(field);
            if (v == null || !v.isTextual()) {
                throw missing(field, "the text field");
            }
            return v.asText();
        }

        JsonNode object(JsonNode o, String field) {
            JsonNode v = o.get(field);
            if (v == null || !v.isObject()) {
                throw missing(field, "the object");
            }
            return v;
        }

        JsonNode array(JsonNode o, String field) {
            JsonNode v = o.get(field);
            if (v == null || !v.isArray()) {
                throw missing(field, "the list");
            }
            return v;
        }

        List<String> texts(JsonNode o, String field) {
            List<String> out = new ArrayList<>();
            for (JsonNode v : array(o, field)) {
                out.add(v.asText());
            }
            return out;
        }

        double number(JsonNode o, String field) {
            JsonNode v = o.get(field);
            if (v == null || !v.isNumber()) {
                throw missing(field, "the number");
            }
            return v.asDouble();
        }

        Configuration configuration(JsonNode o, String where) {
            Map<String, String> values = new TreeMap<>();
            Iterator<Map.Entry<String, JsonNode>> it = object(o, "configuration").fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                values.put(e.getKey(), e.getValue().asText());
            }
            Configuration c = Configuration.of(values);
            try {
                c.knobs();
                c.registerBudget();
                c.launchBounds();
            } catch (IllegalArgumentException e) {
                throw new SelectionInputException("selection file '" + file + "', " + where + ": " + e.getMessage(),
                        e);
            }
            return c;
        }

        /** A score set as profile scores: over the kernels scored, failures and gaps as figures when any. */
        Scores scores(JsonNode set, String where) {
            int scored = (int) number(set, "scored");
            Map<String, Double> f = new TreeMap<>();
            for (String name : List.of("objective", "regret", "max_regret", "default_objective", "improvement")) {
                if (set.path(name).isNumber()) {
                    f.put(name, set.get(name).asDouble());
                }
            }
            JsonNode components = set.path("components");
            if (components.isObject() && components.size() > 1) {
                components.fields().forEachRemaining(e -> f.put("objective_" + e.getKey(), e.getValue().asDouble()));
                set.path("default_components").fields().forEachRemaining(e -> f.put("default_objective_"
                        + e.getKey(), e.getValue().asDouble()));
            }
            for (String name : List.of("failed", "missing")) {
                if (set.path(name).asInt(0) > 0) {
                    f.put(name, set.get(name).asDouble());
                }
            }
            return Scores.of(scored, f);
        }

        /** One kernel's best as profile scores: its own figures and, when known, the default's. */
        Scores kernelScores(JsonNode k, String id) {
            Map<String, Double> f = new TreeMap<>();
            JsonNode objective = array(k, "objective");
            double best = objective.path(0).asDouble();
            f.put("objective", best);
            f.put("registers", number(k, "registers"));
            f.put("spill_bytes", number(k, "spill_bytes"));
            if (k.has("est_latency_cycles")) { // rows of the real ptxas estimate no latency
                f.put("est_latency_cycles", number(k, "est_latency_cycles"));
            }
            JsonNode d = k.path("default");
            if (d.isObject() && d.path("objective").isArray()) {
                double dflt = d.get("objective").path(0).asDouble();
                f.put("default_objective", dflt);
                f.put("improvement", (dflt + RatioScores.OFFSET) / (best + RatioScores.OFFSET) - 1.0);
            }
            return Scores.of(1, f);
        }
    }
}
