package dev.regtune.core.promote;

import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;

/**
 * The values of a function that depend on the result of a subroutine: a {@code call}, or a PTX
 * instruction that ptxas 13.0.88 lowers to a call of an internal subroutine (the slow path of an
 * IEEE-rounded {@code div}, {@code rcp} or {@code sqrt} of {@code .f32} or {@code .f64}, a 64-bit
 * integer {@code div} or {@code rem}). ptxas does not keep a dynamically indexed {@code .local}
 * array in registers when an index depends on such a value: in the probes of {@code
 * LocalArrayPromotionTest} an index computed from a {@code div.rn.f32}, {@code rcp.rn.f32},
 * {@code sqrt.rn.f32}, {@code div.rn.f64}, {@code rcp.rn.f64}, {@code sqrt.rn.f64}, {@code div.u64}
 * or {@code rem.s64} leaves the array in memory, one computed from a {@code div.full.f32},
 * {@code div.approx.f32}, {@code rcp.approx.f32}, {@code sqrt.approx.f32}, {@code div.u32},
 * {@code div.s32}, {@code rem.u32} or {@code add.f32} does not.
 */
final class SubroutineResults {
    private SubroutineResults() {
    }

    /** {@code depends[v]}: vreg {@code v} of {@code f} is computed, directly or not, from a subroutine's result. */
    static boolean[] of(KernelFunction f) {
        int n = f.instrCount();
        boolean[] depends = new boolean[f.vregCount()];
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < n; i++) {
                if (f.defCount(i) == 0) {
                    continue;
                }
                boolean tainted = f.instrKind(i) == InstrKind.CALL || lowersToCall(f.opcode(i));
                for (int k = 0; k < f.useCount(i) && !tainted; k++) {
                    tainted = depends[f.use(i, k)];
                }
                if (!tainted) {
                    continue;
                }
                for (int k = 0; k < f.defCount(i); k++) {
                    int d = f.def(i, k);
                    if (!depends[d]) {
                        depends[d] = true;
                        changed = true;
                    }
                }
            }
        }
        return depends;
    }

    /** Whether ptxas lowers the PTX opcode spelled {@code opcode} to a call of an internal subroutine. */
    static boolean lowersToCall(String opcode) {
        int dot = opcode.indexOf('.');
        return switch (dot < 0 ? opcode : opcode.substring(0, dot)) {
            case "div" -> rounded(opcode) || wideInteger(opcode);
            case "rcp", "sqrt" -> rounded(opcode);
            case "rem" -> wideInteger(opcode);
            default -> false;
        };
    }

    /** An IEEE-rounded ({@code .rn .rz .rm .rp}) {@code .f32} or {@code .f64} operation. */
    private static boolean rounded(String opcode) {
        return (opcode.endsWith(".f32") || opcode.endsWith(".f64")) && (opcode.contains(".rn.")
                || opcode.contains(".rz.") || opcode.contains(".rm.") || opcode.contains(".rp."));
    }

    private static boolean wideInteger(String opcode) {
        return opcode.endsWith(".s64") || opcode.endsWith(".u64") || opcode.endsWith(".b64");
    }
}
