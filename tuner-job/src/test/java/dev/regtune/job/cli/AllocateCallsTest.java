package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code allocate} charges an entry for what it calls (dev.regtune.core.calls): a kernel keeping 8
 * floats and a pointer across a {@code vprintf} call uses 28 registers under ptxas 13.0.88, and
 * the independent checker still accepts every function's own assignment.
 */
class AllocateCallsTest {
    private static final String PRINTF_KERNEL = """
            .version 8.8
            .target sm_90
            .address_size 64
            .extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
            .global .align 1 .b8 $str[3] = {104, 10, 0};
            .visible .entry k(.param .u64 a)
            {
              .reg .f32 %f<12>;
              .reg .b64 %rd<8>;
              .reg .b32 %r<3>;
              ld.param.u64 %rd1, [a];
              cvta.to.global.u64 %rd2, %rd1;
            """ + loads() + """
              mov.f32 %f8, 0f00000000;
              mov.u64 %rd3, $str;
              cvta.global.u64 %rd4, %rd3;
              mov.u64 %rd5, 0;
              {
              .param .b64 p0;
              st.param.b64 [p0], %rd4;
              .param .b64 p1;
              st.param.b64 [p1], %rd5;
              .param .b32 rv;
              call.uni (rv), vprintf, (p0, p1);
              ld.param.b32 %r1, [rv];
              }
            """ + sums() + """
              st.global.f32 [%rd2], %f8;
              ret;
            }
            """;

    @TempDir
    Path dir;

    private static String loads() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            sb.append("  ld.volatile.global.f32 %f").append(i).append(", [%rd2+").append(4 * i).append("];\n");
        }
        return sb.toString();
    }

    private static String sums() {
        StringBuilder sb = new StringBuilder();
        for (int i = 7; i >= 0; i--) {
            sb.append("  add.f32 %f8, %f8, %f").append(i).append(";\n");
        }
        return sb.toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"fatpoint", "briggs"})
    void aPrintfKernelReportsWhatPtxasReports(String family) throws Exception {
        Path file = dir.resolve("printf.ptx");
        Files.writeString(file, PRINTF_KERNEL);
        Cli.Run on = Cli.run("allocate", "--verify", "--format", "json", "--allocator", family, file.toString());
        Cli.Run off = Cli.run("allocate", "--verify", "--format", "json", "--allocator", family, "--knob",
                "RegTuneCallGraph=false", file.toString());
        assertEquals(0, on.exit(), on.err());
        assertEquals(0, off.exit(), off.err());
        JsonNode charged = new ObjectMapper().readTree(on.out()).get(0);
        JsonNode alone = new ObjectMapper().readTree(off.out()).get(0);
        assertEquals("k", charged.get("function").asText());
        assertEquals(28, charged.get("registers").asInt(), "ptxas 13.0.88: Used 28 registers");
        assertTrue(alone.get("registers").asInt() < 24, "alone: " + alone.get("registers"));
        Cli.Run text = Cli.run("allocate", "--verify", "--allocator", family, file.toString());
        assertEquals(0, text.exit(), text.err());
        assertEquals(1, text.out().lines().filter(l -> l.equals("regtune info  : allocation verified by the checker"))
                .count(), text.out());
    }
}
