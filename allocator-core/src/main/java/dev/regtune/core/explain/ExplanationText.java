package dev.regtune.core.explain;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.explain.AllocationEvent.AddressOffsetsFolded;
import dev.regtune.core.explain.AllocationEvent.FragmentDuplicatesMerged;
import dev.regtune.core.explain.AllocationEvent.SymbolAddressesLoaded;
import dev.regtune.core.explain.AllocationEvent.AttemptMade;
import dev.regtune.core.explain.AllocationEvent.BlocksScheduled;
import dev.regtune.core.explain.AllocationEvent.ConstructsLowered;
import dev.regtune.core.explain.AllocationEvent.LoopsUnrolled;
import dev.regtune.core.explain.AllocationEvent.GlobalConversionsCopied;
import dev.regtune.core.explain.AllocationEvent.WideAddendsFromConstantBank;
import dev.regtune.core.explain.AllocationEvent.WideMultipliesFused;
import dev.regtune.core.explain.AllocationEvent.ParametersRematerialized;
import dev.regtune.core.explain.AllocationEvent.ParametersSunk;
import dev.regtune.core.explain.AllocationEvent.GuardedBlocksMerged;
import dev.regtune.core.explain.AllocationEvent.InductionVariablesMerged;
import dev.regtune.core.explain.AllocationEvent.ParametersFolded;
import dev.regtune.core.explain.AllocationEvent.BriggsRound;
import dev.regtune.core.explain.AllocationEvent.BudgetChosen;
import dev.regtune.core.explain.AllocationEvent.CallsCharged;
import dev.regtune.core.explain.AllocationEvent.ClassFinished;
import dev.regtune.core.explain.AllocationEvent.ClassStarted;
import dev.regtune.core.explain.AllocationEvent.CopiesCoalesced;
import dev.regtune.core.explain.AllocationEvent.FallbackRan;
import dev.regtune.core.explain.AllocationEvent.Failed;
import dev.regtune.core.explain.AllocationEvent.FeasibilityGate;
import dev.regtune.core.explain.AllocationEvent.GuidancePicked;
import dev.regtune.core.explain.AllocationEvent.LocalAddressesNarrowed;
import dev.regtune.core.explain.AllocationEvent.OccupancyCliffLanded;
import dev.regtune.core.explain.AllocationEvent.LocalArrayDecided;
import dev.regtune.core.explain.AllocationEvent.RegistersCounted;
import dev.regtune.core.explain.AllocationEvent.SpillsPlaced;
import dev.regtune.core.explain.AllocationEvent.StageStarted;
import dev.regtune.core.explain.AllocationEvent.UniformPlaced;
import dev.regtune.core.explain.AllocationEvent.ValuesGrouped;
import dev.regtune.core.model.RegisterBudget;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Renders the events of one allocation as a page of text: one paragraph per stage, the attempts of
 * each register class, and at the end why the reported register count is what it is.
 */
public final class ExplanationText {
    /** Spill guidance lists at most this many value names per pick; the rest are counted. */
    static final int NAMES_SHOWN = 8;

    private ExplanationText() {
    }

