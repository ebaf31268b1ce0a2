package dev.regtune.core.calls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.core.testing.Ptxas;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A module whose {@code .target} is newer than the architecture is refused as ptxas 13.0.88
 * refuses it ({@code ptxas fatal : SM version specified by .target is higher than default SM
 * version assumed}): every function, whole module or one entry with its callees, is
 * ALLOC_FAILED with that message; an older or equal target, and an architecture-specific or
 * family target over its base, is allocated.
 */
class TargetArchitectureTest {
    /** An entry that calls a function: both paths of {@link ModuleAllocator} are taken. */
    private static String module(String target) {
        return ".version 8.0\n.target " + target + "\n.address_size 64\n"
                + ".func (.param .b32 r) twice(.param .b32 a)\n{\n\t.reg .b32 %r<3>;\n"
                + "\tld.param.b32 %r1, [a];\n\tadd.s32 %r2, %r1, %r1;\n\tst.param.b32 [r], %r2;\n\tret;\n}\n"
                + ".visible .entry k(.param .u64 p)\n{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<3>;\n"
                + "\tld.param.u64 %rd1, [p];\n\tcvta.to.global.u64 %rd2, %rd1;\n\tmov.u32 %r1, %tid.x;\n"
                + "\t{\n\t.param .b32 a0;\n\t.param .b32 r0;\n\tst.param.b32 [a0], %r1;\n"
                + "\tcall.uni (r0), twice, (a0);\n\tld.param.b32 %r2, [r0];\n\t}\n"
                + "\tst.global.u32 [%rd2], %r2;\n\tret;\n}\n";
    }

    @ParameterizedTest(name = ".target {0} for {1}: refused {2}")
    @CsvSource({
        "sm_90, sm_80, true", "sm_90a, sm_80, true", "sm_100f, sm_90, true", "sm_80, sm_75, true", "sm_75, sm_70, true",
        "sm_80, sm_80, false", "sm_80, sm_90, false", "sm_90a, sm_90, false", "sm_90a, sm_90a, false",
        "sm_100f, sm_100, false", "sm_52, sm_80, false", "sm_120a, sm_120, false"})
    void aNewerTargetIsRefusedForEveryFunction(String target, String arch, boolean refused) {
        PtxModule m = PtxParser.parse(module(target), "t.ptx");
        ArchProfile profile = ArchProfiles.of(arch);
        assertEquals(refused, ModuleAllocator.targetNewerThan(m, profile));
        for (RegisterAllocator a : Allocators.all()) {
            List<AllocationResult> all = ModuleAllocator.allocate(m, a, Knobs.defaults(), profile, 0);
            KernelFunction entry = m.functions().get(1);
            AllocationResult one = ModuleAllocator.allocateFunction(m, entry, a, Knobs.defaults(), profile, 40);
            for (AllocationResult r : List.of(all.get(0), all.get(1), one)) {
                if (refused) {
                    assertEquals(AllocationStatus.ALLOC_FAILED, r.status(), a.name() + " " + r.function());
                    assertEquals(AllocationResult.TARGET_NEWER_THAN_ARCH, r.message());
                    assertEquals(profile.name(), r.arch());
                    assertNull(r.assignment());
                } else {
                    assertEquals(AllocationStatus.OK, r.status(), a.name() + " " + r.function() + ": " + r.message());
                    AllocationChecker.verify(r.allocatedFunction(), r.assignment());
                }
            }
            if (refused) {
                assertEquals(40, one.usage().budget(), "the budget the entry was refused at");
            }
        }
    }

    @TempDir
    Path tmp;

    /** The real compiler refuses the newer target with the message the model gives, and compiles the older one. */
    @Test
    void ptxasRefusesTheSameTargets() throws Exception {
        Ptxas ptxas = Ptxas.find();
        assumeTrue(ptxas != null, "ptxas is not on PATH: skipping the check against the real compiler");
        Path newer = tmp.resolve("newer.ptx");
        Files.writeString(newer, module("sm_90"), StandardCharsets.US_ASCII);
        Ptxas.Run refused = ptxas.run(newer, "sm_80", 0);
        assertFalse(refused.accepted(), refused.output());
        assertTrue(refused.output().contains(AllocationResult.TARGET_NEWER_THAN_ARCH), refused.output());
        Path older = tmp.resolve("older.ptx");
        Files.writeString(older, module("sm_80"), StandardCharsets.US_ASCII);
        Ptxas.Run compiled = ptxas.run(older, "sm_90", 0);
        assertTrue(compiled.accepted(), compiled.output());
        Path specific = tmp.resolve("specific.ptx");
        Files.writeString(specific, module("sm_90a"), StandardCharsets.US_ASCII);
        Ptxas.Run onItsOwn = ptxas.run(specific, "sm_90a", 0);
        assertTrue(onItsOwn.accepted(), onItsOwn.output());
    }
}
