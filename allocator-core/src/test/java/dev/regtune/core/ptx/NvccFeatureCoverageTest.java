package dev.regtune.core.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.calls.ModuleAllocator;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.testing.Ptxas;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What nvcc 13.0 emits for the CUDA features a user's kernels use, from our own sources under
 * {@code src/test/resources/ptx/cuda/features_*.cu}: virtual and recursive calls, function
 * pointers, {@code printf}, {@code malloc}, {@code __trap}; warp intrinsics and every atomic,
 * cooperative groups and grid sync, half and bfloat16 math; {@code cp.async} pipelines and
 * barriers, cache operators, texture and surface objects, dynamically indexed local arrays,
 * {@code alloca}, a 4000-byte {@code __grid_constant__} parameter, {@code __int128},
 * {@code __launch_bounds__} and {@code __maxnreg__}; clusters with distributed shared memory, FP8,
 * TMA bulk copies with {@code mbarrier}, {@code elect.sync}, {@code griddepcontrol},
 * {@code setmaxnreg}, {@code ldmatrix}/{@code stmatrix} and {@code wgmma} (sm_90a); wmma of every
 * type; dynamic parallelism with external and weak functions ({@code -rdc=true}). Every function
 * parses, is allocated by both families at the file's own target (its {@code sm_90a} as sm_90)
 * and passes the checker: from the committed PTX always, and from the installed nvcc's fresh
 * output for more architectures and flags, which ptxas must accept too, where they are installed.
 */
class NvccFeatureCoverageTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"nvcc13_sm90_features_calls.ptx", "nvcc13_sm90_features_warp_atomics.ptx",
        "nvcc13_sm90_features_memory.ptx", "nvcc13_sm90a_features_hopper.ptx", "nvcc13_sm80_features_wmma.ptx",
        "nvcc13_sm90_features_dynamic_parallelism_rdc.ptx"})
    void committedFeaturePtxIsAllocatedAndChecked(String name) throws Exception {
        String text;
        try (InputStream in = NvccFeatureCoverageTest.class.getResourceAsStream("/ptx/features/" + name)) {
            text = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
        allocateEveryFunction(PtxParser.parse(text, name), name);
    }

    /** Each job: source, architecture, extra nvcc flags (space-separated, may be empty). */
    private static final String[][] JOBS = {
        {"features_calls.cu", "sm_80", ""}, {"features_calls.cu", "sm_90", "-G"},
        {"features_warp_atomics.cu", "sm_80", ""}, {"features_warp_atomics.cu", "sm_100", ""},
        {"features_memory.cu", "sm_80", "-lineinfo -use_fast_math"}, {"features_memory.cu", "sm_120", ""},
        {"features_hopper.cu", "sm_90a", ""}, {"features_wmma.cu", "sm_90", ""},
        {"features_dynamic_parallelism.cu", "sm_80", "-rdc=true"}};

    @Test
    void installedNvccOutputIsAllocatedAndCheckedAndPtxasAcceptsIt(@TempDir Path dir) throws Exception {
        String nvcc = RealPtxTest.findOnPath("nvcc");
        assumeTrue(nvcc != null, "nvcc is not installed; skipping the live compiler check");
        Ptxas ptxas = Ptxas.find();
        for (String[] job : JOBS) {
            Path cu = dir.resolve(job[0]);
            if (!Files.exists(cu)) {
                try (InputStream in = NvccFeatureCoverageTest.class.getResourceAsStream("/ptx/cuda/" + job[0])) {
                    Files.write(cu, in.readAllBytes());
                }
            }
            Path out = dir.resolve(job[0] + "." + job[1] + job[2].replace(" ", "").replace("=", "") + ".ptx");
            List<String> cmd = new ArrayList<>(List.of(nvcc, "-ptx", "-arch=" + job[1], cu.toString(), "-o",
                    out.toString()));
            if (!job[2].isEmpty()) {
                cmd.addAll(List.of(job[2].split(" ")));
            }
            Run compiled = run(cmd);
            assumeTrue(compiled.exit() == 0, "nvcc failed: " + compiled.output());
            String what = job[0] + " " + job[1] + " " + job[2];
            allocateEveryFunction(PtxParser.parse(out), what);
            if (ptxas != null) {
                Ptxas.Run accepted = job[2].contains("-rdc") ? ptxas.runRelocatable(out, job[1])
                        : ptxas.run(out, job[1], 0);
                assertTrue(accepted.accepted(), what + ": ptxas rejects what the model allocated: " + accepted.output());
            }
        }
    }

    private static void allocateEveryFunction(PtxModule m, String what) {
        assertFalse(m.entries().isEmpty(), what);
        ArchProfile arch = ArchProfiles.of(m.target());
        for (KernelFunction f : m.functions()) {
            assertEquals(List.of(), IrSanity.problems(f, false), what + " " + f.name());
        }
        for (RegisterAllocator a : Allocators.all()) {
            List<AllocationResult> results = ModuleAllocator.allocate(m, a, Knobs.defaults(), arch, 0);
            assertEquals(m.functions().size(), results.size(), what);
            for (AllocationResult r : results) {
                assertEquals(AllocationStatus.OK, r.status(), what + " " + a.name() + " " + r.function() + ": "
                        + r.message());
                AllocationChecker.verify(r.allocatedFunction(), r.assignment());
                assertTrue(r.registers() > 0 && r.registers() <= arch.maxRegistersPerThread(), what + " " + r.function());
            }
        }
    }

    private record Run(int exit, String output) {
    }

    private static Run run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), String.join(" ", cmd) + " took more than 300 s");
        return new Run(p.exitValue(), out);
    }
}
