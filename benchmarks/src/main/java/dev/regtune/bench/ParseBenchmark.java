package dev.regtune.bench;

import dev.regtune.core.ptx.PtxParser;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The PTX parser over every file of a corpus, text already in memory (one operation parses each
 * file once; the bytes per operation are printed at setup, so bytes over the score is MB/s).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class ParseBenchmark {
    @Param({"corpus-real", "bundled"})
    public String corpus = "corpus-real";

    private List<BenchKernels.Source> sources = List.of();

    @Setup
    public void setUp() {
        sources = BenchKernels.sources(BenchKernels.files(corpus));
        long bytes = sources.stream().mapToLong(BenchKernels.Source::bytes).sum();
        System.out.printf(Locale.ROOT, "%n%s: %d files, %d bytes per operation%n", corpus, sources.size(), bytes);
    }

    @Benchmark
    public void parse(Blackhole bh) {
        for (BenchKernels.Source s : sources) {
            bh.consume(PtxParser.parse(s.text(), s.name()));
        }
    }
}
