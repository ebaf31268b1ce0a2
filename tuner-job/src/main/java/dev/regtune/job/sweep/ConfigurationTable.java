package dev.regtune.job.sweep;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.results.ResultSchema;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * The configurations of a sweep (or of one round of an adaptive search), de-duplicated by config
 * id and architecture, in the order they were proposed.
 *
 * <p>Each configuration's {@link Knobs}, its knob column values and its allocator are decoded once
 * per JVM and kept here (transient, rebuilt lazily after deserialisation): a broadcast table is one shared
 * instance per executor, so every task of the executor reuses them instead of decoding every
 * configuration again.
 */
public final class ConfigurationTable implements Serializable {
    private static final long serialVersionUID = 1L;

    private final List<SweepConfiguration> configurations;
    private transient volatile Knobs @Nullable [] knobs;
    private transient volatile Object @Nullable [][] knobColumns;
    private transient volatile RegisterAllocator @Nullable [] allocators;

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

    /** Configuration {@code i}'s knobs, decoded on first use. */
    public Knobs knobs(int i) {
        Knobs[] k = knobs;
        if (k == null) {
            k = knobs = new Knobs[configurations.size()];
        }
        if (k[i] == null) {
            k[i] = configurations.get(i).knobs(); // immutable: a race decodes twice, harmlessly
        }
        return k[i];
    }

    /**
     * The allocator configuration {@code i}'s {@code allocator} knob names, looked up on first use
     * (allocators are stateless, so one instance serves every task).
     *
     * @throws IllegalArgumentException when this build has no allocator of that name
     */
    public RegisterAllocator allocator(int i) {
        RegisterAllocator[] a = allocators;
        if (a == null) {
            a = allocators = new RegisterAllocator[configurations.size()];
        }
        if (a[i] == null) {
            a[i] = Allocators.forKnobs(knobs(i));
        }
        return a[i];
    }

    /** The model versions of the configurations' rows, sorted, each once. */
    public SortedSet<String> modelVersions() {
        SortedSet<String> v = new TreeSet<>();
        configurations.forEach(c -> v.add(c.modelVersion()));
        return v;
    }

    /** Configuration {@code i}'s knob column values in catalogue order, boxed in their column types. */
    public Object[] knobColumns(int i) {
        Object[][] v = knobColumns;
        if (v == null) {
            v = knobColumns = new Object[configurations.size()][];
        }
        if (v[i] == null) {
            Knobs k = knobs(i);
            Object[] values = new Object[KnobCatalogue.size()];
            for (KnobDef d : KnobCatalogue.all()) {
                values[d.ordinal()] = ResultSchema.knobValue(d, k.get(d));
            }
            v[i] = values;
        }
        return v[i];
    }
}
