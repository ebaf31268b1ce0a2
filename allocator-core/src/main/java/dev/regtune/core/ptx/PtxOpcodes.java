package dev.regtune.core.ptx;

import java.util.concurrent.ConcurrentHashMap;

import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ptx.OpcodeInfo.Role;

/**
 * Classifies a PTX opcode spelling into an {@link InstrKind} and an operand {@link Role}.
 *
 * <p>The root (the text before the first dot) selects the family; modifiers select the state
 * space of loads and stores ({@code .global}, {@code .shared[::cta|::cluster]}, {@code .local},
 * {@code .const}, {@code .param[::entry|::func]}; none = generic, counted as global) and the type of
 * arithmetic ({@code .f64} = FP64, other float types = FP32, else integer). Choices where the
 * brief left room:
 * <ul>
 *   <li>{@code setp}/{@code set} compare into predicates: INT_ALU, except {@code .f64} (DSETP) = FP64;</li>
 *   <li>integer {@code div}/{@code rem} expand to IMAD sequences: INT_MUL; {@code div.f64} = FP64;</li>
 *   <li>{@code mbarrier} = BARRIER; {@code elect}/{@code activemask} = WARP; {@code movmatrix} and
 *       {@code tcgen05} = MMA; {@code multimem.ld_reduce/st/red} = LOAD_GLOBAL/STORE_GLOBAL/ATOMIC;</li>
 *   <li>async copies ({@code cp.*}), {@code prefetch}, {@code trap}, {@code nanosleep} and similar
 *       register-less operations = OTHER.</li>
 * </ul>
 * An unknown root yields a null kind, which the parser reports as a parse error at the opcode (as
 * ptxas does: "Not a name of any known instruction"); the roots above are every instruction of
 * PTX ISA 9.0.
 */
final class PtxOpcodes {
    private PtxOpcodes() {
    }

    /** Spellings classified so far, shared by every parse (a file uses a few dozen; the cap bounds odd input). */
    private static final ConcurrentHashMap<String, OpcodeInfo> SEEN = new ConcurrentHashMap<>();
    private static final int MAX_SEEN = 1 << 14;

    /**
     * {@link #classify} through a cache shared by all parses, so a file pays only for the spellings
     * no file used before (classification is a pure function of the spelling).
     */
    static OpcodeInfo classifyCached(String opcode) {
        OpcodeInfo info = SEEN.get(opcode);
        if (info == null) {
            info = classify(opcode);
            if (SEEN.size() < MAX_SEEN) {
                SEEN.putIfAbsent(opcode, info);
            }
        }
        return info;
    }

