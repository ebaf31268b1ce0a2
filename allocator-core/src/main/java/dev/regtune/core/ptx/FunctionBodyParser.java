package dev.regtune.core.ptx;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import dev.regtune.core.ir.CallTarget;
import dev.regtune.core.ir.ConstraintKind;
import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.NvptxRegClass;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.ir.VregConstraint;
import dev.regtune.core.ir.VregFlags;
import dev.regtune.core.ptx.OpcodeInfo.Role;
import org.jspecify.annotations.Nullable;

/**
 * Parses one function body (from its opening {@code {} to the matching {@code }}) into a
 * {@link FunctionBuilder}: register declarations with nested scopes, variable declarations,
 * labels, and instructions with their defs, uses, kinds, flags and constraints.
 *
 * <p>Operands of the instruction being parsed are kept in reusable flat arrays (kind, register
 * range, symbol), so an instruction allocates nothing but the two exact-length def/use arrays the
 * builder copies (and those are reused per length too).
 */
final class FunctionBodyParser {
    // Operand kinds.
    private static final byte OP_REG = 1;
    private static final byte OP_PAIR = 2;
    private static final byte OP_VECTOR = 3;
    private static final byte OP_ADDRESS = 4;
    private static final byte OP_IMMEDIATE = 5;
    private static final byte OP_SYMBOL = 6;
    private static final byte OP_SINK = 7;
    private static final byte OP_NEGATED = 8;
    private static final byte OP_SPECIAL = 9;

    /** PTX's built-in constant {@code WARP_SZ}. */
    private static final long WARP_SIZE = 32;

    /** Most defs one IR instruction may carry (the IR stores the def count in a byte). */
    private static final int MAX_IR_DEFS = 127;

    private final PtxLexer lx;
    private final NameTable names;
    private final FunctionBuilder fb;
    private final String functionName;
    /** Names of the parameters of an {@code .entry}: loads from them are kernel-parameter loads. */
    private final Set<String> kernelParams;
    private final List<ModuleParser.ParamDecl> params;

    /** Every name this function declares in any scope: params, variables, labels, prototypes. */
    private final Set<String> localSymbols = new HashSet<>();
    /** Non-register identifiers used as operands, with the position of their first use. */
    private final Map<String, Long> symbolRefs = new LinkedHashMap<>();
    /** Labels defined in the blocks currently open, innermost definition first (see {@link #referenceLabel}). */
    private final Map<String, LabelBinding> visibleLabels = new HashMap<>();
    /** Forward references to labels not yet defined, by PTX name. */
    private final Map<String, List<PendingLabel>> pendingLabels = new HashMap<>();
    /** How many labels of each PTX name this function has defined or reserved (for name#k). */
    private final Map<String, Integer> labelNameCounts = new HashMap<>();
    private String[] labelUndo = new String[16];
    private int labelUndoTop;
    private int[] labelScopeMark = new int[8];
    private int maxPendingDepth;
    private final Map<String, List<String>> branchTargetLists = new HashMap<>();
    /** {@code .calltargets} lists by label, for the indirect calls that name them. */
    private final Map<String, List<String>> callTargetLists = new HashMap<>();
    private final Set<VregConstraint> groupConstraints = new HashSet<>();
    private int localBytes;
    private final LocalAddresses localAddresses = new LocalAddresses();
    private int sharedBytes;
    private @Nullable Map<String, Long> externalRefs;

    // Scopes: an undo log of shadowed bindings, one mark per open scope.
    private int depth;
    private int[] undoId = new int[64];
    private boolean[] undoRange = new boolean[64];
    private int undoTop;
    private int[] scopeMark = new int[8];

    // Operands of the instruction being parsed.
    private int opCount;
    private byte[] opKind = new byte[16];
    private int[] opRegStart = new int[17];
    private int[] opRegEnd = new int[16];
    private int[] opBase = new int[16];
    private String[] opSymbol = new String[16];
    private int[] regs = new int[64];
    private int regCount;
    private int groupCount;
    private int[] groupStart = new int[8];
    private int[] groupEnd = new int[8];
    private int specialFlags;
    /** Whether the last {@link #parseConstExpr} had an integer value. */
    private boolean exprKnown;
    /** Per operand: an immediate's value, or an address operand's constant offset. */
    private long[] opImm = new long[16];
    /** Per operand: whether {@link #opImm} is known. */
    private boolean[] opImmKnown = new boolean[16];
    /** Per operand: a component ({@code %v.x}) of a vector register rather than a whole register. */
    private boolean[] opComponent = new boolean[16];
    /** Per {@code {...}} operand: whether a member is a vector component (no hardware vector group then). */
    private boolean[] groupComponent = new boolean[8];
    /** Set by {@link #lookupRegister} when the name it resolved was a component of a vector register. */
    private boolean lastWasComponent;
    /** Vregs of vector registers, and those of them written so far (in text order). */
    private final BitSet vectorVregs = new BitSet();
    private final BitSet writtenVectors = new BitSet();

    // Def/use assembly.
    private int[] defBuf = new int[16];
    private int[] useBuf = new int[16];
    /** A {@code .pragma "nounroll"} was read: the next instruction is flagged {@link InstrFlags#NO_UNROLL}. */
    private boolean noUnrollPending;
    private int defCount;
    private int useCount;
    private final int[][] exactDefs = new int[33][];
    private final int[][] exactUses = new int[33][];

    FunctionBodyParser(PtxLexer lx, NameTable names, String functionName, FunctionKind kind,
            List<ModuleParser.ParamDecl> params, FunctionBuilder fb) {
        this.lx = lx;
        this.names = names;
        this.fb = fb;
        this.functionName = functionName;
        this.params = params;
        this.kernelParams = new HashSet<>();
        names.beginFunction();
        for (ModuleParser.ParamDecl p : params) {
            localSymbols.add(p.name());
            if (kind == FunctionKind.ENTRY && !p.isReturn()) {
                kernelParams.add(p.name());
            }
        }
    }

    int localBytes() {
        return localBytes;
    }

    /** The function's {@code .local} arrays and the address arithmetic on them, to resolve once built. */
    LocalAddresses localAddresses() {
        return localAddresses;
    }

    int sharedBytes() {
        return sharedBytes;
    }

    /**
     * Identifiers this function uses that it does not declare itself (module variables and
     * functions, or mistakes), with the position of their first use, in source order.
     */
    Map<String, Long> externalReferences() {
        if (externalRefs == null) {
            externalRefs = new LinkedHashMap<>();
            for (Map.Entry<String, Long> e : symbolRefs.entrySet()) {
                if (!localSymbols.contains(e.getKey())) {
                    externalRefs.put(e.getKey(), e.getValue());
                }
            }
        }
        return externalRefs;
    }

    // =====================================================================================
    // Body and statements
    // =====================================================================================

