package dev.regtune.datasets.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SyntheticFamiliesTest {
    @Test
    void theCatalogueHasTheSevenFamilies() {
        assertEquals(List.of("accumulators", "stencil", "reduction", "loop-live-through", "predicated", "pairs64", "mma"),
                SyntheticFamilies.names());
        assertEquals(SyntheticFamilies.names(), SyntheticFamilies.all().stream().map(KernelFamily::name).toList());
    }

    @Test
    void everyFamilyDescribesItselfAndItsParameters() {
        for (KernelFamily f : SyntheticFamilies.all()) {
            assertFalse(f.description().isBlank(), f.name());
            assertFalse(f.parameters().isEmpty(), f.name());
            Set<String> names = new HashSet<>();
            for (FamilyParameter p : f.parameters()) {
                assertTrue(names.add(p.name()), f.name() + " repeats " + p.name());
                assertFalse(p.meaning().isBlank());
                assertTrue(p.accepts(p.defaultValue()));
                assertFalse(p.name().equals(SyntheticSpec.INSTRUCTIONS) || p.name().equals(SyntheticSpec.ARCH));
            }
            assertTrue(names.contains(f.pressureParameter()), f.name());
            assertEquals(f.name().equals("mma") ? 80 : 75, f.minimumSm(), f.name());
        }
    }

    @Test
    void lookupIgnoresCaseAndSuggestsANearName() {
        assertSame(SyntheticFamilies.all().get(3), SyntheticFamilies.byName(" LOOP-live-through "));
        assertEquals(Optional.of("pairs64"), SyntheticFamilies.suggestion("pairs"));
        assertEquals(Optional.of("predicated"), SyntheticFamilies.suggestion("predicate"));
        assertEquals(Optional.of("stencil"), SyntheticFamilies.suggestion("stensil"));
        assertEquals(Optional.empty(), SyntheticFamilies.suggestion("matrix"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SyntheticFamilies.byName("reductions"));
        assertEquals("unknown synthetic kernel family 'reductions'; did you mean reduction? known families: "
                + "accumulators, stencil, reduction, loop-live-through, predicated, pairs64, mma", e.getMessage());
    }
}
