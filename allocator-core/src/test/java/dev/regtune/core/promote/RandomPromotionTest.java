package dev.regtune.core.promote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.check.CheckReport;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.core.testing.Ptxas;

/**
 * Random kernels whose {@code .local} array is only ever accessed at constant offsets (scalar,
 * {@code .v2}/{@code .v4}, guarded, immediates stored, through the symbol or through address
 * registers, across forward branches): promotion removes every local access and the stack frame,
 * and the allocation of the rewritten code passes the checker, with both families. Where ptxas is
 * installed, it agrees that such kernels need no stack frame.
 */
class RandomPromotionTest {
    private static final int KERNELS = 60;

    @Test
    void constantIndexedArraysAlwaysPromoteAndCheck() {
        List<String> problems = new ArrayList<>();
        for (int seed = 0; seed < KERNELS; seed++) {
            String ptx = kernel(new Random(seed));
            KernelFunction k = PtxParser.parse(ptx, "random" + seed + ".ptx").entries().get(0);
            for (RegisterAllocator allocator : Allocators.all()) {
                AllocationResult r = allocator.allocate(k, Knobs.defaults(), ArchProfiles.of("sm_90"), 0);
                if (r.status() != AllocationStatus.OK) {
                    problems.add(seed + " " + allocator.name() + ": " + r.message());
                    continue;
                }
                CheckReport report = AllocationChecker.check(r.allocatedFunction(), r.assignment());
                if (!report.ok()) {
                    problems.add(seed + " " + allocator.name() + ": " + report);
                }
                KernelFunction done = r.allocatedFunction();
                for (int i = 0; i < done.instrCount(); i++) {
                    if (done.instrKind(i) == InstrKind.LOAD_LOCAL || done.instrKind(i) == InstrKind.STORE_LOCAL) {
                        problems.add(seed + " " + allocator.name() + ": " + done.opcode(i) + " left");
                    }
                }
                if (r.spills().stackFrameBytes() != 0) {
                    problems.add(seed + " " + allocator.name() + ": stack frame " + r.spills().stackFrameBytes());
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void ptxasKeepsThemInRegistersToo(@TempDir Path dir) throws Exception {
        Ptxas ptxas = Ptxas.find();
        assumeTrue(ptxas != null, "ptxas is not installed; skipping the check of random kernels against it");
        List<String> problems = new ArrayList<>();
        for (int seed = 0; seed < 12; seed++) {
            Path file = dir.resolve("random" + seed + ".ptx");
            Files.writeString(file, kernel(new Random(seed)));
            Ptxas.Run run = ptxas.run(file, "sm_90", 0);
            Ptxas.EntryReport e = run.entries().get("k");
            if (!run.accepted() || e == null || e.stackFrameBytes() != 0) {
                problems.add(seed + ": " + (run.accepted() ? e : run.output()));
            }
        }
        assertEquals(List.of(), problems);
    }

    /** One kernel: a 64-byte array, 24 statements drawn from the forms above, then every register stored. */
    static String kernel(Random rnd) {
        StringBuilder b = new StringBuilder(".version 8.0\n.target sm_80\n.address_size 64\n");
        b.append(".visible .entry k(.param .u64 pa)\n{\n\t.local .align 16 .b8 arr[64];\n");
        b.append("\t.reg .pred %p<3>;\n\t.reg .b32 %r<16>;\n\t.reg .b64 %rd<8>;\n");
        b.append("\tld.param.u64 %rd1, [pa];\n\tcvta.to.global.u64 %rd2, %rd1;\n\tmov.u32 %r0, %tid.x;\n");
        b.append("\tmul.wide.u32 %rd3, %r0, 64;\n\tadd.s64 %rd2, %rd2, %rd3;\n");
        b.append("\tmov.u64 %rd4, arr;\n\tadd.u64 %rd5, %rd4, 32;\n");
        for (int r = 1; r < 16; r++) {
            b.append("\tld.global.u32 %r").append(r).append(", [%rd2+").append(4 * r).append("];\n");
        }
        b.append("\tsetp.lt.u32 %p1, %r1, %r2;\n");
        int labels = 0;
        List<Integer> open = new ArrayList<>();
        for (int s = 0; s < 24; s++) {
            String guard = rnd.nextInt(5) == 0 ? "@%p1 " : "";
            int form = rnd.nextInt(8);
            String base = rnd.nextBoolean() ? "arr+" : "%rd4+";
            int word = rnd.nextInt(16);
            switch (form) {
                case 0 -> b.append('\t').append(guard).append("st.local.u32 [").append(addr(base, word)).append("], ")
                        .append(reg(rnd)).append(";\n");
                case 1 -> b.append('\t').append(guard).append("ld.local.u32 ").append(reg(rnd)).append(", [")
                        .append(addr(base, word)).append("];\n");
                case 2 -> b.append('\t').append(guard).append("st.local.v2.u32 [").append(addr(base, word & ~1))
                        .append("], {").append(reg(rnd)).append(", ").append(rnd.nextBoolean() ? reg(rnd) : "7")
                        .append("};\n");
                case 3 -> b.append('\t').append(guard).append("ld.local.v4.u32 {").append(reg(rnd)).append(", _, ")
                        .append(reg(rnd)).append(", ").append(reg(rnd)).append("}, [").append(addr(base, word & ~3))
                        .append("];\n");
                case 4 -> b.append("\tld.local.u32 ").append(reg(rnd)).append(", [%rd5+").append(4 * (word & 7))
                        .append("];\n");
                case 5 -> b.append("\tadd.s32 ").append(reg(rnd)).append(", ").append(reg(rnd)).append(", ")
                        .append(reg(rnd)).append(";\n");
                case 6 -> {
                    int l = labels++;
                    open.add(l);
                    b.append("\t@%p1 bra $L").append(l).append(";\n");
                }
                default -> {
                    if (!open.isEmpty()) {
                        b.append("$L").append(open.remove(open.size() - 1)).append(":\n");
                    }
                }
            }
        }
        for (int l : open) {
            b.append("$L").append(l).append(":\n");
        }
        for (int r = 1; r < 16; r++) {
            b.append("\tst.global.u32 [%rd2+").append(64 + 4 * r).append("], %r").append(r).append(";\n");
        }
        return b.append("\tret;\n}\n").toString();
    }

    private static String addr(String base, int word) {
        return base + (4 * word);
    }

    private static String reg(Random rnd) {
        return "%r" + (1 + rnd.nextInt(15));
    }
}
