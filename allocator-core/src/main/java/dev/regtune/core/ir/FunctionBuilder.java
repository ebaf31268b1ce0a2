package dev.regtune.core.ir;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Builds a {@link KernelFunction}: declare vregs, emit instructions in layout order, place labels.
 * {@link #build()} splits the instruction stream into basic blocks (a block starts at a label and
 * after any branch or return) and derives CFG edges from branch targets and fall-through.
 *
 * <p>Not thread-safe; one builder builds one function.
 */
public final class FunctionBuilder {
    private final String name;
    private final FunctionKind kind;
    private final List<Param> params = new ArrayList<>();
    private LaunchBounds launchBounds = LaunchBounds.NONE;
    private int localBytes;
    private int sharedBytes;

    private final List<String> vregNames = new ArrayList<>();
    private byte[] vregClass = new byte[64];
    private byte[] vregPairMode = new byte[64];
    private byte[] vregNvptxClass = new byte[64];
    private int[] vregFlags = new int[64];
    private final List<VregConstraint> constraints = new ArrayList<>();

    private final Map<String, Integer> opcodeIds = new HashMap<>();
    private final List<String> opcodeTable = new ArrayList<>();
    private short[] instrOpcode = new short[64];
    private byte[] instrKind = new byte[64];
    private int[] instrFlags = new int[64];
    private int[] instrLine = new int[64];
    private int[] instrOperandStart = new int[65];
    private byte[] instrDefCount = new byte[64];
    private int[] operands = new int[256];
    private int instrCount;
    private int operandCount;

    /** What each call instruction calls, in the order of the calls. */
    private final List<CallTarget> callTargets = new ArrayList<>();
    /** Branch targets by instruction index (only branches have an entry). */
    private final Map<Integer, List<String>> branchTargets = new HashMap<>();
    /** The instructions {@link #branchTargets} has an entry for, in increasing order. */
    private int[] branchInstrs = new int[16];
    private int branchCount;
    private static final PairMode[] PAIR_MODES = PairMode.values();
    /** Label name -> index of the first instruction after it (may equal instrCount at the end). */
    private final Map<String, Integer> labels = new LinkedHashMap<>();

    public FunctionBuilder(String name, FunctionKind kind) {
        this.name = name;
        this.kind = kind;
    }

    public FunctionBuilder param(Param p) {
        params.add(p);
        return this;
    }

    /**
     * Records what the next call instruction calls: call this once per instruction flagged
     * {@link InstrFlags#CALL}, in instruction order (see {@link CallTarget}).
     */
    public FunctionBuilder callTarget(CallTarget target) {
        callTargets.add(target);
        return this;
    }

    public FunctionBuilder launchBounds(LaunchBounds lb) {
        this.launchBounds = lb;
        return this;
    }

    public LaunchBounds launchBounds() {
        return launchBounds;
    }

    public FunctionBuilder addLocalBytes(int bytes) {
        localBytes += bytes;
        return this;
    }

    public FunctionBuilder addSharedBytes(int bytes) {
        sharedBytes += bytes;
        return this;
    }

    /** Declares a virtual register and returns its index; its typed class follows from class and width. */
    public int vreg(String vregName, RegClass cls, PairMode mode, int flags) {
        return vreg(vregName, cls, mode, flags, NvptxRegClass.of(cls, mode));
    }

    /** Declares a virtual register of the given typed PTX class and returns its index. */
    public int vreg(String vregName, RegClass cls, PairMode mode, int flags, NvptxRegClass typed) {
        int v = vregNames.size();
        if (v == vregClass.length) {
            int n = v * 2;
            vregClass = Arrays.copyOf(vregClass, n);
            vregPairMode = Arrays.copyOf(vregPairMode, n);
            vregNvptxClass = Arrays.copyOf(vregNvptxClass, n);
            vregFlags = Arrays.copyOf(vregFlags, n);
        }
        vregNames.add(vregName);
        vregClass[v] = (byte) cls.id();
        vregPairMode[v] = (byte) mode.ordinal();
        vregNvptxClass[v] = (byte) typed.ordinal();
        vregFlags[v] = flags;
        return v;
    }

    public int vregCount() {
        return vregNames.size();
    }

    /** Adds flag bits to an already declared vreg. */
    public void addVregFlags(int v, int flags) {
        checkVreg(v);
        vregFlags[v] |= flags;
    }

    public int vregFlags(int v) {
        checkVreg(v);
        return vregFlags[v];
    }

    public RegClass vregClass(int v) {
        checkVreg(v);
        return RegClass.ofId(vregClass[v]);
    }

    public PairMode pairMode(int v) {
        checkVreg(v);
        return PAIR_MODES[vregPairMode[v]];
    }

    public void constraint(VregConstraint c) {
        checkVreg(c.vreg());
        constraints.add(c);
    }

