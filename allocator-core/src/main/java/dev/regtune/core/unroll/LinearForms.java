package dev.regtune.core.unroll;

import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import java.util.HashMap;
import java.util.Map;

/**
 * Values as sums of atoms with integer coefficients, followed through the single defs of
 * {@code add}, {@code sub}, {@code neg}, {@code mov} and {@code cvta}, so that two values can be
 * compared: whether they differ by kernel parameters and immediates only, which ptxas adds from
 * the constant bank where it needs the difference. An atom is a vreg whose def is something
 * else; it counts as a parameter when it is a kernel parameter read or is computed from
 * parameters and immediates only ({@code mul.lo.s32 %r9, %r46, 3} of a parameter {@code %r46}).
 * Immediates are not in the IR, so a form says nothing about constant terms; they never matter
 * here.
 */
final class LinearForms {
    private static final int MAX_DEPTH = 12;

    private final KernelFunction f;
    private final int[] defCount;
    private final int[] firstDef;
    private final Map<Integer, Map<Integer, Long>> memo = new HashMap<>();
    private final Map<Integer, Boolean> parameterLike = new HashMap<>();

    LinearForms(KernelFunction f, int[] defCount, int[] firstDef) {
        this.f = f;
        this.defCount = defCount;
        this.firstDef = firstDef;
    }

    /** Whether the values instructions {@code a} and {@code b} define differ by parameters and immediates only. */
    boolean differByParameters(int a, int b) {
        Map<Integer, Long> diff = new HashMap<>(ofInstr(a, 0));
        for (Map.Entry<Integer, Long> e : ofInstr(b, 0).entrySet()) {
            diff.merge(e.getKey(), -e.getValue(), Long::sum);
        }
        for (Map.Entry<Integer, Long> e : diff.entrySet()) {
            if (e.getValue() != 0 && !isParameter(e.getKey(), 0)) {
                return false;
            }
        }
        return true;
    }

    private Map<Integer, Long> ofVreg(int v, int depth) {
        Map<Integer, Long> known = memo.get(v);
        if (known != null) {
            return known;
        }
        Map<Integer, Long> form = defCount[v] == 1 && depth < MAX_DEPTH ? ofInstr(firstDef[v], depth + 1) : Map.of(v, 1L);
        memo.put(v, form);
        return form;
    }

    /** The form of the value instruction {@code i} defines (its first def). */
    private Map<Integer, Long> ofInstr(int i, int depth) {
        int v = f.def(i, 0);
        String op = f.opcode(i);
        int uses = f.useCount(i);
        int special = InstrFlags.READS_UNIFORM_SPECIAL | InstrFlags.READS_DIVERGENT_SPECIAL;
        if (f.defCount(i) != 1 || f.instrHas(i, InstrFlags.GUARDED) || (f.instrFlags(i) & special) != 0) {
            return Map.of(v, 1L);
        }
        if (op.startsWith("add.") && uses == 2) {
            return sum(ofVreg(f.use(i, 0), depth), ofVreg(f.use(i, 1), depth), 1);
        }
        if (op.startsWith("sub.") && uses == 2) {
            return sum(ofVreg(f.use(i, 0), depth), ofVreg(f.use(i, 1), depth), -1);
        }
        if (op.startsWith("add.") && uses == 1 || op.startsWith("mov.") && uses == 1 || op.startsWith("cvta.to")) {
            return uses == 1 ? ofVreg(f.use(i, 0), depth) : Map.of(v, 1L);
        }
        if (op.startsWith("neg.") && uses == 1) {
            return sum(Map.of(), ofVreg(f.use(i, 0), depth), -1);
        }
        if (op.startsWith("mov.") && uses == 0) {
            return Map.of(); // an immediate
        }
        return Map.of(v, 1L);
    }

    private static Map<Integer, Long> sum(Map<Integer, Long> a, Map<Integer, Long> b, long sign) {
        Map<Integer, Long> out = new HashMap<>(a);
        for (Map.Entry<Integer, Long> e : b.entrySet()) {
            out.merge(e.getKey(), sign * e.getValue(), Long::sum);
        }
        return out;
    }

    /** Whether atom {@code v} is a parameter read or computed from parameters and immediates only. */
    private boolean isParameter(int v, int depth) {
        Boolean known = parameterLike.get(v);
        if (known != null) {
            return known;
        }
        boolean result = false;
        if (defCount[v] == 1 && depth < MAX_DEPTH) {
            int i = firstDef[v];
            int special = InstrFlags.READS_UNIFORM_SPECIAL | InstrFlags.READS_DIVERGENT_SPECIAL;
            InstrKind kind = f.instrKind(i);
            if (kind == InstrKind.LOAD_PARAM && f.useCount(i) == 0) {
                result = f.kind() == FunctionKind.ENTRY;
            } else if ((kind == InstrKind.INT_ALU || kind == InstrKind.INT_MUL || kind == InstrKind.MOVE)
                    && !f.instrHas(i, InstrFlags.GUARDED) && (f.instrFlags(i) & special) == 0) {
                result = true;
                for (int k = 0; k < f.useCount(i) && result; k++) {
                    result = isParameter(f.use(i, k), depth + 1);
                }
            }
        }
        parameterLike.put(v, result);
        return result;
    }
}
