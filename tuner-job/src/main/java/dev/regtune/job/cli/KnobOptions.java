package dev.regtune.job.cli;

import dev.regtune.core.knobs.Knobs;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The {@code --knob NAME=VALUE} option, shared by the commands that run the model, over the base
 * knobs of {@code --profile FILE} ({@link ProfileOption}).
 */
public final class KnobOptions {

    @Mixin
    ProfileOption profile = new ProfileOption();

    @Option(names = "--knob", paramLabel = "NAME=VALUE",
            description = {
                "Set a knob for this run; repeatable. NAME is the knob's name or number as 'regtune knobs' lists "
                        + "it (e.g. RegAllocThresholdForDiscardConflicts=80 or 684=80); VALUE is true/false, an "
                        + "integer or a number as the knob's type requires. Unset knobs keep their defaults (or the --profile's values)."
            })
    List<String> assignments = new ArrayList<>();

    /** The profile's knobs (the defaults without {@code --profile}) overridden by the {@code --knob} assignments, in order. */
    public Knobs knobs() {
        Knobs knobs = profile.base();
        for (String assignment : assignments) {
            int eq = assignment.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("--knob expects NAME=VALUE, not '" + assignment + "'");
            }
            try {
                knobs = knobs.with(assignment.substring(0, eq), assignment.substring(eq + 1));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        return knobs;
    }
}
