package dev.regtune.datasets.load;

import java.util.function.LongFunction;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/** {@code count} records made from their index when pulled, nothing kept. */
final class GeneratedSource implements KernelSource {
    private final String description;
    private final long count;
    private final LongFunction<KernelRecord> generator;

    GeneratedSource(String description, long count, LongFunction<KernelRecord> generator) {
        if (count < 0) {
            throw new IllegalArgumentException("a generated source needs a count of at least 0, not " + count);
        }
        this.description = description;
        this.count = count;
        this.generator = generator;
    }

    @Override
    public Stream<KernelRecord> records() {
        return LongStream.range(0, count).mapToObj(generator);
    }

    @Override
    public String description() {
        return description;
    }
}
