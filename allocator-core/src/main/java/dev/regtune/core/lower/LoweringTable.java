package dev.regtune.core.lower;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The lowering rules of every probed architecture, read from a table in the format {@code regtune
 * datasets probe} writes: {@code #} comment lines, a header, then one row per architecture and
 * construct: {@code arch,construct,temporaries,register_floor,} the budgets the temporaries were
 * derived from (which this class does not read), and {@code ptxas_smallest,add_smallest}, the
 * registers ptxas reports without a limit for the construct's smallest probe and the same probe of
 * an {@code add}, whose difference is the rule's {@link LoweringRule#freeTemporaries()}. The table
 * bundled with the model is {@link #standard()}.
 */
public final class LoweringTable {
    /** The header of the table, first line after the comments. */
    public static final String HEADER =
            "arch,construct,temporaries,register_floor,ptxas_budgets,model_budgets,ptxas_smallest,add_smallest";
    private static final String RESOURCE = "lowering-table.csv";
    private static final LoweringTable STANDARD = load();

    private final TreeMap<Integer, ArchRules> byVersion;
    private final ConcurrentHashMap<String, ArchRules> byArch = new ConcurrentHashMap<>();

    private LoweringTable(TreeMap<Integer, ArchRules> byVersion) {
        this.byVersion = byVersion;
    }

    /** The table committed beside this class. */
    public static LoweringTable standard() {
        return STANDARD;
    }

    /**
     * The rules for {@code arch} ({@code sm_NN}): those probed on it, else those of the newest
     * probed architecture before it, else those of the oldest probed one.
     */
    public ArchRules rules(String arch) {
        // Once per architecture name: every allocation asks, and the version is parsed by a regex.
        return byArch.computeIfAbsent(arch, this::lookUp);
    }

    private ArchRules lookUp(String arch) {
        int version = version(arch);
        Map.Entry<Integer, ArchRules> e = byVersion.floorEntry(version);
        if (e == null) {
            e = byVersion.firstEntry();
        }
        if (e == null) {
            return ArchRules.EMPTY;
        }
        return e.getValue();
    }

    /** The architectures the table has rows for, oldest first. */
    public List<String> architectures() {
        return byVersion.values().stream().map(ArchRules::arch).toList();
    }

    /**
     * Reads a table.
     *
     * @param source names the table in messages
     * @throws IllegalArgumentException naming the source and line of the first malformed row
     */
    public static LoweringTable parse(Reader in, String source) throws IOException {
        BufferedReader r = new BufferedReader(in);
        TreeMap<Integer, Map<String, LoweringRule>> rows = new TreeMap<>();
        TreeMap<Integer, String> names = new TreeMap<>();
        boolean header = false;
        int lineNo = 0;
        for (String line = r.readLine(); line != null; line = r.readLine()) {
            lineNo++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (!header) {
                if (!line.equals(HEADER)) {
                    throw new IllegalArgumentException(source + ":" + lineNo + ": expected the header '" + HEADER + "'");
                }
                header = true;
                continue;
            }
            String[] f = line.split(",", -1);
            if (f.length != 8) {
                throw new IllegalArgumentException(source + ":" + lineNo + ": expected 8 fields, found " + f.length);
            }
            try {
                int version = version(f[0]);
                LoweringRule rule = LoweringRule.probed(f[1], Integer.parseInt(f[2]), Integer.parseInt(f[3]),
                        Integer.parseInt(f[6]), Integer.parseInt(f[7]));
                names.put(version, f[0]);
                if (rows.computeIfAbsent(version, v -> new HashMap<>()).put(rule.construct(), rule) != null) {
                    throw new IllegalArgumentException("construct " + rule.construct() + " appears twice for " + f[0]);
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(source + ":" + lineNo + ": " + e.getMessage(), e);
            }
        }
        TreeMap<Integer, ArchRules> byVersion = new TreeMap<>();
        rows.forEach((v, m) -> byVersion.put(v, new ArchRules(names.getOrDefault(v, "sm_" + v), m)));
        return new LoweringTable(byVersion);
    }

    private static int version(String arch) {
        if (!arch.startsWith("sm_")) {
            throw new IllegalArgumentException("'" + arch + "' is not an architecture (sm_NN)");
        }
        String digits = arch.substring(3).replaceAll("[^0-9].*$", "");
        if (digits.isEmpty()) {
            throw new IllegalArgumentException("'" + arch + "' is not an architecture (sm_NN)");
        }
        return Integer.parseInt(digits);
    }

    private static LoweringTable load() {
        try (InputStream in = LoweringTable.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the lowering table " + RESOURCE + " is missing from the classpath");
            }
            return parse(new InputStreamReader(in, StandardCharsets.UTF_8), RESOURCE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The rules of one architecture, looked up by opcode spelling. Safe for concurrent use. */
    public static final class ArchRules {
        static final ArchRules EMPTY = new ArchRules("none", Map.of());
        private static final LoweringRule NONE = new LoweringRule("", 0, 0, 0);

        private final String arch;
        private final Map<String, LoweringRule> byConstruct;
        private final ConcurrentHashMap<String, LoweringRule> bySpelling = new ConcurrentHashMap<>();

        ArchRules(String arch, Map<String, LoweringRule> byConstruct) {
            this.arch = arch;
            this.byConstruct = Map.copyOf(byConstruct);
        }

        /** The probed architecture these rules come from. */
        public String arch() {
            return arch;
        }

        /** The rule for an instruction spelled {@code opcode}, or null when it needs nothing the model lacks. */
        public @Nullable LoweringRule rule(String opcode) {
            LoweringRule r = bySpelling.get(opcode);
            if (r == null) {
                r = bySpelling.computeIfAbsent(opcode, o -> byConstruct.getOrDefault(Constructs.key(o), NONE));
            }
            return r.matters() ? r : null;
        }

        /** Every rule, by construct. */
        public Map<String, LoweringRule> rules() {
            return byConstruct;
        }
    }
}
