package dev.regtune.core.ptx;

import java.util.Arrays;

/**
 * Interns the words of one PTX file and carries, per distinct word, everything the parser needs
 * to know about it: which directive or type it is, whether it is a special register, the cached
 * classification of an opcode, and the register declarations currently in scope under that name.
 *
 * <p>Lookups take a char range and its precomputed String-compatible hash, so the hot path
 * (every operand of every instruction) allocates nothing once a name has been seen. Entry ids are
 * stable (entries are appended; only the hash index is rebuilt on growth), which lets the scope
 * undo log refer to them. Not thread-safe: each parse works on its own {@link #copy()} of the
 * keyword template.
 */
final class NameTable {
    static final byte NOT_SPECIAL = 0;
    static final byte SPECIAL_UNIFORM = 1;
    static final byte SPECIAL_DIVERGENT = 2;
    /** Uniform, and read from the constant bank in SASS ({@link PtxSpecialRegisters#isInConstantBank}). */
    static final byte SPECIAL_CONSTANT_BANK = 3;

    private String[] names;
    /** Per entry its chars, compared with a token's range in one {@link Arrays#equals} call. */
    private char[][] chars;
    private int[] hashes;
    Directive[] directive;
    PtxType[] type;
    byte[] special;
    OpcodeInfo[] opcode;
    /** The innermost declaration of a plain register name ({@code %r}, {@code low}). */
    RegisterBinding[] plain;
    /** The innermost range declaration ({@code %r<45>}) whose prefix is this name. */
    RegisterBinding[] range;
    /**
     * Per word, for the function being parsed: the vreg (or -1) the word resolved to through a range
     * declaration, valid while {@link #resolvedEpoch} of the word equals {@link #rangeEpoch}.
     */
    int[] resolvedVreg;
    int[] resolvedEpoch;
    /** Bumped when a range declaration opens or closes, and for every new function. */
    int rangeEpoch = 1;
    /**
     * Per word: how many vregs of that register name the function being parsed has, valid while
     * {@link #countFunction} of the word equals {@link #function}.
     */
    int[] vregCount;
    int[] countFunction;
    /** Numbers the functions of the file, from 1. */
    int function;
    private int size;
    /** Open-addressing index: entry id + 1, 0 = empty. */
    private int[] index;
    private int mask;

    private static final NameTable TEMPLATE = buildTemplate();

    private NameTable(int capacity) {
        names = new String[capacity];
        chars = new char[capacity][];
        hashes = new int[capacity];
        directive = new Directive[capacity];
        type = new PtxType[capacity];
        special = new byte[capacity];
        opcode = new OpcodeInfo[capacity];
        plain = new RegisterBinding[capacity];
        range = new RegisterBinding[capacity];
        resolvedVreg = new int[capacity];
        resolvedEpoch = new int[capacity];
        vregCount = new int[capacity];
        countFunction = new int[capacity];
        index = new int[capacity * 2];
        mask = index.length - 1;
    }

    private NameTable(NameTable t) {
        names = t.names.clone();
        chars = t.chars.clone();
        hashes = t.hashes.clone();
        directive = t.directive.clone();
        type = t.type.clone();
        special = t.special.clone();
        opcode = t.opcode.clone();
        plain = t.plain.clone();
        range = t.range.clone();
        resolvedVreg = new int[names.length];
        resolvedEpoch = new int[names.length];
        vregCount = new int[names.length];
        countFunction = new int[names.length];
        index = t.index.clone();
        mask = t.mask;
        size = t.size;
    }

    /** Starts a new function: no word has vregs or a resolution in it yet. */
    void beginFunction() {
        function++;
        rangeEpoch++;
    }

    /** Counts one more vreg named by word {@code id} in the current function and returns the count. */
    int countVreg(int id) {
        if (countFunction[id] != function) {
            countFunction[id] = function;
            vregCount[id] = 0;
        }
        return ++vregCount[id];
    }

