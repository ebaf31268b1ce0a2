package dev.regtune.core.ir;

import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * One function of the Kernel IR, immutable and stored in flat int arrays.
 *
 * <p>Virtual registers are numbered 0..{@link #vregCount()}-1; instructions 0..{@link
 * #instrCount()}-1 in layout order; basic blocks 0..{@link #blockCount()}-1, block 0 being the
 * entry. Block {@code b} holds instructions [{@link #blockStart(int) blockStart(b)}, {@link
 * #blockEnd(int) blockEnd(b)}). Operands of instruction {@code i} are its defs followed by its
 * uses; a guarded instruction's guard predicate is its first use. A vreg that appears twice in
 * an operand list appears twice here.
 *
 * <p>Arrays are never exposed; build instances with {@link FunctionBuilder}.
 */
public final class KernelFunction {
    private final String name;
    private final FunctionKind kind;
    private final List<Param> params;
    private final LaunchBounds launchBounds;
    private final int localBytes;
    private final int sharedBytes;

    private final String[] vregNames;
    private final byte[] vregClass;
    private final byte[] vregPairMode;
    private final byte[] vregNvptxClass;
    private final int[] vregFlags;
    private final List<VregConstraint> constraints;

    private final String[] opcodeTable;
    private final short[] instrOpcode;
    private final byte[] instrKind;
    private final int[] instrFlags;
    private final int[] instrLine;
    private final int[] instrOperandStart;
    private final byte[] instrDefCount;
    private final int[] operands;
    private final int[] instrBlock;

    private final String[] blockLabels;
    private final int[] blockStart;
    private final int[] succStart;
    private final int[] succ;
    private final int[] predStart;
    private final int[] pred;
    private final LocalMemory localMemory;
    private final List<CallTarget> callTargets;

    KernelFunction(String name, FunctionKind kind, List<Param> params, LaunchBounds launchBounds, int localBytes,
            int sharedBytes, String[] vregNames, byte[] vregClass, byte[] vregPairMode, byte[] vregNvptxClass, int[] vregFlags,
            List<VregConstraint> constraints, String[] opcodeTable, short[] instrOpcode, byte[] instrKind,
            int[] instrFlags, int[] instrLine, int[] instrOperandStart, byte[] instrDefCount, int[] operands,
            int[] instrBlock, String[] blockLabels, int[] blockStart, int[] succStart, int[] succ, int[] predStart,
            int[] pred, LocalMemory localMemory, List<CallTarget> callTargets) {
        this.name = name;
        this.localMemory = localMemory;
        this.callTargets = List.copyOf(callTargets);
        this.kind = kind;
        this.params = List.copyOf(params);
        this.launchBounds = launchBounds;
        this.localBytes = localBytes;
        this.sharedBytes = sharedBytes;
        this.vregNames = vregNames;
        this.vregClass = vregClass;
        this.vregPairMode = vregPairMode;
        this.vregNvptxClass = vregNvptxClass;
        this.vregFlags = vregFlags;
        this.constraints = List.copyOf(constraints);
        this.opcodeTable = opcodeTable;
        this.instrOpcode = instrOpcode;
        this.instrKind = instrKind;
        this.instrFlags = instrFlags;
        this.instrLine = instrLine;
        this.instrOperandStart = instrOperandStart;
        this.instrDefCount = instrDefCount;
        this.operands = operands;
        this.instrBlock = instrBlock;
        this.blockLabels = blockLabels;
        this.blockStart = blockStart;
        this.succStart = succStart;
        this.succ = succ;
        this.predStart = predStart;
        this.pred = pred;
    }

    public String name() {
        return name;
    }

    public FunctionKind kind() {
        return kind;
    }

    public List<Param> params() {
        return params;
    }

    public LaunchBounds launchBounds() {
        return launchBounds;
    }

    /**
     * The same function declared with other launch bounds, as a sweep over launch bounds needs.
     * The copy shares every array with this one (both are immutable), so it costs O(1).
     */
    public KernelFunction withLaunchBounds(LaunchBounds bounds) {
        return new KernelFunction(name, kind, params, bounds, localBytes, sharedBytes, vregNames, vregClass,
                vregPairMode, vregNvptxClass, vregFlags, constraints, opcodeTable, instrOpcode, instrKind, instrFlags,
                instrLine, instrOperandStart, instrDefCount, operands, instrBlock, blockLabels, blockStart, succStart,
                succ, predStart, pred, localMemory, callTargets);
    }

    /**
     * The same function with every operand {@code v} replaced by {@code representative[v]}, as
     * CICC's copy coalescer emits it: merged registers become one, and a merged copy becomes a
     * copy of a register to itself (kept, so that instruction and operand indices stay those of
     * this function). A representative carries the flags of every register merged into it. Vreg
     * numbering, names, classes and the CFG are shared with this function.
     */
    public KernelFunction withOperandsRenamed(int[] representative) {
        if (representative.length != vregCount()) {
            throw new IllegalArgumentException("a renaming needs " + vregCount() + " entries, not "
                    + representative.length);
        }
        int[] renamed = new int[operands.length];
        for (int op = 0; op < operands.length; op++) {
            renamed[op] = representative[operands[op]];
        }
        int[] flags = vregFlags.clone();
        for (int v = 0; v < flags.length; v++) {
            flags[representative[v]] |= vregFlags[v];
        }
        return new KernelFunction(name, kind, params, launchBounds, localBytes, sharedBytes, vregNames, vregClass,
                vregPairMode, vregNvptxClass, flags, constraints, opcodeTable, instrOpcode, instrKind, instrFlags,
                instrLine, instrOperandStart, instrDefCount, renamed, instrBlock, blockLabels, blockStart, succStart,
                succ, predStart, pred, localMemory, callTargets);
    }

    /**
     * The same function with its instructions in another order within their blocks, as a
     * scheduler leaves them: instruction {@code i} of the result is instruction {@code order[i]} of
     * this one. Blocks, labels, the CFG and every vreg are shared with this function.
     *
     * @throws IllegalArgumentException if {@code order} is not a permutation that keeps every
     *     instruction in its block
     */
    public KernelFunction withInstructionOrder(int[] order) {
        int n = instrCount();
        if (order.length != n) {
            throw new IllegalArgumentException("an order of " + name + " needs " + n + " entries, not " + order.length);
        }
        boolean[] seen = new boolean[n];
        for (int i = 0; i < n; i++) {
            int from = order[i];
            if (from < 0 || from >= n || seen[from] || instrBlock[from] != instrBlock[i]) {
                throw new IllegalArgumentException("position " + i + " of " + name
                        + " cannot take instruction " + from + ": not a permutation within blocks");
            }
            seen[from] = true;
        }
        short[] opcode = new short[n];
        byte[] kinds = new byte[n];
        int[] flags = new int[n];
        int[] lines = new int[n];
        byte[] defCounts = new byte[n];
        int[] starts = new int[n + 1];
        int[] ops = new int[operands.length];
        int at = 0;
        for (int i = 0; i < n; i++) {
            int from = order[i];
            opcode[i] = instrOpcode[from];
            kinds[i] = instrKind[from];
            flags[i] = instrFlags[from];
            lines[i] = instrLine[from];
            defCounts[i] = instrDefCount[from];
            starts[i] = at;
            // A few operands each: a plain loop is cheaper than an arraycopy call per instruction.
            for (int k = instrOperandStart[from], end = instrOperandStart[from + 1]; k < end; k++) {
                ops[at++] = operands[k];
            }
        }
        starts[n] = at;
        LocalMemory memory = localMemory;
        if (!localMemory.arrays().isEmpty()) {
            @Nullable LocalAccess[] access = new LocalAccess[n];
            for (int i = 0; i < n; i++) {
                access[i] = localMemory.access(order[i]);
            }
            memory = new LocalMemory(localMemory.arrays(), access);
        }
        return new KernelFunction(name, kind, params, launchBounds, localBytes, sharedBytes, vregNames, vregClass,
                vregPairMode, vregNvptxClass, vregFlags, constraints, opcodeTable, opcode, kinds, flags, lines, starts,
                defCounts, ops, instrBlock, blockLabels, blockStart, succStart, succ, predStart, pred, memory, callTargets);
    }

    /**
     * Structural equality: the same declarations and the same instructions in the same order.
     * Stages that reorder or rewrite code create new instances, so results are compared by content.
     */
    @Override
    public boolean equals(@Nullable Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof KernelFunction k)) {
            return false;
        }
        return name.equals(k.name) && kind == k.kind && localBytes == k.localBytes && sharedBytes == k.sharedBytes
                && params.equals(k.params) && launchBounds.equals(k.launchBounds)
                && Arrays.equals(vregNames, k.vregNames) && Arrays.equals(vregClass, k.vregClass)
                && Arrays.equals(vregPairMode, k.vregPairMode) && Arrays.equals(vregNvptxClass, k.vregNvptxClass)
                && Arrays.equals(vregFlags, k.vregFlags) && constraints.equals(k.constraints)
                && Arrays.equals(instrKind, k.instrKind) && Arrays.equals(instrFlags, k.instrFlags)
                && Arrays.equals(instrLine, k.instrLine) && Arrays.equals(instrOperandStart, k.instrOperandStart)
                && Arrays.equals(instrDefCount, k.instrDefCount) && Arrays.equals(operands, k.operands)
                && sameOpcodes(k) && Arrays.equals(blockStart, k.blockStart) && Arrays.equals(succ, k.succ)
                && Arrays.equals(succStart, k.succStart) && Arrays.equals(blockLabels, k.blockLabels)
                && localMemory.equals(k.localMemory) && callTargets.equals(k.callTargets);
    }

    private boolean sameOpcodes(KernelFunction k) {
        if (instrOpcode.length != k.instrOpcode.length) {
            return false;
        }
        for (int i = 0; i < instrCount(); i++) {
            if (!opcode(i).equals(k.opcode(i))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * name.hashCode() + Arrays.hashCode(operands)) + Arrays.hashCode(instrFlags);
    }

    /** Bytes of {@code .local} memory the function declares (arrays the compiler did not promote). */
    public int localBytes() {
        return localBytes;
    }

    /**
     * The function's own {@code .local} arrays and which instructions access them ({@link
     * LocalMemory#NONE} when it declares none, or when the producer did not resolve them).
     */
    public LocalMemory localMemory() {
        return localMemory;
    }

    /**
     * The same function with its {@code .local} arrays resolved, as the front end attaches them
     * once the function is built (the resolution needs its defs and uses). Shares every other array.
     */
    public KernelFunction withLocalMemory(LocalMemory memory) {
        return new KernelFunction(name, kind, params, launchBounds, localBytes, sharedBytes, vregNames, vregClass,
                vregPairMode, vregNvptxClass, vregFlags, constraints, opcodeTable, instrOpcode, instrKind, instrFlags,
                instrLine, instrOperandStart, instrDefCount, operands, instrBlock, blockLabels, blockStart, succStart,
                succ, predStart, pred, memory, callTargets);
    }

    /**
     * The same function with vreg {@code v}'s pair mode set to {@code modes[v]} wherever
     * {@code modes[v]} is not null (a lowering stage's register constraint: ptxas keeps the data of a
     * 32-bit global store in an odd register). Shares every other array.
     */
    public KernelFunction withPairModes(@Nullable PairMode[] modes) {
        byte[] changed = vregPairMode.clone();
        for (int v = 0; v < modes.length; v++) {
            PairMode m = modes[v];
            if (m != null) {
                changed[v] = (byte) m.ordinal();
            }
        }
        return new KernelFunction(name, kind, params, launchBounds, localBytes, sharedBytes, vregNames, vregClass,
                changed, vregNvptxClass, vregFlags, constraints, opcodeTable, instrOpcode, instrKind, instrFlags,
                instrLine, instrOperandStart, instrDefCount, operands, instrBlock, blockLabels, blockStart, succStart,
                succ, predStart, pred, localMemory, callTargets);
    }

    /** Bytes of static {@code .shared} memory the function (or its module) declares. */
    public int sharedBytes() {
        return sharedBytes;
    }

    // ---- virtual registers ----

    public int vregCount() {
        return vregClass.length;
    }

    public String vregName(int v) {
        return vregNames[v];
    }

    /** The class the value was declared in; the allocator may move uniform values to UR. */
    public RegClass vregClass(int v) {
        return RegClass.ofId(vregClass[v]);
    }

    public int vregClassId(int v) {
        return vregClass[v];
    }

    public PairMode pairMode(int v) {
        return PAIR_MODES[vregPairMode[v]];
    }

    /** Number of 32-bit slots the value takes (1 for predicates too: one predicate slot). */
    /** The typed PTX class the register was declared in ({@code .f32} and {@code .b32} differ). */
    public NvptxRegClass nvptxClass(int v) {
        return NVPTX_CLASSES[vregNvptxClass[v]];
    }

    public int vregSlots(int v) {
        return PAIR_MODES[vregPairMode[v]].slots();
    }

    public int vregFlags(int v) {
        return vregFlags[v];
    }

    public boolean vregHas(int v, int flagMask) {
        return (vregFlags[v] & flagMask) == flagMask;
    }

    /** Every per-vreg constraint, ordered by vreg then as added. */
    public List<VregConstraint> constraints() {
        return constraints;
    }

    // ---- instructions ----

    public int instrCount() {
        return instrOpcode.length;
    }

    /** The PTX mnemonic with its modifiers, e.g. {@code ld.global.v4.f32}. */
    public String opcode(int i) {
        return opcodeTable[instrOpcode[i]];
    }

    public InstrKind instrKind(int i) {
        return KINDS[instrKind[i]];
    }

    public int instrFlags(int i) {
        return instrFlags[i];
    }

    public boolean instrHas(int i, int flagMask) {
        return (instrFlags[i] & flagMask) == flagMask;
    }

    /** Source line of the instruction (1-based), or 0 when not from a file. */
    public int instrLine(int i) {
        return instrLine[i];
    }

    public int defCount(int i) {
        return instrDefCount[i];
    }

    public int def(int i, int k) {
        return operands[instrOperandStart[i] + k];
    }

    public int useCount(int i) {
        return instrOperandStart[i + 1] - instrOperandStart[i] - instrDefCount[i];
    }

    public int use(int i, int k) {
        return operands[instrOperandStart[i] + instrDefCount[i] + k];
    }

    /** Index of the {@code k}-th def of instruction {@code i} among all operands (0..{@link #operandCount()}-1). */
    public int defOperand(int i, int k) {
        return instrOperandStart[i] + k;
    }

    /** Index of the {@code k}-th use of instruction {@code i} among all operands. */
    public int useOperand(int i, int k) {
        return instrOperandStart[i] + instrDefCount[i] + k;
    }

    /** The vreg of operand occurrence {@code op} (see {@link #defOperand}, {@link #useOperand}). */
    public int operandVreg(int op) {
        return operands[op];
    }

    public int blockOf(int i) {
        return instrBlock[i];
    }

    // ---- blocks and CFG ----

    public int blockCount() {
        return blockLabels.length;
    }

    /** The label that starts the block, or null for an unlabelled block. */
    public String blockLabel(int b) {
        return blockLabels[b];
    }

    public int blockStart(int b) {
        return blockStart[b];
    }

    public int blockEnd(int b) {
        return blockStart[b + 1];
    }

    public int succCount(int b) {
        return succStart[b + 1] - succStart[b];
    }

    public int succ(int b, int k) {
        return succ[succStart[b] + k];
    }

    public int predCount(int b) {
        return predStart[b + 1] - predStart[b];
    }

    public int pred(int b, int k) {
        return pred[predStart[b] + k];
    }

    /** Whether any instruction calls another function (so the ABI is in use). */
    public boolean usesAbi() {
        if (kind == FunctionKind.FUNC) {
            return true;
        }
        for (int f : instrFlags) {
            if ((f & InstrFlags.CALL) != 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * What the calls of this function call, one per instruction flagged {@link InstrFlags#CALL},
     * in instruction order; empty when the producer recorded none (synthetic and test kernels).
     * A reordering keeps calls in their order (they are fences to the scheduler).
     */
    public List<CallTarget> callTargets() {
        return callTargets;
    }

    // ---- bulk copies for FunctionBuilder (package-private: the arrays stay unexposed) ----

    /** The vreg names; callers must not modify the array. */
    String[] vregNamesArray() {
        return vregNames;
    }

    /** Copies the per-vreg class, pair mode, typed class and flags into the start of the given arrays. */
    void copyVregArrays(byte[] cls, byte[] pairMode, byte[] nvptx, int[] flags) {
        int n = vregClass.length;
        System.arraycopy(vregClass, 0, cls, 0, n);
        System.arraycopy(vregPairMode, 0, pairMode, 0, n);
        System.arraycopy(vregNvptxClass, 0, nvptx, 0, n);
        System.arraycopy(vregFlags, 0, flags, 0, n);
    }

    /**
     * The index of instruction {@code i}'s opcode in this function's opcode table (below {@link
     * #opcodeCount()}): instructions of one opcode share it, so a stage can look an opcode up once.
     */
    public int opcodeId(int i) {
        return instrOpcode[i];
    }

    /** Distinct opcodes of this function. */
    public int opcodeCount() {
        return opcodeTable.length;
    }

    /**
     * Per opcode id ({@link #opcodeId}): whether its spelling passes {@code test}. A stage that
     * looks for instructions by spelling tests each distinct opcode once instead of every
     * instruction's string (a small kernel has a few dozen instructions of a dozen opcodes).
     */
    public boolean[] opcodesWhere(Predicate<String> test) {
        boolean[] out = new boolean[opcodeTable.length];
        for (int id = 0; id < out.length; id++) {
            out[id] = test.test(opcodeTable[id]);
        }
        return out;
    }

    /** The spelling of opcode {@code id} of this function's table (below {@link #opcodeCount()}). */
    String opcodeSpelling(int id) {
        return opcodeTable[id];
    }

    /** Copies instruction {@code i}'s operands (defs, then uses) to {@code dst[at..]}; returns how many. */
    int copyOperands(int i, int[] dst, int at) {
        int from = instrOperandStart[i];
        int len = instrOperandStart[i + 1] - from;
        // A few operands: a plain loop is cheaper than an arraycopy call.
        for (int k = 0; k < len; k++) {
            dst[at + k] = operands[from + k];
        }
        return len;
    }

    /** Copies instruction {@code i}'s defs to {@code dst[at..]}; returns how many. */
    int copyDefs(int i, int[] dst, int at) {
        int len = instrDefCount[i];
        System.arraycopy(operands, instrOperandStart[i], dst, at, len);
        return len;
    }

    /** Total operand count: a cheap size measure for buffers sized per operand. */
    public int operandCount() {
        return operands.length;
    }

    @Override
    public String toString() {
        return "KernelFunction[" + name + ", " + vregCount() + " vregs, " + instrCount() + " instrs, "
                + blockCount() + " blocks]";
    }

    /** A readable listing, one instruction a line, for debugging and test failure messages. */
    public String dump() {
        StringBuilder sb = new StringBuilder();
        for (int b = 0; b < blockCount(); b++) {
            sb.append("B").append(b);
            if (blockLabels[b] != null) {
                sb.append(" (").append(blockLabels[b]).append(')');
            }
            sb.append(" -> ");
            for (int k = 0; k < succCount(b); k++) {
                sb.append(k == 0 ? "" : ",").append("B").append(succ(b, k));
            }
            sb.append('\n');
            for (int i = blockStart(b); i < blockEnd(b); i++) {
                sb.append("  ").append(i).append(": ").append(opcode(i));
                for (int k = 0; k < defCount(i); k++) {
                    sb.append(k == 0 ? " " : ", ").append(vregNames[def(i, k)]);
                }
                sb.append(" <-");
                for (int k = 0; k < useCount(i); k++) {
                    sb.append(k == 0 ? " " : ", ").append(vregNames[use(i, k)]);
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    private static final PairMode[] PAIR_MODES = PairMode.values();
    private static final NvptxRegClass[] NVPTX_CLASSES = NvptxRegClass.values();
    private static final InstrKind[] KINDS = InstrKind.values();

    static int[] trim(int[] a, int n) {
        return a.length == n ? a : Arrays.copyOf(a, n);
    }
}
