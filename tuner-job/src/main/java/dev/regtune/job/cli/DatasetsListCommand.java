package dev.regtune.job.cli;

import dev.regtune.datasets.BundledCorpus;
import dev.regtune.datasets.manifest.Manifest;
import dev.regtune.datasets.manifest.ManifestRow;
import dev.regtune.datasets.synthetic.KernelFamily;
import dev.regtune.datasets.synthetic.SyntheticFamilies;
import dev.regtune.job.report.TextTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code regtune datasets list}: the synthetic kernel families and the corpus entries of a manifest. */
@Command(name = "list",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "List what there is to sweep: the synthetic kernel families (name, description), then every corpus "
                    + "entry of the manifest (id, entry, arch, family, PTX instructions, ptxas registers without a "
                    + "budget) and the counts: entries per architecture and per family.",
            "CSV has the columns kind,name,id,arch,family,ptx_instructions,regs_none,count,description; kind is "
                    + "synthetic (name, description), entry (name = entry, id, arch, family, ptx_instructions, "
                    + "regs_none), arch or family (name, count = entries)."
        })
public final class DatasetsListCommand extends RegtuneCommand {


    /** Output formats of {@code datasets list}. */
    enum Format { text, csv }

    /** The CSV columns. */
    static final String[] CSV_COLUMNS = {"kind", "name", "id", "arch", "family", "ptx_instructions", "regs_none",
        "count", "description"};

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--manifest", paramLabel = "FILE",
            description = "The manifest to list (default: " + BundledCorpus.MANIFEST
                    + " in the current directory or the RegTune checkout).")
    Path manifestFile;

    @Override
    protected int run() throws IOException {
        Manifest manifest = manifest();
        // A first pass reads every row, so that a malformed manifest is reported before anything is printed;
        // both passes stream, so the manifest is never held in memory.
        try (Stream<ManifestRow> rows = manifest.rows()) {
            rows.forEach(r -> { });
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Counts counts = new Counts();
        try (Stream<ManifestRow> rows = manifest.rows()) {
            Iterator<ManifestRow> it = rows.iterator();
            if (format == Format.csv) {
                writeCsv(it, counts);
            } else {
                writeText(manifest, it, counts);
            }
        }
        out().flush();
        return 0;
    }

    private Manifest manifest() throws IOException {
        Path file = manifestFile;
        if (file == null) {
            file = BundledCorpus.manifest().orElseThrow(() -> new UsageException("the bundled manifest "
                    + BundledCorpus.MANIFEST + " was not found; name one with --manifest"));
        }
        Arguments.readableFile(file, "manifest");
        try {
            return Manifest.load(file);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private void writeText(Manifest manifest, Iterator<ManifestRow> rows, Counts counts) {
        PrintWriter out = out();
        out.println("synthetic families (regtune datasets generate, KernelSource.synthetic)");
        TextTable families = new TextTable("name", "description");
        for (KernelFamily f : SyntheticFamilies.all()) {
            families.add(f.name(), f.description());
        }
        families.print(out);
        out.println();
        out.println("corpus entries (" + manifest.path() + ")");
        out.println(line("id", "entry", "arch", "family", "instructions", "regs"));
        while (rows.hasNext()) {
            ManifestRow r = rows.next();
            counts.add(r);
            out.println(line(r.id(), r.entry(), r.arch(), r.family(), Integer.toString(r.ptxInstructions()),
                    regs(r)));
        }
        out.println();
        out.printf("%d entries: %s%n", counts.entries, counts.perArch.entrySet().stream()
                .map(e -> e.getValue() + " on " + e.getKey()).collect(Collectors.joining(", ")));
        out.printf("%d families: %s%n", counts.perFamily.size(), counts.perFamily.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")));
        if (!counts.versions.isEmpty()) {
            out.println("measured with ptxas " + String.join(", ", counts.versions));
        }
    }

    /** Fixed widths, so that rows stream out without first reading them all. */
    private static String line(String id, String entry, String arch, String family, String instructions,
            String regs) {
        return (pad(id, 16) + "  " + pad(entry, 28) + "  " + pad(arch, 6) + "  " + pad(family, 18) + "  "
                + left(instructions, 12) + "  " + left(regs, 4)).stripTrailing();
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    private static String left(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }

    private void writeCsv(Iterator<ManifestRow> rows, Counts counts) throws IOException {
        CSVFormat csvFormat = CSVFormat.DEFAULT.builder().setHeader(CSV_COLUMNS).setRecordSeparator("\n").build();
        CSVPrinter csv = new CSVPrinter(out(), csvFormat);
        for (KernelFamily f : SyntheticFamilies.all()) {
            csv.printRecord("synthetic", f.name(), "", "", "", "", "", "", f.description());
        }
        while (rows.hasNext()) {
            ManifestRow r = rows.next();
            counts.add(r);
            csv.printRecord("entry", r.entry(), r.id(), r.arch(), r.family(), r.ptxInstructions(), regs(r), "", "");
        }
        for (Map.Entry<String, Integer> e : counts.perArch.entrySet()) {
            csv.printRecord("arch", e.getKey(), "", "", "", "", "", e.getValue(), "");
        }
        for (Map.Entry<String, Integer> e : counts.perFamily.entrySet()) {
            csv.printRecord("family", e.getKey(), "", "", "", "", "", e.getValue(), "");
        }
        csv.flush();
    }

    private static String regs(ManifestRow r) {
        OptionalInt regs = r.registersAtNoLimit();
        return regs.isPresent() ? Integer.toString(regs.getAsInt()) : "";
    }

    /** What is counted while the rows stream past: small, whatever the size of the corpus. */
    private static final class Counts {
        int entries;
        final Map<String, Integer> perArch = new TreeMap<>();
        final Map<String, Integer> perFamily = new TreeMap<>();
        final TreeSet<String> versions = new TreeSet<>();

        void add(ManifestRow r) {
            entries++;
            perArch.merge(r.arch(), 1, Integer::sum);
            perFamily.merge(r.family(), 1, Integer::sum);
            if (!r.ptxasVersion().isBlank()) {
                versions.add(r.ptxasVersion());
            }
        }
    }
}
