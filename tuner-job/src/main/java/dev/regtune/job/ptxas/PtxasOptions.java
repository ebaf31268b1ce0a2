package dev.regtune.job.ptxas;

import dev.regtune.space.controls.PtxasControl;
import java.util.Collection;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The options an installed ptxas knows, read from its {@code --help}: every line that starts with
 * a long option ({@code --register-usage-level <0..10>   (-regUsageLevel)}).
 *
 * @param longNames the long option names without dashes, sorted
 */
public record PtxasOptions(SortedSet<String> longNames) {
    private static final Pattern OPTION = Pattern.compile("^--([A-Za-z][A-Za-z0-9-]*)");

    public PtxasOptions {
        longNames = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(longNames));
    }

    /** The options of a {@code ptxas --help} text. */
    public static PtxasOptions parse(String help) {
        SortedSet<String> names = new TreeSet<>();
        for (String line : help.split("\\R")) {
            Matcher m = OPTION.matcher(line);
            if (m.find()) {
                names.add(m.group(1));
            }
        }
        return new PtxasOptions(names);
    }

    /** Whether this ptxas has the control's option. */
    public boolean knows(PtxasControl control) {
        return longNames.contains(control.name());
    }

    /** The controls of {@code controls} this ptxas does not know, in their order. */
    public List<PtxasControl> unknown(Collection<PtxasControl> controls) {
        return controls.stream().filter(c -> !knows(c)).toList();
    }
}
