package dev.regtune.core.ir;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A copy of a function whose blocks hold other instruction sequences, its blocks, labels and CFG
 * edges unchanged: instructions inserted, instructions moved within or between blocks, uses
 * appended to instructions. It builds the function a {@link FunctionCopy} of the same edits builds
 * (the same vregs, instructions, blocks, edges, constraints and call targets, and, as there, no
 * resolved {@link LocalMemory}), from the original's arrays instead of through a {@link
 * FunctionBuilder}, which derives the CFG again from labels and branch targets by name.
 *
 * <p>By default every block keeps its instructions in order; {@link #insertBefore} adds an
 * instruction before one of them, {@link #layout} gives a block another sequence. As in a copy, a
 * branch keeps only its uses (kind {@link InstrKind#BRANCH}, no defs). So that the blocks stay the
 * original's, an inserted instruction may not end a block (branch, return, no fall-through), an
 * instruction that ends one stays last in its own block, and a block with instructions keeps at
 * least one ({@link #build} checks). Not thread-safe; one instance builds one function.
 */
public final class InstructionInsertion {
    private static final int ENDS_BLOCK = InstrFlags.BRANCH | InstrFlags.NO_FALLTHROUGH | InstrFlags.RETURN;

    private final KernelFunction f;
    private final int baseVregs;
    private final List<String> vregNames = new ArrayList<>();
    private byte[] vregClass = new byte[8];
    private byte[] vregPairMode = new byte[8];
    private byte[] vregNvptxClass = new byte[8];
    private int[] vregFlags = new int[8];

    /** Instructions added, numbered from 0; an entry {@code -1 - k} of a layout is added instruction {@code k}. */
    private final List<Added> added = new ArrayList<>();
    /** Per original instruction: the added instructions to place before it where it is placed, or null. */
    private final int[][] before;
    /** Per block: its sequence, or null for its own instructions in order. */
    private final int[][] layouts;
    /** Per original instruction: uses appended after its own, or null. */
    private final int[][] appended;
    private int addedOperands;
    private int appendedOperands;
    /** The spellings of added instructions that the original's opcode table lacks (see {@link #addedKeys}). */
    private final List<String> newSpellings = new ArrayList<>();

    private record Added(String opcode, InstrKind kind, int flags, int[] defs, int[] uses, int line) {
    }

    /** An empty set of edits of {@code f}. */
    public InstructionInsertion(KernelFunction f) {
        this.f = f;
        this.baseVregs = f.vregCount();
        this.before = new int[f.instrCount()][];
        this.layouts = new int[f.blockCount()][];
        this.appended = new int[f.instrCount()][];
    }

    /** Declares a vreg after the original's (and those declared before it) and returns its index. */
    public int vreg(String name, RegClass cls, PairMode mode, int flags, NvptxRegClass typed) {
        int k = vregNames.size();
        if (k == vregClass.length) {
            int n = 2 * k;
            vregClass = Arrays.copyOf(vregClass, n);
            vregPairMode = Arrays.copyOf(vregPairMode, n);
            vregNvptxClass = Arrays.copyOf(vregNvptxClass, n);
            vregFlags = Arrays.copyOf(vregFlags, n);
        }
        vregNames.add(name);
        vregClass[k] = (byte) cls.id();
        vregPairMode[k] = (byte) mode.ordinal();
        vregNvptxClass[k] = (byte) typed.ordinal();
        vregFlags[k] = flags;
        return baseVregs + k;
    }

    /**
     * Inserts an instruction right before original instruction {@code i} (after those inserted
     * there before), with {@code i}'s source line.
     */
    public void insertBefore(int i, String opcode, InstrKind kind, int flags, int[] defs, int[] uses) {
        int k = add(opcode, kind, flags, defs, uses, f.instrLine(i));
        int[] b = before[i];
        if (b == null) {
            before[i] = new int[] {k};
        } else {
            b = Arrays.copyOf(b, b.length + 1);
            b[b.length - 1] = k;
            before[i] = b;
        }
    }

    private int add(String opcode, InstrKind kind, int flags, int[] defs, int[] uses, int line) {
        if ((flags & ENDS_BLOCK) != 0) {
            throw new IllegalArgumentException("an inserted instruction may not end a block: " + opcode);
        }
        if (defs.length > 127) {
            throw new IllegalArgumentException("an instruction may define at most 127 registers");
        }
        checkVregs(defs);
        checkVregs(uses);
        added.add(new Added(opcode, kind, flags, defs.clone(), uses.clone(), line));
        addedOperands += defs.length + uses.length;
        return added.size() - 1;
    }

    /**
     * Block {@code b} holds original instructions {@code instrs}, in that order, instead of its
     * own (with what {@link #insertBefore} put before each). Every original instruction must be
     * in exactly one block's sequence when the function is built.
     */
    public void layout(int b, int[] instrs) {
        layouts[b] = instrs.clone();
    }

    /** Appends {@code uses} to original instruction {@code i}'s uses (once per instruction). */
    public void appendUses(int i, int[] uses) {
        if (appended[i] != null) {
            throw new IllegalArgumentException("uses already appended to instruction " + i);
        }
        checkVregs(uses);
        appended[i] = uses.clone();
        appendedOperands += uses.length;
    }

    private void checkVregs(int[] vregs) {
        int n = baseVregs + vregNames.size();
        for (int v : vregs) {
            if (v < 0 || v >= n) {
                throw new IllegalArgumentException("vreg " + v + " is not declared in " + f.name());
            }
        }
    }

    /**
     * The edited function.
     *
     * @throws IllegalStateException when the edits would change the blocks (see the class comment)
     */
    public KernelFunction build() {
        int n = f.instrCount() + added.size();
        int blocks = f.blockCount();
        Writer w = new Writer(n, addedKeys());
        // A block per call, so that C2 compiles a block's copy on its own instead of the whole of
        // this method again for each loop it enters by on-stack replacement.
        for (int b = 0; b < blocks; b++) {
            w.block(b);
        }
        int at = w.at;
        int op = w.op;
        int tableSize = w.tableSize;
        String[] table = w.table;
        short[] opcode = w.opcode;
        byte[] kinds = w.kinds;
        int[] flags = w.flags;
        int[] lines = w.lines;
        byte[] defCounts = w.defCounts;
        int[] starts = w.starts;
        int[] operands = w.operands;
        int[] blockStart = w.blockStart;
        int[] instrBlock = w.instrBlock;
        if (at != n) {
            throw new IllegalStateException("instructions left unplaced in " + f.name());
        }
        blockStart[blocks] = n;
        starts[n] = op;
        if (tableSize > Short.MAX_VALUE + 1) {
            throw new IllegalStateException("more than 32767 distinct opcodes in " + f.name());
        }
        String[] labels = new String[blocks];
        for (int b = 0; b < blocks; b++) {
            labels[b] = f.blockLabel(b);
        }
        int[][] cfg = edges(blockStart, flags);
        int vregs = baseVregs + vregNames.size();
        String[] names = Arrays.copyOf(f.vregNamesArray(), vregs);
        for (int k = 0; k < vregNames.size(); k++) {
            names[baseVregs + k] = vregNames.get(k);
        }
        byte[] cls = new byte[vregs];
        byte[] pairMode = new byte[vregs];
        byte[] nvptx = new byte[vregs];
        int[] vflags = new int[vregs];
        f.copyVregArrays(cls, pairMode, nvptx, vflags);
        int declared = vregNames.size();
        System.arraycopy(vregClass, 0, cls, baseVregs, declared);
        System.arraycopy(vregPairMode, 0, pairMode, baseVregs, declared);
        System.arraycopy(vregNvptxClass, 0, nvptx, baseVregs, declared);
        System.arraycopy(vregFlags, 0, vflags, baseVregs, declared);
        List<VregConstraint> constraints = new ArrayList<>(f.constraints());
        constraints.sort((a, c) -> Integer.compare(a.vreg(), c.vreg()));
        return new KernelFunction(f.name(), f.kind(), f.params(), f.launchBounds(), f.localBytes(), f.sharedBytes(),
                names, cls, pairMode, nvptx, vflags, constraints, Arrays.copyOf(table, tableSize), opcode, kinds, flags,
                lines, starts, defCounts, operands, instrBlock, labels, blockStart, cfg[0], cfg[1], cfg[2], cfg[3],
                LocalMemory.NONE, f.callTargets());
    }

    /**
     * The arrays {@link #build} fills, a block at a time: opcodes numbered by first appearance, as
     * a builder numbers them. The original's table holds each spelling once (a builder's does, and
     * every function's comes from one), so an original instruction's opcode is numbered through its
     * id there, and an inserted one through the original's id of its spelling or, for a spelling
     * the original does not use, its place among the inserted spellings.
     */
    private final class Writer {
        final short[] opcode;
        final byte[] kinds;
        final int[] flags;
        final int[] lines;
        final byte[] defCounts;
        final int[] starts;
        final int[] operands;
        final int[] blockStart;
        final int[] instrBlock;
        final boolean[] placed;
        final int[] addedKey;
        final String[] table;
        final int[] idOf;
        final int[] newId;
        int tableSize;
        int at;
        int op;

        Writer(int n, int[] addedKey) {
            opcode = new short[n];
            kinds = new byte[n];
            flags = new int[n];
            lines = new int[n];
            defCounts = new byte[n];
            starts = new int[n + 1];
            operands = new int[f.operandCount() + addedOperands + appendedOperands];
            blockStart = new int[f.blockCount() + 1];
            instrBlock = new int[n];
            placed = new boolean[f.instrCount()];
            this.addedKey = addedKey;
            table = new String[f.opcodeCount() + newSpellings.size()];
            idOf = new int[f.opcodeCount()];
            Arrays.fill(idOf, -1);
            newId = new int[newSpellings.size()];
            Arrays.fill(newId, -1);
        }

        /** Writes block {@code b}'s instructions after those written so far. */
        void block(int b) {
            int n0 = f.instrCount();
            short[] opcode = this.opcode;
            byte[] kinds = this.kinds;
            int[] flags = this.flags;
            int[] lines = this.lines;
            byte[] defCounts = this.defCounts;
            int[] starts = this.starts;
            int[] operands = this.operands;
            int[] blockStart = this.blockStart;
            int[] instrBlock = this.instrBlock;
            boolean[] placed = this.placed;
            int[] addedKey = this.addedKey;
            String[] table = this.table;
            int[] idOf = this.idOf;
            int[] newId = this.newId;
            int tableSize = this.tableSize;
            int at = this.at;
            int op = this.op;
            blockStart[b] = at;
            int[] seq = layouts[b];
            int count = seq != null ? seq.length : f.blockEnd(b) - f.blockStart(b);
            for (int e = 0; e < count; e++) {
                int i = seq != null ? seq[e] : f.blockStart(b) + e;
                if (i < 0 || i >= n0 || placed[i]) {
                    throw new IllegalStateException("instruction " + i + " is not placed exactly once");
                }
                placed[i] = true;
                if ((f.instrFlags(i) & ENDS_BLOCK) != 0 && (e != count - 1 || f.blockOf(i) != b)) {
                    throw new IllegalStateException("instruction " + i + " ends its block and must stay last in it");
                }
                int[] ins = before[i];
                if (ins != null) {
                    for (int k : ins) {
                        Added x = added.get(k);
                        int key = addedKey[k];
                        int id;
                        if (key >= 0) {
                            if (idOf[key] < 0) {
                                idOf[key] = tableSize;
                                table[tableSize++] = f.opcodeSpelling(key);
                            }
                            id = idOf[key];
                        } else {
                            if (newId[-1 - key] < 0) {
                                newId[-1 - key] = tableSize;
                                table[tableSize++] = newSpellings.get(-1 - key);
                            }
                            id = newId[-1 - key];
                        }
                        opcode[at] = (short) id;
                        kinds[at] = (byte) x.kind().ordinal();
                        flags[at] = x.flags();
                        lines[at] = x.line();
                        defCounts[at] = (byte) x.defs().length;
                        starts[at] = op;
                        System.arraycopy(x.defs(), 0, operands, op, x.defs().length);
                        op += x.defs().length;
                        System.arraycopy(x.uses(), 0, operands, op, x.uses().length);
                        op += x.uses().length;
                        instrBlock[at] = b;
                        at++;
                    }
                }
                int src = f.opcodeId(i);
                if (idOf[src] < 0) {
                    idOf[src] = tableSize;
                    table[tableSize++] = f.opcodeSpelling(src);
                }
                opcode[at] = (short) idOf[src];
                boolean branch = (f.instrFlags(i) & InstrFlags.BRANCH) != 0;
                kinds[at] = (byte) (branch ? InstrKind.BRANCH : f.instrKind(i)).ordinal();
                flags[at] = f.instrFlags(i);
                lines[at] = f.instrLine(i);
                starts[at] = op;
                if (branch) {
                    defCounts[at] = 0;
                    for (int k = 0; k < f.useCount(i); k++) {
                        operands[op++] = f.use(i, k);
                    }
                } else {
                    defCounts[at] = (byte) f.defCount(i);
                    op += f.copyOperands(i, operands, op);
                }
                int[] extra = appended[i];
                if (extra != null) {
                    System.arraycopy(extra, 0, operands, op, extra.length);
                    op += extra.length;
                }
                instrBlock[at] = b;
                at++;
            }
            if ((at == blockStart[b]) != (f.blockEnd(b) == f.blockStart(b))) {
                throw new IllegalStateException("block " + b + " would be "
                        + (at == blockStart[b] ? "empty" : "filled"));
            }
            this.tableSize = tableSize;
            this.at = at;
            this.op = op;
        }
    }

    /**
     * Per added instruction, its spelling's id in the original's opcode table, or {@code -1 - k}
     * for the {@code k}-th spelling of {@link #newSpellings} (filled here), which the original does
     * not use. Inserted instructions mostly share one spelling: a run of the same string is
     * resolved once, and a spelling by a walk over the original's few distinct opcodes.
     */
    private int[] addedKeys() {
        newSpellings.clear();
        int[] key = new int[added.size()];
        String last = null;
        int lastKey = 0;
        for (int k = 0; k < key.length; k++) {
            String s = added.get(k).opcode();
            if (s != last) {
                last = s;
                lastKey = keyOf(s);
            }
            key[k] = lastKey;
        }
        return key;
    }

    private int keyOf(String spelling) {
        for (int id = 0; id < f.opcodeCount(); id++) {
            if (f.opcodeSpelling(id).equals(spelling)) {
                return id;
            }
        }
        int k = newSpellings.indexOf(spelling);
        if (k < 0) {
            k = newSpellings.size();
            newSpellings.add(spelling);
        }
        return -1 - k;
    }

    /**
     * The CFG edges {@link FunctionBuilder#build} derives for the copy (blocks starting at {@code
     * blockStart}, instruction flags {@code flags}): a block ending in a branch names the labels of
     * the branch's successors except the block it falls through to (or that block alone when it is
     * its only successor); the builder takes the named blocks in order, each once, then the
     * fall-through block. Returns succStart, succ, predStart, pred.
     */
    private int[][] edges(int[] blockStart, int[] flags) {
        int blocks = f.blockCount();
        int[] succStart = new int[blocks + 1];
        int[] succ = new int[Math.max(4, 2 * blocks)];
        int total = 0;
        for (int b = 0; b < blocks; b++) {
            succStart[b] = total;
            boolean fallsThrough = true;
            if (blockStart[b + 1] > blockStart[b]) {
                int last = flags[blockStart[b + 1] - 1];
                fallsThrough = (last & InstrFlags.NO_FALLTHROUGH) == 0;
                if ((last & InstrFlags.BRANCH) != 0) {
                    // The branch is the original block's last instruction: its successors are b's.
                    boolean named = false;
                    for (int k = 0; k < f.succCount(b); k++) {
                        int t = f.succ(b, k);
                        if (!(fallsThrough && t == b + 1) && f.blockLabel(t) != null) {
                            named = true;
                            succ = grown(succ, total);
                            total = addOnce(succ, succStart[b], total, t);
                        }
                    }
                    if (!named && b + 1 < blocks && f.blockLabel(b + 1) != null) {
                        succ = grown(succ, total);
                        total = addOnce(succ, succStart[b], total, b + 1);
                    }
                }
            }
            if (fallsThrough && b + 1 < blocks) {
                succ = grown(succ, total);
                total = addOnce(succ, succStart[b], total, b + 1);
            }
        }
        succStart[blocks] = total;
        succ = Arrays.copyOf(succ, total);
        int[] predStart = new int[blocks + 1];
        for (int k = 0; k < total; k++) {
            predStart[succ[k] + 1]++;
        }
        for (int b = 0; b < blocks; b++) {
            predStart[b + 1] += predStart[b];
        }
        int[] pred = new int[total];
        int[] fill = Arrays.copyOf(predStart, blocks);
        for (int b = 0; b < blocks; b++) {
            for (int k = succStart[b]; k < succStart[b + 1]; k++) {
                pred[fill[succ[k]]++] = b;
            }
        }
        return new int[][] {succStart, succ, predStart, pred};
    }

    /** Appends {@code x} to {@code a[from..to)} unless it is there; returns the new end. */
    private static int addOnce(int[] a, int from, int to, int x) {
        for (int k = from; k < to; k++) {
            if (a[k] == x) {
                return to;
            }
        }
        a[to] = x;
        return to + 1;
    }

    /** {@code a}, with room for one more entry after {@code size}. */
    private static int[] grown(int[] a, int size) {
        return size < a.length ? a : Arrays.copyOf(a, 2 * a.length);
    }
}
