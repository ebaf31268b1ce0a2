package dev.regtune.job.sweep;

import dev.regtune.datasets.load.KernelRecord;
import dev.regtune.datasets.load.KernelSource;
import dev.regtune.datasets.manifest.Manifest;
import dev.regtune.datasets.manifest.ManifestRow;
import dev.regtune.job.storage.Location;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Kernels named by a Hadoop URI ({@code hdfs://nn/corpus/manifest.csv}, a PTX folder or file on
 * HDFS or an object store). The driver reads them once to build the {@link KernelCatalog} it
 * broadcasts, so they are copied once into a local scratch folder and then read exactly as local
 * kernels are ({@link KernelSource#manifest}, {@link PtxFolderKernels}): the same records, the same
 * kernel ids, the same handling of unreadable files. Only the origin (the {@code source} column) is
 * the URI the file has on its file system, not the scratch copy's path.
 *
 * <p>A manifest is copied with the PTX files its rows name, each found as the local manifest finds
 * it: in the nearest folder above the manifest that holds it. A row whose file is nowhere is not
 * copied, and is reported as unreadable as it would be locally.
 */
public final class RemoteKernels implements KernelSource {
    private final KernelSource local;
    private final @Nullable String localPrefix;
    private final String remotePrefix;
    private final String description;

    private RemoteKernels(KernelSource local, @Nullable String localPrefix, String remotePrefix, String description) {
        this.local = local;
        this.localPrefix = localPrefix;
        this.remotePrefix = remotePrefix;
        this.description = description;
    }

    /** The kernels at {@code where}, copied into a local scratch folder deleted when the JVM exits. */
    public static KernelSource of(Location where) throws IOException {
        return of(where, scratchFolder());
    }

    /** The kernels at {@code where}, copied below {@code scratch}, an empty local folder. */
    static KernelSource of(Location where, Path scratch) throws IOException {
        if (where.isFile() && where.name().endsWith(".csv")) {
            return manifest(where, scratch);
        }
        // keep the file's folder name (or the folder's own): it may name the architecture (sm_90/)
        String folderName = where.isFile() ? where.parent().map(Location::name).filter(n -> !n.isEmpty()).orElse("ptx")
                : "";
        Path copy = scratch.resolve("k").resolve(folderName).resolve(where.name().isEmpty() ? "root" : where.name());
        where.copyToLocal(copy);
        return new RemoteKernels(PtxFolderKernels.of(copy), copy.toString(), where.toString(), "PTX folder " + where);
    }

    private static KernelSource manifest(Location csv, Path scratch) throws IOException {
        Path localCsv = scratch.resolve(csv.name());
        csv.copyToLocal(localCsv);
        Manifest manifest = Manifest.load(localCsv);
        Optional<Location> base = Optional.empty();
        Set<String> copied = new HashSet<>();
        try (Stream<ManifestRow> rows = manifest.rows()) {
            Iterator<ManifestRow> it = rows.iterator();
            while (it.hasNext()) {
                String file = it.next().file();
                Path target = scratch.resolve(file).normalize();
                if (!copied.add(file) || !target.startsWith(scratch)) {
                    continue; // a path leaving the manifest's folder cannot be mirrored: it stays unreadable
                }
                if (base.isEmpty() || !base.get().resolve(file).exists()) {
                    base = folderHolding(csv, file);
                }
                if (base.isPresent()) {
                    base.get().resolve(file).copyToLocal(target);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return new RemoteKernels(KernelSource.manifest(manifest), null, "", "manifest " + csv);
    }

    /** The nearest folder above {@code csv} in which {@code file} exists, as {@link Manifest#resolve} looks. */
    private static Optional<Location> folderHolding(Location csv, String file) {
        for (Optional<Location> p = csv.parent(); p.isPresent(); p = p.get().parent()) {
            if (p.get().resolve(file).exists()) {
                return p;
            }
        }
        return Optional.empty();
    }

    @Override
    public Stream<KernelRecord> records() {
        if (localPrefix == null) {
            return local.records();
        }
        return local.records().map(r -> r.origin().startsWith(localPrefix)
                ? new KernelRecord(r.id(), r.entry(), remotePrefix + r.origin().substring(localPrefix.length()),
                        r.family(), r.arch(), r.ptx(), r.manifestRow())
                : r);
    }

    @Override
    public String description() {
        return description;
    }

    /** Makes a scratch folder that is deleted when the JVM exits. */
    private static Path scratchFolder() throws IOException {
        Path dir = Files.createTempDirectory("regtune-kernels-");
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                Location.local(dir).deleteRecursively();
            } catch (IOException e) {
                // a temporary folder left behind
            }
        }, "regtune-kernels-scratch"));
        return dir;
    }
}