    /** The lines of the page for {@code result}, reached through {@code events}. */
    public static List<String> render(AllocationResult result, List<AllocationEvent> events) {
        List<String> out = new ArrayList<>();
        BudgetChosen budget = null;
        RegistersCounted counted = null;
        ClassFinished failedClass = null;
        CallsCharged charged = null;
        int instructions = -1;
        int values = -1;
        for (AllocationEvent e : events) {
            if (e instanceof StageStarted s) {
                boolean resized = s.instructions() != instructions || s.values() != values;
                instructions = s.instructions();
                values = s.values();
                out.add("  stage " + s.stage() + (resized ? " (" + s.instructions() + " instructions, "
                        + s.values() + " virtual registers)" : ""));
            } else if (e instanceof BudgetChosen b) {
                budget = b;
                out.add("    budget " + b.budget() + " registers (" + source(b) + "); " + b.reserved()
                        + " reserved, so " + b.gprBudget() + " GPR slots; " + b.threadsPerBlock()
                        + " threads/block give " + b.targetWarps() + " warps/SM at the budget, " + b.minWarps()
                        + " at the architecture's maximum; budget-model fraction " + fmt(b.linearFraction()));
            } else if (e instanceof BlocksScheduled s) {
                out.add("    pre-allocation scheduler moved " + s.moved() + " of " + s.instructions()
                        + " instructions (loads hoisted under the register target, registers freed first above it)");
            } else if (e instanceof ConstructsLowered l) {
                out.add("    lowering (" + l.table() + " table): " + l.temporaries() + " temporaries on "
                        + l.instructions() + " instructions"
                        + (l.registerFloor() > 0 ? "; at least " + l.registerFloor() + " registers for "
                                + l.floorConstruct() : "")
                        + (l.oddStoreData() > 0 ? "; " + l.oddStoreData()
                                + " values in odd registers (the data of 32-bit global stores, the multiplicands of"
                                + " mul.wide)" : ""));
            } else if (e instanceof InductionVariablesMerged m) {
                out.add("    " + m.variables() + " induction variables formed from another one that steps with them,"
                        + " where they are read");
            } else if (e instanceof GuardedBlocksMerged g) {
                out.add("    " + g.blocks() + " short guarded blocks predicated and merged into the block before them"
                        + " (if-conversion)");
            } else if (e instanceof ParametersSunk p) {
                out.add("    " + p.loads() + " kernel parameter reads moved to the block that uses them (LDC where used)");
            } else if (e instanceof ParametersRematerialized p) {
                out.add("    " + p.reads() + " kernel parameter reads copied into the blocks of loops that read them"
                        + " on some iterations only (LDC where used; LICM keeps the rest before the loop)");
            } else if (e instanceof SymbolAddressesLoaded a) {
                out.add("    " + a.accesses() + " global accesses to module-scope variables read their address from a"
                        + " register pair (LDC.64 from constant bank 4)");
            } else if (e instanceof FragmentDuplicatesMerged m) {
                out.add("    " + m.registers() + " registers of .f16 WMMA fragments share the register of the value"
                        + " they copy (ptxas loads each distinct value once)");
            } else if (e instanceof AddressOffsetsFolded a) {
                out.add("    " + a.adds() + " adds of a constant to an address folded into the accesses' offsets"
                        + " ([R+imm]); no register holds the sums");
            } else if (e instanceof ParametersFolded p) {
                out.add("    " + p.operands() + " kernel parameter reads folded into the instructions reading them"
                        + " as constant-bank operands (c[0x0][...]); no register holds them there");
            } else if (e instanceof LoopsUnrolled l) {
                out.add("    " + l.loops() + " small loops unrolled " + l.factor() + " times (as ptxas does before it"
                        + " schedules; the copies' loads overlap)");
            } else if (e instanceof GlobalConversionsCopied g) {
                out.add("    " + g.conversions() + " cvta.to.global conversions are copies (SASS has no instruction"
                        + " for them); value grouping may give them their source's register pair");
            } else if (e instanceof WideAddendsFromConstantBank w) {
                out.add("    " + w.adds() + " 64-bit adds of a pointer parameter to a mul.wide product read the pointer"
                        + " from the constant bank (IMAD.WIDE ..., c[0x0][...]); no register pair holds it there");
            } else if (e instanceof WideMultipliesFused w) {
                out.add("    " + w.multiplies() + " mul.wide products folded into the 64-bit adds reading them"
                        + " (IMAD.WIDE); no register pair holds them");
            } else if (e instanceof OccupancyCliffLanded o) {
                out.add("  no register limit: " + o.unlimited() + " registers lie above the occupancy cliff at "
                        + o.cliff() + ", which the allocation reaches without spilling to memory; reported at "
                        + o.cliff() + " (RegTuneOccupancyCliffSteps)");
            } else if (e instanceof LocalAddressesNarrowed l) {
                out.add("    " + l.removed() + " .local addresses at a constant offset from the stack pointer need no"
                        + " register (R1+imm); " + l.narrowed() + " local addresses and indices take one register,"
                        + " not a pair");
            } else if (e instanceof LocalArrayDecided l) {
                out.add("    .local " + l.array() + " (" + l.bytes() + " bytes): "
                        + (l.promoted() ? "promoted to registers, " : "stays in memory, ") + l.reason());
            } else if (e instanceof CopiesCoalesced c) {
                out.add("    CICC copy coalescer: " + c.report().copiesSeen()
                        + " copies seen, " + c.report().copiesMerged() + " merged, " + c.report().copiesLeft()
                        + " left (" + c.report().passes() + " passes)");
            } else if (e instanceof UniformPlaced u) {
                out.add("    " + u.toUniform() + " warp-uniform values moved to UR, "
                        + u.toGpr() + " uniform values kept in R (uniform policy " + u.policy() + ")");
            } else if (e instanceof ValuesGrouped g) {
                out.add("    " + g.groups() + " value groups; " + g.coalescedCopies()
                        + " copies coalesced into their groups");
            } else if (e instanceof ClassStarted c) {
                out.add("    class " + c.cls().prefix() + ": " + c.values() + " values, "
                        + c.budget() + " slots, peak pressure " + c.peakPressure() + " before spilling, spill weight "
                        + fmt(c.spillWeight()));
            } else if (e instanceof AttemptMade a) {
                out.add("      " + attempt(a));
            } else if (e instanceof GuidancePicked g) {
                out.add("      spill guidance, target " + g.target() + " (" + g.overPoints()
                        + " program points over it): spill " + names(g.picked()) + ", cost " + fmt(g.cost()) + "; "
                        + g.reason());
            } else if (e instanceof FeasibilityGate f) {
                out.add("      feasibility gate after attempt " + f.attempt() + ": "
                        + f.spillMarks() + " spill marks, threshold " + f.threshold() + (f.forced()
                        ? ": forced " + f.extra() + " extra spill marks" : ": no extra spills"));
            } else if (e instanceof FallbackRan f) {
                out.add("      fallback (" + f.step() + "): " + f.spilledValues()
                        + " values spilled, " + (f.success() ? "fits" : "still does not fit"));
            } else if (e instanceof ClassFinished c) {
                if (!c.ok()) {
                    failedClass = c;
                }
                out.add("      " + c.cls().prefix() + (c.ok() ? " fits" : " does not fit") + " in " + c.peak()
                        + " slots after " + c.attempts() + " attempts, " + c.spilledValues()
                        + " values spilled (cost " + fmt(c.spillCost()) + ")");
            } else if (e instanceof BriggsRound r) {
                out.add("    round " + r.round() + ", class " + r.cls().prefix() + ": "
                        + r.nodes() + " nodes, " + r.colours() + " colours, " + r.uncoloured()
                        + " values spilled for the next round" + (r.impossible()
                        ? "; a spill temporary cannot be coloured and nothing beside it can be spilled" : ""));
            } else if (e instanceof SpillsPlaced s) {
                out.add("    spilled values: " + s.local() + " in local memory ("
                        + s.localFrameBytes() + " bytes of slots), " + s.shared() + " in shared memory, "
                        + s.rematerialized() + " rematerialized, " + s.predicateBits() + " predicates in GPR bits");
            } else if (e instanceof RegistersCounted r) {
                counted = r;
            } else if (e instanceof Failed f) {
                out.add("    failed: " + f.message());
            } else if (e instanceof CallsCharged c) {
                charged = c;
                for (String call : c.calls()) {
                    out.add("    call " + call);
                }
            }
        }
        String why = why(result, budget, counted, failedClass);
        if (charged != null) {
            why += "; charged for its calls: " + charged.ownRegisters() + " registers alone, " + charged.registers()
                    + " with what it calls" + (charged.spilledBytes() > 0 ? ", " + charged.spilledBytes()
                    + " bytes stored and reloaded around its calls (saved across a recursive call, or beyond the "
                    + "budget)" : "") + ", stack frame " + charged.frameBytes()
                    + " bytes";
        }
        out.add(why);
        return out;
    }