    /** Parses from the body's '{' (the current token) through its matching '}'. */
    void parseBody() {
        long openPos = lx.position();
        lx.expectPunct('{');
        pushScope();
        for (ModuleParser.ParamDecl p : params) {
            if (p.isRegister()) {
                int id = names.intern(p.name());
                declare(id, false, p.type(), p.vector(), -1, p.position());
            }
        }
        while (true) {
            switch (lx.type) {
                case PtxLexer.EOF:
                    throw lx.error("'}' to close the body of '" + functionName + "' opened at line "
                            + (int) (openPos >>> 32));
                case PtxLexer.PUNCT:
                    switch (lx.punct) {
                        case '}':
                            popScope();
                            lx.advance();
                            if (depth == 0) {
                                finish();
                                return;
                            }
                            break;
                        case '{':
                            pushScope();
                            lx.advance();
                            break;
                        case '@':
                            parseGuardedInstruction();
                            break;
                        case ';':
                            lx.advance();
                            break;
                        default:
                            throw lx.error("an instruction, label, declaration or '}'");
                    }
                    break;
                case PtxLexer.WORD:
                    if (lx.firstChar() == '.') {
                        parseBodyDirective();
                    } else {
                        parseLabelOrInstruction();
                    }
                    break;
                default:
                    throw lx.error("an instruction, label, declaration or '}'");
            }
        }
    }

    private void finish() {
        PendingLabel first = null;
        String firstName = null;
        for (Map.Entry<String, List<PendingLabel>> e : pendingLabels.entrySet()) {
            for (PendingLabel p : e.getValue()) {
                if (first == null || p.position < first.position) {
                    first = p;
                    firstName = e.getKey();
                }
            }
        }
        if (first != null) {
            throw lx.errorAt(first.position, "a label defined in '" + functionName + "'", firstName);
        }
    }

    private void parseBodyDirective() {
        int id = names.find(lx.buf, lx.start, lx.end, lx.hash);
        Directive d = id >= 0 ? names.directive[id] : null;
        if (d == null) {
            throw lx.error("an instruction, label, declaration or '}'");
        }
        switch (d) {
            case REG:
                parseRegDeclaration();
                break;
            case EXTERN:
                lx.advance();
                Directive space = currentDirective();
                if (space == null || !space.isVariableSpace()) {
                    throw lx.error("a state space such as .shared after .extern");
                }
                parseVariables(space);
                break;
            case LOCAL:
            case SHARED:
            case CONST:
            case GLOBAL:
            case TEX:
            case PARAM:
                parseVariables(d);
                break;
            case LOC:
                ModuleParser.parseLoc(lx, names);
                break;
            case PRAGMA:
                noUnrollPending |= ModuleParser.parsePragma(lx);
                break;
            default:
                throw lx.error("an instruction, label, declaration or '}'");
        }
    }

    private @Nullable Directive currentDirective() {
        if (lx.type != PtxLexer.WORD) {
            return null;
        }
        int id = names.find(lx.buf, lx.start, lx.end, lx.hash);
        return id >= 0 ? names.directive[id] : null;
    }

    private void parseVariables(Directive space) {
        ModuleParser.parseVariables(lx, names, space, (name, bytes, alignment) -> {
            localSymbols.add(name);
            if (space == Directive.LOCAL) {
                localBytes = addBytes(localBytes, bytes);
                localAddresses.declare(name, (int) bytes, alignment);
            } else if (space == Directive.SHARED) {
                sharedBytes = addBytes(sharedBytes, bytes);
            }
        });
    }

    private int addBytes(int total, long bytes) {
        long sum = total + bytes;
        if (sum > Integer.MAX_VALUE) {
            throw lx.error("variables of at most 2147483647 bytes in total");
        }
        return (int) sum;
    }

    /**
     * {@code .reg [.v2|.v4] .type name[<N>] {, name[<N>]} ;}. A vector register is one vreg of the
     * vector's total width (at most 128 bits, as ptxas requires; no {@code .pred} vectors), aligned
     * as a pair or quad like any 64/128-bit value, which is how ptxas places vector operands.
     */
    private void parseRegDeclaration() {
        lx.advance();
        int vector = 1;
        Directive v = currentDirective();
        if (v == Directive.V2 || v == Directive.V4) {
            vector = v == Directive.V2 ? 2 : 4;
            lx.advance();
        }
        int tid = lx.isWord() ? names.find(lx.buf, lx.start, lx.end, lx.hash) : -1;
        PtxType type = tid >= 0 ? names.type[tid] : null;
        if (type == null || !type.isRegisterType()) {
            throw lx.error(vector > 1 ? "a vector element type such as .f32 or .b16"
                    : "a register type such as .b32, .f64, .pred or a vector prefix .v2/.v4");
        }
        if (vector > 1 && (type == PtxType.PRED || type.bits * vector > 128)) {
            throw lx.error(type == PtxType.PRED ? "a non-predicate element type (.pred registers are scalar)"
                    : "an element type that keeps the vector within 128 bits");
        }
        lx.advance();
        while (true) {
            if (!lx.isWord() || !isIdentifierStart(lx.firstChar()) || containsDot(lx.start, lx.end)) {
                throw lx.error("a register name");
            }
            long pos = lx.position();
            int id = names.intern(lx.buf, lx.start, lx.end, lx.hash);
            lx.advance();
            int count = -1;
            if (lx.acceptPunct('<')) {
                count = lx.expectInt("a register count");
                lx.expectPunct('>');
            }
            declare(id, count >= 0, type, vector, count, pos);
            if (lx.acceptPunct(',')) {
                continue;
            }
            lx.expectPunct(';');
            return;
        }
    }

    private void declare(int id, boolean isRange, PtxType type, int vector, int count, long pos) {
        RegisterBinding[] slot = isRange ? names.range : names.plain;
        RegisterBinding existing = slot[id];
        if (existing != null && existing.depth == depth) {
            throw lx.errorAt(pos, "a register name not already declared in this scope", names.name(id));
        }
        if (vector > 1) {
            PairMode mode = PairMode.forBits(type.bits * vector);
            slot[id] = new RegisterBinding(names.name(id), RegClass.R, mode, NvptxRegClass.of(RegClass.R, mode), true,
                    count, depth, existing);
        } else {
            slot[id] = new RegisterBinding(names.name(id), type.regClass(), type.pairMode(), type.nvptxClass(), false,
                    count, depth, existing);
        }
        if (undoTop == undoId.length) {
            undoId = Arrays.copyOf(undoId, undoTop * 2);
            undoRange = Arrays.copyOf(undoRange, undoTop * 2);
        }
        if (isRange) {
            names.rangeEpoch++;
        }
        undoId[undoTop] = id;
        undoRange[undoTop] = isRange;
        undoTop++;
    }

    private void pushScope() {
        if (depth == scopeMark.length) {
            scopeMark = Arrays.copyOf(scopeMark, depth * 2);
            labelScopeMark = Arrays.copyOf(labelScopeMark, depth * 2);
        }
        labelScopeMark[depth] = labelUndoTop;
        scopeMark[depth++] = undoTop;
    }

