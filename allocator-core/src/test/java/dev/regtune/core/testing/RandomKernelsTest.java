package dev.regtune.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.ConstraintKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.ir.VregFlags;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class RandomKernelsTest {

    @Test
    void sameSeedSameKernel() {
        for (long seed = 0; seed < 20; seed++) {
            KernelFunction a = RandomKernels.generate(seed, 300);
            KernelFunction b = RandomKernels.generate(seed, 300);
            assertEquals(a.dump(), b.dump());
            assertEquals(a.constraints(), b.constraints());
            for (int v = 0; v < a.vregCount(); v++) {
                assertEquals(a.vregFlags(v), b.vregFlags(v));
            }
        }
        assertNotEquals(RandomKernels.generate(1, 300).dump(), RandomKernels.generate(2, 300).dump());
    }

    @Test
    void sizeIsRoughlyAsAsked() {
        for (int size : new int[] {1, 2, 5, 10, 50, 200, 1000, 5000}) {
            for (long seed = 0; seed < 10; seed++) {
                int n = RandomKernels.generate(seed, size).instrCount();
                assertTrue(n >= size && n <= size + 16, "asked " + size + ", got " + n);
            }
        }
    }

    @Test
    void kernelsCoverEveryFeatureTheCheckerCaresAbout() {
        Map<String, Integer> kernelsWith = new TreeMap<>();
        int kernels = 50;
        for (long seed = 0; seed < kernels; seed++) {
            KernelFunction fn = RandomKernels.generate(seed, 400);
            Set<String> f = new TreeSet<>();
            boolean[] defined = new boolean[fn.vregCount()];
            boolean[] read = new boolean[fn.vregCount()];
            for (int i = 0; i < fn.instrCount(); i++) {
                for (int k = 0; k < fn.useCount(i); k++) {
                    when(f, "use before def", !defined[fn.use(i, k)]);
                    read[fn.use(i, k)] = true;
                }
                for (int k = 0; k < fn.defCount(i); k++) {
                    defined[fn.def(i, k)] = true;
                }
                boolean guarded = fn.instrHas(i, InstrFlags.GUARDED);
                when(f, "copy", fn.instrHas(i, InstrFlags.COPY));
                when(f, "guarded def", guarded && fn.defCount(i) > 0);
                when(f, "predicate guard", guarded && fn.vregClass(fn.use(i, 0)) == RegClass.P);
                when(f, "conditional branch", guarded && fn.instrHas(i, InstrFlags.BRANCH));
                when(f, "early exit", guarded && fn.instrHas(i, InstrFlags.RETURN));
                when(f, "vector group", fn.defCount(i) == 4);
            }
            for (int b = 0; b < fn.blockCount(); b++) {
                for (int k = 0; k < fn.succCount(b); k++) {
                    when(f, "back edge", fn.succ(b, k) <= b);
                }
            }
            for (int v = 0; v < fn.vregCount(); v++) {
                when(f, "double", fn.pairMode(v) == PairMode.DOUBLE);
                when(f, "quad", fn.pairMode(v) == PairMode.QUAD);
                when(f, "uniform", fn.vregHas(v, VregFlags.UNIFORM));
                when(f, "UR value", fn.vregClass(v) == RegClass.UR);
                when(f, "dead def", defined[v] && !read[v]);
            }
            when(f, "vector constraint", fn.constraints().stream().anyMatch(c -> c.kind() == ConstraintKind.VECTOR_GROUP));
            for (String feature : f) {
                kernelsWith.merge(feature, 1, Integer::sum);
            }
        }
        assertEquals(14, kernelsWith.size(), kernelsWith::toString);
        kernelsWith.forEach((feature, n) -> assertTrue(n >= kernels / 2, feature + " in only " + n + " kernels"));
    }

    private static void when(Set<String> features, String feature, boolean present) {
        if (present) {
            features.add(feature);
        }
    }
}