    static OpcodeInfo classify(String opcode) {
        String[] seg = opcode.split("\\.", -1);
        String root = seg[0];
        boolean uni = has(seg, "uni");
        switch (root) {
            case "ld":
                return new OpcodeInfo(loadKind(seg), Role.FIRST_IS_DEF, false, false, false, stateSpace(seg) == 'p',
                        false, ordered(seg));
            case "ldu":
                return plain(InstrKind.LOAD_GLOBAL);
            case "st":
                return new OpcodeInfo(storeKind(seg), Role.NO_DEFS, false, false, false, false, false, ordered(seg));
            case "multimem":
                if (has(seg, "st")) {
                    return info(InstrKind.STORE_GLOBAL, Role.NO_DEFS);
                }
                return has(seg, "red") ? info(InstrKind.ATOMIC, Role.NO_DEFS) : plain(InstrKind.LOAD_GLOBAL);
            case "atom":
                return plain(InstrKind.ATOMIC);
            case "red":
                return info(InstrKind.ATOMIC, Role.NO_DEFS);
            case "mov":
                return info(InstrKind.MOVE, Role.FIRST_IS_DEF, false, false, true, false, false);
            case "cvt":
            case "cvta":
                return plain(InstrKind.CONVERT);
            case "add":
            case "sub":
            case "min":
            case "max":
            case "neg":
            case "abs":
                return plain(floatKind(seg, InstrKind.INT_ALU));
            case "fma":
            case "testp":
            case "copysign":
                return plain(floatKind(seg, InstrKind.FP32));
            case "mul":
            case "mad":
                return plain(floatKind(seg, InstrKind.INT_MUL));
            case "mul24":
            case "mad24":
            case "madc":
            case "rem":
                return plain(InstrKind.INT_MUL);
            case "div":
                return plain(has(seg, "f64") ? InstrKind.FP64 : isFloat(seg) ? InstrKind.SFU : InstrKind.INT_MUL);
            case "rcp":
            case "sqrt":
            case "rsqrt":
            case "ex2":
            case "lg2":
            case "sin":
            case "cos":
            case "tanh":
                return plain(InstrKind.SFU);
            case "setp":
            case "set":
                return plain(has(seg, "f64") ? InstrKind.FP64 : InstrKind.INT_ALU);
            case "addc":
            case "subc":
            case "sad":
            case "popc":
            case "clz":
            case "bfind":
            case "fns":
            case "brev":
            case "bfe":
            case "bfi":
            case "bmsk":
            case "szext":
            case "dp4a":
            case "dp2a":
            case "and":
            case "or":
            case "xor":
            case "not":
            case "cnot":
            case "lop3":
            case "shf":
            case "shl":
            case "shr":
            case "prmt":
            case "selp":
            case "slct":
            case "isspacep":
            case "istypep":
            case "mapa":
            case "getctarank":
            case "createpolicy":
            case "alloca":
            case "stacksave":
            case "vadd":
            case "vsub":
            case "vabsdiff":
            case "vmin":
            case "vmax":
            case "vshl":
            case "vshr":
            case "vmad":
            case "vset":
            case "vadd2":
            case "vsub2":
            case "vavrg2":
            case "vabsdiff2":
            case "vmin2":
            case "vmax2":
            case "vset2":
            case "vadd4":
            case "vsub4":
            case "vavrg4":
            case "vabsdiff4":
            case "vmin4":
            case "vmax4":
            case "vset4":
                return plain(InstrKind.INT_ALU);
            case "stackrestore":
                return info(InstrKind.INT_ALU, Role.NO_DEFS);
            case "shfl":
            case "vote":
            case "match":
            case "redux":
            case "activemask":
            case "elect":
                return plain(InstrKind.WARP);
            case "bar":
            case "barrier":
                // bar.red / barrier.red define their first operand; every other barrier form only reads.
                return info(InstrKind.BARRIER, has(seg, "red") ? Role.FIRST_IS_DEF : Role.NO_DEFS);
            case "membar":
            case "fence":
                return info(InstrKind.BARRIER, Role.NO_DEFS);
            case "mbarrier":
                return plain(InstrKind.BARRIER);
            case "mma":
            case "wmma":
            case "ldmatrix":
            case "stmatrix":
            case "movmatrix":
                return info(InstrKind.MMA, Role.FIRST_IS_DEF, true, false, false, false, false);
            case "wgmma":
                // D = A * B + D: the accumulator group is read as well as written.
                return info(InstrKind.MMA, Role.FIRST_IS_DEF, true, has(seg, "mma_async"), false, false, false);
            case "tcgen05":
                return info(InstrKind.MMA, has(seg, "dealloc") ? Role.NO_DEFS : Role.FIRST_IS_DEF, true, false,
                        false, false, false);
            case "tex":
            case "tld4":
            case "txq":
            case "suld":
            case "suq":
                return plain(InstrKind.TEXTURE);
            case "sust":
            case "sured":
                return info(InstrKind.TEXTURE, Role.NO_DEFS);
            case "bra":
                return info(InstrKind.BRANCH, Role.BRANCH, false, false, false, false, uni);
            case "brx":
                return info(InstrKind.BRANCH, Role.BRANCH_INDEXED, false, false, false, false, uni);
            case "call":
                return info(InstrKind.CALL, Role.CALL, false, false, false, false, uni);
            case "ret":
            case "exit":
                return info(InstrKind.RETURN, Role.RETURN, false, false, false, false, uni);
            case "cp":
            case "prefetch":
            case "prefetchu":
            case "trap":
            case "brkpt":
            case "nanosleep":
            case "pmevent":
            case "setmaxnreg":
            case "griddepcontrol":
            case "applypriority":
            case "discard":
            case "tensormap":
            case "clusterlaunchcontrol":
                return info(InstrKind.OTHER, has(seg, "query_cancel") ? Role.FIRST_IS_DEF : Role.NO_DEFS);
            default:
                // Not an instruction: the parser turns the null kind into a parse error.
                return new OpcodeInfo(null, Role.FIRST_IS_DEF, false, false, false, false, uni, false);
        }
    }