    private void popScope() {
        int mark = scopeMark[--depth];
        while (undoTop > mark) {
            undoTop--;
            RegisterBinding[] slot = undoRange[undoTop] ? names.range : names.plain;
            if (undoRange[undoTop]) {
                names.rangeEpoch++;
            }
            int id = undoId[undoTop];
            slot[id] = slot[id].shadowed;
        }
        int labelMark = labelScopeMark[depth];
        while (labelUndoTop > labelMark) {
            String name = labelUndo[--labelUndoTop];
            LabelBinding b = Objects.requireNonNull(visibleLabels.get(name)).shadowed;
            if (b == null) {
                visibleLabels.remove(name);
            } else {
                visibleLabels.put(name, b);
            }
        }
        // Forward references made inside the closed block can now only bind in its enclosing blocks.
        if (maxPendingDepth > depth) {
            for (List<PendingLabel> list : pendingLabels.values()) {
                for (PendingLabel p : list) {
                    p.depth = Math.min(p.depth, depth);
                }
            }
            maxPendingDepth = depth;
        }
    }

    // =====================================================================================
    // Labels
    //
    // PTX labels are scoped to the block that declares them: CUTLASS-style inline asm repeats
    // "LAB_WAIT:" / "DONE:" in sibling { } blocks of one function. The IR has one namespace per
    // function, so every definition gets a unique internal name (the PTX name, or name#k for a
    // repeat). A reference binds to the innermost visible definition; a forward reference gets a
    // placeholder name that the definition it finally binds to also places, at the same
    // instruction (several labels may mark one position). Like ptxas, a label is unknown outside
    // its block. One corner differs from a full two-pass resolution: a reference that already sees
    // an outer definition binds to it even if its own block defines the same name further down.
    // =====================================================================================

    private static final class LabelBinding {
        final String internal;
        final int depth;
        final @Nullable LabelBinding shadowed;

        LabelBinding(String internal, int depth, @Nullable LabelBinding shadowed) {
            this.internal = internal;
            this.depth = depth;
            this.shadowed = shadowed;
        }
    }

    private static final class PendingLabel {
        final String placeholder;
        final long position;
        /** The innermost still-open block the definition may appear in. */
        int depth;

        PendingLabel(String placeholder, long position, int depth) {
            this.placeholder = placeholder;
            this.position = position;
            this.depth = depth;
        }
    }

    private void defineLabel(String name, long pos) {
        LabelBinding visible = visibleLabels.get(name);
        if (visible != null && visible.depth == depth) {
            throw lx.errorAt(pos, "a label not already defined in this scope of '" + functionName + "'", name);
        }
        String internal = null;
        List<PendingLabel> pending = pendingLabels.get(name);
        if (pending != null) {
            for (int k = 0; k < pending.size(); k++) {
                PendingLabel p = pending.get(k);
                if (p.depth != depth) {
                    continue;
                }
                if (internal == null) {
                    internal = p.placeholder;
                    fb.label(internal);
                } else if (!internal.equals(p.placeholder)) {
                    fb.label(p.placeholder);
                }
                pending.remove(k--);
            }
            if (pending.isEmpty()) {
                pendingLabels.remove(name);
            }
        }
        if (internal == null) {
            internal = uniqueLabel(name);
            fb.label(internal);
        }
        visibleLabels.put(name, new LabelBinding(internal, depth, visible));
        if (labelUndoTop == labelUndo.length) {
            labelUndo = Arrays.copyOf(labelUndo, labelUndoTop * 2);
        }
        labelUndo[labelUndoTop++] = name;
        localSymbols.add(name);
    }

    /** The internal name a branch to {@code name} at the current position targets. */
    private String referenceLabel(String name, long pos) {
        LabelBinding visible = visibleLabels.get(name);
        if (visible != null) {
            return visible.internal;
        }
        List<PendingLabel> pending = pendingLabels.computeIfAbsent(name, n -> new ArrayList<>(1));
        for (PendingLabel p : pending) {
            if (p.depth == depth) {
                return p.placeholder;
            }
        }
        PendingLabel p = new PendingLabel(uniqueLabel(name), pos, depth);
        pending.add(p);
        maxPendingDepth = Math.max(maxPendingDepth, depth);
        return p.placeholder;
    }

    private String uniqueLabel(String name) {
        int n = labelNameCounts.merge(name, 1, Integer::sum);
        return n == 1 ? name : name + "#" + (n - 1);
    }

    private void parseLabelOrInstruction() {
        int hash = lx.hash;
        long pos = lx.position();
        int line = lx.tokLine;
        lx.advance();
        // The word is the previous token now, wherever a streamed text's window has moved it.
        int start = lx.prevStart;
        int end = lx.prevEnd;
        if (lx.isPunct(':')) {
            if (!isIdentifierStart(lx.buf[start]) || lx.buf[start] == '%' || containsDot(start, end)) {
                throw lx.errorAt(pos, "a label name", text(start, end));
            }
            String name = names.name(names.intern(lx.buf, start, end, hash));
            lx.advance();
            Directive d = currentDirective();
            if (d == Directive.CALLPROTOTYPE) {
                localSymbols.add(name);
                skipToSemicolon();
            } else if (d == Directive.CALLTARGETS) {
                localSymbols.add(name);
                callTargetLists.put(name, parseTargetList(false));
            } else if (d == Directive.BRANCHTARGETS) {
                localSymbols.add(name);
                branchTargetLists.put(name, parseTargetList(true));
            } else {
                defineLabel(name, pos);
            }
            return;
        }
        if (!isLetter(lx.buf[start])) {
            throw lx.errorAt(pos, "an instruction, label, declaration or '}'", text(start, end));
        }
        parseInstruction(start, end, hash, pos, line, -1, false);
    }

    private void parseGuardedInstruction() {
        int line = lx.tokLine;
        lx.advance();
        boolean negated = lx.acceptPunct('!');
        if (!lx.isWord()) {
            throw lx.error("a predicate register");
        }
        int guard = lookupRegister(lx.start, lx.end, lx.hash);
        if (guard < 0 || fb.vregClass(guard) != RegClass.P) {
            throw lx.error("a predicate register");
        }
        lx.advance();
        if (!lx.isWord() || !isLetter(lx.firstChar())) {
            throw lx.error("an instruction opcode");
        }
        int hash = lx.hash;
        long pos = lx.position();
        lx.advance();
        parseInstruction(lx.prevStart, lx.prevEnd, hash, pos, line, guard, negated);
    }

    /** {@code name: .calltargets f1, f2;} or {@code name: .branchtargets L1, L2;} */
    private List<String> parseTargetList(boolean labels) {
        lx.advance();
        List<String> out = new ArrayList<>();
        while (true) {
            if (!lx.isWord() || !isIdentifierStart(lx.firstChar())) {
                throw lx.error(labels ? "a label" : "a function name");
            }
            String name = names.name(names.intern(lx.buf, lx.start, lx.end, lx.hash));
            if (labels) {
                out.add(referenceLabel(name, lx.position()));
            } else {
                symbolRefs.putIfAbsent(name, lx.position());
                out.add(name);
            }
            lx.advance();
            if (lx.acceptPunct(',')) {
                continue;
            }
            lx.expectPunct(';');
            return out;
        }
    }

