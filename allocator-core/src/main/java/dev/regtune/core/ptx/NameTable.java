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

    private String[] names;
    private int[] hashes;
    Directive[] directive;
    PtxType[] type;
    byte[] special;
    OpcodeInfo[] opcode;
    /** The innermost declaration of a plain register name ({@code %r}, {@code low}). */
    RegisterBinding[] plain;
    /** The innermost range declaration ({@code %r<45>}) whose prefix is this name. */
    RegisterBinding[] range;
    private int size;
    /** Open-addressing index: entry id + 1, 0 = empty. */
    private int[] index;
    private int mask;

    private static final NameTable TEMPLATE = buildTemplate();

    private NameTable(int capacity) {
        names = new String[capacity];
        hashes = new int[capacity];
        directive = new Directive[capacity];
        type = new PtxType[capacity];
        special = new byte[capacity];
        opcode = new OpcodeInfo[capacity];
        plain = new RegisterBinding[capacity];
        range = new RegisterBinding[capacity];
        index = new int[capacity * 2];
        mask = index.length - 1;
    }

    private NameTable(NameTable t) {
        names = t.names.clone();
        hashes = t.hashes.clone();
        directive = t.directive.clone();
        type = t.type.clone();
        special = t.special.clone();
        opcode = t.opcode.clone();
        plain = t.plain.clone();
        range = t.range.clone();
        index = t.index.clone();
        mask = t.mask;
        size = t.size;
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
            t.special[t.intern(s)] = PtxSpecialRegisters.isUniform(s) ? SPECIAL_UNIFORM : SPECIAL_DIVERGENT;
        }
        return t;
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
            if (hashes[id] == hash && sameChars(names[id], buf, start, len)) {
                return id;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** The entry id of {@code buf[start, end)}, adding it if new. */
    int intern(char[] buf, int start, int end, int hash) {
        int id = find(buf, start, end, hash);
        return id >= 0 ? id : add(new String(buf, start, end - start), hash);
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
        if (size == names.length) {
            int n = size * 2;
            names = Arrays.copyOf(names, n);
            hashes = Arrays.copyOf(hashes, n);
            directive = Arrays.copyOf(directive, n);
            type = Arrays.copyOf(type, n);
            special = Arrays.copyOf(special, n);
            opcode = Arrays.copyOf(opcode, n);
            plain = Arrays.copyOf(plain, n);
            range = Arrays.copyOf(range, n);
            index = new int[n * 2];
            mask = index.length - 1;
            for (int id = 0; id < size; id++) {
                place(id);
            }
        }
        int id = size++;
        names[id] = s;
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

    private static boolean sameChars(String s, char[] buf, int start, int len) {
        if (s.length() != len) {
            return false;
        }
        for (int i = 0; i < len; i++) {
            if (s.charAt(i) != buf[start + i]) {
                return false;
            }
        }
        return true;
    }
}
