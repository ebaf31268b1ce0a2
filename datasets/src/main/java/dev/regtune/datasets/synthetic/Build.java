package dev.regtune.datasets.synthetic;

import java.util.Map;

/**
 * Everything a family's emitter needs for one kernel.
 *
 * @param parameters every parameter of the family with its value
 * @param w where the instructions go
 * @param rng the kernel's random stream (operand choices, offsets, region kinds)
 * @param compact whether to emit the compact shape (no loops, one pointer parameter)
 * @param units how many units (steps, regions, k-steps) to emit
 * @param arch the target architecture
 */
record Build(Map<String, Integer> parameters, PtxWriter w, SeededRandom rng, boolean compact, int units,
        String arch) {

    int p(String name) {
        Integer v = parameters.get(name);
        if (v == null) {
            throw new IllegalStateException("no parameter " + name);
        }
        return v;
    }
}