    /** Skips a {@code .callprototype} signature, which only describes an indirect call's ABI. */
    private void skipToSemicolon() {
        int parens = 0;
        while (true) {
            if (lx.type == PtxLexer.EOF) {
                throw lx.error("';'");
            }
            if (lx.type == PtxLexer.PUNCT) {
                if (lx.punct == '(') {
                    parens++;
                } else if (lx.punct == ')') {
                    parens--;
                } else if (lx.punct == ';' && parens <= 0) {
                    lx.advance();
                    return;
                } else if (lx.punct == '{' || lx.punct == '}') {
                    throw lx.error("';'");
                }
            }
            lx.advance();
        }
    }

    // =====================================================================================
    // Instructions
    // =====================================================================================

    private void parseInstruction(int start, int end, int hash, long pos, int line, int guard, boolean negated) {
        int id = names.intern(lx.buf, start, end, hash);
        OpcodeInfo info = names.opcode[id];
        if (info == null) {
            info = PtxOpcodes.classifyCached(names.name(id));
            names.opcode[id] = info;
        }
        String opcode = names.name(id);
        if (info.kind() == null) {
            int dot = opcode.indexOf('.');
            String base = dot > 0 ? opcode.substring(0, dot) : opcode;
            throw PtxParseException.ptxas(lx.source, (int) (pos >>> 32), (int) pos,
                    "a PTX instruction such as add, ld or mov (not a known opcode)", opcode,
                    "Not a name of any known instruction: '" + PtxParseException.visible(base) + "'");
        }
        int guardFlags = guard < 0 ? 0 : negated ? InstrFlags.GUARDED | InstrFlags.GUARD_NEGATED : InstrFlags.GUARDED;
        defCount = 0;
        useCount = 0;
        if (guard >= 0) {
            addUse(guard);
        }
        switch (info.role()) {
            case CALL:
                parseCall(opcode, info, guardFlags, line);
                return;
            case BRANCH:
                parseBranch(opcode, info, guardFlags, line);
                return;
            case BRANCH_INDEXED:
                parseIndexedBranch(opcode, info, guardFlags, line);
                return;
            case RETURN:
                lx.expectPunct(';');
                emit(opcode, InstrKind.RETURN,
                        guardFlags | InstrFlags.RETURN | (guard < 0 ? InstrFlags.NO_FALLTHROUGH : 0), line);
                return;
            default:
                parseOrdinary(opcode, info, guardFlags, guard, line);
        }
    }

    private void parseOrdinary(String opcode, OpcodeInfo info, int guardFlags, int guard, int line) {
        parseOperandList();
        int first = 0;
        if (info.role() == Role.FIRST_IS_DEF && opCount > 0) {
            byte k0 = opKind[0];
            if (k0 == OP_REG || k0 == OP_PAIR || k0 == OP_VECTOR || k0 == OP_SINK) {
                for (int r = opRegStart[0]; r < opRegEnd[0]; r++) {
                    int v = regs[r];
                    if (v >= 0) {
                        addDef(v);
                        // Writing one component of a vector register keeps the others: once the
                        // vector holds a value, a component write also reads it.
                        if (info.accumulates() || opComponent[0] && k0 == OP_REG && writtenVectors.get(v)) {
                            addUse(v);
                        }
                        if (vectorVregs.get(v)) {
                            writtenVectors.set(v);
                        }
                    }
                }
                first = 1;
            }
        }
        for (int i = first; i < opCount; i++) {
            for (int r = opRegStart[i]; r < opRegEnd[i]; r++) {
                if (regs[r] >= 0) {
                    addUse(regs[r]);
                }
            }
        }
        InstrKind k = info.kind() != null ? info.kind() : defCount > 0 ? InstrKind.INT_ALU : InstrKind.OTHER;
        int flags = guardFlags | specialFlags | (info.ordered() ? InstrFlags.ORDERED_MEMORY : 0);
        if (info.move() && guard < 0 && opCount == 2 && opKind[0] == OP_REG && opKind[1] == OP_REG
                && !opComponent[0] && !opComponent[1]) {
            int d = regs[opRegStart[0]];
            int s = regs[opRegStart[1]];
            if (fb.vregClass(d) == fb.vregClass(s) && fb.pairMode(d) == fb.pairMode(s)) {
                flags |= InstrFlags.COPY;
            }
        }
        if (info.loadsParam() && first == 1 && opCount >= 2 && opKind[1] == OP_ADDRESS && opSymbol[1] != null
                && kernelParams.contains(opSymbol[1])) {
            for (int r = opRegStart[0]; r < opRegEnd[0]; r++) {
                if (regs[r] >= 0) {
                    fb.addVregFlags(regs[r], VregFlags.FROM_PARAM);
                }
            }
        }
        if (!info.move()) {
            for (int g = 0; g < groupCount; g++) {
                if (!groupComponent[g]) {
                    markGroup(groupStart[g], groupEnd[g], info.mma());
                }
            }
        }
        if (k == InstrKind.LOAD_GLOBAL || k == InstrKind.STORE_GLOBAL || k == InstrKind.ATOMIC) {
            for (int i = 0; i < opCount; i++) {
                if (opKind[i] == OP_ADDRESS && opBase[i] < 0 && opSymbol[i] != null) {
                    flags |= InstrFlags.SYMBOL_ADDRESS;
                }
            }
        }
        if (k != InstrKind.TEXTURE) {
            for (int i = 0; i < opCount; i++) {
                if (opKind[i] == OP_ADDRESS && opBase[i] >= 0 && fb.pairMode(opBase[i]) == PairMode.DOUBLE) {
                    fb.addVregFlags(opBase[i], VregFlags.ADDRESS);
                }
            }
        }
        if (!localAddresses.isEmpty()) {
            recordLocalAddressing(opcode, first);
        }
        emit(opcode, k, flags, line);
    }

