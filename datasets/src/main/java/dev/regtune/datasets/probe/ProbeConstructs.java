package dev.regtune.datasets.probe;

import java.util.List;

/**
 * The constructs {@code regtune datasets probe} measures: those with a SASS sequence longer than
 * one instruction that real-world PTX uses most (counted over {@code ../shared/corpus-real}).
 */
public final class ProbeConstructs {
    private ProbeConstructs() {
    }

    /** Every probed construct, in the table's order. */
    public static final List<ProbeConstruct> ALL = List.of(
            ProbeConstruct.of("div.rn.f32", "f32", 2),
            ProbeConstruct.of("div.approx.f32", "f32", 2),
            ProbeConstruct.of("div.full.f32", "f32", 2),
            ProbeConstruct.of("sqrt.rn.f32", "f32", 1),
            ProbeConstruct.of("sqrt.approx.f32", "f32", 1),
            ProbeConstruct.of("rsqrt.approx.f32", "f32", 1),
            ProbeConstruct.of("rcp.rn.f32", "f32", 1),
            ProbeConstruct.of("rcp.approx.f32", "f32", 1),
            ProbeConstruct.of("ex2.approx.f32", "f32", 1),
            ProbeConstruct.of("lg2.approx.f32", "f32", 1),
            ProbeConstruct.of("sin.approx.f32", "f32", 1),
            ProbeConstruct.of("cos.approx.f32", "f32", 1),
            ProbeConstruct.of("tanh.approx.f32", "f32", 1),
            ProbeConstruct.of("div.s32", "s32", 2),
            ProbeConstruct.of("div.u32", "u32", 2),
            ProbeConstruct.of("rem.s32", "s32", 2),
            ProbeConstruct.of("rem.u32", "u32", 2),
            ProbeConstruct.of("mul.hi.s32", "s32", 2),
            ProbeConstruct.of("mul.hi.u32", "u32", 2),
            new ProbeConstruct("mul.wide.s32", "s64", List.of("s32", "s32")),
            new ProbeConstruct("mul.wide.u32", "u64", List.of("u32", "u32")),
            ProbeConstruct.of("div.s64", "s64", 2),
            ProbeConstruct.of("div.u64", "u64", 2),
            ProbeConstruct.of("rem.s64", "s64", 2),
            ProbeConstruct.of("rem.u64", "u64", 2),
            ProbeConstruct.of("mul.lo.s64", "s64", 2),
            ProbeConstruct.of("mul.hi.s64", "s64", 2),
            ProbeConstruct.of("mul.hi.u64", "u64", 2),
            new ProbeConstruct("shl.b64", "u64", List.of("u64", "u32")),
            new ProbeConstruct("shr.u64", "u64", List.of("u64", "u32")),
            new ProbeConstruct("shr.s64", "s64", List.of("s64", "u32")),
            ProbeConstruct.of("div.rn.f64", "f64", 2),
            ProbeConstruct.of("sqrt.rn.f64", "f64", 1),
            ProbeConstruct.of("rcp.rn.f64", "f64", 1),
            ProbeConstruct.of("rsqrt.approx.f64", "f64", 1),
            ProbeConstruct.convert("cvt.f64.f32", "f32", "f64"),
            ProbeConstruct.convert("cvt.rn.f32.f64", "f64", "f32"),
            ProbeConstruct.convert("cvt.rzi.s32.f32", "f32", "s32"),
            ProbeConstruct.convert("cvt.rni.s32.f32", "f32", "s32"),
            ProbeConstruct.convert("cvt.rzi.u32.f32", "f32", "u32"),
            ProbeConstruct.convert("cvt.rzi.s32.f64", "f64", "s32"),
            ProbeConstruct.convert("cvt.rni.s32.f64", "f64", "s32"),
            ProbeConstruct.convert("cvt.rn.f32.s32", "s32", "f32"),
            ProbeConstruct.convert("cvt.rn.f32.u32", "u32", "f32"),
            ProbeConstruct.convert("cvt.rn.f64.s32", "s32", "f64"),
            ProbeConstruct.convert("cvt.rn.f64.s64", "s64", "f64"),
            ProbeConstruct.convert("cvt.rn.f32.s64", "s64", "f32"),
            ProbeConstruct.convert("cvt.rzi.s64.f32", "f32", "s64"),
            ProbeConstruct.convert("cvt.rzi.s64.f64", "f64", "s64"),
            ProbeConstruct.convert("cvt.rzi.f32.f32", "f32", "f32"),
            ProbeConstruct.convert("cvt.rmi.f32.f32", "f32", "f32"),
            ProbeConstruct.convert("cvt.s64.s32", "s32", "s64"),
            ProbeConstruct.convert("cvt.u32.u64", "u64", "u32"),
            ProbeConstruct.of("max.f64", "f64", 2),
            ProbeConstruct.of("min.f64", "f64", 2),
            ProbeConstruct.of("min.u64", "u64", 2));
}
