package dev.regtune.datasets.synthetic;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Writes one {@code .visible .entry} the way nvcc lays it out: parameters named
 * {@code <kernel>_param_<k>}, registers numbered from 1 per class ({@code %r}, {@code %rd},
 * {@code %f}, {@code %fd}, {@code %p}) and declared with {@code .reg .b32 %r<N>}, labels
 * {@code $L__BB0_<k>}, instructions as {@code <tab>opcode <tab>operands;}.
 *
 * <p>A counting writer ({@link #counting()}) keeps the register, label and instruction
 * bookkeeping but no text, so sizing can try unit counts cheaply; a family must therefore make
 * the same calls, and draw the same random numbers, whether or not text is kept.
 */
final class PtxWriter {
    /** The PTX register classes the families use, with nvcc's name prefix and declared type. */
    enum Reg {
        PRED("%p", ".pred"), B32("%r", ".b32"), F32("%f", ".f32"), B64("%rd", ".b64"), F64("%fd", ".f64");

        final String prefix;
        final String type;

        Reg(String prefix, String type) {
            this.prefix = prefix;
            this.type = type;
        }
    }

    private final String kernel;
    private final @Nullable StringBuilder body;
    private final int[] next = new int[Reg.values().length];
    private final List<String> params = new ArrayList<>();
    private final List<String> sharedDecls = new ArrayList<>();
    private int instructions;
    private int labels;

    private PtxWriter(String kernel, boolean keepText) {
        this.kernel = kernel;
        this.body = keepText ? new StringBuilder(1 << 12) : null;
        Arrays.fill(next, 1);
    }

    /** A writer that keeps the text. */
    static PtxWriter text(String kernel) {
        return new PtxWriter(kernel, true);
    }

    /** A writer that only counts (instructions, registers, labels). */
    static PtxWriter counting() {
        return new PtxWriter("k", false);
    }

    /** Declares a parameter of {@code type} ("u64", "u32") and returns its name. */
    String param(String type) {
        String name = kernel + "_param_" + params.size();
        params.add("\t.param ." + type + " " + name);
        return name;
    }

    /** A fresh register of class {@code r}. */
    String reg(Reg r) {
        return r.prefix + next[r.ordinal()]++;
    }

    /** {@code n} fresh registers of class {@code r}. */
    String[] regs(Reg r, int n) {
        String[] out = new String[n];
        for (int i = 0; i < n; i++) {
            out[i] = reg(r);
        }
        return out;
    }

    /** A fresh label. */
    String label() {
        return "$L__BB0_" + ++labels;
    }

    /** Declares a function-scope shared array and returns its name. */
    String sharedArray(String suffix, int align, int bytes) {
        String name = kernel + "_" + suffix;
        sharedDecls.add("\t.shared .align " + align + " .b8 " + name + "[" + bytes + "];");
        return name;
    }

    /** One unguarded instruction. */
    void op(String opcode, String... operands) {
        emit(null, opcode, operands);
    }

    /** One instruction guarded by {@code guard}, which is {@code %p3} or {@code !%p3}. */
    void opIf(String guard, String opcode, String... operands) {
        emit(guard, opcode, operands);
    }

    /** Places {@code label} before the next instruction. */
    void place(String label) {
        if (body != null) {
            body.append('\n').append(label).append(":\n");
        }
    }

    /** A blank line, as nvcc leaves after a branch. */
    void gap() {
        if (body != null) {
            body.append('\n');
        }
    }

    int instructions() {
        return instructions;
    }

    /**
     * The whole module: {@code comment} lines, the ISA header for {@code arch}, and the entry.
     * Only valid for a text writer.
     */
    String finish(List<String> comment, String arch) {
        if (body == null) {
            throw new IllegalStateException("a counting writer has no text");
        }
        StringBuilder s = new StringBuilder(body.length() + 1024);
        s.append("//\n");
        for (String line : comment) {
            s.append("// ").append(line).append('\n');
        }
        s.append("//\n\n.version 8.0\n.target ").append(arch).append("\n.address_size 64\n\n");
        s.append("\t// .globl\t").append(kernel).append("\n\n");
        s.append(".visible .entry ").append(kernel).append("(\n");
        for (int i = 0; i < params.size(); i++) {
            s.append(params.get(i)).append(i + 1 < params.size() ? ",\n" : "\n");
        }
        s.append(")\n{\n");
        for (Reg r : Reg.values()) {
            if (next[r.ordinal()] > 1) {
                s.append("\t.reg ").append(r.type).append(" \t").append(r.prefix).append('<')
                        .append(next[r.ordinal()]).append(">;\n");
            }
        }
        for (String d : sharedDecls) {
            s.append(d).append('\n');
        }
        s.append('\n').append(body).append("\n}\n");
        return s.toString();
    }

    /** {@code [base]} or {@code [base+offset]} (nvcc writes a negative offset as {@code +-8}). */
    static String at(String base, long offset) {
        return offset == 0 ? "[" + base + "]" : "[" + base + "+" + offset + "]";
    }

    /** {@code {a, b, ...}}. */
    static String vec(String... regs) {
        return "{" + String.join(", ", regs) + "}";
    }

    /** An f32 immediate in PTX's exact hexadecimal form. */
    static String f32(float value) {
        return String.format(Locale.ROOT, "0f%08X", Float.floatToRawIntBits(value));
    }

    /** An f64 immediate in PTX's exact hexadecimal form. */
    static String f64(double value) {
        return String.format(Locale.ROOT, "0d%016X", Double.doubleToRawLongBits(value));
    }

    /** The negation of a predicate register, as a guard or a selp operand. */
    static String not(String pred) {
        return "!" + pred;
    }

    private void emit(@Nullable String guard, String opcode, String[] operands) {
        instructions++;
        if (body == null) {
            return;
        }
        body.append('\t');
        if (guard != null) {
            body.append('@').append(guard).append(' ');
        }
        body.append(opcode);
        if (operands.length > 0) {
            body.append(" \t");
            for (int i = 0; i < operands.length; i++) {
                if (i > 0) {
                    body.append(", ");
                }
                body.append(operands[i]);
            }
        }
        body.append(";\n");
    }
}