    private static OpcodeInfo plain(InstrKind kind) {
        return info(kind, Role.FIRST_IS_DEF);
    }

    private static OpcodeInfo info(InstrKind kind, Role role) {
        return info(kind, role, false, false, false, false, false);
    }

    private static OpcodeInfo info(InstrKind kind, Role role, boolean mma, boolean accumulates, boolean move,
            boolean loadsParam, boolean uni) {
        return new OpcodeInfo(kind, role, mma, accumulates, move, loadsParam, uni, false);
    }

    /** A load or store whose memory order ptxas keeps: volatile, or with a memory-consistency qualifier. */
    private static boolean ordered(String[] seg) {
        return has(seg, "volatile") || has(seg, "relaxed") || has(seg, "acquire") || has(seg, "release")
                || has(seg, "mmio");
    }

    private static boolean has(String[] seg, String s) {
        for (int i = 1; i < seg.length; i++) {
            if (seg[i].equals(s)) {
                return true;
            }
        }
        return false;
    }

    /** 'g'lobal, 's'hared, 'l'ocal, 'c'onst, 'p'aram, or 0 for generic addressing. */
    private static char stateSpace(String[] seg) {
        for (int i = 1; i < seg.length; i++) {
            String s = seg[i];
            if (s.equals("global")) {
                return 'g';
            }
            if (s.equals("shared") || s.startsWith("shared::")) {
                return 's';
            }
            if (s.equals("local")) {
                return 'l';
            }
            if (s.equals("const")) {
                return 'c';
            }
            if (s.equals("param") || s.startsWith("param::")) {
                return 'p';
            }
        }
        return 0;
    }

    private static InstrKind loadKind(String[] seg) {
        return switch (stateSpace(seg)) {
            case 's' -> InstrKind.LOAD_SHARED;
            case 'l' -> InstrKind.LOAD_LOCAL;
            case 'c' -> InstrKind.LOAD_CONST;
            case 'p' -> InstrKind.LOAD_PARAM;
            default -> InstrKind.LOAD_GLOBAL;
        };
    }

    private static InstrKind storeKind(String[] seg) {
        return switch (stateSpace(seg)) {
            case 's' -> InstrKind.STORE_SHARED;
            case 'l' -> InstrKind.STORE_LOCAL;
            case 'p' -> InstrKind.STORE_PARAM;
            default -> InstrKind.STORE_GLOBAL;
        };
    }

    /** FP64 for {@code .f64}, FP32 for any other float type, else {@code otherwise}. */
    private static InstrKind floatKind(String[] seg, InstrKind otherwise) {
        if (has(seg, "f64")) {
            return InstrKind.FP64;
        }
        return isFloat(seg) ? InstrKind.FP32 : otherwise;
    }

    private static boolean isFloat(String[] seg) {
        for (int i = 1; i < seg.length; i++) {
            switch (seg[i]) {
                case "f16", "f16x2", "bf16", "bf16x2", "f32", "tf32", "e4m3", "e5m2", "e4m3x2", "e5m2x2":
                    return true;
                default:
                    break;
            }
        }
        return false;
    }
}
