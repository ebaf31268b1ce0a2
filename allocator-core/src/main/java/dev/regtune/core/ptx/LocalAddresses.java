package dev.regtune.core.ptx;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.LocalAccess;
import dev.regtune.core.ir.LocalArray;
import dev.regtune.core.ir.LocalMemory;

/**
 * The {@code .local} arrays of one function body and the address arithmetic on them, collected
 * while the body is parsed (only the parser sees immediates) and resolved into a {@link
 * LocalMemory} once the function is built (the resolution needs every def and use).
 *
 * <p>Resolution follows addresses through registers: {@code mov d, array} starts at offset 0;
 * {@code mov}/{@code cvta}/{@code cvt} copy; {@code add}/{@code sub} of a constant shift the
 * offset; {@code add} of a register makes it dynamic; a register defined more than once (a pointer
 * stepped in a loop) holds a dynamic offset. A load or store through {@code [r+imm]} or {@code
 * [array+imm]} then accesses its array at a constant or dynamic offset. An address that reaches
 * anything else (stored as data, passed to a call, compared, converted, added to another array's
 * address, or a register that also holds non-addresses) makes its array escape.
 */
final class LocalAddresses {
    private static final int NONE = -1;
    private static final int CONFLICT = -2;

    private enum Kind { BASE, ADD, SUM, LOAD, STORE }

    private record Term(int instr, Kind kind, int dst, int src1, int src2, int array, long imm, boolean immKnown,
            int elementBytes, int elements, int mask, boolean generic) {
    }

    private final List<String> names = new ArrayList<>();
    private final List<int[]> shapes = new ArrayList<>();
    private final Map<String, Integer> index = new HashMap<>();
    private final List<Term> terms = new ArrayList<>();
    private int[] references = new int[4];
    private int[] termReferences = new int[4];

    boolean isEmpty() {
        return names.isEmpty();
    }

    void declare(String name, int bytes, int alignment) {
        index.put(name, names.size());
        names.add(name);
        shapes.add(new int[] {bytes, alignment});
        if (names.size() > references.length) {
            references = Arrays.copyOf(references, names.size() * 2);
            termReferences = Arrays.copyOf(termReferences, names.size() * 2);
        }
    }

    /** Counts every appearance of an array's name as an operand. */
    void referenced(String name) {
        Integer a = index.get(name);
        if (a != null) {
            references[a]++;
        }
    }

    /**
     * {@code mov d, symbol+offset} (or {@code cvta}): an address in the array, if the symbol is one;
     * {@code generic} for a {@code cvta}, which converts between local and generic addresses.
     */
    void base(int instr, int dst, String symbol, long offset, boolean known, boolean generic) {
        Integer a = index.get(symbol);
        if (a != null) {
            termReferences[a]++;
            terms.add(new Term(instr, Kind.BASE, dst, -1, -1, a, offset, known, 0, 0, 0, generic));
        }
    }

    /** {@code d = src + imm} (a copy when {@code imm} is 0); {@code known} false for a non-constant immediate. */
    void add(int instr, int dst, int src, long imm, boolean known) {
        copy(instr, dst, src, imm, known, false);
    }

    /** {@link #add}, {@code generic} for a {@code cvta} copy between local and generic addresses. */
    void copy(int instr, int dst, int src, long imm, boolean known, boolean generic) {
        terms.add(new Term(instr, Kind.ADD, dst, src, -1, -1, imm, known, 0, 0, 0, generic));
    }

    /** {@code d = a + b} of two registers. */
    void sum(int instr, int dst, int a, int b) {
        terms.add(new Term(instr, Kind.SUM, dst, a, b, -1, 0, true, 0, 0, 0, false));
    }

    /** A load or store through {@code [symbol+offset]} or {@code [base+offset]}. */
    void access(int instr, boolean load, String symbol, int base, long offset, boolean known, int elementBytes,
            int elements, int mask) {
        int array = -1;
        if (symbol != null) {
            Integer a = index.get(symbol);
            if (a == null) {
                return;
            }
            array = a;
            termReferences[a]++;
        }
        terms.add(new Term(instr, load ? Kind.LOAD : Kind.STORE, -1, base, -1, array, offset, known, elementBytes,
                elements, mask, false));
    }