    /** Places a label before the next instruction. A label may be declared once. */
    public void label(String label) {
        if (labels.putIfAbsent(label, instrCount) != null) {
            throw new IllegalArgumentException("label " + label + " is defined twice in " + name);
        }
    }

    public boolean hasLabel(String label) {
        return labels.containsKey(label);
    }

    /**
     * Appends an instruction.
     *
     * @param opcode PTX mnemonic with modifiers
     * @param kind what the instruction does
     * @param flags {@link InstrFlags} bits
     * @param defs vregs written
     * @param uses vregs read (a guard predicate first)
     * @param line source line, 0 if none
     * @return the instruction index
     */
    public int instr(String opcode, InstrKind kind, int flags, int[] defs, int[] uses, int line) {
        if (defs.length > 127) {
            throw new IllegalArgumentException("an instruction may define at most 127 registers");
        }
        for (int d : defs) {
            checkVreg(d);
        }
        for (int u : uses) {
            checkVreg(u);
        }
        int i = instrCount;
        if (i == instrOpcode.length) {
            int n = i * 2;
            instrOpcode = Arrays.copyOf(instrOpcode, n);
            instrKind = Arrays.copyOf(instrKind, n);
            instrFlags = Arrays.copyOf(instrFlags, n);
            instrLine = Arrays.copyOf(instrLine, n);
            instrDefCount = Arrays.copyOf(instrDefCount, n);
            instrOperandStart = Arrays.copyOf(instrOperandStart, n + 1);
        }
        int needed = operandCount + defs.length + uses.length;
        if (needed > operands.length) {
            operands = Arrays.copyOf(operands, Math.max(needed, operands.length * 2));
        }
        instrOpcode[i] = (short) opcodeId(opcode);
        instrKind[i] = (byte) kind.ordinal();
        instrFlags[i] = flags;
        instrLine[i] = line;
        instrDefCount[i] = (byte) defs.length;
        instrOperandStart[i] = operandCount;
        System.arraycopy(defs, 0, operands, operandCount, defs.length);
        operandCount += defs.length;
        System.arraycopy(uses, 0, operands, operandCount, uses.length);
        operandCount += uses.length;
        instrOperandStart[i + 1] = operandCount;
        instrCount++;
        return i;
    }

    /** The id of {@code opcode} in this function's opcode table, added at the end when new. */
    int opcodeId(String opcode) {
        Integer id = opcodeIds.get(opcode);
        if (id == null) {
            id = opcodeTable.size();
            if (id > Short.MAX_VALUE) {
                throw new IllegalStateException("more than 32767 distinct opcodes in " + name);
            }
            opcodeTable.add(opcode);
            opcodeIds.put(opcode, id);
        }
        return id;
    }

    /**
     * Room for {@code instrs} more instructions, {@code ops} more operands and {@code vregs} more
     * vregs, so that a copy of a function of known size does not grow its arrays step by step.
     */
    void reserve(int vregs, int instrs, int ops) {
        int nv = vregNames.size() + vregs;
        if (nv > vregClass.length) {
            vregClass = Arrays.copyOf(vregClass, nv);
            vregPairMode = Arrays.copyOf(vregPairMode, nv);
            vregNvptxClass = Arrays.copyOf(vregNvptxClass, nv);
            vregFlags = Arrays.copyOf(vregFlags, nv);
        }
        int ni = instrCount + instrs;
        if (ni > instrOpcode.length) {
            instrOpcode = Arrays.copyOf(instrOpcode, ni);
            instrKind = Arrays.copyOf(instrKind, ni);
            instrFlags = Arrays.copyOf(instrFlags, ni);
            instrLine = Arrays.copyOf(instrLine, ni);
            instrDefCount = Arrays.copyOf(instrDefCount, ni);
            instrOperandStart = Arrays.copyOf(instrOperandStart, ni + 1);
        }
        if (operandCount + ops > operands.length) {
            operands = Arrays.copyOf(operands, operandCount + ops);
        }
    }

    /**
     * Declares every vreg of {@code f}, numbered as there, in a builder that has declared none
     * yet ({@link FunctionCopy}): what {@link #vreg} does for each, without the per-vreg calls.
     */
    void copyVregs(KernelFunction f) {
        if (!vregNames.isEmpty()) {
            throw new IllegalStateException("vregs can be copied only into an empty builder");
        }
        int n = f.vregCount();
        reserve(n, 0, 0);
        vregNames.addAll(Arrays.asList(f.vregNamesArray()));
        f.copyVregArrays(vregClass, vregPairMode, vregNvptxClass, vregFlags);
    }

