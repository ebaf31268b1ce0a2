package dev.regtune.core.calls;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.alloc.Estimates;
import dev.regtune.core.alloc.RegisterUsage;
import dev.regtune.core.alloc.SpillUsage;
import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.Occupancy;
import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.explain.AllocationListener;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.model.KernelTimeModel;
import dev.regtune.core.model.Measurements;
import dev.regtune.core.model.TimeParameters;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Charges one function for its calls, as ptxas -v reports a caller (see the package doc for the
 * measurements behind each rule): its own allocation, then per call site the registers the callee
 * needs above the values live across the call, the ABI's floor for an ABI call, the callee's frame
 * stacked on the caller's for a direct call, and, beyond the register budget, the caller's spills.
 */
final class CallAccounting {
    private CallAccounting() {
    }

    /**
     * What a finished function contributes to its callers.
     *
     * @param registers the registers it reports, its callees included
     * @param frameBytes its stack frame, its direct callees' frames included
     * @param pressure the fewest registers it needs without spilling, its callees included: most
     *     values live at once plus the reserved registers (ptxas compiles a callee's copy to fit what
     *     the caller leaves, so only this, not the callee's reported count, decides the caller's spills)
     */
    record Totals(int registers, int frameBytes, int pressure) {
    }

    /** A charged result and the totals its callers see. */
    record Charged(AllocationResult result, Totals totals) {
    }

    private static String describe(CallSite s, int live, Totals[] totals, AllocationResult[] own, CallCosts costs) {
        StringBuilder b = new StringBuilder(s.name()).append(" (").append(s.kind().name().toLowerCase(Locale.ROOT))
                .append("): ").append(live).append(" registers live across it");
        switch (s.kind()) {
            case DIRECT -> b.append(" + ").append(totals[s.callees().get(0)].registers()).append(" of the callee")
                    .append(costs.directRegisters() > 0 ? " + " + costs.directRegisters() : "");
            case EXTERNAL -> b.append(" + ").append(costs.abiCallRegisters()).append(" the ABI call keeps free, at least ")
                    .append(costs.abiMinimumRegisters());
            default -> {
                int most = 0;
                for (int c : s.callees()) {
                    most = Math.max(most, totals[c] != null ? totals[c].registers()
                            : own[c] != null ? own[c].registers() : 0);
                }
                b.append(" + ").append(costs.abiCallRegisters()).append(" the ABI call keeps free, at least ")
                        .append(costs.abiMinimumRegisters()).append(" and the callees' ").append(most);
            }
        }
        return b.toString();
    }

    /**
     * {@code r} with no stack frame of its own: a non-recursive {@code .func} that ptxas compiles into
     * its callers, whose frames hold its frame (ptxas -v prints 0 bytes for it).
     */
    static AllocationResult withoutFrame(AllocationResult r) {
        SpillUsage sp = r.spills();
        if (sp.stackFrameBytes() == 0) {
            return r;
        }
        return new AllocationResult(r.function(), r.arch(), r.status(), r.message(), r.usage(),
                new SpillUsage(sp.storeBytes(), sp.loadBytes(), 0, sp.smemBytes()), r.estimates(), r.stats(),
                r.copyCoalescing(), r.assignment(), r.allocatedFunction());
    }

    /** The totals of a function without calls (or whose allocation failed). */
    static Totals leaf(AllocationResult r, Knobs knobs) {
        KernelFunction fn = r.allocatedFunction();
        return leaf(r, knobs, r.status() == AllocationStatus.OK && fn != null ? Liveness.compute(fn) : null);
    }

    /** {@link #leaf(AllocationResult, Knobs)} with the liveness of {@code r}'s allocated function (null: failed). */
    private static Totals leaf(AllocationResult r, Knobs knobs, @Nullable Liveness live) {
        int pressure = r.registers();
        KernelFunction fn = r.allocatedFunction();
        if (r.status() == AllocationStatus.OK && fn != null && live != null) {
            pressure = Math.min(pressure, LiveAcrossCalls.maxLive(fn, live)
                    + knobs.getInt(KnobCatalogue.RESERVED_REGISTERS));
        }
        return new Totals(r.registers(), r.spills().stackFrameBytes(), pressure);
    }