    /** A fresh table holding the keywords (directives, types, special registers). */
    static NameTable copy() {
        return new NameTable(TEMPLATE);
    }

    private static NameTable buildTemplate() {
        NameTable t = new NameTable(1024);
        for (Directive d : Directive.values()) {
            t.directive[t.intern(d.spelling)] = d;
        }
        for (PtxType ty : PtxType.values()) {
            t.type[t.intern(ty.spelling)] = ty;
        }
        for (String s : PtxSpecialRegisters.names()) {
            t.special[t.intern(s)] = PtxSpecialRegisters.isInConstantBank(s) ? SPECIAL_CONSTANT_BANK
                    : PtxSpecialRegisters.isUniform(s) ? SPECIAL_UNIFORM : SPECIAL_DIVERGENT;
        }
        // Every parse starts with a copy of the template: keep it small (a file's own words grow it).
        NameTable tight = new NameTable(Integer.highestOneBit(t.size) * 2);
        for (int id = 0; id < t.size; id++) {
            int copy = tight.add(t.names[id], t.hashes[id]);
            tight.directive[copy] = t.directive[id];
            tight.type[copy] = t.type[id];
            tight.special[copy] = t.special[id];
        }
        return tight;
    }

    String name(int id) {
        return names[id];
    }

    /** The entry id of {@code buf[start, end)}, or -1 if the word was never interned. */
    int find(char[] buf, int start, int end, int hash) {
        int len = end - start;
        int slot = mix(hash) & mask;
        while (true) {
            int e = index[slot];
            if (e == 0) {
                return -1;
            }
            int id = e - 1;
            if (hashes[id] == hash && sameChars(chars[id], buf, start, len)) {
                return id;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** The entry id of {@code buf[start, end)}, adding it if new. */
    int intern(char[] buf, int start, int end, int hash) {
        int id = find(buf, start, end, hash);
        return id >= 0 ? id : add(Arrays.copyOfRange(buf, start, end), hash);
    }

    int intern(String s) {
        char[] c = s.toCharArray();
        return intern(c, 0, c.length, s.hashCode());
    }

    /** Hash of {@code buf[start, end)}, equal to the String's hashCode. */
    static int hash(char[] buf, int start, int end) {
        int h = 0;
        for (int i = start; i < end; i++) {
            h = 31 * h + buf[i];
        }
        return h;
    }

    private int add(String s, int hash) {
        return add(s.toCharArray(), hash);
    }

    private int add(char[] word, int hash) {
        if (size == names.length) {
            int n = size * 2;
            names = Arrays.copyOf(names, n);
            chars = Arrays.copyOf(chars, n);
            hashes = Arrays.copyOf(hashes, n);
            directive = Arrays.copyOf(directive, n);
            type = Arrays.copyOf(type, n);
            special = Arrays.copyOf(special, n);
            opcode = Arrays.copyOf(opcode, n);
            plain = Arrays.copyOf(plain, n);
            range = Arrays.copyOf(range, n);
            resolvedVreg = Arrays.copyOf(resolvedVreg, n);
            resolvedEpoch = Arrays.copyOf(resolvedEpoch, n);
            vregCount = Arrays.copyOf(vregCount, n);
            countFunction = Arrays.copyOf(countFunction, n);
            index = new int[n * 2];
            mask = index.length - 1;
            for (int id = 0; id < size; id++) {
                place(id);
            }
        }
        int id = size++;
        names[id] = new String(word);
        chars[id] = word;
        hashes[id] = hash;
        place(id);
        return id;
    }

    private void place(int id) {
        int slot = mix(hashes[id]) & mask;
        while (index[slot] != 0) {
            slot = (slot + 1) & mask;
        }
        index[slot] = id + 1;
    }

    private static int mix(int h) {
        int x = h * 0x9E3779B9;
        return x ^ (x >>> 16);
    }

    private static boolean sameChars(char[] word, char[] buf, int start, int len) {
        return word.length == len && Arrays.equals(word, 0, len, buf, start, start + len);
    }
}