    /** Resolves the collected arithmetic against {@code f}, the function built from this body. */
    LocalMemory resolve(KernelFunction f) {
        int arrays = names.size();
        boolean[] escapes = new boolean[arrays];
        for (int a = 0; a < arrays; a++) {
            escapes[a] = references[a] > termReferences[a];
        }
        int n = f.vregCount();
        int[] defs = new int[n];
        for (int i = 0; i < f.instrCount(); i++) {
            for (int k = 0; k < f.defCount(i); k++) {
                defs[f.def(i, k)]++;
            }
        }
        int[] array = new int[n];
        Arrays.fill(array, NONE);
        long[] offset = new long[n];
        boolean[] dynamic = new boolean[n];
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Term t : terms) {
                if (t.kind() == Kind.LOAD || t.kind() == Kind.STORE) {
                    continue;
                }
                int a;
                long off = 0;
                boolean dyn = false;
                if (t.kind() == Kind.BASE) {
                    a = t.array();
                    off = t.imm();
                    dyn = !t.immKnown();
                } else if (t.kind() == Kind.ADD) {
                    a = array[t.src1()];
                    if (a < 0) {
                        continue;
                    }
                    off = offset[t.src1()] + t.imm();
                    dyn = dynamic[t.src1()] || !t.immKnown();
                } else {
                    int a1 = array[t.src1()];
                    int a2 = array[t.src2()];
                    if (a1 >= 0 && a2 >= 0) {
                        escapes[a1] = true;
                        escapes[a2] = true;
                        continue;
                    }
                    a = Math.max(a1, a2);
                    if (a < 0) {
                        continue;
                    }
                    dyn = true;
                }
                int d = t.dst();
                dyn |= defs[d] > 1;
                if (array[d] == NONE) {
                    array[d] = a;
                    offset[d] = off;
                    dynamic[d] = dyn;
                    changed = true;
                } else if (array[d] == a) {
                    if (!dynamic[d] && (dyn || offset[d] != off)) {
                        dynamic[d] = true;
                        changed = true;
                    }
                } else if (array[d] != CONFLICT) {
                    if (array[d] >= 0) {
                        escapes[array[d]] = true;
                    }
                    escapes[a] = true;
                    array[d] = CONFLICT;
                    changed = true;
                }
            }
        }
        boolean[] generic = new boolean[arrays];
        for (Term t : terms) {
            if (t.generic() && t.dst() >= 0 && array[t.dst()] >= 0) {
                generic[array[t.dst()]] = true;
            }
        }
        LocalAccess[] access = new LocalAccess[f.instrCount()];
        boolean[] term = new boolean[f.instrCount()];
        int[] addressDefs = new int[n];
        for (Term t : terms) {
            term[t.instr()] = true;
            if (t.kind() == Kind.LOAD || t.kind() == Kind.STORE) {
                int a = t.array() >= 0 ? t.array() : array[t.src1()];
                if (a < 0) {
                    continue;
                }
                boolean dyn = !t.immKnown() || t.array() < 0 && dynamic[t.src1()];
                long off = t.imm() + (t.array() >= 0 ? 0 : offset[t.src1()]);
                if (off < 0 || off > Integer.MAX_VALUE) {
                    dyn = true;
                }
                access[t.instr()] = new LocalAccess(a, t.kind() == Kind.LOAD ? LocalAccess.Role.LOAD
                        : LocalAccess.Role.STORE, dyn ? LocalAccess.DYNAMIC : (int) off, t.elementBytes(), t.elements(),
                        t.mask());
                if (t.kind() == Kind.STORE) {
                    int data = Integer.bitCount(t.mask());
                    for (int k = f.useCount(t.instr()) - data; k < f.useCount(t.instr()); k++) {
                        markEscape(array, escapes, f.use(t.instr(), k));
                    }
                }
            } else if (array[t.dst()] >= 0) {
                addressDefs[t.dst()]++;
                access[t.instr()] = new LocalAccess(array[t.dst()], LocalAccess.Role.ADDRESS, 0, 0, 0, 0);
            }
        }
        for (int v = 0; v < n; v++) {
            if (array[v] >= 0 && addressDefs[v] < defs[v]) {
                escapes[array[v]] = true;
            }
        }
        for (int i = 0; i < f.instrCount(); i++) {
            if (!term[i]) {
                for (int k = 0; k < f.useCount(i); k++) {
                    markEscape(array, escapes, f.use(i, k));
                }
            }
        }
        List<LocalArray> out = new ArrayList<>(arrays);
        for (int a = 0; a < arrays; a++) {
            out.add(new LocalArray(names.get(a), shapes.get(a)[0], shapes.get(a)[1], escapes[a], generic[a]));
        }
        return new LocalMemory(out, access);
    }

    private static void markEscape(int[] array, boolean[] escapes, int v) {
        if (array[v] >= 0) {
            escapes[array[v]] = true;
        }
    }

    /** {@link #facts} of an opcode: its root. */
    static final int ROOT_OTHER = 0;
    static final int ROOT_LD = 1;
    static final int ROOT_ST = 2;
    static final int ROOT_MOVE_LIKE = 3;
    static final int ROOT_ADD = 4;
    static final int ROOT_SUB = 5;
    private static final ConcurrentHashMap<String, Integer> FACTS = new ConcurrentHashMap<>();
    private static final int MAX_FACTS = 1 << 14;

    /**
     * What the address tracking needs of an opcode spelling, computed once per spelling for all
     * parses: the root (bits 0-2, {@code ROOT_*}), {@link #localOrGeneric} (bit 3),
     * {@link #vectorWidth} (bits 4-7) and {@link #elementBytes} (bits 8-12).
     */
    static int facts(String opcode) {
        Integer f = FACTS.get(opcode);
        if (f != null) {
            return f;
        }
        int dot = opcode.indexOf('.');
        String root = dot < 0 ? opcode : opcode.substring(0, dot);
        int r = switch (root) {
            case "ld" -> ROOT_LD;
            case "st" -> ROOT_ST;
            case "mov", "cvta", "cvt" -> ROOT_MOVE_LIKE;
            case "add" -> ROOT_ADD;
            case "sub" -> ROOT_SUB;
            default -> ROOT_OTHER;
        };
        int facts = r | (localOrGeneric(opcode) ? 8 : 0) | vectorWidth(opcode) << 4 | elementBytes(opcode) << 8;
        if (FACTS.size() < MAX_FACTS) {
            FACTS.putIfAbsent(opcode, facts);
        }
        return facts;
    }

    static int root(int facts) {
        return facts & 7;
    }

    static boolean localOrGeneric(int facts) {
        return (facts & 8) != 0;
    }

    static int vectorWidth(int facts) {
        return (facts >>> 4) & 0xf;
    }

    static int elementBytes(int facts) {
        return (facts >>> 8) & 0x1f;
    }

    /** Whether a {@code ld}/{@code st} spelling addresses {@code .local} or generic memory. */
    static boolean localOrGeneric(String opcode) {
        boolean generic = true;
        for (String s : opcode.split("\\.")) {
            if (s.equals("local")) {
                return true;
            }
            if (s.equals("global") || s.startsWith("shared") || s.equals("const") || s.startsWith("param")
                    || s.equals("tex")) {
                generic = false;
            }
        }
        return generic;
    }

    /** Elements of a vector access ({@code .v2}, {@code .v4}, {@code .v8}), else 1. */
    static int vectorWidth(String opcode) {
        for (String s : opcode.split("\\.")) {
            switch (s) {
                case "v2":
                    return 2;
                case "v4":
                    return 4;
                case "v8":
                    return 8;
                default:
                    break;
            }
        }
        return 1;
    }

    /** Bytes of one element of a {@code ld}/{@code st} spelling, from its type suffix (0 when it has none). */
    static int elementBytes(String opcode) {
        String[] seg = opcode.split("\\.");
        for (int i = seg.length - 1; i > 0; i--) {
            switch (seg[i]) {
                case "b8", "u8", "s8":
                    return 1;
                case "b16", "u16", "s16", "f16", "bf16":
                    return 2;
                case "b32", "u32", "s32", "f32", "f16x2", "bf16x2", "tf32":
                    return 4;
                case "b64", "u64", "s64", "f64":
                    return 8;
                case "b128":
                    return 16;
                default:
                    break;
            }
        }
        return 0;
    }
}