    /**
     * The result {@code own} becomes once its calls are charged; {@code own} itself when the calls
     * change nothing (a function without calls keeps its result byte for byte).
     *
     * @param totals the finished totals of each function of the module, null for those not finished
     *     (the members of the caller's own component)
     * @param own the results of allocating each function alone (for callees in the caller's component)
     */
    static Charged charge(AllocationResult base, List<CallSite> sites, Totals[] totals,
            AllocationResult[] own, CallCosts costs, Knobs knobs, ArchProfile arch, AllocationListener listener) {
        if (sites.isEmpty() || base.status() != AllocationStatus.OK || base.allocatedFunction() == null) {
            return new Charged(base, leaf(base, knobs));
        }
        // One liveness of the caller for both the values live across its calls and its own pressure.
        Liveness liveness = Liveness.compute(base.allocatedFunction());
        int[] live = LiveAcrossCalls.count(base.allocatedFunction(), liveness);
        int need = base.registers();
        int pressure = leaf(base, knobs, liveness).pressure();
        int calleeFrame = 0;
        int recursiveSave = 0;
        boolean abi = false;
        List<String> explained = listener.enabled() ? new ArrayList<>() : null;
        for (CallSite s : sites) {
            int l = s.ordinal() < live.length ? live[s.ordinal()] : 0;
            if (explained != null) {
                explained.add(describe(s, l, totals, own, costs));
            }
            switch (s.kind()) {
                case DIRECT -> {
                    Totals t = totals[s.callees().get(0)];
                    need = Math.max(need, l + t.registers() + costs.directRegisters());
                    pressure = Math.max(pressure, l + t.pressure() + costs.directRegisters());
                    calleeFrame = Math.max(calleeFrame, t.frameBytes());
                }
                case RECURSIVE, INDIRECT -> {
                    abi = true;
                    need = Math.max(need, costs.knownAbiCall(l));
                    pressure = Math.max(pressure, costs.knownAbiCall(l));
                    for (int c : s.callees()) {
                        int r = totals[c] != null ? totals[c].registers() : own[c] != null ? own[c].registers() : 0;
                        need = Math.max(need, r);
                        pressure = Math.max(pressure, totals[c] != null ? totals[c].pressure() : r);
                    }
                    if (s.kind() == CallKind.RECURSIVE && totals[s.callees().get(0)] == null) {
                        // a call back into the caller's own cycle: the caller saves what is live across it
                        recursiveSave = Math.max(recursiveSave, l + costs.recursiveSaveRegisters());
                    }
                }
                case EXTERNAL -> {
                    abi = true;
                    need = Math.max(need, l + costs.abiCallRegisters());
                    pressure = Math.max(pressure, l + costs.abiCallRegisters());
                }
            }
        }
        if (abi) {
            need = Math.max(need, costs.abiMinimumRegisters());
        }
        need = Math.min(need, arch.maxRegistersPerThread());
        pressure = Math.min(pressure, need);
        int budget = base.usage().budget();
        int excess = Math.max(0, pressure - budget - costs.spillSlack());
        int registers = Math.min(need, budget);
        int extraSpill = CallCosts.REGISTER_BYTES * (excess + recursiveSave);
        int frame = base.spills().stackFrameBytes() + extraSpill;
        if (extraSpill > 0) {
            frame = CallCosts.align(frame);
        }
        if (calleeFrame > 0) {
            frame = CallCosts.align(frame) + calleeFrame;
        }
        Totals mine = new Totals(registers, frame, Math.min(pressure, budget));
        if (explained != null) {
            listener.on(new AllocationEvent.CallsCharged(base.registers(), registers, explained, extraSpill, frame));
        }
        if (registers == base.registers() && extraSpill == 0 && frame == base.spills().stackFrameBytes()) {
            return new Charged(base, mine);
        }
        SpillUsage sp = base.spills();
        SpillUsage spills = new SpillUsage(sp.storeBytes() + extraSpill, sp.loadBytes() + extraSpill, frame,
                sp.smemBytes());
        RegisterUsage u = base.usage();
        RegisterUsage usage = new RegisterUsage(registers, u.uniform(), u.predicates(), u.budget());
        Estimates estimates = base.estimates();
        if (registers != base.registers()) {
            Occupancy occ = Measurements.occupancy(base.allocatedFunction(), arch, knobs, registers, sp.smemBytes());
            // the caller's registers changed its occupancy, so its time (the work stays the caller's own)
            estimates = new Estimates(estimates.latencyCycles(), occ.occupancy(), occ.activeWarpsPerSm(),
                    estimates.work(), KernelTimeModel.estimate(estimates.work(), estimates.latencyCycles(),
                            occ.activeWarpsPerSm(), TimeParameters.of(arch, knobs)));
        }
        return new Charged(new AllocationResult(base.function(), base.arch(), base.status(), base.message(), usage,
                spills, estimates, base.stats(), base.copyCoalescing(), base.assignment(), base.allocatedFunction()),
                mine);
    }
}
