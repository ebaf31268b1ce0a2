package dev.regtune.core.ptx;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The PTX special registers ({@code %tid.x}, {@code %ctaid.y}, {@code %laneid}, {@code %clock64},
 * ...). They are not virtual registers: the front end records no operand for them, and marks the
 * instruction that reads one with {@link dev.regtune.core.ir.InstrFlags#READS_UNIFORM_SPECIAL} or
 * {@link dev.regtune.core.ir.InstrFlags#READS_DIVERGENT_SPECIAL} according to {@link #isUniform}.
 *
 * <p><b>Uniform</b> here means: guaranteed to hold the same value in every thread of a warp for the
 * whole launch, so a value computed only from uniform special registers, constants and kernel
 * parameters may live in a uniform register. Launch-geometry values ({@code %ntid}, {@code %ctaid},
 * {@code %nctaid}, the cluster registers, {@code %envregN}, the shared-memory sizes) are uniform.
 * Per-thread values ({@code %tid}, {@code %laneid}, {@code %lanemask_*}) and time-varying values
 * ({@code %clock*}, {@code %globaltimer*}, {@code %pm*}) are divergent; so are {@code %warpid} and
 * {@code %smid}, which PTX documents as volatile (a warp may migrate), so treating them as
 * divergent is the conservative choice.
 */
public final class PtxSpecialRegisters {
    private PtxSpecialRegisters() {
    }

    private static final Map<String, Boolean> UNIFORM_BY_NAME;

    static {
        Map<String, Boolean> m = new HashMap<>();
        for (String base : new String[] {"%ntid", "%ctaid", "%nctaid", "%clusterid", "%nclusterid", "%cluster_ctaid",
                "%cluster_nctaid"}) {
            addVector(m, base, true);
        }
        addVector(m, "%tid", false);
        for (String s : new String[] {"%nsmid", "%gridid", "%nwarpid", "%is_explicit_cluster", "%cluster_ctarank",
                "%cluster_nctarank", "%total_smem_size", "%aggr_smem_size", "%dynamic_smem_size",
                "%reserved_smem_offset_begin", "%reserved_smem_offset_end", "%reserved_smem_offset_cap",
                "%reserved_smem_offset_0", "%reserved_smem_offset_1", "%current_graph_exec"}) {
            m.put(s, true);
        }
        for (int i = 0; i < 32; i++) {
            m.put("%envreg" + i, true);
        }
        for (String s : new String[] {"%laneid", "%warpid", "%smid", "%lanemask_eq", "%lanemask_le", "%lanemask_lt",
                "%lanemask_ge", "%lanemask_gt", "%clock", "%clock_hi", "%clock64", "%globaltimer",
                "%globaltimer_lo", "%globaltimer_hi"}) {
            m.put(s, false);
        }
        for (int i = 0; i < 8; i++) {
            m.put("%pm" + i, false);
            m.put("%pm" + i + "_64", false);
        }
        UNIFORM_BY_NAME = Collections.unmodifiableMap(m);
    }

    private static void addVector(Map<String, Boolean> m, String base, boolean uniform) {
        m.put(base, uniform);
        m.put(base + ".x", uniform);
        m.put(base + ".y", uniform);
        m.put(base + ".z", uniform);
    }

    /** Whether {@code name} (with its {@code %} and any {@code .x/.y/.z}) is a PTX special register. */
    public static boolean isSpecial(String name) {
        return UNIFORM_BY_NAME.containsKey(name);
    }

    /**
     * Whether the special register {@code name} is warp-uniform for the whole launch (see the class
     * comment); false for divergent ones and for names that are not special registers.
     */
    /**
     * Whether {@code name} is a launch dimension that SASS reads from the constant bank
     * ({@code %ntid}, {@code %nctaid} and their components) rather than with {@code S2R}.
     */
    public static boolean isInConstantBank(String name) {
        return name.startsWith("%ntid") || name.startsWith("%nctaid");
    }

    public static boolean isUniform(String name) {
        return Boolean.TRUE.equals(UNIFORM_BY_NAME.get(name));
    }

    /** Every special register name, sorted. */
    public static Set<String> names() {
        return Collections.unmodifiableSet(new TreeSet<>(UNIFORM_BY_NAME.keySet()));
    }
}
