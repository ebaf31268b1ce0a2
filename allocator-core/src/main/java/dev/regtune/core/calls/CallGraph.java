package dev.regtune.core.calls;

import dev.regtune.core.ir.CallTarget;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The call graph of one module: each function's call sites, and the strongly connected components
 * in reverse topological order (callees before callers), so that one pass in {@link #order()}
 * sees every callee outside a function's own component finished before the function.
 *
 * <p>Functions are numbered as in {@link PtxModule#functions()}. A direct call of a name the
 * module does not define is {@link CallKind#EXTERNAL}; an indirect call reaches the functions of
 * its {@code .calltargets} list, or, when it names a prototype, every {@code .func} of the module
 * (RegTune does not track which functions have their address taken). Components come out of
 * Tarjan's algorithm started from each function in file order, so the order is deterministic.
 */
public final class CallGraph {
    private static final String INDIRECT_NAME = "(indirect)";

    private final PtxModule module;
    private final List<List<CallSite>> sites;
    private final int[] component;
    private final boolean[] recursive;
    private final boolean[] called;
    private final List<List<Integer>> order;

    private CallGraph(PtxModule module, List<List<CallSite>> sites, int[] component, boolean[] recursive,
            List<List<Integer>> order) {
        this.module = module;
        this.sites = sites;
        this.component = component;
        this.recursive = recursive;
        this.called = new boolean[component.length];
        for (List<CallSite> list : sites) {
            for (CallSite s : list) {
                for (int c : s.callees()) {
                    called[c] = true;
                }
            }
        }
        this.order = order;
    }

    /** The call graph of {@code module}. */
    public static CallGraph of(PtxModule module) {
        List<KernelFunction> fns = module.functions();
        Map<String, Integer> byName = new HashMap<>();
        for (int f = 0; f < fns.size(); f++) {
            byName.putIfAbsent(fns.get(f).name(), f);
        }
        List<Integer> allFuncs = new ArrayList<>();
        for (int f = 0; f < fns.size(); f++) {
            if (fns.get(f).kind() == FunctionKind.FUNC) {
                allFuncs.add(f);
            }
        }
        // Edges first (kind decided after the components are known).
        // Each function's part is a method of its own, so that C2 compiles it as such instead of
        // compiling the whole of this method again for each loop it enters by on-stack replacement.
        List<List<List<Integer>>> targets = new ArrayList<>(fns.size());
        List<List<String>> names = new ArrayList<>(fns.size());
        for (KernelFunction fn : fns) {
            List<List<Integer>> t = new ArrayList<>();
            List<String> n = new ArrayList<>();
            edges(fn, byName, allFuncs, t, n);
            targets.add(t);
            names.add(n);
        }
        Tarjan tarjan = new Tarjan(targets);
        boolean[] recursive = tarjan.recursive();
        List<List<CallSite>> sites = new ArrayList<>(fns.size());
        for (int f = 0; f < fns.size(); f++) {
            sites.add(sites(fns.get(f), targets.get(f), names.get(f), recursive));
        }
        return new CallGraph(module, List.copyOf(sites), tarjan.component, recursive, tarjan.components);
    }

    /** Adds to {@code targets} and {@code names} the callees and callee's name of each call target of {@code fn}. */
    private static void edges(KernelFunction fn, Map<String, Integer> byName, List<Integer> allFuncs,
            List<List<Integer>> targets, List<String> names) {
        for (CallTarget c : fn.callTargets()) {
            if (c.indirect()) {
                List<Integer> cand = new ArrayList<>();
                if (c.candidates().isEmpty()) {
                    cand.addAll(allFuncs);
                } else {
                    for (String s : c.candidates()) {
                        Integer idx = byName.get(s);
                        if (idx != null && !cand.contains(idx)) {
                            cand.add(idx);
                        }
                    }
                }
                targets.add(cand);
                names.add(INDIRECT_NAME);
            } else {
                Integer idx = byName.get(c.callee());
                targets.add(idx == null ? List.of() : List.of(idx));
                names.add(c.callee());
            }
        }
    }

    /** The call sites of {@code fn}, whose call targets reach {@code targets}, named {@code names}. */
    private static List<CallSite> sites(KernelFunction fn, List<List<Integer>> targets, List<String> names,
            boolean[] recursive) {
        List<CallSite> out = new ArrayList<>();
        for (int k = 0; k < targets.size(); k++) {
            List<Integer> callees = targets.get(k);
            CallTarget c = fn.callTargets().get(k);
            CallKind kind;
            if (c.indirect()) {
                kind = CallKind.INDIRECT;
            } else if (callees.isEmpty()) {
                kind = CallKind.EXTERNAL;
            } else if (recursive[callees.get(0)]) {
                kind = CallKind.RECURSIVE;
            } else {
                kind = CallKind.DIRECT;
            }
            out.add(new CallSite(k, kind, callees, names.get(k)));
        }
        return List.copyOf(out);
    }

    public PtxModule module() {
        return module;
    }

    /** The call sites of function {@code f}, one per call instruction, in layout order. */
    public List<CallSite> sites(int f) {
        return sites.get(f);
    }

    /** Whether function {@code f} calls anything. */
    public boolean calls(int f) {
        return !sites.get(f).isEmpty();
    }

    /** Whether some call of the module may reach function {@code f}. */
    public boolean called(int f) {
        return called[f];
    }

    /** Whether {@code f} lies on a cycle of calls (it can call itself, directly or not). */
    public boolean recursive(int f) {
        return recursive[f];
    }

    /** The component {@code f} belongs to (components are numbered in {@link #order()}). */
    public int component(int f) {
        return component[f];
    }

    /** Components in reverse topological order: every component's callees come before it. */
    public List<List<Integer>> order() {
        return order;
    }

    /** {@code f} and every function it may reach through calls, in ascending index order. */
    public List<Integer> reachableFrom(int f) {
        boolean[] seen = new boolean[component.length];
        ArrayList<Integer> work = new ArrayList<>();
        work.add(f);
        seen[f] = true;
        for (int i = 0; i < work.size(); i++) {
            for (CallSite s : sites.get(work.get(i))) {
                for (int c : s.callees()) {
                    if (!seen[c]) {
                        seen[c] = true;
                        work.add(c);
                    }
                }
            }
        }
        List<Integer> out = new ArrayList<>(work);
        out.sort(null);
        return out;
    }

    /** Tarjan's strongly connected components, iterative (call chains may be deep). */
    private static final class Tarjan {
        final int[] component;
        final List<List<Integer>> components = new ArrayList<>();
        private final List<List<List<Integer>>> edges;
        private final int[] index;
        private final int[] low;
        private final boolean[] onStack;
        private final int[] stack;
        private int top;
        private int next;

        Tarjan(List<List<List<Integer>>> edges) {
            int n = edges.size();
            this.edges = edges;
            component = new int[n];
            index = new int[n];
            low = new int[n];
            onStack = new boolean[n];
            stack = new int[n];
            Arrays.fill(index, -1);
            for (int v = 0; v < n; v++) {
                if (index[v] < 0) {
                    visit(v);
                }
            }
        }

        private List<Integer> successors(int v) {
            List<Integer> out = new ArrayList<>();
            for (List<Integer> t : edges.get(v)) {
                out.addAll(t);
            }
            return out;
        }

        private void visit(int root) {
            ArrayList<int[]> frames = new ArrayList<>();
            frames.add(new int[] {root, 0});
            enter(root);
            while (!frames.isEmpty()) {
                int[] fr = frames.get(frames.size() - 1);
                int v = fr[0];
                List<Integer> succ = successors(v);
                if (fr[1] < succ.size()) {
                    int w = succ.get(fr[1]++);
                    if (index[w] < 0) {
                        enter(w);
                        frames.add(new int[] {w, 0});
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    continue;
                }
                frames.remove(frames.size() - 1);
                if (!frames.isEmpty()) {
                    int parent = frames.get(frames.size() - 1)[0];
                    low[parent] = Math.min(low[parent], low[v]);
                }
                if (low[v] == index[v]) {
                    List<Integer> members = new ArrayList<>();
                    int w;
                    do {
                        w = stack[--top];
                        onStack[w] = false;
                        component[w] = components.size();
                        members.add(w);
                    } while (w != v);
                    members.sort(null);
                    components.add(List.copyOf(members));
                }
            }
        }

        private void enter(int v) {
            index[v] = next;
            low[v] = next++;
            stack[top++] = v;
            onStack[v] = true;
        }

        boolean[] recursive() {
            boolean[] out = new boolean[component.length];
            for (int v = 0; v < component.length; v++) {
                if (components.get(component[v]).size() > 1) {
                    out[v] = true;
                }
                for (int w : successors(v)) {
                    if (w == v) {
                        out[v] = true;
                    }
                }
            }
            return out;
        }
    }
}
