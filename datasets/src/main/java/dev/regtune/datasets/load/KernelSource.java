package dev.regtune.datasets.load;

import dev.regtune.datasets.manifest.Manifest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.function.LongFunction;
import java.util.stream.Stream;

/**
 * A supply of kernels that other modules (the sweep, the fidelity harness, notebooks' exporters)
 * consume without knowing where they come from. {@link #records()} is lazy: records are produced
 * as they are pulled, from one manifest row, one PTX file or one generator index at a time, so a
 * corpus of millions of kernels never sits in memory unless the consumer collects it.
 *
 * <p>Every call of {@link #records()} starts over and yields the same records in the same order.
 * The stream may hold a file open: close it (try-with-resources) when not reading it to the end.
 * Problems met while streaming (an unreadable file, a malformed manifest row) are unchecked
 * exceptions whose message is one sentence naming the file (and line).
 */
public interface KernelSource {
    /** The records, lazily, in the source's fixed order. */
    Stream<KernelRecord> records();

    /** What the source is, for messages: "manifest datasets/corpus/manifest.csv". */
    String description();

    /** {@link #records()} as an iterator; the stream behind it closes itself once exhausted. */
    default Iterator<KernelRecord> iterator() {
        return records().iterator();
    }

    /** The kernels of a manifest, in its row order, with their ptxas figures; PTX read on demand. */
    static KernelSource manifest(Path csv) throws IOException {
        return new ManifestSource(Manifest.load(csv));
    }

    /** The kernels of a manifest already opened. */
    static KernelSource manifest(Manifest manifest) {
        return new ManifestSource(manifest);
    }

    /** The entries of every {@code *.ptx} below a folder (or of one file), walked lazily in path order. */
    static KernelSource folder(Path folder) {
        return new PtxFolderSource(folder);
    }

    /**
     * {@code count} synthetic kernels of a spec ({@code family[:key=value,...]}, e.g.
     * {@code accumulators:n=64,instructions=2000}): kernel {@code i} is
     * {@code new SyntheticSeries(spec, seed).kernel(i)}, its parameters left open by the spec drawn
     * from the seed and {@code i}. Its origin is {@code synthetic:CANONICAL-SPEC@SEED#INDEX}.
     *
     * @throws IllegalArgumentException (one sentence) for a bad spec, a count outside
     *     0..{@link Integer#MAX_VALUE}, or a target too small for the spec
     */
    static KernelSource synthetic(String spec, long count, long seed) {
        return new SyntheticSource(spec, count, seed);
    }

    /**
     * {@code count} kernels made by {@code generator} from their index 0..count-1, one when pulled.
     * The generator must be a pure function of the index for the source to be repeatable.
     */
    static KernelSource generated(String description, long count, LongFunction<KernelRecord> generator) {
        return new GeneratedSource(description, count, generator);
    }
}
