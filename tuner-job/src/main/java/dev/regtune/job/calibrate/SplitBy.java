package dev.regtune.job.calibrate;

import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.job.fidelity.CorpusKernel;
import java.util.Locale;

/**
 * What the folds of a calibration hold out together. A kernel on its two architectures is always in
 * one fold (the same code measured twice must not train the model it tests).
 */
public enum SplitBy {
    /** Whole repositories (the bundled corpus is one, "regtune"): the honest default. */
    REPOSITORY,
    /** Kernel families: the PTX file, whatever architecture folder holds it. */
    FAMILY,
    /** Single kernels (entries); the weakest split, since siblings of a file share code. */
    KERNEL;

    /** The name as the command line spells it. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The group of a kernel of the named corpus. */
    public String group(String corpus, CorpusKernel k) {
        return switch (this) {
            case REPOSITORY -> k.repo();
            case FAMILY -> corpus + ":" + family(k.file());
            case KERNEL -> corpus + ":" + family(k.file()) + ":" + k.entry();
        };
    }

    /** The file without a leading architecture folder: "sm_90/gemm.ptx" and "sm_80/gemm.ptx" are one family. */
    static String family(String file) {
        int slash = file.indexOf('/');
        if (slash > 0 && ArchProfiles.names().contains(file.substring(0, slash))) {
            return file.substring(slash + 1);
        }
        return file;
    }

    /** The split named {@code name} (repository, family or kernel). */
    public static SplitBy named(String name) {
        for (SplitBy s : values()) {
            if (s.cliName().equals(name.strip().toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        throw new IllegalArgumentException("--split-by expects repository, family or kernel, not '" + name + "'");
    }
}
