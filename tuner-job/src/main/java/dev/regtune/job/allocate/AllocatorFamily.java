package dev.regtune.job.allocate;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import java.util.Objects;

/**
 * One allocator family as a command runs it: its name (a value of the {@code allocator} knob), the
 * allocator, and the knobs it runs with. The knobs' {@code allocator} knob names the family, so a
 * family's knobs are exactly what a sweep row or an exported profile would record for it.
 *
 * @param name the family's name, as the {@code allocator} knob spells it ("fatpoint")
 * @param allocator the allocator that runs it
 * @param knobs the knobs it runs with
 */
public record AllocatorFamily(String name, RegisterAllocator allocator, Knobs knobs) {

    public AllocatorFamily {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(allocator, "allocator");
        Objects.requireNonNull(knobs, "knobs");
        String named = KnobCatalogue.ALLOCATOR.format(knobs.get(KnobCatalogue.ALLOCATOR));
        if (!named.equals(name)) {
            throw new IllegalArgumentException("the knobs of allocator family " + name + " name " + named);
        }
    }

    /** The family the {@code allocator} knob of {@code knobs} names, run with {@code knobs}. */
    public static AllocatorFamily of(Knobs knobs) {
        return new AllocatorFamily(KnobCatalogue.ALLOCATOR.format(knobs.get(KnobCatalogue.ALLOCATOR)),
                Allocators.forKnobs(knobs), knobs);
    }
}
