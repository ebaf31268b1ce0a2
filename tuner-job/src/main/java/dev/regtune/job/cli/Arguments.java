package dev.regtune.job.cli;

import dev.regtune.job.io.IoFailures;
import dev.regtune.datasets.BundledCorpus;
import dev.regtune.datasets.PtxFileWalk;
import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.allocate.AllocatorFamily;
import dev.regtune.job.storage.Location;
import dev.regtune.job.storage.UnsupportedLocationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Checks and converts the arguments commands share, turning every problem into a
 * {@link UsageException} before any work starts.
 */
final class Arguments {
    /** The corpus folder {@code bench} and {@code fidelity} fall back to, relative to the repository root. */
    static final String CORPUS_PTX = BundledCorpus.PTX;
    /** The architectures of repeated {@code --arch} options, each once, oldest first. */
    static List<ArchProfile> archProfiles(List<String> archs) {
        LinkedHashSet<ArchProfile> set = new LinkedHashSet<>();
        for (String a : archs) {
            set.add(arch(a));
        }
        List<ArchProfile> sorted = new ArrayList<>(set);
        sorted.sort(java.util.Comparator.comparing(ArchProfile::smVersion));
        return sorted;
    }

    /** The budgets of repeated {@code --budgets} values, each checked and kept once; at least one. */
    static List<Integer> budgets(List<Integer> budgets) {
        List<Integer> list = new ArrayList<>();
        for (int b : budgets) {
            maxRegisters(b, "each of --budgets");
            if (!list.contains(b)) {
                list.add(b);
            }
        }
        if (list.isEmpty()) {
            throw new UsageException("--budgets needs at least one budget");
        }
        return list;
    }

    /** System property (set by bin/regtune) naming the repository root, for the corpus defaults. */
    static final String HOME_PROPERTY = BundledCorpus.HOME_PROPERTY;

    private Arguments() {
    }

