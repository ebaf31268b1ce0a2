package dev.regtune.job.sweep;

import dev.regtune.datasets.load.KernelRecord;
import dev.regtune.datasets.load.KernelSource;
import dev.regtune.datasets.load.PtxText;
import dev.regtune.job.io.IoFailures;
import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The kernels of a sweep in the compact form that is broadcast to executors: every distinct PTX
 * module text once, and per kernel a {@link SweepKernel} pointing at its module. A kernel id that
 * occurs twice (the same entry reached twice) is kept once. A PTX file that cannot be read
 * (permission denied, gone) gives no kernel and no row: it is kept in {@link #unreadable()}, with
 * the reason, for the run record and the console, and the other files are swept; so is a folder
 * that cannot be listed ({@link PtxText.UnlistableFolder}).
 */
public final class KernelCatalog implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String fingerprint;
    private final List<SweepKernel> kernels;
    private final String[] modules;
    private final List<Unreadable> unreadable;

    private KernelCatalog(String fingerprint, List<SweepKernel> kernels, String[] modules, List<Unreadable> unreadable) {
        this.fingerprint = fingerprint;
        this.kernels = List.copyOf(kernels);
        this.modules = modules;
        this.unreadable = List.copyOf(unreadable);
    }

    /**
     * A PTX file of the kernels that could not be read, or a folder of them that could not be listed.
     *
     * @param file the file or folder, as the kernel source names it
     * @param reason why, in plain words ("permission denied")
     * @param folder whether it is a folder that could not be listed
     */
    public record Unreadable(String file, String reason, boolean folder) implements Serializable {
        private static final long serialVersionUID = 1L;

        /** "cannot read 'FILE': REASON", or "cannot list folder 'FOLDER': REASON". */
        public String sentence() {
            return (folder ? "cannot list folder '" : "cannot read '") + file + "': " + reason;
        }
    }

    /**
     * The kernels of {@code source} for an architecture.
     *
     * @param arch when present, only kernels of that architecture (and kernels that name none,
     *     which are given it); when empty, every kernel, those naming none given {@code fallbackArch}
     */
    public static KernelCatalog of(KernelSource source, Optional<String> arch, String fallbackArch) {
        List<SweepKernel> kernels = new ArrayList<>();
        Map<String, Integer> moduleIndex = new HashMap<>();
        List<String> modules = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Map<String, Unreadable> unreadable = new LinkedHashMap<>();
        Iterator<KernelRecord> it = source.iterator();
        // The entries of a file come one after another and name the same file (PtxText.OnDisk): it is
        // read once for all of them.
        PtxText lastPtx = null;
        String lastText = null;
        while (it.hasNext()) {
            KernelRecord r = it.next();
            String a = r.arch().isEmpty() ? arch.orElse(fallbackArch) : r.arch();
            if (arch.isPresent() && !arch.get().equals(a)) {
                continue;
            }
            if (!seen.add(r.id())) {
                continue;
            }
            String text;
            try {
                text = r.ptx().equals(lastPtx) ? lastText : r.ptxText();
            } catch (IOException e) {
                unreadable.putIfAbsent(r.origin(), new Unreadable(r.origin(), IoFailures.reason(e),
                        r.ptx() instanceof PtxText.UnlistableFolder));
                continue;
            }
            lastPtx = r.ptx();
            lastText = text;
            Integer m = moduleIndex.get(text);
            if (m == null) {
                m = modules.size();
                modules.add(text);
                moduleIndex.put(text, m);
            }
            kernels.add(new SweepKernel(r.id(), r.entry(), r.origin(), r.family(), a, m));
        }
        return new KernelCatalog(fingerprint(kernels), kernels, modules.toArray(String[]::new),
                List.copyOf(unreadable.values()));
    }

    /** A catalog of the given kernels and module texts, for tests and generators. */
    public static KernelCatalog of(List<SweepKernel> kernels, List<String> modules) {
        return new KernelCatalog(fingerprint(kernels), kernels, modules.toArray(String[]::new), List.of());
    }

    private static String fingerprint(List<SweepKernel> kernels) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (SweepKernel k : kernels) {
                md.update((k.id() + '\n').getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(md.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A hash of the kernel ids in order: the same kernels give the same fingerprint. */
    public String fingerprint() {
        return fingerprint;
    }

    public List<SweepKernel> kernels() {
        return kernels;
    }

    /** The PTX files that could not be read, in the order met; they have no kernels here. */
    public List<Unreadable> unreadable() {
        return unreadable;
    }

    public int size() {
        return kernels.size();
    }

    public SweepKernel kernel(int i) {
        return kernels.get(i);
    }

    public int modules() {
        return modules.length;
    }

    public String module(int i) {
        return modules[i];
    }
}
