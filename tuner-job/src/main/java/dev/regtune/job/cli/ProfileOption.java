package dev.regtune.job.cli;

import dev.regtune.core.knobs.Knobs;
import dev.regtune.space.profile.KnobProfile;
import dev.regtune.space.profile.ProfileFormat;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * The {@code --profile FILE} option, shared by the commands that run the model: a knob profile
 * (as {@code regtune export} or {@code regtune calibrate} writes it, JSON, knobs file or CSV) whose
 * knobs replace the defaults as the base that {@code --knob} (or a sweep's space) then overrides.
 * Only the knobs are taken: the profile's architecture and register budget are what it was tuned
 * for, and each command keeps its own {@code --arch} and budget options.
 */
public final class ProfileOption {

    @Option(names = "--profile", paramLabel = "FILE",
            description = "Start from the knobs of this knob profile (.json, .knobs/.txt or .csv, as 'regtune export' "
                    + "and 'regtune calibrate' write it) instead of the defaults; --knob settings still apply on "
                    + "top. The profile's arch and maxrregcount are not taken.")
    @Nullable Path file;

    private @Nullable KnobProfile read;

    /** Whether {@code --profile} was given. */
    public boolean given() {
        return file != null;
    }

    /** The profile given, read once; empty without {@code --profile}. */
    public Optional<KnobProfile> profile() {
        if (file == null) {
            return Optional.empty();
        }
        if (read == null) {
            Path p = Arguments.readableFile(file, "profile");
            try {
                read = ProfileFormat.readFile(p);
            } catch (IllegalArgumentException e) { // ProfileFormatException included: file and line
                throw new UsageException(e.getMessage());
            } catch (IOException e) {
                throw new UsageException("cannot read the profile '" + p + "': " + Messages.describe(e));
            }
        }
        return Optional.of(read);
    }

    /** The profile's knobs, or the defaults without {@code --profile}. */
    public Knobs base() {
        return profile().map(KnobProfile::knobs).orElseGet(Knobs::defaults);
    }
}
