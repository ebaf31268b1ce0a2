package dev.regtune.job.cli;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.space.Dimension;
import dev.regtune.space.Domain;
import dev.regtune.space.KnobSpace;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A knob space over the base knobs of a profile ({@code sweep --profile}): every knob the profile
 * sets differently from its default, and the space does not vary, becomes a one-value dimension
 * ({@link Domain.Fixed}), in catalogue order after the space's own. A configuration's knobs are the
 * defaults overridden by its dimensions, so this is how a profile's values reach every evaluation,
 * every configuration id and every result row.
 */
final class ProfiledSpace {
    private ProfiledSpace() {
    }

    static KnobSpace of(KnobSpace space, Knobs base) {
        Set<KnobDef> varied = new HashSet<>();
        for (Dimension d : space.dimensionList()) {
            d.knob().ifPresent(varied::add);
        }
        List<Dimension> dims = new ArrayList<>(space.dimensionList());
        for (KnobDef d : KnobCatalogue.all()) {
            if (!varied.contains(d) && base.get(d) != d.defaultValue()) {
                dims.add(Dimension.knob(d, new Domain.Fixed(base.get(d)), Optional.empty()));
            }
        }
        return dims.size() == space.dimensions() ? space : new KnobSpace(space.name(), dims, space.constraints());
    }
}
