package dev.regtune.job.select;

import dev.regtune.space.Configuration;
import dev.regtune.space.profile.Scores;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A selection as {@code regtune export} reads it back from the selection file: what a profile
 * needs, and nothing that would need the result table.
 *
 * @param objective the objective's text
 * @param archs the architectures of the selection's kernels, sorted
 * @param results the results folder the selection was made from
 * @param runIds the runs read
 * @param modelVersion the model versions read, as one line
 * @param modelVersions the model versions read, one per allocator family (older selection files: the one line)
 * @param global the robust global configuration, when there was one
 * @param kernels every kernel, with its best configuration when it has one, in {@code kernel_id} order
 * @param globalByArch the global configuration of each architecture, when the selection chose per
 *     architecture (several architectures); empty otherwise
 */
public record SavedSelection(String objective, List<String> archs, String results, List<String> runIds,
        String modelVersion, List<String> modelVersions, Optional<Choice> global, List<Kernel> kernels,
        Map<String, Choice> globalByArch) {
    public SavedSelection {
        globalByArch = Collections.unmodifiableMap(new TreeMap<>(globalByArch));
        archs = List.copyOf(archs);
        runIds = List.copyOf(runIds);
        modelVersions = List.copyOf(modelVersions);
        kernels = List.copyOf(kernels);
    }

    /**
     * A chosen configuration with its scores, as a profile takes them.
     *
     * @param configId the configuration's id
     * @param configuration its values
     * @param train scores on the training kernels (for one kernel's best: on that kernel)
     * @param test scores on the test kernels ({@link Scores#NONE} for one kernel's best)
     */
    public record Choice(String configId, Configuration configuration, Scores train, Scores test) {
    }

    /**
     * One kernel of the selection.
     *
     * @param kernelId its id
     * @param kernelName its entry name
     * @param arch its architecture
     * @param source its PTX file or generator
     * @param best its best configuration; empty when no evaluation of it was OK
     */
    public record Kernel(String kernelId, String kernelName, String arch, String source, Optional<Choice> best) {
    }
}
