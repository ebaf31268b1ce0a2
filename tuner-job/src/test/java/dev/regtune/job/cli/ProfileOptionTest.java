package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.space.Configuration;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.profile.KnobProfile;
import dev.regtune.space.profile.ProfileFormat;
import dev.regtune.space.sample.Sampler;
import dev.regtune.space.spec.SpaceSpecReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --profile FILE}: a profile's knobs as the base under {@code --knob}, for every command that runs the model. */
class ProfileOptionTest {
    @TempDir
    Path dir;

    private Path profile(String name, Knobs knobs) throws Exception {
        Path p = dir.resolve(name);
        ProfileFormat.forPath(p).write(KnobProfile.of("sm_90", 0, "calibration", knobs), p);
        return p;
    }

    private static Knobs reserved(int n) {
        return Knobs.defaults().with("RegTuneReservedRegisters", Integer.toString(n));
    }

    @Test
    void allocateTakesTheProfilesKnobsAsIfGivenWithKnob() throws Exception {
        Path tiny = Cli.resource("tiny.ptx", dir);
        Path json = profile("p.json", reserved(6));
        Cli.Run withProfile = Cli.run("allocate", "--verify", "--profile", json.toString(), tiny.toString());
        Cli.Run withKnob = Cli.run("allocate", "--verify", "--knob", "RegTuneReservedRegisters=6", tiny.toString());
        Cli.Run plain = Cli.run("allocate", "--verify", tiny.toString());
        assertEquals(0, withProfile.exit(), withProfile.err());
        assertEquals(withKnob.out(), withProfile.out());
        assertNotEquals(plain.out(), withProfile.out(), "the reserved registers change the counts");

        // --knob overrides the profile; the knobs-file and CSV formats read the same
        Cli.Run overridden = Cli.run("allocate", "--verify", "--profile", json.toString(), "--knob",
                "RegTuneReservedRegisters=" + (int) KnobCatalogue.require("RegTuneReservedRegisters").defaultValue(),
                tiny.toString());
        assertEquals(plain.out(), overridden.out());
        for (String name : List.of("p.knobs", "p.csv")) {
            Cli.Run other = Cli.run("allocate", "--verify", "--profile", profile(name, reserved(6)).toString(),
                    tiny.toString());
            assertEquals(withKnob.out(), other.out(), name);
        }
    }

    @Test
    void fidelityRunsTheProfilesAllocatorOnly() throws Exception {
        Path kernels = dir.resolve("kernels");
        Files.createDirectories(kernels.resolve("sm_90"));
        Files.copy(Path.of("../datasets/corpus/ptx/sm_90/elementwise.ptx"), kernels.resolve("sm_90/elementwise.ptx"));
        Path reference = ElementwiseReference.write(kernels, dir);
        Path json = profile("p.json", reserved(6));
        Cli.Run withProfile = Cli.run("fidelity", "--reference", reference.toString(), "--arch", "sm_90",
                "--budgets", "0", "--profile", json.toString(), kernels.toString());
        Cli.Run withKnob = Cli.run("fidelity", "--reference", reference.toString(), "--arch", "sm_90",
                "--budgets", "0", "--allocator", "fatpoint", "--knob", "RegTuneReservedRegisters=6",
                kernels.toString());
        assertEquals(0, withProfile.exit(), withProfile.err());
        assertEquals(withKnob.out(), withProfile.out());
        assertTrue(!withProfile.out().contains("model briggs"), withProfile.out());
    }

    @Test
    void anUnreadableProfileIsOneSentence() {
        Cli.Run run = Cli.runInstalled("allocate", "--profile", dir.resolve("missing.json").toString(),
                dir.resolve("x.ptx").toString());
        assertEquals(2, run.exit());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().contains("profile '") && run.err().contains("does not exist"), run.err());
    }

    @Test
    void aSweepsConfigurationsCarryTheProfileUnderTheSpace() throws Exception {
        Path spec = dir.resolve("space.json");
        Files.writeString(spec, "{\"name\": \"t\", \"knobs\": [{\"knob\": \"RegTuneReservedRegisters\", "
                + "\"values\": [2, 3]}]}");
        KnobSpace space = SpaceSpecReader.read(spec);
        Knobs base = reserved(6).with("RegTuneUniformRegisterLimit", "8");
        KnobSpace profiled = ProfiledSpace.of(space, base);
        assertEquals(space.dimensions() + 1, profiled.dimensions());
        List<Configuration> configs = new ArrayList<>();
        Iterator<Configuration> it = Sampler.of("grid", 0).iterator(profiled, 10);
        it.forEachRemaining(configs::add);
        assertEquals(2, configs.size());
        for (Configuration c : configs) {
            assertEquals(8.0, c.knobs().get(KnobCatalogue.require("RegTuneUniformRegisterLimit")));
            assertTrue(List.of("2", "3").contains(c.get("RegTuneReservedRegisters")), "the space overrides");
        }
        assertEquals(space, ProfiledSpace.of(space, Knobs.defaults()), "the defaults add nothing");
    }
}