    static ArchProfile arch(String name) {
        try {
            return ArchProfiles.of(name.strip());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    static RegisterAllocator allocator(String name) {
        try {
            return Allocators.byName(name);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** The names of every allocator family RegTune has, in {@link Allocators#all()}'s order. */
    static List<String> familyNames() {
        return Allocators.all().stream().map(RegisterAllocator::name).toList();
    }

    /**
     * Whether one of the {@code --knob} assignments sets {@code knob}, whatever value it gives, or a
     * {@code --profile} is given (which sets every knob).
     * Call it after {@link KnobOptions#knobs()}, which has rejected the malformed ones.
     */
    static boolean assigns(KnobOptions options, KnobDef knob) {
        if (options.profile.given()) {
            return true; // a profile is one whole configuration: it sets every knob, the allocator too
        }
        for (String assignment : options.assignments) {
            int eq = assignment.indexOf('=');
            if (eq > 0) {
                try {
                    if (KnobCatalogue.require(assignment.substring(0, eq)).equals(knob)) {
                        return true;
                    }
                } catch (IllegalArgumentException e) {
                    // not a knob: KnobOptions has reported it already
                }
            }
        }
        return false;
    }

    /**
     * The allocator families a command runs, by name, from its {@code --allocator} option and the
     * {@code allocator} knob. {@code --allocator NAME} and {@code --knob allocator=NAME} are the same
     * request, so giving both is fine when they agree and a usage error when they do not.
     *
     * @param option the names given to {@code --allocator}, empty when it was not given
     * @param all every family, which "all" stands for; null for a command that runs one family
     * @param knobs the knobs of {@code --knob}
     * @param knobGiven whether {@code --knob} set the allocator knob
     * @param byDefault the names to run when neither option chooses
     * @return the names, each a value of the allocator knob, without repeats, in the order given
     */
    static List<String> allocatorNames(List<String> option, @Nullable List<String> all, Knobs knobs, boolean knobGiven,
            List<String> byDefault) {
        KnobDef knob = KnobCatalogue.ALLOCATOR;
        String knobValue = knob.format(knobs.get(knob));
        if (option.isEmpty()) {
            return knobGiven ? List.of(knobValue) : byDefault;
        }
        LinkedHashSet<String> names = new LinkedHashSet<>();
        for (String given : option) {
            String name = given.strip();
            if (all != null && name.toLowerCase(Locale.ROOT).equals("all")) {
                names.addAll(all);
                continue;
            }
            int choice = knob.choiceIndex(name);
            if (choice < 0) {
                throw new UsageException("--allocator expects " + (all != null ? "'all' or " : "")
                        + knob.rangeText() + ", not '" + given + "'");
            }
            names.add(knob.choices().get(choice));
        }
        if (knobGiven && !List.copyOf(names).equals(List.of(knobValue))) {
            throw new UsageException("--allocator " + String.join(",", option) + " contradicts --knob " + knob.name()
                    + "=" + knobValue + "; give only one of them");
        }
        return List.copyOf(names);
    }

    /**
     * The family {@code name} run with {@code knobs} (its allocator knob set to {@code name}).
     *
     * @param byName resolves a name to its allocator; a name RegTune has no allocator for is a usage error
     */
    static AllocatorFamily family(String name, Knobs knobs, Function<String, RegisterAllocator> byName) {
        KnobDef knob = KnobCatalogue.ALLOCATOR;
        Knobs named = knobs.with(knob, knob.choiceIndex(name));
        return new AllocatorFamily(knob.format(named.get(knob)), byName.apply(name), named);
    }

    static int maxRegisters(int n, String option) {
        if (n < 0 || n > 255) {
            throw new UsageException(option + " must be between 0 (no limit) and 255, not " + n);
        }
        return n;
    }

    /**
     * The file or folder an option names: a plain path, or a URI that Hadoop's FileSystem resolves
     * ({@code file:}, {@code hdfs:}, {@code s3a:}...); a usage error naming the option otherwise.
     */
    static Location location(String text, String option) {
        return location(text, option, new org.apache.hadoop.conf.Configuration());
    }

    /** {@link #location(String, String)} with a Hadoop configuration ({@code --conf spark.hadoop.*}). */
    static Location location(String text, String option, org.apache.hadoop.conf.Configuration hadoop) {
        try {
            return Location.of(text, hadoop);
        } catch (UnsupportedLocationException e) {
            throw new UsageException(option + " " + e.getMessage());
        }
    }

    /** {@link #readableFile(Path, String)} for a {@link Location}, with the same sentences. */
    static Location readableFile(Location p, String what) {
        if (p.localPath().isPresent()) {
            readableFile(p.localPath().get(), what);
            return p;
        }
        try {
            if (!p.exists()) {
                throw new UsageException(what + " '" + p + "' does not exist");
            }
            if (!p.isFile()) {
                throw new UsageException(what + " '" + p + "' is not a regular file");
            }
        } catch (UncheckedIOException e) {
            throw new UsageException("cannot read " + what + " '" + p + "': " + IoFailures.reason(e));
        }
        return p;
    }

    /**
     * The folder an output file goes into must exist: a usage error naming {@code what} otherwise
     * ("the folder of the report 'x' does not exist").
     */
    static void parentExists(Location file, String what) {
        Optional<Location> parent = file.absolute().parent();
        boolean exists;
        try {
            exists = parent.isPresent() && parent.get().isDirectory();
        } catch (UncheckedIOException e) {
            exists = false;
        }
        if (!exists) {
            throw new UsageException("the folder of " + what + " '" + file + "' does not exist");
        }
    }

    /** A regular, readable file, or a usage error naming what is wrong with it. */
    static Path readableFile(Path p, String what) {
        if (!Files.exists(p)) {
            throw new UsageException(what + " '" + p + "' does not exist");
        }
        if (!Files.isRegularFile(p)) {
            throw new UsageException(what + " '" + p + "' is not a regular file");
        }
        if (!Files.isReadable(p)) {
            throw new UsageException(what + " '" + p + "' is not readable");
        }
        return p;
    }

    /**
     * Expands files and folders into PTX files: a file is taken as given (it must exist and be
     * readable); a folder contributes every {@code *.ptx} below it, in {@link PtxFileWalk} order. A
     * sub-folder that cannot be listed (permission denied, not a directory) is given in its place as
     * {@link PtxFileWalk.Unlistable} (see {@link #sentence}), so that the command names it and goes
     * on with the other files.
     */
    static List<PtxFileWalk.Entry> ptxEntries(List<Path> args) {
        List<PtxFileWalk.Entry> entries = new ArrayList<>();
        for (Path p : args) {
            if (Files.isDirectory(p)) {
                List<PtxFileWalk.Entry> below = ptxEntriesBelow(p);
                if (below.isEmpty()) {
                    throw new UsageException("folder '" + p + "' contains no .ptx file");
                }
                entries.addAll(below);
            } else {
                entries.add(new PtxFileWalk.PtxFile(readableFile(p, "file")));
            }
        }
        return entries;
    }

    /** {@link #ptxEntries}'s PTX files; each folder that cannot be listed is passed to {@code unlistable}. */
    static List<Path> ptxFiles(List<Path> args, Consumer<PtxFileWalk.Unlistable> unlistable) {
        return files(ptxEntries(args), unlistable);
    }

    /** Every {@code *.ptx} file below {@code folder}; each sub-folder that cannot be listed is passed to {@code unlistable}. */
    static List<Path> ptxBelow(Path folder, Consumer<PtxFileWalk.Unlistable> unlistable) {
        return files(ptxEntriesBelow(folder), unlistable);
    }

    /** "cannot list folder 'F': permission denied". */
    static String sentence(PtxFileWalk.Unlistable u) {
        return IoFailures.sentence("list folder", u.path(), u.failure());
    }

    private static List<Path> files(List<PtxFileWalk.Entry> entries, Consumer<PtxFileWalk.Unlistable> unlistable) {
        List<Path> files = new ArrayList<>();
        for (PtxFileWalk.Entry e : entries) {
            if (e instanceof PtxFileWalk.Unlistable u) {
                unlistable.accept(u);
            } else {
                files.add(e.path());
            }
        }
        return files;
    }

    private static List<PtxFileWalk.Entry> ptxEntriesBelow(Path folder) {
        if (!Files.isReadable(folder)) {
            throw new UsageException("folder '" + folder + "' is not readable");
        }
        try (Stream<PtxFileWalk.Entry> walk = PtxFileWalk.entries(folder)) {
            return walk.toList();
        } catch (UncheckedIOException e) {
            IOException cause = e.getCause();
            throw new UncheckedIOException("cannot list folder '" + folder + "': " + IoFailures.reason(e),
                    cause != null ? cause : new IOException(e.getMessage()));
        }
    }

    /** The bundled corpus folder of one architecture (or the PTX root for ""), from the datasets module. */
    static Optional<Path> corpusFolder(String arch) {
        return BundledCorpus.ptxFolder(arch);
    }
}
