package dev.regtune.core.ptx;

import static dev.regtune.core.ptx.PtxTestSupport.defs;
import static dev.regtune.core.ptx.PtxTestSupport.find;
import static dev.regtune.core.ptx.PtxTestSupport.function;
import static dev.regtune.core.ptx.PtxTestSupport.parseResource;
import static dev.regtune.core.ptx.PtxTestSupport.uses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.LaunchBounds;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.ir.VregFlags;

/**
 * PTX as nvcc 13.0 really emits it (the .cu sources are next to it under
 * {@code src/test/resources/ptx/cuda}), the shared corpus, and — when nvcc is installed — fresh
 * output of the installed compiler.
 */
class RealPtxTest {
    static final String[] RESOURCES = {"nvcc13_sm90_basic.ptx", "nvcc13_sm90_basic_debug.ptx", "nvcc13_sm80_mma.ptx",
        "nvcc13_sm90_mma_lineinfo.ptx", "nvcc13_sm90_cluster_async.ptx", "nvcc13_sm90a_wide_rdc.ptx",
        "nvcc13_sm90_inline_asm_labels.ptx", "ptx23_sm20_legacy.ptx", "handwritten_tensor.ptx",
        "handwritten_control.ptx"};

    @ParameterizedTest
    @ValueSource(strings = {"nvcc13_sm90_basic.ptx", "nvcc13_sm90_basic_debug.ptx", "nvcc13_sm80_mma.ptx",
        "nvcc13_sm90_mma_lineinfo.ptx", "nvcc13_sm90_cluster_async.ptx", "nvcc13_sm90a_wide_rdc.ptx",
        "nvcc13_sm90_inline_asm_labels.ptx", "ptx23_sm20_legacy.ptx", "handwritten_tensor.ptx",
        "handwritten_control.ptx"})
    void resourceParsesAndIsSane(String name) {
        PtxModule m = parseResource(name);
        assertFalse(m.functions().isEmpty());
        for (KernelFunction f : m.functions()) {
            assertEquals(List.of(), IrSanity.problems(f, false), name);
        }
    }

    @Test
    void basicKernels() {
        PtxModule m = parseResource("nvcc13_sm90_basic.ptx");
        assertEquals(List.of("_Z2f1i", "_Z2f2i", "_Z6helperff", "saxpy", "reduce", "vec4", "indirect"),
                m.functions().stream().map(KernelFunction::name).toList());
        assertEquals(List.of("saxpy", "reduce", "vec4", "indirect"), m.entries().stream().map(KernelFunction::name).toList());

        KernelFunction saxpy = function(m, "saxpy");
        assertEquals(new LaunchBounds(256, 0, 2, 0), saxpy.launchBounds());
        assertTrue(saxpy.usesAbi());
        int mad = find(saxpy, "mad.lo.s32");
        assertEquals(List.of("%r1"), defs(saxpy, mad));
        assertEquals(List.of("%r3", "%r4", "%r5"), uses(saxpy, mad));
        assertTrue(saxpy.instrHas(find(saxpy, "mov.u32"), InstrFlags.READS_UNIFORM_SPECIAL), "%ctaid.x");
        assertEquals(3, saxpy.blockCount());

        KernelFunction reduce = function(m, "reduce");
        assertEquals(1024 + 256, reduce.sharedBytes());
        int shfl = find(reduce, "shfl.sync.down.b32");
        assertEquals(List.of("%r22", "%p6"), defs(reduce, shfl));
        assertEquals(List.of("%r17", "%r20", "%r19", "%r21"), uses(reduce, shfl));
        int atom = find(reduce, "atom.global.add.f32");
        assertEquals(List.of("%f23"), defs(reduce, atom));
        assertEquals(InstrKind.ATOMIC, reduce.instrKind(atom));

        KernelFunction vec4 = function(m, "vec4");
        int ld = find(vec4, "ld.global.v4.f32");
        assertEquals(List.of("%f3", "%f4", "%f5", "%f6"), defs(vec4, ld));
        int clock = find(vec4, "mov.u64");
        assertTrue(vec4.instrHas(clock, InstrFlags.READS_DIVERGENT_SPECIAL), "%clock64");
        // Inline asm "{ cvt.rn.f16.f32 %rs1, %f5;}" is a nested block like any other.
        assertEquals(List.of("%rs1"), defs(vec4, find(vec4, "cvt.rn.f16.f32")));

        KernelFunction indirect = function(m, "indirect");
        assertEquals(64, indirect.localBytes());
        int call = -1;
        for (int i = 0; i < indirect.instrCount(); i++) {
            if (indirect.opcode(i).equals("call")) {
                call = i;
            }
        }
        assertEquals(List.of("%rd9"), uses(indirect, call));
        assertTrue(indirect.instrHas(call, InstrFlags.CALL));
    }

    @Test
    void tensorKernels() {
        PtxModule m = parseResource("nvcc13_sm80_mma.ptx");
        KernelFunction w = function(m, "wmma_k");
        int load = find(w, "wmma.load.a");
        assertEquals(8, w.defCount(load));
        assertEquals(List.of("%rd6", "%r1"), uses(w, load));
        int mma = find(w, "wmma.mma");
        assertEquals(8, w.defCount(mma));
        assertEquals(24, w.useCount(mma));
        KernelFunction k = function(m, "mma_k");
        int ldm = find(k, "ldmatrix");
        assertEquals(List.of("%r1", "%r2", "%r3", "%r4"), defs(k, ldm));
        assertTrue(k.vregHas(k.def(ldm, 0), VregFlags.MMA_FRAGMENT));
        assertEquals(512, k.sharedBytes());
    }

