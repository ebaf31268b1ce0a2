package dev.regtune.core.ptx;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import dev.regtune.core.ir.PtxModule;

/**
 * A rough throughput figure for the front end, printed, never asserted (machines differ; the
 * target is at least 20 MB/s). The workload is what a sweep does: many whole PTX files, each
 * parsed into IR from scratch, including module-level work and function builds.
 */
class PtxParserSpeedTest {

    @Test
    void printsParseThroughput() throws IOException {
        List<String> texts = new ArrayList<>();
        for (String name : RealPtxTest.RESOURCES) {
            texts.add(PtxTestSupport.resource(name));
        }
        Path corpus = RealPtxTest.corpusDir();
        if (corpus != null) {
            try (Stream<Path> s = Files.walk(corpus)) {
                for (Path p : s.filter(p -> p.toString().endsWith(".ptx")).sorted().toList()) {
                    texts.add(Files.readString(p));
                }
            }
        }
        texts.add(syntheticLargeKernel(20_000));
        long bytesPerRound = 0;
        for (String t : texts) {
            bytesPerRound += t.length();
        }
        // Warm up the JIT, then measure for about two seconds.
        long instrs = 0;
        long deadline = System.nanoTime() + 1_500_000_000L;
        while (System.nanoTime() < deadline) {
            instrs += parseAll(texts);
        }
        long rounds = 0;
        long start = System.nanoTime();
        do {
            instrs += parseAll(texts);
            rounds++;
        } while (System.nanoTime() - start < 2_000_000_000L);
        double seconds = (System.nanoTime() - start) / 1e9;
        double mb = bytesPerRound * rounds / 1e6;
        System.out.printf("PTX front end: %.1f MB/s (%d files, %.2f MB per round, %d rounds in %.2f s)%n",
                mb / seconds, texts.size(), bytesPerRound / 1e6, rounds, seconds);
        assertTrue(instrs > 0);
    }

    private static long parseAll(List<String> texts) {
        long n = 0;
        for (String t : texts) {
            PtxModule m = PtxParser.parse(t, "speed.ptx");
            n += m.functions().size();
        }
        return n;
    }

    /** One straight-line kernel of {@code n} typical instructions (a few MB), as unrolled loops produce. */
    static String syntheticLargeKernel(int n) {
        StringBuilder sb = new StringBuilder(n * 40);
        sb.append(".version 9.0\n.target sm_90\n.address_size 64\n\n.visible .entry big(\n\t.param .u64 big_param_0\n)\n{\n");
        sb.append("\t.reg .pred \t%p<").append(n + 1).append(">;\n\t.reg .f32 \t%f<").append(n + 1).append(">;\n");
        sb.append("\t.reg .b32 \t%r<").append(n + 1).append(">;\n\t.reg .b64 \t%rd<").append(n + 1).append(">;\n\n");
        sb.append("\tld.param.u64 \t%rd1, [big_param_0];\n\tcvta.to.global.u64 \t%rd2, %rd1;\n");
        sb.append("\tmov.u32 \t%r1, %tid.x;\n\tmov.f32 \t%f1, 0f3F800000;\n");
        for (int i = 2; i < n; i++) {
            switch (i % 6) {
                case 0 -> sb.append("\tld.global.nc.f32 \t%f").append(i).append(", [%rd2+").append(4 * (i % 1000)).append("];\n");
                case 1 -> sb.append("\tfma.rn.f32 \t%f").append(i).append(", %f").append(i - 1).append(", %f").append(i - 2)
                        .append(", %f").append(i / 2).append(";\n");
                case 2 -> sb.append("\tadd.s32 \t%r").append(i).append(", %r").append(i / 2).append(", ").append(i).append(";\n");
                case 3 -> sb.append("\tsetp.lt.s32 \t%p").append(i).append(", %r").append(i - 1).append(", %r1;\n");
                case 4 -> sb.append("\t@%p").append(i - 1).append(" mov.f32 \t%f").append(i).append(", %f").append(i - 3)
                        .append(";\n");
                default -> sb.append("\tst.global.f32 \t[%rd2+").append(4 * (i % 1000)).append("], %f").append(i - 1)
                        .append(";\n");
            }
        }
        sb.append("\tret;\n\n}\n");
        return sb.toString();
    }
}
