package dev.regtune.job.fidelity;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import java.util.ArrayList;
import java.util.List;

/**
 * One knob configuration a calibration may choose.
 *
 * @param name how reports name it ("default", "c3")
 * @param knobs its knob values (every knob, the base configuration where the candidate sets none)
 * @param changes the knobs it sets differently from the base, "Name=Value" joined by ", ", or
 *     "(the base knobs)"
 */
public record Candidate(String name, Knobs knobs, String changes) {

    /** A candidate named {@code name} with {@code knobs}, its changes described against {@code base}. */
    public static Candidate of(String name, Knobs knobs, Knobs base) {
        List<String> changed = new ArrayList<>();
        for (KnobDef d : KnobCatalogue.all()) {
            if (knobs.get(d) != base.get(d)) {
                changed.add(d.name() + "=" + d.format(knobs.get(d)));
            }
        }
        return new Candidate(name, knobs, changed.isEmpty() ? "(the base knobs)" : String.join(", ", changed));
    }
}
