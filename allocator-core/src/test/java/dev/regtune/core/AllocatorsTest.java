package dev.regtune.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import org.junit.jupiter.api.Test;

class AllocatorsTest {
    @Test
    void theAllocatorKnobNamesExactlyTheFamiliesOfThisBuild() {
        assertEquals(KnobCatalogue.ALLOCATOR.choices(), Allocators.all().stream().map(RegisterAllocator::name).toList());
        for (RegisterAllocator a : Allocators.all()) {
            assertSame(a, Allocators.forKnobs(Knobs.defaults().with(KnobCatalogue.ALLOCATOR.name(), a.name())));
        }
        assertSame(Allocators.fatPoint(), Allocators.forKnobs(Knobs.defaults()));
        assertSame(Allocators.briggs(), Allocators.byName("BRIGGS"));
    }
}
