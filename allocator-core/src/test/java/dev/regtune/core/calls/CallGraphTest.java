package dev.regtune.core.calls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.CallTarget;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.ptx.PtxParser;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The call graph the front end's call targets give: kinds of calls, recursion, the order callees come in. */
class CallGraphTest {
    static final String MODULE = """
            .version 8.8
            .target sm_90
            .address_size 64
            .extern .func (.param .b32 r) vprintf(.param .b64 a, .param .b64 b);
            .func (.param .b32 r) leaf(.param .b32 x)
            {
              .reg .b32 %r<3>;
              ld.param.u32 %r1, [x];
              add.s32 %r2, %r1, 1;
              st.param.b32 [r], %r2;
              ret;
            }
            .func (.param .b32 r) odd(.param .b32 x);
            .func (.param .b32 r) even(.param .b32 x)
            {
              .reg .b32 %r<4>;
              .reg .pred %p<2>;
              ld.param.u32 %r1, [x];
              setp.eq.s32 %p1, %r1, 0;
              mov.u32 %r3, 1;
              @%p1 bra DONE;
              add.s32 %r2, %r1, -1;
              {
              .param .b32 a;
              st.param.b32 [a], %r2;
              .param .b32 rv;
              call.uni (rv), odd, (a);
              ld.param.b32 %r3, [rv];
              }
            DONE:
              st.param.b32 [r], %r3;
              ret;
            }
            .func (.param .b32 r) odd(.param .b32 x)
            {
              .reg .b32 %r<4>;
              ld.param.u32 %r1, [x];
              {
              .param .b32 a;
              st.param.b32 [a], %r1;
              .param .b32 rv;
              call.uni (rv), even, (a);
              ld.param.b32 %r3, [rv];
              }
              st.param.b32 [r], %r3;
              ret;
            }
            .visible .entry k(.param .u64 p)
            {
              .reg .b32 %r<6>;
              .reg .b64 %rd<6>;
              ld.param.u64 %rd1, [p];
              ld.global.u32 %r1, [%rd1];
              ld.global.u64 %rd2, [%rd1+8];
              {
              .param .b32 a;
              st.param.b32 [a], %r1;
              .param .b32 rv;
              call.uni (rv), leaf, (a);
              ld.param.b32 %r2, [rv];
              }
              {
              .param .b32 a;
              st.param.b32 [a], %r2;
              .param .b32 rv;
              call.uni (rv), even, (a);
              ld.param.b32 %r3, [rv];
              }
              {
              .param .b32 a;
              st.param.b32 [a], %r3;
              .param .b32 rv;
              targets: .calltargets leaf;
              call (rv), %rd2, (a), targets;
              ld.param.b32 %r4, [rv];
              }
              {
              .param .b64 a;
              st.param.b64 [a], %rd1;
              .param .b64 b;
              st.param.b64 [b], %rd1;
              .param .b32 rv;
              call.uni (rv), vprintf, (a, b);
              }
              st.global.u32 [%rd1], %r4;
              ret;
            }
            """;

    static PtxModule module() {
        return PtxParser.parse(MODULE, "calls.ptx");
    }

    static int index(PtxModule m, String name) {
        List<KernelFunction> fns = m.functions();
        for (int i = 0; i < fns.size(); i++) {
            if (fns.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new AssertionError("no function " + name);
    }

    @Test
    void theFrontEndRecordsWhatEachCallCalls() {
        PtxModule m = module();
        KernelFunction k = m.functions().get(index(m, "k"));
        assertEquals(List.of(CallTarget.direct("leaf"), CallTarget.direct("even"), CallTarget.indirect(List.of("leaf")),
                CallTarget.direct("vprintf")), k.callTargets());
        assertEquals(List.of(), m.functions().get(index(m, "leaf")).callTargets());
    }

    @Test
    void callsAreClassifiedAsPtxasCompilesThem() {
        PtxModule m = module();
        CallGraph g = CallGraph.of(m);
        List<CallKind> kinds = g.sites(index(m, "k")).stream().map(CallSite::kind).toList();
        assertEquals(List.of(CallKind.DIRECT, CallKind.RECURSIVE, CallKind.INDIRECT, CallKind.EXTERNAL), kinds);
        assertEquals(List.of(index(m, "leaf")), g.sites(index(m, "k")).get(2).callees());
        assertTrue(g.recursive(index(m, "even")));
        assertTrue(g.recursive(index(m, "odd")));
        assertFalse(g.recursive(index(m, "leaf")));
        assertFalse(g.recursive(index(m, "k")));
        assertEquals(g.component(index(m, "even")), g.component(index(m, "odd")));
        assertEquals(CallKind.RECURSIVE, g.sites(index(m, "even")).get(0).kind());
    }

    @Test
    void componentsComeCalleesFirst() {
        PtxModule m = module();
        CallGraph g = CallGraph.of(m);
        List<Integer> flat = new ArrayList<>();
        g.order().forEach(flat::addAll);
        assertEquals(m.functions().size(), flat.size());
        for (int f = 0; f < m.functions().size(); f++) {
            for (CallSite s : g.sites(f)) {
                for (int c : s.callees()) {
                    assertTrue(g.component(c) <= g.component(f), m.functions().get(f).name() + " before its callee "
                            + m.functions().get(c).name());
                }
            }
        }
        assertEquals(List.of(index(m, "leaf"), index(m, "even"), index(m, "odd"), index(m, "k")),
                g.reachableFrom(index(m, "k")));
        assertEquals(List.of(index(m, "leaf")), g.reachableFrom(index(m, "leaf")));
    }

    @Test
    void anIndirectCallThroughAPrototypeMayReachEveryFunc() {
        String text = MODULE.replace("targets: .calltargets leaf;", "targets: .callprototype (.param .b32 _) _ (.param .b32 _);");
        PtxModule m = PtxParser.parse(text, "proto.ptx");
        CallSite s = CallGraph.of(m).sites(index(m, "k")).get(2);
        assertEquals(CallKind.INDIRECT, s.kind());
        assertEquals(List.of(index(m, "leaf"), index(m, "even"), index(m, "odd")), s.callees());
    }
}