    private static String attempt(AttemptMade a) {
        String kind = a.attempt() == 0 ? "NOSPILL" : "SPILL, target " + a.target();
        String outcome;
        if (a.success()) {
            outcome = "fits in " + a.peak() + " slots";
        } else if (a.failed()) {
            outcome = "no slot under the discard threshold for some value";
        } else {
            outcome = "needs " + a.peak() + " slots, " + a.spillMarks() + " values over the budget or in conflict";
        }
        return "attempt " + a.attempt() + " (" + kind + "): " + outcome + "; " + a.discardedSlots()
                + " slots discarded by knob 684" + (a.best() ? "; kept as the best so far" : "");
    }

    private static String why(AllocationResult r, @Nullable BudgetChosen budget, @Nullable RegistersCounted c,
            @Nullable ClassFinished failed) {
        if (r.status() != AllocationStatus.OK) {
            return "why " + r.status() + ": " + (failed != null
                    ? "class " + failed.cls().prefix() + " needed " + failed.peak() + " slots and its budget is smaller"
                    : "a class could not be coloured within its budget")
                    + "; ptxas: " + r.message();
        }
        StringBuilder b = new StringBuilder("why ").append(r.registers()).append(" registers: ");
        if (c == null) {
            return b.append("counted from the placement").toString();
        }
        b.append("the highest GPR slot used ends at ").append(c.gprPeak()).append(", plus ").append(c.reserved())
                .append(" reserved");
        int sum = c.gprPeak() + c.reserved();
        if (c.predicateBitRegister()) {
            b.append(", plus 1 holding spilled predicates");
            sum++;
        }
        if (sum < c.minimum()) {
            b.append(", raised to the minimum of ").append(c.minimum());
        } else if (sum > c.cap()) {
            b.append(", capped at the architecture's ").append(c.cap());
        }
        b.append("; the budget was ").append(r.usage().budget());
        if (budget != null) {
            b.append(" (").append(source(budget)).append(')');
        }
        if (r.spills().any()) {
            b.append("; to stay within it ").append(r.stats().spilledValues()).append(" values were spilled (")
                    .append(r.spills().storeBytes()).append(" bytes stored, ").append(r.spills().loadBytes())
                    .append(" loaded)");
        }
        b.append("; ").append(c.activeWarps()).append(" warps/SM, occupancy ").append(fmt(c.occupancy()));
        return b.toString();
    }

    private static String source(BudgetChosen b) {
        RegisterBudget.Source s = b.source();
        return switch (s) {
            case ARCH -> "no limit: the architecture's maximum";
            case MAXRREGCOUNT -> "-maxrregcount " + b.maxRegisters()
                    + (b.maxRegisters() < RegisterBudget.MIN_MAXRREGCOUNT ? ", raised to ptxas's lower bound" : "");
            case MAXNREG -> ".maxnreg of the function";
            case LAUNCH_BOUNDS -> "launch bounds, which override -maxrregcount";
        };
    }

    private static String names(List<String> picked) {
        if (picked.isEmpty()) {
            return "nothing";
        }
        List<String> shown = picked.subList(0, Math.min(NAMES_SHOWN, picked.size()));
        String s = String.join(", ", shown);
        return picked.size() > shown.size() ? s + " and " + (picked.size() - shown.size()) + " more" : s;
    }

    private static String fmt(double x) {
        return String.format(Locale.ROOT, "%.3g", x);
    }
}