    /**
     * Appends instruction {@code i} of {@code f} (not a branch), whose opcode has id {@code opcode}
     * here, with its own uses or {@code uses} in their place: what {@link #instr} does with the
     * instruction's fields. {@code f}'s vregs must be this builder's first vregs.
     */
    int copyInstr(KernelFunction f, int i, int opcode, int @Nullable [] uses) {
        int defs = f.defCount(i);
        int ownUses = f.useCount(i);
        if (uses != null) {
            for (int u : uses) {
                checkVreg(u);
            }
        }
        int at = instrCount;
        int total = defs + (uses != null ? uses.length : ownUses);
        if (at == instrOpcode.length) {
            reserve(0, Math.max(1, at), 0);
        }
        if (operandCount + total > operands.length) {
            reserve(0, 0, Math.max(total, operands.length));
        }
        instrOpcode[at] = (short) opcode;
        instrKind[at] = (byte) f.instrKind(i).ordinal();
        instrFlags[at] = f.instrFlags(i);
        instrLine[at] = f.instrLine(i);
        instrDefCount[at] = (byte) defs;
        instrOperandStart[at] = operandCount;
        if (uses == null) {
            operandCount += f.copyOperands(i, operands, operandCount);
        } else {
            operandCount += f.copyDefs(i, operands, operandCount);
            System.arraycopy(uses, 0, operands, operandCount, uses.length);
            operandCount += uses.length;
        }
        instrOperandStart[at + 1] = operandCount;
        instrCount++;
        return at;
    }

    /** Appends a branch to {@code targets} (one label, or several for {@code brx.idx}). */
    public int branch(String opcode, int flags, int[] uses, List<String> targets, int line) {
        int i = instr(opcode, InstrKind.BRANCH, flags | InstrFlags.BRANCH, new int[0], uses, line);
        branchTargets.put(i, List.copyOf(targets));
        if (branchCount == branchInstrs.length) {
            branchInstrs = Arrays.copyOf(branchInstrs, branchCount * 2);
        }
        branchInstrs[branchCount++] = i;
        return i;
    }

    public int instrCount() {
        return instrCount;
    }

    /** Labels that branches name but that are never placed, in first-use order. */
    public List<String> undefinedTargets() {
        List<String> missing = new ArrayList<>();
        for (int k = 0; k < branchCount; k++) {
            List<String> t = branchTargets.get(branchInstrs[k]);
            if (t != null) {
                for (String l : t) {
                    if (!labels.containsKey(l) && !missing.contains(l)) {
                        missing.add(l);
                    }
                }
            }
        }
        return missing;
    }

    public KernelFunction build() {
        List<String> missing = undefinedTargets();
        if (!missing.isEmpty()) {
            throw new IllegalStateException("branch to undefined label " + missing.get(0) + " in " + name);
        }
        // The CFG is derived in steps, each loop in a method of its own, so that C2 compiles each
        // step as such instead of this whole method again for each loop it enters by on-stack
        // replacement.
        String[] labelAt = new String[instrCount + 1];
        boolean[] leader = leaders(labelAt);
        // A label at the very end starts an empty block; otherwise position instrCount is no block.
        boolean trailingBlock = instrCount == 0 || labelAt[instrCount] != null;
        int[] blockStart = blockStarts(leader, trailingBlock);
        int blocks = blockStart.length - 1;
        String[] blockLabels = new String[blocks];
        for (int b = 0; b < blocks; b++) {
            blockLabels[b] = labelAt[blockStart[b]];
        }
        int[] blockAtInstr = new int[instrCount + 1];
        int[] instrBlock = instrBlocks(blockStart, blockAtInstr);
        if (trailingBlock) {
            blockAtInstr[instrCount] = blocks - 1;
        }
        int[][] succ = successors(blockStart, blockAtInstr);
        int[][] pred = predecessors(succ[0], succ[1]);
        int n = vregNames.size();
        List<VregConstraint> sorted = new ArrayList<>(constraints);
        sorted.sort((a, c) -> Integer.compare(a.vreg(), c.vreg()));
        int[] opStart = Arrays.copyOf(instrOperandStart, instrCount + 1);
        return new KernelFunction(name, kind, params, launchBounds, localBytes, sharedBytes,
                vregNames.toArray(new String[0]), Arrays.copyOf(vregClass, n), Arrays.copyOf(vregPairMode, n),
                Arrays.copyOf(vregNvptxClass, n), Arrays.copyOf(vregFlags, n), sorted, opcodeTable.toArray(new String[0]),
                Arrays.copyOf(instrOpcode, instrCount), Arrays.copyOf(instrKind, instrCount),
                Arrays.copyOf(instrFlags, instrCount), Arrays.copyOf(instrLine, instrCount), opStart,
                Arrays.copyOf(instrDefCount, instrCount), Arrays.copyOf(operands, operandCount), instrBlock,
                blockLabels, blockStart, succ[0], succ[1], pred[0], pred[1], LocalMemory.NONE, callTargets);
    }

