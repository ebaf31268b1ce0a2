package dev.regtune.datasets.synthetic;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One generated kernel: a PTX module with a single {@code .visible .entry}.
 *
 * @param name the entry's name
 * @param family the family's name
 * @param parameters every parameter of the family with the value used (defaults and drawn values
 *     included), sorted by name
 * @param arch the {@code .target}, e.g. {@code sm_90}
 * @param seed the seed the body was generated from
 * @param ptxText the whole PTX module
 * @param instructionCount PTX instructions in the entry, as the RegTune front end counts them
 */
public record SyntheticKernel(String name, String family, Map<String, Integer> parameters, String arch, long seed,
        String ptxText, int instructionCount) {

    public SyntheticKernel {
        parameters = Collections.unmodifiableSortedMap(new TreeMap<>(parameters));
    }

    /** {@code n=16 loads=4}: the parameters as one line for listings. */
    public String describeParameters() {
        StringBuilder s = new StringBuilder();
        parameters.forEach((k, v) -> s.append(s.length() == 0 ? "" : " ").append(k).append('=').append(v));
        return s.toString();
    }
}
