package dev.regtune.datasets.load;

import dev.regtune.datasets.KernelId;
import dev.regtune.datasets.PtxEntries;
import dev.regtune.datasets.synthetic.SyntheticKernel;
import dev.regtune.datasets.synthetic.SyntheticSeries;
import dev.regtune.datasets.synthetic.SyntheticSpec;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Kernels {@code 0..count-1} of a {@link SyntheticSeries}: each generated when pulled and dropped
 * after, so any count streams in the memory of one kernel. Kernel {@code i} depends only on the
 * spec, the seed and {@code i}, so every pass yields the same records.
 */
final class SyntheticSource implements KernelSource {
    private final SyntheticSeries series;
    private final int count;

    SyntheticSource(String spec, long count, long seed) {
        if (count < 0 || count > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the number of synthetic kernels must be from 0 to "
                    + Integer.MAX_VALUE + ", not " + count);
        }
        this.series = new SyntheticSeries(SyntheticSpec.parse(spec), seed);
        this.count = (int) count;
    }

    @Override
    public Stream<KernelRecord> records() {
        return IntStream.range(0, count).mapToObj(this::record);
    }

    private KernelRecord record(int index) {
        SyntheticKernel k = series.kernel(index);
        String text = k.ptxText();
        List<PtxEntries.Entry> entries = PtxEntries.scan(text);
        if (entries.size() != 1 || !entries.get(0).name().equals(k.name())) {
            throw new IllegalStateException("synthetic kernel " + k.name() + " of " + series.spec()
                    + " is not one entry of that name");
        }
        String origin = "synthetic:" + series.spec() + "@" + Long.toUnsignedString(series.seed()) + "#" + index;
        return new KernelRecord(KernelId.of(k.arch(), entries.get(0).text(text)), k.name(), origin, k.family(),
                k.arch(), new PtxText.Inline(text), null);
    }

    @Override
    public String description() {
        return count + " synthetic kernels " + series.spec() + " seed " + Long.toUnsignedString(series.seed());
    }
}
