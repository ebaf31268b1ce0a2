package dev.regtune.core.ir;

import java.util.Arrays;
import java.util.List;

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
    private final List<CallTarget> callTargets;

    KernelFunction(String name, FunctionKind kind, List<Param> params, LaunchBounds launchBounds, int localBytes,
            int sharedBytes, String[] vregNames, byte[] vregClass, byte[] vregPairMode, byte[] vregNvptxClass, int[] vregFlags,
            List<VregConstraint> constraints, String[] opcodeTable, short[] instrOpcode, byte[] instrKind,
            int[] instrFlags, int[] instrLine, int[] instrOperandStart, byte[] instrDefCount, int[] operands,
            int[] instrBlock, String[] blockLabels, int[] blockStart, int[] succStart, int[] succ, int[] predStart,
            int[] pred, List<CallTarget> callTargets) {
        this.name = name;
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
        this.callTargets = List.copyOf(callTargets);
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
                succ, predStart, pred, callTargets);
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
                succ, predStart, pred, callTargets);
    }

    /** Bytes of {@code .local} memory the function declares (arrays the compiler did not promote). */
    public int localBytes() {
        return localBytes;
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
     */
    public List<CallTarget> callTargets() {
        return callTargets;
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
