package dev.regtune.core;

import dev.regtune.core.briggs.BriggsAllocator;
import dev.regtune.core.fatpoint.FatPointAllocator;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import java.util.List;

/** The allocator families RegTune models, by name. */
public final class Allocators {
    private static final List<RegisterAllocator> ALL = List.of(new FatPointAllocator(), new BriggsAllocator());

    private Allocators() {
    }

    public static List<RegisterAllocator> all() {
        return ALL;
    }

    /** The allocator named {@code name}; an unknown name is an IllegalArgumentException listing the known ones. */
    public static RegisterAllocator byName(String name) {
        for (RegisterAllocator a : ALL) {
            if (a.name().equalsIgnoreCase(name)) {
                return a;
            }
        }
        throw new IllegalArgumentException("unknown allocator '" + name + "'; known: "
                + String.join(", ", ALL.stream().map(RegisterAllocator::name).toList()));
    }

    /**
     * The allocator the {@code allocator} knob of {@code knobs} names, so that one sweep over that
     * knob compares the families.
     */
    public static RegisterAllocator forKnobs(Knobs knobs) {
        return byName(KnobCatalogue.ALLOCATOR.format(knobs.get(KnobCatalogue.ALLOCATOR)));
    }

    /** The CICC Briggs optimistic-colouring allocator. */
    public static RegisterAllocator briggs() {
        return ALL.get(1);
    }

    /** The ptxas fat-point allocator. */
    public static RegisterAllocator fatPoint() {
        return ALL.get(0);
    }
}
