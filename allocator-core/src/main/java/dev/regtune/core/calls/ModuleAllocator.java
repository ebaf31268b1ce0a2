package dev.regtune.core.calls;

import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.explain.AllocationListener;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.model.RegisterBudget;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;

/**
 * Allocates the functions of a module as ptxas reports them: every function once, with the
 * family's allocator, then each caller charged for its calls (see {@link CallAccounting}),
 * components of the call graph in reverse topological order so that a callee is finished before
 * its callers. A function without calls keeps the result of allocating it alone, byte for byte;
 * every result's assignment is that of the function alone, so the checker verifies it as before.
 *
 * <p>A module whose {@code .target} names a newer architecture than the one allocated for
 * ({@code .target sm_90} for sm_80) is not compiled, as ptxas refuses it: every function's result
 * is {@link AllocationResult#targetNewerThanArch}. The architecture-specific and family targets
 * ({@code sm_90a}, {@code sm_100f}) count as their base.
 *
 * <p>Stateless; every method is a pure function of its arguments.
 */
public final class ModuleAllocator {
    private ModuleAllocator() {
    }

    /** Every function of {@code module}, in module order, with nobody listening. */
    public static List<AllocationResult> allocate(PtxModule module, RegisterAllocator allocator, Knobs knobs,
            ArchProfile arch, int maxRegisters) {
        return allocate(module, allocator, knobs, arch, maxRegisters, f -> AllocationListener.NONE);
    }

    /**
     * Every function of {@code module}, in module order.
     *
     * @param listeners the listener of function {@code f} (index into {@link PtxModule#functions()})
     */
    public static List<AllocationResult> allocate(PtxModule module, RegisterAllocator allocator, Knobs knobs,
            ArchProfile arch, int maxRegisters, IntFunction<AllocationListener> listeners) {
        List<KernelFunction> fns = module.functions();
        if (targetNewerThan(module, arch)) {
            List<AllocationResult> refused = new ArrayList<>(fns.size());
            for (KernelFunction f : fns) {
                refused.add(refusal(f, arch, maxRegisters));
            }
            return List.copyOf(refused);
        }
        boolean[] wanted = new boolean[fns.size()];
        Arrays.fill(wanted, true);
        AllocationResult[] out = run(module, fns, null, wanted, allocator, knobs, arch, maxRegisters, listeners);
        return List.of(out);
    }

    /**
     * Whether {@code module}'s {@code .target} names a newer architecture than {@code arch}, so
     * that ptxas would not compile it; a target without an sm number ({@code sm_XY} with letters
     * after the digits counts as {@code sm_XY}) is not judged.
     */
    public static boolean targetNewerThan(PtxModule module, ArchProfile arch) {
        String t = module.target();
        if (!t.startsWith("sm_")) {
            return false;
        }
        int end = 3;
        while (end < t.length() && Character.isDigit(t.charAt(end))) {
            end++;
        }
        if (end == 3 || end - 3 > 4) {
            return false;
        }
        return Integer.parseInt(t.substring(3, end)) > arch.smVersion();
    }

    private static AllocationResult refusal(KernelFunction f, ArchProfile arch, int maxRegisters) {
        return AllocationResult.targetNewerThanArch(f.name(), arch.name(),
                RegisterBudget.of(arch, f.launchBounds(), maxRegisters).registers());
    }

    /**
     * One function of {@code module} (usually an entry), charged for what it calls: only it and the
     * functions it may reach are allocated. A function without calls is allocated alone.
     *
     * @param fn one of the module's functions, or a copy of one with other launch bounds (found by name)
     * @throws IllegalArgumentException when {@code fn} is not one of the module's functions
     */
    public static AllocationResult allocateFunction(PtxModule module, KernelFunction fn, RegisterAllocator allocator,
            Knobs knobs, ArchProfile arch, int maxRegisters, AllocationListener listener) {
        if (targetNewerThan(module, arch)) {
            return refusal(fn, arch, maxRegisters);
        }
        if (fn.callTargets().isEmpty() || !knobs.getBool(KnobCatalogue.CALL_GRAPH)) {
            return allocator.allocate(fn, knobs, arch, maxRegisters, listener);
        }
        int index = indexOf(module, fn);
        CallGraph graph = CallGraph.of(module);
        boolean[] wanted = new boolean[module.functions().size()];
        for (int f : graph.reachableFrom(index)) {
            wanted[f] = true;
        }
        List<KernelFunction> fns = new ArrayList<>(module.functions());
        fns.set(index, fn);
        AllocationResult[] out = run(module, fns, graph, wanted, allocator, knobs, arch, maxRegisters,
                f -> f == index ? listener : AllocationListener.NONE);
        return out[index];
    }

    /** {@link #allocateFunction} with nobody listening. */
    public static AllocationResult allocateFunction(PtxModule module, KernelFunction fn, RegisterAllocator allocator,
            Knobs knobs, ArchProfile arch, int maxRegisters) {
        return allocateFunction(module, fn, allocator, knobs, arch, maxRegisters, AllocationListener.NONE);
    }

    private static AllocationResult[] run(PtxModule module, List<KernelFunction> fns, @Nullable CallGraph known,
            boolean[] wanted, RegisterAllocator allocator, Knobs knobs, ArchProfile arch, int maxRegisters,
            IntFunction<AllocationListener> listeners) {
        AllocationResult[] own = new AllocationResult[fns.size()];
        for (int f = 0; f < fns.size(); f++) {
            if (wanted[f]) {
                own[f] = allocator.allocate(fns.get(f), knobs, arch, maxRegisters, listeners.apply(f));
            }
        }
        if (!knobs.getBool(KnobCatalogue.CALL_GRAPH)) {
            return own;
        }
        CallGraph graph = known != null ? known : CallGraph.of(module);
        CallCosts costs = CallCosts.of(knobs);
        AllocationResult[] out = new AllocationResult[fns.size()];
        CallAccounting.Totals[] totals = new CallAccounting.Totals[fns.size()];
        for (List<Integer> component : graph.order()) {
            List<Integer> members = new ArrayList<>();
            for (int f : component) {
                if (wanted[f]) {
                    members.add(f);
                }
            }
            CallAccounting.Totals[] finished = new CallAccounting.Totals[members.size()];
            for (int k = 0; k < members.size(); k++) {
                int f = members.get(k);
                if (!graph.calls(f) && !graph.called(f)) {
                    out[f] = own[f];
                    continue;
                }
                CallAccounting.Charged c = CallAccounting.charge(own[f], graph.sites(f), totals, own, costs, knobs,
                        arch, listeners.apply(f));
                out[f] = c.result();
                finished[k] = c.totals();
                if (fns.get(f).kind() == FunctionKind.FUNC && graph.called(f) && !graph.recursive(f)) {
                    // its frame lives in its callers' frames (ptxas prints 0 bytes for the .func)
                    out[f] = CallAccounting.withoutFrame(out[f]);
                }
            }
            for (int k = 0; k < members.size(); k++) {
                totals[members.get(k)] = finished[k];
            }
        }
        return out;
    }

    private static int indexOf(PtxModule module, KernelFunction fn) {
        List<KernelFunction> fns = module.functions();
        for (int f = 0; f < fns.size(); f++) {
            if (fns.get(f) == fn) {
                return f;
            }
        }
        for (int f = 0; f < fns.size(); f++) {
            if (fns.get(f).name().equals(fn.name())) {
                return f;
            }
        }
        throw new IllegalArgumentException("function " + fn.name() + " is not in module " + module.source());
    }
}
