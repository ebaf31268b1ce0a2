package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.KnobType;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code spaces/full.json} sweeps a family's own knobs only under that family ({@code "when":
 * "allocator == 'fatpoint'"} or {@code 'briggs'}), so that the other family's evaluations are not
 * repeated for nothing. This checks the conditions against the allocators themselves: each knob
 * the spec reserves for one family, set to a value of its domain other than the default, leaves
 * every result of the other family unchanged on corpus kernels at two budgets.
 */
class SpaceFamilyConditionsTest {
    private static final Path FULL = Path.of("../spaces/full.json");
    private static final List<String> FILES = List.of("gemm_tile.ptx", "pointer_chase.ptx",
            "live_through.ptx");
    private static final List<Integer> BUDGETS = List.of(0, 32);

    /** A knob the spec sweeps under one family only, at a value of its domain other than the default. */
    private record Reserved(KnobDef knob, String value) {
    }

    private static List<Reserved> reservedFor(String family) throws IOException {
        String condition = "allocator == '" + family + "'";
        List<Reserved> out = new ArrayList<>();
        for (JsonNode k : new ObjectMapper().readTree(FULL.toFile()).get("knobs")) {
            String when = k.path("when").asText("");
            if (!when.equals(condition) && !when.startsWith(condition + " && ")) {
                continue;
            }
            KnobDef d = KnobCatalogue.require(k.get("knob").asText());
            out.add(new Reserved(d, otherValue(d, k)));
        }
        return out;
    }

    /** A value of the spec's domain other than the default: of its values, its max or min, or the other boolean. */
    private static String otherValue(KnobDef d, JsonNode spec) {
        double dflt = Knobs.defaults().get(d);
        List<String> candidates = new ArrayList<>();
        if (spec.has("values")) {
            spec.get("values").forEach(v -> candidates.add(v.asText()));
        }
        if (spec.has("value")) {
            candidates.add(spec.get("value").asText());
        }
        if (spec.has("max")) {
            candidates.add(spec.get("max").asText());
        }
        if (spec.has("min")) {
            candidates.add(spec.get("min").asText());
        }
        if (candidates.isEmpty() && d.type() == KnobType.CHOICE) {
            candidates.addAll(d.choices()); // a choice knob with no domain: every choice
        } else if (candidates.isEmpty()) {
            candidates.add(dflt != 0 ? "false" : "true"); // a boolean knob with no domain: both values
        }
        for (String c : candidates) {
            if (Knobs.parseValue(d, c) != dflt) {
                return c;
            }
        }
        throw new AssertionError(d.name() + " has no value other than its default in " + FULL);
    }

    /** Every function of the files allocated by {@code family} with {@code knobs}, each OK result checked. */
    private static List<String> outcomes(String family, Knobs knobs) throws IOException {
        RegisterAllocator allocator = Allocators.byName(family);
        List<String> out = new ArrayList<>();
        for (String file : FILES) {
            for (KernelFunction fn : PtxParser.parse(Path.of("../datasets/corpus/ptx/sm_90", file)).functions()) {
                for (int budget : BUDGETS) {
                    AllocationResult r = allocator.allocate(fn, knobs, ArchProfiles.of("sm_90"), budget);
                    if (r.status() == AllocationStatus.OK) {
                        AllocationChecker.verify(r.allocatedFunction(), r.assignment());
                    }
                    out.add(fn.name() + "@" + budget + ": " + r.status() + " " + r.usage() + " " + r.spills() + " "
                            + r.estimates());
                }
            }
        }
        return out;
    }

    private static int changedAlone(String reservedFamily, String otherFamily) throws IOException {
        List<Reserved> reserved = reservedFor(reservedFamily);
        assertFalse(reserved.isEmpty(), "full.json reserves knobs for " + reservedFamily);
        Knobs base = Knobs.defaults().with("allocator", otherFamily);
        List<String> expected = outcomes(otherFamily, base);
        Knobs own = Knobs.defaults().with("allocator", reservedFamily);
        List<String> ownExpected = outcomes(reservedFamily, own);
        int changesOwn = 0;
        for (Reserved r : reserved) {
            assertEquals(expected, outcomes(otherFamily, base.with(r.knob().name(), r.value())),
                    r.knob().name() + "=" + r.value() + " is reserved for " + reservedFamily + " in " + FULL
                            + " but changes a " + otherFamily + " result");
            if (!ownExpected.equals(outcomes(reservedFamily, own.with(r.knob().name(), r.value())))) {
                changesOwn++;
            }
        }
        return changesOwn;
    }

    @Test
    void theFatPointKnobsOfTheFullSpaceDoNotChangeBriggs() throws IOException {
        int changes = changedAlone("fatpoint", "briggs");
        // the test has teeth: most of those knobs do change fat-point results on these kernels
        assertTrue(changes >= 15, changes + " fat-point knobs change a fat-point result");
    }

    @Test
    void theBriggsKnobsOfTheFullSpaceDoNotChangeFatPoint() throws IOException {
        int changes = changedAlone("briggs", "fatpoint");
        assertTrue(changes >= 2, changes + " briggs knobs change a briggs result");
    }
}