    @Test
    void clusterTextureAndAsyncKernels() {
        PtxModule m = parseResource("nvcc13_sm90_cluster_async.ptx");
        KernelFunction clus = function(m, "clus");
        assertEquals(new LaunchBounds(0, 0, 0, 64), clus.launchBounds());
        assertEquals(16, clus.localBytes());
        assertEquals(256, clus.sharedBytes());
        int tex = find(clus, "tex.2d");
        assertEquals(4, clus.defCount(tex));
        assertEquals(List.of("%rd3", "%f1", "%f2"), uses(clus, tex));
        assertEquals(List.of("%r3"), defs(clus, find(clus, "suld")));
        KernelFunction async = function(m, "asyncc");
        int unpack = find(async, "mov.b32");
        while (!async.vregName(async.def(unpack, 0)).equals("low")) {
            unpack++;
        }
        assertEquals(List.of("low", "high"), defs(async, unpack));
        assertEquals(List.of("%r3"), uses(async, unpack));
    }

    @Test
    void inlineAsmWgmmaWithScopedPredicate() {
        KernelFunction k = function(parseResource("nvcc13_sm90a_wide_rdc.ptx"), "wgmmak");
        int wg = find(k, "wgmma.mma_async");
        assertEquals(4, k.defCount(wg));
        assertEquals("p", k.vregName(k.use(wg, 6)));
    }

    @Test
    void inlineAsmRepeatsBlockScopedLabels() {
        // nvcc pastes the same asm block (with LAB_WAIT:/DONE:) twice into one kernel.
        KernelFunction k = function(parseResource("nvcc13_sm90_inline_asm_labels.ptx"), "lbl");
        List<String> labels = new ArrayList<>();
        for (int b = 0; b < k.blockCount(); b++) {
            if (k.blockLabel(b) != null) {
                labels.add(k.blockLabel(b));
            }
        }
        assertEquals(List.of("LAB_WAIT", "DONE", "LAB_WAIT#1", "DONE#1"), labels);
        assertEquals(16, k.sharedBytes());
    }

    @Test
    void corpusFilesParseAndAreSane() throws IOException {
        Path dir = corpusDir();
        assumeTrue(dir != null, "datasets/corpus/ptx is not present; skipping the corpus check");
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(p -> p.toString().endsWith(".ptx")).sorted().toList();
        }
        assumeTrue(!files.isEmpty(), "datasets/corpus/ptx holds no .ptx files yet");
        List<String> problems = new ArrayList<>();
        int functions = 0;
        for (Path p : files) {
            PtxModule m;
            try {
                m = PtxParser.parse(p);
            } catch (PtxParseException e) {
                problems.add(e.getMessage());
                continue;
            }
            for (KernelFunction f : m.functions()) {
                functions++;
                problems.addAll(IrSanity.problems(f, true));
            }
        }
        assertEquals(List.of(), problems);
        System.out.println("corpus: " + files.size() + " files, " + functions + " functions parsed");
    }

    /** The corpus directory, from the module or the reactor root, or null. */
    static Path corpusDir() {
        for (String candidate : new String[] {"../datasets/corpus/ptx", "datasets/corpus/ptx"}) {
            Path p = Path.of(candidate);
            if (Files.isDirectory(p)) {
                return p;
            }
        }
        return null;
    }

    @Test
    void installedNvccOutputParses(@TempDir Path dir) throws Exception {
        String nvcc = findOnPath("nvcc");
        assumeTrue(nvcc != null, "nvcc is not installed; skipping the live compiler check");
        String[][] jobs = {{"basic.cu", "sm_90", ""}, {"mma.cu", "sm_80", "-lineinfo"},
            {"cluster_async.cu", "sm_90", ""}, {"inline_asm_labels.cu", "sm_90", ""}, {"basic.cu", "sm_90", "-G"}};
        for (String[] job : jobs) {
            Path cu = dir.resolve(job[0]);
            try (InputStream in = RealPtxTest.class.getResourceAsStream("/ptx/cuda/" + job[0])) {
                Files.write(cu, in.readAllBytes());
            }
            Path out = dir.resolve(job[0] + "." + job[1] + (job[2].isEmpty() ? "" : job[2]) + ".ptx");
            List<String> cmd = new ArrayList<>(List.of(nvcc, "-ptx", "-arch=" + job[1], cu.toString(), "-o", out.toString()));
            if (!job[2].isEmpty()) {
                cmd.add(job[2]);
            }
            Process proc = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String log = new String(proc.getInputStream().readAllBytes());
            assumeTrue(proc.waitFor(120, TimeUnit.SECONDS) && proc.exitValue() == 0, "nvcc failed: " + log);
            PtxModule m = PtxParser.parse(out);
            assertFalse(m.entries().isEmpty());
            for (KernelFunction f : m.functions()) {
                assertEquals(List.of(), IrSanity.problems(f, false), out.toString());
            }
        }
    }

    /** The executable {@code exe} on PATH, or null. */
    static String findOnPath(String exe) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String d : path.split(File.pathSeparator)) {
            Path p = Path.of(d, exe);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }
}