    /**
     * Tells {@link #localAddresses} what the instruction about to be emitted does with addresses:
     * a load or store through {@code [base+offset]} ({@code .local} or generic), or address
     * arithmetic ({@code mov}, {@code cvta}, {@code cvt}, {@code add}/{@code sub} of a constant or
     * of a register). Anything else that reads an address makes its array escape, which the
     * resolution finds from the built function's uses.
     */
    private void recordLocalAddressing(String opcode, int first) {
        int instr = fb.instrCount();
        int facts = LocalAddresses.facts(opcode);
        int root = LocalAddresses.root(facts);
        boolean load = root == LocalAddresses.ROOT_LD;
        if ((load || root == LocalAddresses.ROOT_ST) && LocalAddresses.localOrGeneric(facts)) {
            int addr = load ? 1 : 0;
            if (opCount != 2 || opKind[addr] != OP_ADDRESS) {
                return;
            }
            int data = load ? 0 : 1;
            int elements = LocalAddresses.vectorWidth(facts);
            int mask = 0;
            if (opKind[data] == OP_REG || opKind[data] == OP_VECTOR) {
                for (int r = opRegStart[data], k = 0; r < opRegEnd[data]; r++, k++) {
                    if (regs[r] >= 0) {
                        mask |= 1 << k;
                    }
                }
                elements = Math.max(elements, opRegEnd[data] - opRegStart[data]);
            }
            localAddresses.access(instr, load, opSymbol[addr], opBase[addr], opImm[addr], opImmKnown[addr],
                    LocalAddresses.elementBytes(facts), elements, mask);
            return;
        }
        if (first != 1 || opKind[0] != OP_REG) {
            return;
        }
        int d = regs[opRegStart[0]];
        boolean moveLike = root == LocalAddresses.ROOT_MOVE_LIKE;
        if (moveLike && opCount == 2) {
            boolean generic = opcode.startsWith("cvta");
            if (opKind[1] == OP_SYMBOL) {
                localAddresses.base(instr, d, opSymbol[1], opImm[1], opImmKnown[1], generic);
            } else if (opKind[1] == OP_REG && !opComponent[1]) {
                localAddresses.copy(instr, d, regs[opRegStart[1]], 0, true, generic);
            }
        } else if ((root == LocalAddresses.ROOT_ADD || root == LocalAddresses.ROOT_SUB) && opCount == 3) {
            boolean sub = root == LocalAddresses.ROOT_SUB;
            if (opKind[1] == OP_REG && opKind[2] == OP_IMMEDIATE) {
                localAddresses.add(instr, d, regs[opRegStart[1]], sub ? -opImm[2] : opImm[2], opImmKnown[2]);
            } else if (opKind[1] == OP_IMMEDIATE && opKind[2] == OP_REG && !sub) {
                localAddresses.add(instr, d, regs[opRegStart[2]], opImm[1], opImmKnown[1]);
            } else if (opKind[1] == OP_REG && opKind[2] == OP_REG) {
                localAddresses.sum(instr, d, regs[opRegStart[1]], regs[opRegStart[2]]);
            }
        }
    }

    /** Flags and constrains the members of one {@code {...}} operand. */
    private void markGroup(int from, int to, boolean mma) {
        int leader = -1;
        for (int r = from; r < to; r++) {
            if (regs[r] >= 0) {
                leader = regs[r];
                break;
            }
        }
        if (leader < 0) {
            return;
        }
        int size = to - from;
        int flag = VregFlags.VECTOR_MEMBER | (mma ? VregFlags.MMA_FRAGMENT : 0);
        for (int r = from; r < to; r++) {
            int v = regs[r];
            if (v >= 0) {
                fb.addVregFlags(v, flag);
                VregConstraint c = new VregConstraint(v, ConstraintKind.VECTOR_GROUP, leader, size);
                if (groupConstraints.add(c)) {
                    fb.constraint(c);
                }
            }
        }
    }

    /** {@code bra[.uni] label;} */
    private void parseBranch(String opcode, OpcodeInfo info, int guardFlags, int line) {
        if (!lx.isWord() || !isIdentifierStart(lx.firstChar()) || lookupRegister(lx.start, lx.end, lx.hash) >= 0) {
            throw lx.error("a label");
        }
        String target = referenceLabel(names.name(names.intern(lx.buf, lx.start, lx.end, lx.hash)), lx.position());
        lx.advance();
        lx.expectPunct(';');
        int flags = guardFlags | (guardFlags == 0 ? InstrFlags.NO_FALLTHROUGH : 0)
                | (info.uniform() ? InstrFlags.UNIFORM_BRANCH : 0);
        fb.branch(opcode, flags, exact(exactUses, useBuf, useCount), List.of(target), line);
    }

    /** {@code brx.idx[.uni] index, tlist;} where tlist names a {@code .branchtargets} list declared earlier. */
    private void parseIndexedBranch(String opcode, OpcodeInfo info, int guardFlags, int line) {
        int index = lx.isWord() ? lookupRegister(lx.start, lx.end, lx.hash) : -1;
        if (index < 0) {
            throw lx.error("an index register");
        }
        addUse(index);
        lx.advance();
        lx.expectPunct(',');
        List<String> targets = lx.isWord()
                ? branchTargetLists.get(names.name(names.intern(lx.buf, lx.start, lx.end, lx.hash))) : null;
        if (targets == null) {
            throw lx.error("the label of a .branchtargets list declared before this " + opcode);
        }
        lx.advance();
        lx.expectPunct(';');
        int flags = guardFlags | (guardFlags == 0 ? InstrFlags.NO_FALLTHROUGH : 0)
                | (info.uniform() ? InstrFlags.UNIFORM_BRANCH : 0);
        fb.branch(opcode, flags, exact(exactUses, useBuf, useCount), targets, line);
    }

    /**
     * {@code call[.uni] [(rets),] target [, (args)] [, prototype-or-calltargets];}. Return and
     * argument names are normally {@code .param} symbols (no registers); registers there (the
     * pre-ABI {@code .reg} convention) are defs and uses. A register target is an indirect call.
     */
    private void parseCall(String opcode, OpcodeInfo info, int guardFlags, int line) {
        specialFlags = 0;
        if (lx.acceptPunct('(')) {
            parseCallList(true);
            lx.expectPunct(',');
        }
        if (!lx.isWord() || !isIdentifierStart(lx.firstChar())) {
            throw lx.error("a function name or function-pointer register");
        }
        int target = lookupRegister(lx.start, lx.end, lx.hash);
        String callee = null;
        if (target >= 0) {
            addUse(target);
        } else {
            callee = names.name(names.intern(lx.buf, lx.start, lx.end, lx.hash));
            referenceSymbol();
        }
        lx.advance();
        String prototype = null;
        if (lx.acceptPunct(',')) {
            if (lx.acceptPunct('(')) {
                parseCallList(false);
                if (lx.acceptPunct(',')) {
                    prototype = expectPrototypeName();
                }
            } else {
                prototype = expectPrototypeName();
            }
        }
        lx.expectPunct(';');
        fb.callTarget(callee != null ? CallTarget.direct(callee)
                : CallTarget.indirect(prototype == null ? List.of() : callTargetLists.getOrDefault(prototype, List.of())));
        emit(opcode, InstrKind.CALL, guardFlags | InstrFlags.CALL | specialFlags, line);
    }

    private String expectPrototypeName() {
        if (!lx.isWord() || !isIdentifierStart(lx.firstChar()) || lx.firstChar() == '%') {
            throw lx.error("a .callprototype or .calltargets label");
        }
        String name = names.name(names.intern(lx.buf, lx.start, lx.end, lx.hash));
        referenceSymbol();
        lx.advance();
        return name;
    }