    /**
     * Leaders: instruction 0, every labelled position, every instruction after a branch or return;
     * sets each labelled position's first label in {@code labelAt}.
     */
    private boolean[] leaders(String[] labelAt) {
        boolean[] leader = new boolean[instrCount + 1];
        leader[0] = true;
        for (Map.Entry<String, Integer> e : labels.entrySet()) {
            int at = e.getValue();
            leader[at] = true;
            if (labelAt[at] == null) {
                labelAt[at] = e.getKey();
            }
        }
        for (int i = 0; i < instrCount; i++) {
            if ((instrFlags[i] & (InstrFlags.BRANCH | InstrFlags.NO_FALLTHROUGH | InstrFlags.RETURN)) != 0) {
                leader[i + 1] = true;
            }
        }
        return leader;
    }

    /** The blocks' first instructions, then the instruction count (an empty trailing block when asked for). */
    private int[] blockStarts(boolean[] leader, boolean trailingBlock) {
        int blocks = trailingBlock ? 1 : 0;
        for (int i = 0; i < instrCount; i++) {
            if (leader[i]) {
                blocks++;
            }
        }
        int[] blockStart = new int[blocks + 1];
        int found = 0;
        for (int i = 0; i < instrCount; i++) {
            if (leader[i]) {
                blockStart[found++] = i;
            }
        }
        if (trailingBlock) {
            blockStart[found] = instrCount;
        }
        blockStart[blocks] = instrCount;
        return blockStart;
    }

    /** Per instruction, its block; sets {@code blockAtInstr} at each block's first instruction. */
    private int[] instrBlocks(int[] blockStart, int[] blockAtInstr) {
        int[] instrBlock = new int[instrCount];
        for (int b = 0; b + 1 < blockStart.length; b++) {
            for (int i = blockStart[b]; i < blockStart[b + 1]; i++) {
                instrBlock[i] = b;
            }
            blockAtInstr[blockStart[b]] = b;
        }
        return instrBlock;
    }

    /** Successors: branch targets in the order named (each once), then the fall-through. Returns succStart, succ. */
    private int[][] successors(int[] blockStart, int[] blockAtInstr) {
        int blocks = blockStart.length - 1;
        int[] succStart = new int[blocks + 1];
        int[] succ = new int[Math.max(4, 2 * blocks)];
        int total = 0;
        for (int b = 0; b < blocks; b++) {
            succStart[b] = total;
            int s = blockStart[b];
            int e = blockStart[b + 1];
            boolean fallsThrough = true;
            if (e > s) {
                int last = e - 1;
                List<String> t = (instrFlags[last] & InstrFlags.BRANCH) != 0 ? branchTargets.get(last) : null;
                if (t != null) {
                    for (String l : t) {
                        int tb = blockAtInstr[Objects.requireNonNull(labels.get(l))]; // checked in build()
                        if (!contains(succ, succStart[b], total, tb)) {
                            if (total == succ.length) {
                                succ = Arrays.copyOf(succ, total * 2);
                            }
                            succ[total++] = tb;
                        }
                    }
                }
                fallsThrough = (instrFlags[last] & InstrFlags.NO_FALLTHROUGH) == 0;
            }
            if (fallsThrough && b + 1 < blocks && !contains(succ, succStart[b], total, b + 1)) {
                if (total == succ.length) {
                    succ = Arrays.copyOf(succ, total * 2);
                }
                succ[total++] = b + 1;
            }
        }
        succStart[blocks] = total;
        return new int[][] {succStart, Arrays.copyOf(succ, total)};
    }

    /** Predecessors in block order, from the successors. Returns predStart, pred. */
    private static int[][] predecessors(int[] succStart, int[] succ) {
        int blocks = succStart.length - 1;
        int total = succ.length;
        int[] predCount = new int[blocks];
        for (int k = 0; k < total; k++) {
            predCount[succ[k]]++;
        }
        int[] predStart = new int[blocks + 1];
        for (int b = 0; b < blocks; b++) {
            predStart[b + 1] = predStart[b] + predCount[b];
        }
        int[] pred = new int[total];
        int[] fill = Arrays.copyOf(predStart, blocks);
        for (int b = 0; b < blocks; b++) {
            for (int k = succStart[b]; k < succStart[b + 1]; k++) {
                pred[fill[succ[k]]++] = b;
            }
        }
        return new int[][] {predStart, pred};
    }

    private static boolean contains(int[] a, int from, int to, int x) {
        for (int k = from; k < to; k++) {
            if (a[k] == x) {
                return true;
            }
        }
        return false;
    }

    private void checkVreg(int v) {
        if (v < 0 || v >= vregNames.size()) {
            throw new IllegalArgumentException("vreg " + v + " is not declared in " + name);
        }
    }
}
