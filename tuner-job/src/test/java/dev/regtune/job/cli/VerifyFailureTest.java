package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.explain.AllocationListener;
import dev.regtune.core.pipeline.Pipeline;
import dev.regtune.core.alloc.Assignment;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.Knobs;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code --verify} against an allocator that puts every register value in slot 0. */
class VerifyFailureTest {
    @TempDir
    Path dir;

    /** The fat-point result with every non-spilled value moved to slot 0: overlapping values now collide. */
    static final class CollapsingAllocator implements RegisterAllocator {
        @Override
        public String name() {
            return "collapsing";
        }

        @Override
        public Pipeline<?> pipeline() {
            return Allocators.fatPoint().pipeline();
        }

        @Override
        public AllocationResult allocate(KernelFunction fn, Knobs knobs, ArchProfile arch, int maxRegisters,
                AllocationListener listener) {
            AllocationResult r = Allocators.fatPoint().allocate(fn, knobs, arch, maxRegisters);
            Assignment a = r.assignment();
            int n = a.vregCount();
            int[] cls = new int[n];
            int[] slot = new int[n];
            byte[] space = new byte[n];
            int[] offset = new int[n];
            for (int v = 0; v < n; v++) {
                cls[v] = a.classOf(v);
                slot[v] = a.slotOf(v) >= 0 ? 0 : -1;
                space[v] = (byte) a.spillSpace(v).ordinal();
                offset[v] = a.spillOffset(v);
            }
            int[] operandSlot = new int[a.operandCount()];
            for (int op = 0; op < operandSlot.length; op++) {
                operandSlot[op] = a.operandSlot(op);
            }
            int[] budget = new int[7];
            for (int c = 1; c < 7; c++) {
                budget[c] = a.classBudget(c);
            }
            Assignment broken = new Assignment(cls, slot, space, offset, operandSlot, budget);
            return r.withAssignment(broken);
        }
    }

    private Cli.Run run(String... args) {
        CommandLine cmd = new CommandLine(new RegtuneMain());
        AllocateCommand allocate = cmd.getSubcommands().get("allocate").getCommand();
        allocate.allocatorByName = name -> new CollapsingAllocator();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        int exit = cmd.execute(args);
        return new Cli.Run(exit, out.toString(), err.toString());
    }

    @Test
    void anInvalidAllocationIsAFailureOfTheWork() throws Exception {
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run json = run("allocate", "--verify", "--format", "json", tiny.toString());

        assertEquals(1, json.exit(), json.err());
        assertTrue(json.err().contains("violation"), json.err());
        JsonNode axpy = new ObjectMapper().readTree(json.out()).get(1);
        assertEquals("axpy", axpy.get("function").asText());
        assertTrue(axpy.get("message").asText().startsWith("The allocation of axpy has"), axpy.toString());

        Cli.Run text = run("allocate", "--verify", tiny.toString());
        assertEquals(1, text.exit());
        assertTrue(text.out().contains("regtune error : The allocation of axpy has"), text.out());
    }

    @Test
    void withoutVerifyNothingIsChecked() {
        Path tiny = Cli.resource("tiny.ptx", dir);
        assertEquals(0, run("allocate", tiny.toString()).exit());
    }
}