    private void parseCallList(boolean returns) {
        if (lx.acceptPunct(')')) {
            return;
        }
        while (true) {
            if (lx.isWord() && isIdentifierStart(lx.firstChar())) {
                int v = lookupRegister(lx.start, lx.end, lx.hash);
                if (v >= 0) {
                    if (returns) {
                        addDef(v);
                        if (vectorVregs.get(v)) {
                            writtenVectors.set(v);
                        }
                    } else {
                        addUse(v);
                    }
                    lx.advance();
                } else if (lx.firstChar() == '%') {
                    throw undeclaredRegister();
                } else {
                    referenceSymbol();
                    lx.advance();
                }
            } else if (!returns && (lx.type == PtxLexer.NUMBER || lx.isPunct('-') || isWarpSize())) {
                parseConstExpr(true);
            } else {
                throw lx.error(returns ? "a return parameter" : "an argument");
            }
            if (lx.acceptPunct(',')) {
                continue;
            }
            lx.expectPunct(')');
            return;
        }
    }

    // =====================================================================================
    // Operands
    // =====================================================================================

    /** Parses {@code [operand {, operand}] ;} into the operand buffers. */
    private void parseOperandList() {
        opCount = 0;
        regCount = 0;
        groupCount = 0;
        specialFlags = 0;
        if (lx.acceptPunct(';')) {
            return;
        }
        while (true) {
            parseOperand();
            if (lx.acceptPunct(',')) {
                continue;
            }
            if (lx.isPunct('|') && opCount == 1 && (opKind[0] == OP_REG || opKind[0] == OP_SINK
                    || opKind[0] == OP_VECTOR)) {
                lx.advance();
                parseSecondDef();
                if (lx.acceptPunct(',')) {
                    continue;
                }
            }
            if (lx.acceptPunct(';')) {
                return;
            }
            throw lx.error("',' or ';'");
        }
    }

    private int beginOperand(byte kind) {
        int i = opCount;
        if (i == opKind.length) {
            int n = i * 2;
            opKind = Arrays.copyOf(opKind, n);
            opRegStart = Arrays.copyOf(opRegStart, n + 1);
            opRegEnd = Arrays.copyOf(opRegEnd, n);
            opBase = Arrays.copyOf(opBase, n);
            opSymbol = Arrays.copyOf(opSymbol, n);
            opComponent = Arrays.copyOf(opComponent, n);
            opImm = Arrays.copyOf(opImm, n);
            opImmKnown = Arrays.copyOf(opImmKnown, n);
        }
        opKind[i] = kind;
        opComponent[i] = false;
        opImm[i] = 0;
        opImmKnown[i] = kind == OP_ADDRESS;
        opRegStart[i] = regCount;
        opRegEnd[i] = regCount;
        opBase[i] = -1;
        opSymbol[i] = null;
        opCount++;
        return i;
    }

    private void pushReg(int v) {
        if (regCount == regs.length) {
            regs = Arrays.copyOf(regs, regCount * 2);
        }
        regs[regCount++] = v;
        opRegEnd[opCount - 1] = regCount;
    }

    private void parseOperand() {
        if (lx.type == PtxLexer.WORD) {
            if (lx.length() == 1 && lx.firstChar() == '_') {
                beginOperand(OP_SINK);
                lx.advance();
                return;
            }
            int v = lookupRegister(lx.start, lx.end, lx.hash);
            if (v >= 0) {
                int i = beginOperand(OP_REG);
                opComponent[i] = lastWasComponent;
                pushReg(v);
                lx.advance();
                return;
            }
            if (isWarpSize()) {
                immediateOperand();
                return;
            }
            if (readSpecial()) {
                beginOperand(OP_SPECIAL);
                lx.advance();
                return;
            }
            if (lx.firstChar() == '%') {
                throw undeclaredRegister();
            }
            if (lx.firstChar() == '.') {
                throw lx.error("a register, immediate or address operand");
            }
            int i = beginOperand(OP_SYMBOL);
            opSymbol[i] = referenceSymbol();
            opImmKnown[i] = true;
            lx.advance();
            if (lx.isPunct('+') || lx.isPunct('-')) {
                boolean minus = lx.isPunct('-');
                lx.advance();
                long offset = parseConstExpr(true);
                opImm[i] = minus ? -offset : offset;
                opImmKnown[i] = exprKnown;
            }
            return;
        }
        if (lx.type == PtxLexer.NUMBER) {
            immediateOperand();
            return;
        }
        if (lx.type == PtxLexer.PUNCT) {
            switch (lx.punct) {
                case '[':
                    parseAddress();
                    return;
                case '{':
                    beginOperand(OP_VECTOR);
                    parseVector();
                    return;
                case '!':
                    lx.advance();
                    int p = lx.isWord() ? lookupRegister(lx.start, lx.end, lx.hash) : -1;
                    if (p < 0 || fb.vregClass(p) != RegClass.P) {
                        throw lx.error("a predicate register after '!'");
                    }
                    beginOperand(OP_NEGATED);
                    pushReg(p);
                    lx.advance();
                    return;
                case '-':
                case '~':
                case '(':
                    immediateOperand();
                    return;
                default:
                    break;
            }
        }
        throw lx.error("a register, immediate or address operand");
    }

    private void immediateOperand() {
        int i = beginOperand(OP_IMMEDIATE);
        opImm[i] = parseConstExpr(false);
        opImmKnown[i] = exprKnown;
    }

    /** The second half of {@code d|p} ({@code setp}, {@code shfl.sync}, {@code match}, {@code elect}). */
    private void parseSecondDef() {
        int v = -1;
        if (lx.isWord() && !(lx.length() == 1 && lx.firstChar() == '_')) {
            v = lookupRegister(lx.start, lx.end, lx.hash);
            if (v < 0) {
                throw lx.firstChar() == '%' ? undeclaredRegister() : lx.error("a register after '|'");
            }
        } else if (!lx.isWord()) {
            throw lx.error("a register after '|'");
        }
        lx.advance();
        if (opKind[0] != OP_VECTOR) {
            opKind[0] = OP_PAIR;
        }
        pushReg(v);
    }

    /** {@code {a, b, _, 0f00000000}}: registers, sinks and immediates (the latter two take a slot but no vreg). */
    private void parseVector() {
        lx.advance();
        int from = regCount;
        boolean component = false;
        while (true) {
            if (lx.type == PtxLexer.WORD && !isWarpSize()) {
                if (lx.length() == 1 && lx.firstChar() == '_') {
                    pushReg(-1);
                    lx.advance();
                } else {
                    int v = lookupRegister(lx.start, lx.end, lx.hash);
                    if (v < 0) {
                        throw lx.firstChar() == '%' && !isSpecialName() ? undeclaredRegister()
                                : lx.error("a register in a vector operand");
                    }
                    component |= lastWasComponent;
                    pushReg(v);
                    lx.advance();
                }
            } else if (lx.type == PtxLexer.NUMBER || lx.isPunct('-') || isWarpSize()) {
                parseConstExpr(true);
                pushReg(-1);
            } else {
                throw lx.error("a register in a vector operand");
            }
            if (lx.acceptPunct(',')) {
                continue;
            }
            lx.expectPunct('}');
            break;
        }
        if (groupCount == groupStart.length) {
            groupStart = Arrays.copyOf(groupStart, groupCount * 2);
            groupEnd = Arrays.copyOf(groupEnd, groupCount * 2);
            groupComponent = Arrays.copyOf(groupComponent, groupCount * 2);
        }
        groupComponent[groupCount] = component;
        groupStart[groupCount] = from;
        groupEnd[groupCount] = regCount;
        groupCount++;
    }

