package dev.regtune.job.calibrate;

import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.fidelity.Candidate;
import dev.regtune.space.Configuration;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.sample.Sampler;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The configurations a calibration compares: first the base ("default": the defaults, or the
 * {@code --profile}'s knobs, with any {@code --knob}), then up to {@code count} points of the space
 * drawn by one of the space's samplers, each applied over the base (a knob the point does not set
 * keeps its base value). Points that give the base's knobs again, or another point's, are dropped,
 * so every candidate is a distinct model. The space's arch, maxrregcount and launch-bounds
 * dimensions are ignored: a calibration runs each candidate on every architecture and budget of
 * the reference.
 */
public final class Candidates {
    private static final List<String> IGNORED = List.of(Configuration.ARCH, Configuration.REGISTER_BUDGET,
            Configuration.LAUNCH_BOUNDS);

    private Candidates() {
    }

    /**
     * The base followed by up to {@code count} sampled candidates named c1, c2, ...
     *
     * @param sampler random, sobol, lhs or grid
     */
    public static List<Candidate> draw(KnobSpace space, Knobs base, String sampler, long count, long seed) {
        List<Candidate> result = new ArrayList<>();
        result.add(Candidate.of("default", base, base));
        Iterator<Configuration> it = Sampler.of(sampler, seed).iterator(space, count);
        while (it.hasNext()) {
            Knobs k = apply(base, it.next());
            if (result.stream().noneMatch(c -> c.knobs().equals(k))) {
                result.add(Candidate.of("c" + result.size(), k, base));
            }
        }
        return result;
    }

    /** The base overridden by the knob dimensions of a configuration. */
    public static Knobs apply(Knobs base, Configuration c) {
        Knobs k = base;
        for (Map.Entry<String, String> e : c.values().entrySet()) {
            if (!IGNORED.contains(e.getKey())) {
                k = k.with(e.getKey(), e.getValue());
            }
        }
        return k;
    }
}
