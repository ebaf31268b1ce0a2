package dev.regtune.job.sweep;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The configurations of a sweep (or of one round of an adaptive search), de-duplicated by config
 * id and architecture, in the order they were proposed.
 */
public final class ConfigurationTable implements Serializable {
    private static final long serialVersionUID = 1L;

    private final List<SweepConfiguration> configurations;

    public ConfigurationTable(List<SweepConfiguration> configurations) {
        this.configurations = List.copyOf(new ArrayList<>(new LinkedHashSet<>(configurations)));
    }

    public List<SweepConfiguration> configurations() {
        return configurations;
    }

    public int size() {
        return configurations.size();
    }

    public SweepConfiguration configuration(int i) {
        return configurations.get(i);
    }
}
