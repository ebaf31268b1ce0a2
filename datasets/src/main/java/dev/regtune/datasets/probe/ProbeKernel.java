package dev.regtune.datasets.probe;

/**
 * The PTX of one probe: an entry {@code probe} that loads {@code n} values of the construct's live
 * type with volatile loads, applies the construct to the last of them (and the one before, or a
 * value loaded first when the second operand has another type), stores the result with a volatile
 * store and then stores every loaded value. Volatile accesses keep their order, so all {@code n}
 * values are live where the construct runs and the kernel's registers are {@code n} values plus
 * the addresses plus what the construct needs.
 */
public final class ProbeKernel {
    private ProbeKernel() {
    }

    /**
     * The probe of {@code c} keeping {@code n >= 2} values live, for {@code arch}.
     */
    public static String ptx(ProbeConstruct c, int n, String arch) {
        if (n < 2) {
            throw new IllegalArgumentException("a probe keeps at least 2 values live, not " + n);
        }
        String live = c.liveType();
        StringBuilder s = new StringBuilder(4096);
        s.append(".version 8.0\n.target ").append(arch).append("\n.address_size 64\n\n");
        s.append(".visible .entry probe(.param .u64 probe_in, .param .u64 probe_out)\n{\n");
        s.append("\t.reg .f32 %f<").append(n + 2).append(">;\n");
        s.append("\t.reg .b32 %r<").append(n + 2).append(">;\n");
        s.append("\t.reg .f64 %fd<").append(n + 2).append(">;\n");
        s.append("\t.reg .b64 %rd<").append(n + 2).append(">;\n");
        s.append("\t.reg .b64 %a<8>;\n\t.reg .b32 %t;\n");
        s.append("\t.reg .f32 %xf;\n\t.reg .b32 %xr;\n\t.reg .f64 %xfd;\n\t.reg .b64 %xrd;\n");
        s.append("\t.reg .f32 %of;\n\t.reg .b32 %or;\n\t.reg .f64 %ofd;\n\t.reg .b64 %ord;\n\n");
        s.append("\tld.param.u64 %a1, [probe_in];\n\tld.param.u64 %a2, [probe_out];\n");
        s.append("\tcvta.to.global.u64 %a3, %a1;\n\tcvta.to.global.u64 %a4, %a2;\n");
        s.append("\tmov.u32 %t, %tid.x;\n\tmul.wide.u32 %a5, %t, 8;\n");
        s.append("\tadd.s64 %a6, %a3, %a5;\n\tadd.s64 %a7, %a4, %a5;\n");
        boolean binary = c.operands().size() == 2;
        String second = binary ? c.operands().get(1) : live;
        boolean secondLoaded = binary && !second.equals(live);
        if (secondLoaded) {
            s.append("\tld.volatile.global.").append(second).append(' ').append(extra(second)).append(", [%a6];\n");
        }
        int width = wide(live) ? 8 : 4;
        for (int k = 1; k <= n; k++) {
            s.append("\tld.volatile.global.").append(live).append(' ').append(value(live, k))
                    .append(", [%a6+").append(8 + k * width).append("];\n");
        }
        s.append('\t').append(c.spelling()).append(' ').append(result(c.result())).append(", ").append(value(live, n));
        if (binary) {
            s.append(", ").append(secondLoaded ? extra(second) : value(live, n - 1));
        }
        s.append(";\n");
        s.append("\tst.volatile.global.").append(c.result()).append(" [%a7], ").append(result(c.result())).append(";\n");
        for (int k = 1; k <= n; k++) {
            s.append("\tst.volatile.global.").append(live).append(" [%a7+").append(8 + k * width).append("], ")
                    .append(value(live, k)).append(";\n");
        }
        s.append("\tret;\n}\n");
        return s.toString();
    }

    /** Whether a type takes a register pair. */
    static boolean wide(String type) {
        return type.endsWith("64");
    }

    private static String value(String type, int k) {
        return "%" + prefix(type) + k;
    }

    private static String extra(String type) {
        return "%x" + prefix(type);
    }

    private static String result(String type) {
        return "%o" + prefix(type);
    }

    private static String prefix(String type) {
        return switch (type) {
            case "f32" -> "f";
            case "f64" -> "fd";
            case "u64", "s64" -> "rd";
            default -> "r";
        };
    }
}