    /**
     * {@code [base]}, {@code [base+imm]}, {@code [base+-imm]}, {@code [base-imm]}, {@code [imm]}, and
     * texture/surface/tensor forms {@code [handle, {coords}]} or {@code [tex, sampler, {coords}]}.
     * The base is a register (a use) or a symbol.
     */
    private void parseAddress() {
        int i = beginOperand(OP_ADDRESS);
        lx.advance();
        if (lx.type == PtxLexer.WORD && isIdentifierStart(lx.firstChar())) {
            int v = lookupRegister(lx.start, lx.end, lx.hash);
            if (v >= 0) {
                opBase[i] = v;
                pushReg(v);
            } else if (lx.firstChar() == '%') {
                throw isSpecialName() ? lx.error("a register or symbol as the address base") : undeclaredRegister();
            } else {
                opSymbol[i] = referenceSymbol();
            }
            lx.advance();
        } else if (lx.type == PtxLexer.NUMBER) {
            parseConstExpr(true);
        } else {
            throw lx.error("a register, symbol or immediate address");
        }
        if (lx.isPunct('+') || lx.isPunct('-')) {
            boolean minus = lx.isPunct('-');
            lx.advance();
            if (lx.type != PtxLexer.NUMBER && !lx.isPunct('-') && !lx.isPunct('(') && !isWarpSize()) {
                throw lx.error("an immediate offset");
            }
            long offset = parseConstExpr(true);
            opImm[i] = minus ? -offset : offset;
            opImmKnown[i] = exprKnown;
        }
        while (lx.acceptPunct(',')) {
            if (lx.isPunct('{')) {
                parseVector();
            } else if (lx.type == PtxLexer.WORD && isIdentifierStart(lx.firstChar())) {
                int v = lookupRegister(lx.start, lx.end, lx.hash);
                if (v >= 0) {
                    pushReg(v);
                } else if (lx.firstChar() == '%') {
                    throw undeclaredRegister();
                } else {
                    referenceSymbol();
                }
                lx.advance();
            } else {
                throw lx.error("a register, symbol or vector in an address");
            }
        }
        lx.expectPunct(']');
    }

    /**
     * A constant expression: literals, unary {@code - ~ ! +}, parentheses and the binary operators
     * {@code * / % + - << >> & ^ |}, evaluated in 64-bit integer arithmetic so that constant
     * address offsets and {@code add} immediates are known ({@link #exprKnown} is false when a
     * float literal or a division by zero is involved). Where {@code noBar} is set (after a symbol,
     * inside an address or a vector), a top-level {@code |} ends the expression instead of being an
     * operator.
     */
    private long parseConstExpr(boolean noBar) {
        exprKnown = true;
        return parseBinary(0, noBar);
    }

    private long parseBinary(int minPrec, boolean noBar) {
        long left = parseUnary();
        while (true) {
            int prec = binaryPrecedence(noBar);
            if (prec < 0 || prec < minPrec) {
                return left;
            }
            char op = lx.punct;
            boolean twoChar = lx.isPunct('<') || lx.isPunct('>');
            lx.advance();
            if (twoChar) {
                lx.advance();
            }
            long right = parseBinary(prec + 1, noBar);
            left = apply(op, left, right);
        }
    }

    private long apply(char op, long a, long b) {
        switch (op) {
            case '*':
                return a * b;
            case '/':
            case '%':
                if (b == 0) {
                    exprKnown = false;
                    return 0;
                }
                return op == '/' ? a / b : a % b;
            case '+':
                return a + b;
            case '-':
                return a - b;
            case '<':
                return a << b;
            case '>':
                return a >> b;
            case '&':
                return a & b;
            case '^':
                return a ^ b;
            default:
                return a | b;
        }
    }
    private int binaryPrecedence(boolean noBar) {
        if (lx.type != PtxLexer.PUNCT) {
            return -1;
        }
        switch (lx.punct) {
            case '*':
            case '/':
            case '%':
                return 5;
            case '+':
            case '-':
                return 4;
            case '<':
                return lx.charAfterToken() == '<' ? 3 : -1;
            case '>':
                return lx.charAfterToken() == '>' ? 3 : -1;
            case '&':
                return 2;
            case '^':
                return 1;
            case '|':
                return noBar ? -1 : 0;
            default:
                return -1;
        }
    }

    private long parseUnary() {
        if (lx.type == PtxLexer.NUMBER) {
            long v = lx.value;
            if (lx.isFloat || lx.overflow) {
                exprKnown = false;
            }
            lx.advance();
            return v;
        }
        if (isWarpSize()) {
            lx.advance();
            return WARP_SIZE;
        }
        if (lx.isPunct('-') || lx.isPunct('~') || lx.isPunct('!') || lx.isPunct('+')) {
            char op = lx.punct;
            lx.advance();
            long v = parseUnary();
            return op == '-' ? -v : op == '~' ? ~v : op == '!' ? (v == 0 ? 1 : 0) : v;
        }
        if (lx.isPunct('(')) {
            lx.advance();
            long v = parseBinary(0, false);
            lx.expectPunct(')');
            return v;
        }
        throw lx.error("an immediate value");
    }

    // =====================================================================================
    // Names
    // =====================================================================================

    /**
     * The vreg named by {@code lx.buf[start, end)} in the current scope, creating it on first
     * reference, or -1 if no register of that name is in scope. A plain declaration wins; otherwise
     * the trailing digits are an index into a range declaration of the remaining prefix (trying
     * every split, so {@code %a1<3>}-style prefixes ending in digits resolve too).
     */
    private int lookupRegister(int start, int end, int hash) {
        final char[] buf = lx.buf;
        lastWasComponent = false;
        int v = lookupName(start, end, hash);
        if (v < 0 && end - start > 2 && buf[end - 2] == '.' && isComponentLetter(buf[end - 1])) {
            // "%v.x": a component of a vector register stands for the whole (wide) vreg.
            int whole = lookupName(start, end - 2, NameTable.hash(buf, start, end - 2));
            if (whole >= 0 && vectorVregs.get(whole)) {
                lastWasComponent = true;
                return whole;
            }
        }
        return v;
    }

    /** Vector component selectors: {@code .x .y .z .w} and {@code .r .g .b .a}. */
    private static boolean isComponentLetter(char c) {
        return c == 'x' || c == 'y' || c == 'z' || c == 'w' || c == 'r' || c == 'g' || c == 'b' || c == 'a';
    }

