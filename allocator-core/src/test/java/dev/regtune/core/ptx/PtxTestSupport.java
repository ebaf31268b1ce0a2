package dev.regtune.core.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.ir.VregConstraint;

/** Helpers shared by the front-end tests: wrapping snippets, reading defs/uses by name. */
final class PtxTestSupport {
    private PtxTestSupport() {
    }

    /** Module header of the wrapped snippets (3 lines). */
    static final String HEADER = ".version 9.0\n.target sm_90\n.address_size 64\n";

    /** Registers every wrapped snippet may use. */
    static final String REGS = "\t.reg .pred %p<8>;\n\t.reg .b16 %rs<8>;\n\t.reg .b32 %r<64>;\n\t.reg .f32 %f<64>;\n"
            + "\t.reg .b64 %rd<32>;\n\t.reg .f64 %fd<8>;\n\t.reg .b128 %rq<4>;\n";

    /** The line of the first body line of {@link #entryText(String)}. */
    static final int FIRST_BODY_LINE = 16;

    static PtxModule parse(String text) {
        return PtxParser.parse(text, "test.ptx");
    }

    /** A complete module holding one {@code .entry k} whose body is {@code body} (after {@link #REGS}). */
    static String entryText(String body) {
        return HEADER + ".visible .entry k(\n\t.param .u64 k_param_0,\n\t.param .u32 k_param_1\n)\n{\n" + REGS
                + body + "\n}\n";
    }

    /** Parses {@code body} wrapped by {@link #entryText(String)} and returns the kernel. */
    static KernelFunction entry(String body) {
        PtxModule m = parse(entryText(body));
        assertEquals(1, m.functions().size());
        return m.functions().get(0);
    }

    /** Index of the first instruction whose opcode starts with {@code prefix}. */
    static int find(KernelFunction f, String prefix) {
        for (int i = 0; i < f.instrCount(); i++) {
            if (f.opcode(i).startsWith(prefix)) {
                return i;
            }
        }
        fail("no instruction " + prefix + " in\n" + f.dump());
        return -1;
    }

    static List<String> defs(KernelFunction f, int i) {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < f.defCount(i); k++) {
            out.add(f.vregName(f.def(i, k)));
        }
        return out;
    }

    static List<String> uses(KernelFunction f, int i) {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < f.useCount(i); k++) {
            out.add(f.vregName(f.use(i, k)));
        }
        return out;
    }

    static int vreg(KernelFunction f, String name) {
        for (int v = 0; v < f.vregCount(); v++) {
            if (f.vregName(v).equals(name)) {
                return v;
            }
        }
        fail("no vreg " + name + " in\n" + f.dump());
        return -1;
    }

    static List<VregConstraint> constraintsOf(KernelFunction f, int v) {
        List<VregConstraint> out = new ArrayList<>();
        for (VregConstraint c : f.constraints()) {
            if (c.vreg() == v) {
                out.add(c);
            }
        }
        return out;
    }

    static String resource(String name) {
        try (InputStream in = PtxTestSupport.class.getResourceAsStream("/ptx/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("missing test resource /ptx/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static PtxModule parseResource(String name) {
        return PtxParser.parse(resource(name), name);
    }

    static KernelFunction function(PtxModule m, String name) {
        for (KernelFunction f : m.functions()) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        fail("no function " + name + " in " + m.functions());
        return null;
    }
}
