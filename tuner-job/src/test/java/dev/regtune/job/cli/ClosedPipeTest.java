package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Output into a closed pipe ({@code regtune space sample spaces/full.json --sampler grid | head -2})
 * stops quietly: nothing on stderr, and exit status 1 (the output was not all delivered), as the
 * README's "Bad input" says. The reader here takes two lines and then fails every write, as a pipe
 * whose reader exited does.
 */
class ClosedPipeTest {

    /** A reader that takes {@code lines} lines and then goes away: every later write fails. */
    private static final class Head extends Writer {
        private final StringBuilder taken = new StringBuilder();
        private int lines;

        Head(int lines) {
            this.lines = lines;
        }

        @Override
        public void write(char[] buf, int off, int len) throws IOException {
            for (int i = off; i < off + len; i++) {
                if (lines == 0) {
                    throw new IOException("Broken pipe");
                }
                taken.append(buf[i]);
                if (buf[i] == '\n') {
                    lines--;
                }
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    private record Piped(int exit, String taken, String err) {
    }

    private static Piped pipe(int lines, String... args) {
        Head head = new Head(lines);
        StringWriter err = new StringWriter();
        CommandLine cmd = RegtuneMain.commandLine();
        cmd.setOut(new PrintWriter(head, true));
        cmd.setErr(new PrintWriter(err, true));
        int exit = cmd.execute(args);
        return new Piped(exit, head.taken.toString(), err.toString());
    }

    private static Path fullSpace() {
        Path full = Path.of("../spaces/full.json");
        Assumptions.assumeTrue(Files.isRegularFile(full), "spaces/full.json is not next to tuner-job");
        return full;
    }

    @Test
    void spaceSampleOfAHugeGridIntoAClosedPipeEndsQuietlyWithExitStatusOne() {
        Piped run = pipe(2, "space", "sample", fullSpace().toString(), "--sampler", "grid");
        assertEquals(1, run.exit(), "the output was not all delivered");
        assertEquals("", run.err(), "no stack trace, no message: the reader chose to stop");
        assertEquals(2, run.taken().lines().count(), run.taken());
        assertTrue(run.taken().startsWith("arch,maxrregcount,"), run.taken());
    }

    @Test
    void spaceSampleThatFitsThePipeExitsZero() {
        Piped run = pipe(1000, "space", "sample", fullSpace().toString(), "--sampler", "sobol", "-n", "5", "--seed", "1");
        assertEquals(0, run.exit(), run.err());
        assertEquals(6, run.taken().lines().count(), "the header and five configurations");
    }

    @Test
    void allocateIntoAClosedPipeEndsQuietlyWithExitStatusOne() {
        Path corpus = Path.of("../datasets/corpus/ptx/sm_90");
        Assumptions.assumeTrue(Files.isDirectory(corpus), "the bundled corpus is not present");
        Piped run = pipe(2, "allocate", corpus.resolve("elementwise.ptx").toString(),
                corpus.resolve("fma_chain.ptx").toString(), corpus.resolve("transpose.ptx").toString());
        assertEquals(1, run.exit(), "the output was not all delivered");
        assertEquals("", run.err());
        assertEquals(2, run.taken().lines().count(), run.taken());
    }
}