    /** Whether the current token is {@code WARP_SZ}, PTX's built-in constant (the warp size, 32). */
    private boolean isWarpSize() {
        return lx.isWord("WARP_SZ");
    }

    /**
     * The vreg a register name (no component) resolves to, or -1; see {@link #lookupRegister}. What
     * a word resolves to through a range declaration is remembered per interned word until a range
     * declaration opens or closes ({@link NameTable#rangeEpoch}), so a name costs one table probe
     * when it is seen again; a plain declaration is looked up first, as before.
     */
    private int lookupName(int start, int end, int hash) {
        final char[] buf = lx.buf;
        int id = names.find(buf, start, end, hash);
        if (id >= 0) {
            RegisterBinding b = names.plain[id];
            if (b != null) {
                if (b.vreg < 0) {
                    b.vreg = newVreg(b, id);
                }
                return b.vreg;
            }
            if (names.resolvedEpoch[id] == names.rangeEpoch) {
                return names.resolvedVreg[id];
            }
        }
        int word = id >= 0 ? id : names.intern(buf, start, end, hash);
        int v = lookupRange(start, end, word);
        names.resolvedEpoch[word] = names.rangeEpoch;
        names.resolvedVreg[word] = v;
        return v;
    }

    /** The vreg {@code lx.buf[start, end)} (word {@code word}) names through a range declaration in scope, or -1. */
    private int lookupRange(int start, int end, int word) {
        final char[] buf = lx.buf;
        int digits = end;
        while (digits > start + 1 && buf[digits - 1] >= '0' && buf[digits - 1] <= '9') {
            digits--;
        }
        for (int split = digits; split < end; split++) {
            int n = end - split;
            if (n > 9 || n > 1 && buf[split] == '0') {
                continue;
            }
            int pid = names.find(buf, start, split, NameTable.hash(buf, start, split));
            if (pid < 0) {
                continue;
            }
            RegisterBinding b = names.range[pid];
            if (b == null) {
                continue;
            }
            int index = 0;
            for (int k = split; k < end; k++) {
                index = index * 10 + (buf[k] - '0');
            }
            if (index >= b.count) {
                continue;
            }
            int v = b.vregAt(index);
            if (v < 0) {
                v = newVreg(b, word);
                b.setVregAt(index, v);
            }
            return v;
        }
        return -1;
    }

    /** A new vreg for the register named by word {@code nameId}, bound by {@code b}. */
    private int newVreg(RegisterBinding b, int nameId) {
        // The same name declared again in an inner scope (inline asm blocks reuse names) is a new vreg.
        int n = names.countVreg(nameId);
        String name = names.name(nameId);
        int v = fb.vreg(n == 1 ? name : name + "#" + (n - 1), b.cls, b.mode, 0, b.nvptxClass);
        if (b.mode == PairMode.DOUBLE || b.mode == PairMode.QUAD) {
            fb.constraint(new VregConstraint(v, ConstraintKind.PAIRED, 0, 0));
        }
        if (b.vector) {
            vectorVregs.set(v);
        }
        return v;
    }

    /** If the current word is a special register, records the read in {@link #specialFlags}. */
    private boolean readSpecial() {
        int id = names.find(lx.buf, lx.start, lx.end, lx.hash);
        if (id < 0 || names.special[id] == NameTable.NOT_SPECIAL) {
            return false;
        }
        byte kind = names.special[id];
        specialFlags |= kind == NameTable.SPECIAL_CONSTANT_BANK
                ? InstrFlags.READS_UNIFORM_SPECIAL | InstrFlags.READS_CONSTANT_BANK_SPECIAL
                : kind == NameTable.SPECIAL_UNIFORM ? InstrFlags.READS_UNIFORM_SPECIAL
                : InstrFlags.READS_DIVERGENT_SPECIAL;
        return true;
    }

    private boolean isSpecialName() {
        int id = names.find(lx.buf, lx.start, lx.end, lx.hash);
        return id >= 0 && names.special[id] != NameTable.NOT_SPECIAL;
    }

    /** Records the current word as a symbol reference and returns its interned name. */
    private String referenceSymbol() {
        String name = names.name(names.intern(lx.buf, lx.start, lx.end, lx.hash));
        symbolRefs.putIfAbsent(name, lx.position());
        localAddresses.referenced(name);
        return name;
    }

    private PtxParseException undeclaredRegister() {
        return lx.error("a register declared in '" + functionName + "'");
    }

    // =====================================================================================
    // Emission
    // =====================================================================================

    private void addDef(int v) {
        if (defCount == defBuf.length) {
            defBuf = Arrays.copyOf(defBuf, defCount * 2);
        }
        defBuf[defCount++] = v;
    }

    private void addUse(int v) {
        if (useCount == useBuf.length) {
            useBuf = Arrays.copyOf(useBuf, useCount * 2);
        }
        useBuf[useCount++] = v;
    }

    /**
     * Appends the assembled instruction. An instruction with more defs than the IR can hold in one
     * instruction (wgmma m64n256 with f32 accumulators has 128) becomes consecutive IR instructions
     * of the same opcode, the first carrying every use.
     */
    private void emit(String opcode, InstrKind k, int flags, int line) {
        if (noUnrollPending) {
            flags |= InstrFlags.NO_UNROLL;
            noUnrollPending = false;
        }
        if (defCount <= MAX_IR_DEFS) {
            fb.instr(opcode, k, flags, exact(exactDefs, defBuf, defCount), exact(exactUses, useBuf, useCount), line);
            return;
        }
        for (int from = 0; from < defCount; from += MAX_IR_DEFS) {
            int n = Math.min(MAX_IR_DEFS, defCount - from);
            int[] d = Arrays.copyOfRange(defBuf, from, from + n);
            int[] u = from == 0 ? exact(exactUses, useBuf, useCount) : new int[0];
            fb.instr(opcode, k, flags, d, u, line);
        }
    }

    /**
     * An array of exactly {@code n} elements holding {@code src[0, n)}. The builder copies what it
     * is given, so small arrays are reused per length (one cache for defs, one for uses).
     */
    private static int[] exact(int[][] cache, int[] src, int n) {
        int[] a;
        if (n < cache.length) {
            a = cache[n];
            if (a == null) {
                a = new int[n];
                cache[n] = a;
            }
        } else {
            a = new int[n];
        }
        System.arraycopy(src, 0, a, 0, n);
        return a;
    }

    // =====================================================================================
    // Helpers
    // =====================================================================================

    private String text(int start, int end) {
        return new String(lx.buf, start, end - start);
    }

    private boolean containsDot(int start, int end) {
        final char[] buf = lx.buf;
        for (int i = start; i < end; i++) {
            if (buf[i] == '.' || buf[i] == ':') {
                return true;
            }
        }
        return false;
    }

    static boolean isLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    static boolean isIdentifierStart(char c) {
        return isLetter(c) || c == '_' || c == '$' || c == '%';
    }
}
