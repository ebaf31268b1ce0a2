package dev.regtune.core.knobs;

import dev.regtune.core.text.Suggestions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Every knob RegTune knows, in one place. Ids and names come from seed 000 ("Key Knobs", the
 * allocator state layout) and seed 004; constants without a knob number get id -1.
 *
 * <p>LLVM's hyphenated knob names (seed 003: {@code join-liveintervals}) are catalogued with
 * underscores, so that they are identifiers in space-spec expressions and Parquet columns;
 * lookups accept either spelling.
 *
 * <p>Where a seed gives no default (knob 639, the coalescing limits) the default chosen here is
 * stated in the knob's meaning, and README's knob table marks it.
 */
public final class KnobCatalogue {
    private static final List<KnobDef> ALL = new ArrayList<>();

    private static KnobDef def(int id, String name, boolean seedNamed, KnobType type, double dflt, double min,
            double max, KnobEffect effect, String meaning) {
        KnobDef d = new KnobDef(ALL.size(), id, name, seedNamed, type, dflt, min, max, effect, meaning, List.of());
        ALL.add(d);
        return d;
    }

    private static KnobDef choice(String name, boolean seedNamed, List<String> choices, String dflt, String meaning) {
        KnobDef d = new KnobDef(ALL.size(), -1, name, seedNamed, KnobType.CHOICE, choices.indexOf(dflt), 0,
                choices.size() - 1, KnobEffect.MODELLED, meaning, choices);
        ALL.add(d);
        return d;
    }

    private static KnobDef bool(int id, String name, boolean seedNamed, boolean dflt, KnobEffect effect,
            String meaning) {
        return def(id, name, seedNamed, KnobType.BOOL, dflt ? 1 : 0, 0, 1, effect, meaning);
    }

    // ---- the allocator family ----
    public static final KnobDef ALLOCATOR = choice("allocator", false, List.of("fatpoint", "briggs"), "fatpoint",
            "Which allocator family allocates: 'fatpoint' (ptxas, seeds 000/004) or 'briggs' (CICC's optimistic "
                    + "colouring, seeds 001/002), so one sweep compares the families.");

    // ---- fat-point core (seed 000) ----
    public static final KnobDef THRESHOLD_FOR_DISCARD_CONFLICTS = def(684, "RegAllocThresholdForDiscardConflicts", true,
            KnobType.INT, 50, 0, 1_000_000, KnobEffect.MODELLED,
            "Fat-point scan discards a slot whose interference count (conflicting program points) exceeds this; "
                    + "when every slot is discarded the attempt fails and spill guidance widens its candidates.");
    public static final KnobDef SCAN_SLACK = def(-1, "RegAllocScanSlack", false, KnobType.INT, 7, 0, 256,
            KnobEffect.MODELLED, "Slots scanned beyond the class budget (seed: maxRegs = hw_limit + 7); "
                    + "a vreg landing there is marked needs-spill.");
    public static final KnobDef NO_RETARGET_PREFS = bool(638, "RegAllocNoRetargetPrefs", true, false,
            KnobEffect.MODELLED, "Disables retarget preferences: the secondary histogram no longer prefers the slot "
                    + "of a copy-related vreg.");
    public static final KnobDef NUM_NON_SPILL_TRIALS = def(639, "RegAllocNumNonSpillTrials", true, KnobType.INT, 4,
            1, 64, KnobEffect.MODELLED, "Bound on SPILL-mode retry attempts after the NOSPILL attempt "
                    + "(seed gives no default; RegTune uses 4).");
    public static final KnobDef ASSIGN_IN_PUSH_ORDER = bool(-1, "RegAllocAssignInPushOrder", false, true,
            KnobEffect.MODELLED, "Colour the assignment stack in push order, so the select lists (deferred, "
                    + "high-interference vregs) are coloured last and optimistically; false pops it (reverse order). "
                    + "The seed's wording allows both; push order matches ptxas better on the corpus.");
    public static final KnobDef HIGH_LIST_COST_THRESHOLD = def(-1, "RegAllocHighListCostThreshold", false,
            KnobType.DOUBLE, 3000.0, 0, 1e12, KnobEffect.MODELLED,
            "A vreg whose spill cost exceeds this goes to the High list (seed: threshold at alloc+768).");
    public static final KnobDef HIGH_INTERFERENCE_FACTOR = def(-1, "RegAllocHighInterferenceFactor", false,
            KnobType.DOUBLE, 1.0, 0, 16, KnobEffect.MODELLED,
            "A vreg is high-interference (sub_939220) when the peak pressure over its live range exceeds "
                    + "this times the class budget.");

    // ---- coalescing ----
    public static final KnobDef COALESCING = bool(618, "RegAllocCoalescing", true, true, KnobEffect.MODELLED,
            "Enables copy coalescing in the allocator: a same-class copy whose source dies at the copy and does "
                    + "not interfere with the destination is merged into one vreg (alias chain).");
    public static final KnobDef COALESCE_MAX_DEPTH = def(529, "RegAllocCoalesceMaxDepth", true, KnobType.INT, 8, 1,
            1024, KnobEffect.MODELLED, "Longest alias chain coalescing may build (seed gives no default; 8).");
    public static final KnobDef COALESCE_MAX_WIDTH = def(530, "RegAllocCoalesceMaxWidth", true, KnobType.INT, 4, 1,
            4, KnobEffect.MODELLED, "Widest value, in 32-bit slots, that coalescing merges (seed gives no default; 4).");
    public static final KnobDef COALESCE_MAX_FANOUT = def(531, "RegAllocCoalesceMaxFanout", true, KnobType.INT, 16,
            1, 1024, KnobEffect.MODELLED, "Most copies merged into one vreg (seed gives no default; 16).");

    // ---- spill cost and guidance (seed 004) ----
    public static final KnobDef ESTIMATED_LOOP_ITERATIONS = def(623, "RegAllocEstimatedLoopIterations", true,
            KnobType.DOUBLE, 10.0, 1.0, 1000.0, KnobEffect.MODELLED,
            "Estimated iterations per loop; block frequency is this to the power of the loop depth.");
    public static final KnobDef SPILL_WEIGHT = def(-1, "RegAllocSpillWeight", false, KnobType.DOUBLE, 15.0, 0.0, 1e6,
            KnobEffect.MODELLED, "Spill cost per def or use, times block frequency (seed: 15.0).");
    public static final KnobDef SPILL_WEIGHT_HIGH_PRESSURE = def(-1, "RegAllocSpillWeightHighPressure", false,
            KnobType.DOUBLE, 3.0, 0.0, 1e6, KnobEffect.MODELLED,
            "Spill cost weight for a class under high pressure, to encourage spilling (seed: 3.0).");
    public static final KnobDef SPILL_COST_MULTIPLIER = def(680, "RegAllocSpillCostMultiplier", false,
            KnobType.DOUBLE, 4.0, 1.0, 1e6, KnobEffect.MODELLED,
            "Spill cost multiplier (seed +1548, knob 680): cost factor for spilling a vreg the failed attempt did "
                    + "not mark, so guidance prefers the vregs the fat-point scan could not place.");
    public static final KnobDef REMAT_COST_FACTOR = def(-1, "RegTuneRematCostFactor", false, KnobType.DOUBLE, 0.1,
            0.0, 1e6, KnobEffect.MODELLED, "Spill-cost factor of a value whose def reads no register (a constant, a "
                    + "parameter, a special register): ptxas recomputes such a value before each use instead of "
                    + "storing it, so guidance takes it first and it costs no spill bytes.");
    public static final KnobDef SHARE_SPILL_SLOTS = bool(-1, "RegTuneShareSpillSlots", false, false,
            KnobEffect.MODELLED, "Let spilled values whose live ranges do not overlap share a local-memory slot "
                    + "(ptxas 13.0 gives each spilled value its own slot on this project's corpus).");
    public static final KnobDef GUIDANCE_COST_PER_RELIEF = bool(-1, "RegTuneGuidanceCostPerRelief", false, true,
            KnobEffect.MODELLED, "Order spill guidance by spill cost per over-target point relieved (Chaitin's "
                    + "cost over degree) instead of by spill cost alone (the seed's cheapest first); on the corpus "
                    + "this brings the median model/ptxas spill-byte ratio from 1.66 to 1.04.");
    public static final KnobDef SPILL_FAILED_VALUE = bool(-1, "RegTuneSpillFailedValue", false, false,
            KnobEffect.MODELLED, "When a fat-point attempt finds no slot for a value, or places values in conflict, "
                    + "although no program point is over the spill target (a fragmented histogram, not a full one), "
                    + "the next attempt spills those values; false leaves it to the feasibility gate, whose extra marks only look at over-target "
                    + "points, so such a class can end in the every-value-in-memory fallback (off by default: on "
                    + "corpus-real it lowers spill F1 from 0.839 to 0.821 at PTX order; it rescues the reordered GEMM "
                    + "tiles of RegTuneScheduleReducePressure).");
    public static final KnobDef FOLD_CONSTANTS = bool(-1, "RegTuneFoldConstants", false, true,
            KnobEffect.MODELLED, "Treat values built from immediates only (mov of a constant) as folded into the "
                    + "instructions that use them, as SASS immediates: they hold a register only at each use.");
    public static final KnobDef SPILL_COST_THRESHOLD = def(-1, "RegAllocSpillCostThreshold", false, KnobType.DOUBLE,
            0.0, 0.0, 1e12, KnobEffect.MODELLED,
            "LMEM slot configuration (seed alloc+776): 0 selects 8-byte buckets with 4-byte alignment, any "
                    + "other value 16-byte buckets with 16-byte alignment.");

    // ---- occupancy-aware budget model (seed 000, +1600..+1744) ----
    public static final KnobDef BUDGET_COEFF_A = def(-1, "RegAllocBudgetCoeffA", false, KnobType.DOUBLE, 0.2, 0.0, 1.0,
            KnobEffect.MODELLED, "Budget interpolation coefficient A: fraction on the flat segments (seed 0.2).");
    public static final KnobDef BUDGET_COEFF_B = def(-1, "RegAllocBudgetCoeffB", false, KnobType.DOUBLE, 1.0, 0.0, 1.0,
            KnobEffect.MODELLED, "Budget interpolation coefficient B: fraction at and above the register limit (seed 1.0).");
    public static final KnobDef BUDGET_COEFF_C = def(-1, "RegAllocBudgetCoeffC", false, KnobType.DOUBLE, 0.3, 0.0, 1.0,
            KnobEffect.MODELLED, "Budget coefficient C: y at the start of the linear fast path (seed 0.3).");
    public static final KnobDef BUDGET_MAX_THREADS = def(-1, "RegAllocBudgetMaxThreads", false, KnobType.INT, 119, 1,
            1024, KnobEffect.MODELLED, "First x breakpoint of the budget interpolation, 'max threads' (seed 119).");
    public static final KnobDef BUDGET_PRESSURE_THRESHOLD = def(-1, "RegAllocBudgetPressureThreshold", false,
            KnobType.INT, 160, 1, 255, KnobEffect.MODELLED,
            "Second x breakpoint of the budget interpolation, 'pressure threshold' (seed 160).");
    public static final KnobDef SPILL_FEASIBILITY_THRESHOLD = def(635, "RegAllocSpillInstructionCount", false,
            KnobType.INT, 44, 0, 100_000, KnobEffect.MODELLED,
            "Spill instruction count (seed +1512, knob 635, default 44): the threshold term of the spill "
                    + "feasibility gate that forces extra spill marks when an attempt made no progress.");

    // ---- memory targets ----
    public static final KnobDef SMEM_SPILLING = bool(619, "RegAllocSmemSpilling", false, false, KnobEffect.MODELLED,
            "SMEM spill enable (seed +1590, knob 619): classes 3 and 6 spill to shared memory instead of local "
                    + "memory; never for functions that use the ABI.");

    // ---- RegTune model constants ----
    public static final KnobDef UNIFORM_POLICY = def(-1, "RegTuneUniformPolicy", false, KnobType.INT, 3, 0, 3,
            KnobEffect.MODELLED, "Which warp-uniform values leave the GPR file on sm_75+: 0 none, 1 values read from "
                    + "kernel parameters and uniform special registers (and their address conversions), 2 every "
                    + "uniform value, 3 (the default) uniform values only on demand, cheapest first, until GPR "
                    + "pressure meets the target: the register budget, or without one the occupancy cliff below the "
                    + "demand, and then only if the cliff is reached (at or under the target none of them moves, not "
                    + "even those of 1). Under 1 to 3, RegTuneUniformLoopPointers's pointers move as well.");
    public static final KnobDef UNIFORM_REGISTER_LIMIT = def(-1, "RegTuneUniformRegisterLimit", false, KnobType.INT,
            32, 0, 63, KnobEffect.MODELLED, "Most uniform registers the placement may fill; values beyond it stay "
                    + "in (or go back to) the GPR file, cheapest first. ptxas's uniform datapath carries fewer "
                    + "values than UR0..UR62 would hold; 32 is what every fold of the repository cross-validation "
                    + "chose over 12 and 24 (held out, corpus-real sm_90 MAPE 13.7% to 13.2%, spill bytes within 2x "
                    + "72% to 81%).");
    public static final KnobDef OCCUPANCY_TARGET = bool(-1, "RegTuneOccupancyTarget", false, true,
            KnobEffect.MODELLED, "Without a register limit, aim for the nearest occupancy cliff below the demand "
                    + "(reached by moving uniform values out of the GPR file, never by spilling), as ptxas 13.0 "
                    + "lands on 32/40/48... registers.");
    public static final KnobDef OCCUPANCY_CLIFF_STEPS = def(-1, "RegTuneOccupancyCliffSteps", false, KnobType.INT, 1,
            0, 8, KnobEffect.MODELLED, "Without a register limit, occupancy cliffs an entry may step down when the "
                    + "allocation at the cliff below its count stores and loads nothing (rematerialization and reloads "
                    + "from the constant bank only), as ptxas 13.0 lands on 32/40/48/64 registers; 0 keeps the "
                    + "unlimited count.");
    public static final KnobDef OCCUPANCY_CLIFF_REACH = def(-1, "RegTuneOccupancyCliffReach", false, KnobType.INT, 16,
            0, 255, KnobEffect.MODELLED, "Most registers an entry's unlimited count may lie above an occupancy cliff "
                    + "for the allocator to try landing on it (RegTuneOccupancyCliffSteps).");
    public static final KnobDef RESERVED_REGISTERS = def(-1, "RegTuneReservedRegisters", false, KnobType.INT, 2, 0, 16,
            KnobEffect.MODELLED, "GPRs ptxas reserves beyond the allocated ones in its 'Used N registers' figure.");
    public static final KnobDef STACK_POINTER_SLOT = def(-1, "RegTuneStackPointerSlot", false, KnobType.INT, -1, -1,
            1, KnobEffect.MODELLED, "The GPR slot the stack pointer takes for the whole function, out of the "
                    + "allocatable ones (ptxas 13.0.88 loads R1 from c[0x0][0x28] at the start of every kernel, "
                    + "stack frame or not, read from its SASS); -1 reserves none. Off by default: reserving R1 "
                    + "takes corpus-real sm_90 from 15.5% to 14.4% MAPE and 43% to 50% within 10%, but costs spill "
                    + "F1 (0.845 to 0.830), bytes within 2x (74% to 69%) and sm_80 MAPE (14.5% to 15.5%).");
    public static final KnobDef STORE_DATA_AFTER_ADDRESS = bool(-1, "RegTuneStoreDataAfterAddress", false, true,
            KnobEffect.MODELLED, "Place the data of a 32-bit global store or atomic three registers above its "
                    + "address pair when that register is free (a preference, not a constraint; the address is "
                    + "placed first), as ptxas 13.0.88's SASS does (STG.E [R2.64], R5; [R6.64], R9) even where a "
                    + "lower register is free; only in a class whose peak pressure is within "
                    + "RegTuneStoreDataAfterAddressUpTo. Every fold of the repository cross-validation chose it.");
    public static final KnobDef STORE_DATA_AFTER_ADDRESS_UP_TO = def(-1, "RegTuneStoreDataAfterAddressUpTo", false,
            KnobType.INT, 16, 0, 255, KnobEffect.MODELLED, "Store data goes after its address only while the "
                    + "general-register class's peak pressure is within this many registers: ptxas places it so "
                    + "where registers are free (probes of 24 parameters across a call and of 40 loads, above 32, "
                    + "keep their stored values low).");
    public static final KnobDef FUSE_WIDE_MULTIPLY_ADD = bool(-1, "RegTuneFuseWideMultiplyAdd", false, false,
            KnobEffect.MODELLED, "Fold a mul.wide.s32/u32 whose product only feeds 64-bit adds in its block into "
                    + "each add, as ptxas's IMAD.WIDE does, so the product holds no register pair. Off by default: "
                    + "ptxas's SASS shows it, but without the stack pointer in R1 (RegTuneStackPointerSlot) and "
                    + "ptxas's spreading of values over free registers it leaves small kernels 2 under ptxas; on "
                    + "corpus-real sm_90 it costs 1.6 points of MAPE and 7 within 10%.");
    public static final KnobDef UNROLL_FACTOR = def(-1, "RegTuneUnrollFactor", false, KnobType.INT, 2, 1, 16,
            KnobEffect.MODELLED, "Copies of a small single-block loop's body before scheduling, as ptxas's unroller "
                    + "makes (ptxas 13.0.88, sm_90: an 8-instruction loading loop becomes four address pairs and four "
                    + "loads issued together); 1 leaves loops alone. 2 by default: four of five repository folds chose "
                    + "it over 4 (the model overlaps every copy's loads, ptxas fewer on larger bodies); held out, the "
                    + "two are within 0.1 point of MAPE.");
    public static final KnobDef UNROLL_BODY_LIMIT = def(-1, "RegTuneUnrollBodyLimit", false, KnobType.INT, 48, 0,
            10_000, KnobEffect.MODELLED, "The most instructions a loop's body (before its closing branch) may have to "
                    + "be unrolled (RegTuneUnrollFactor). ptxas 13.0.88 (sm_90) unrolls a counted loop of 48 and keeps "
                    + "one of 49 (probe unroll_body_sm90.ptx), the default since the scheduler takes unrolled copies' "
                    + "addresses early (RegTuneScheduleUnrolledAddressesFirst); before that, cross-validation chose "
                    + "16 with the model's factor of 2.");
    public static final KnobDef LOAD_SYMBOL_ADDRESSES = bool(-1, "RegTuneLoadSymbolAddresses", false, true,
            KnobEffect.MODELLED, "Give each global access to a module-scope variable ([graph]) a register pair "
                    + "holding its address, loaded from constant bank 4 just before it, as ptxas's SASS does "
                    + "(LDC.64 R6, c[0x4][0x0]; STG.E.64 [R6.64], R20): a kernel storing eight parameters into eight "
                    + ".global variables uses 32 registers, not the 16 its values need.");
    public static final KnobDef FOLD_ADDRESS_OFFSETS = bool(-1, "RegTuneFoldAddressOffsets", false, true,
            KnobEffect.MODELLED, "Fold an add of a constant to an address into the immediate offset of the global "
                    + "and shared accesses reading it ([R+imm]), as ptxas's LDG/STG/LDS/STS do, so the sum holds no "
                    + "register (a Triton kernel's eight addresses %rd1+0..3584 become offsets of one pair).");
    public static final KnobDef FOLD_PARAMETER_OPERANDS = bool(-1, "RegTuneFoldParameterOperands", false, false,
            KnobEffect.MODELLED, "Read a kernel parameter as the constant-bank operand (c[0x0][...]) of each "
                    + "arithmetic or move instruction that reads it once (one such operand per instruction), as "
                    + "ptxas's IADD3, FFMA and ISETP do; only its address, store-data and other reads keep a "
                    + "register. Off by default: it leaves small kernels under ptxas until the model spreads values "
                    + "over free registers as ptxas does (corpus-real sm_90 MAPE 13.9% to 14.9% with the stack "
                    + "pointer and IMAD.WIDE on).");
    public static final KnobDef SINK_PARAMETER_LOADS = bool(-1, "RegTuneSinkParameterLoads", false, true,
            KnobEffect.MODELLED, "Move a kernel's ld.param to the block holding every read of its value, as ptxas "
                    + "reads parameters from the constant bank where they are used.");
    public static final KnobDef SINK_PARAMETER_LOADS_INTO_LOOPS = bool(-1, "RegTuneSinkParameterLoadsIntoLoops",
            false, false, KnobEffect.MODELLED, "With RegTuneSinkParameterLoads, also move a parameter read into a "
                    + "block deeper in loops than the read.");
    public static final KnobDef MERGE_INDUCTION_VARIABLES = bool(-1, "RegTuneMergeInductionVariables", false, true,
            KnobEffect.MODELLED, "Keep one register for the induction variables of a loop that step by the same "
                    + "loop-invariant vreg and start a parameter-and-immediate difference apart, forming the others "
                    + "where they are read, as ptxas's loop strength reduction does.");
    public static final KnobDef MERGE_DUPLICATED_FRAGMENTS = bool(-1, "RegTuneMergeDuplicatedFragments", false,
            true, KnobEffect.MODELLED, "From sm_80 on, give the registers of a .f16 WMMA A or B fragment that hold "
                    + "the same value one register (m16n16k16: 4 of the 8, m32n8k16 and m8n32k16: 8 or 2), as "
                    + "ptxas loads each distinct value of a fragment once.");
    public static final KnobDef IF_CONVERT = bool(-1, "RegTuneIfConvert", false, true, KnobEffect.MODELLED,
            "Predicate a short block that a conditional branch skips and merge it into the block before it, as "
                    + "ptxas if-converts guarded blocks before it schedules (their loads then issue together).");
    public static final KnobDef IF_CONVERT_MAX_INSTRUCTIONS = def(-1, "RegTuneIfConvertMaxInstructions", false,
            KnobType.INT, 20, 1, 256, KnobEffect.MODELLED, "Most PTX instructions of a guarded block that "
                    + "RegTuneIfConvert predicates (ptxas 13.0.88 converts a guarded block of 20 and not one of 21).");
    public static final KnobDef MINIMUM_REGISTERS = def(-1, "RegTuneMinimumRegisters", false, KnobType.INT, 4, 0, 24,
            KnobEffect.MODELLED, "The fewest registers ptxas reports for any function (ptxas 13.0.88 reports 4 for "
                    + "an empty kernel on sm_80 and sm_90); at most 24, the smallest budget ptxas accepts.");
    public static final KnobDef DEFAULT_THREADS_PER_BLOCK = def(-1, "RegTuneDefaultThreadsPerBlock", false,
            KnobType.INT, 256, 32, 1024, KnobEffect.MODELLED,
            "Threads per block assumed for occupancy when the function declares no launch bounds.");
    public static final KnobDef LOCAL_LOAD_LATENCY = def(-1, "RegTuneLocalLoadLatency", false, KnobType.INT, 0, 0,
            10_000, KnobEffect.MODELLED, "Cycles of a spill reload (LDL); 0 takes the architecture's L1-hit latency.");
    public static final KnobDef LOCAL_STORE_COST = def(-1, "RegTuneLocalStoreCost", false, KnobType.INT, 0, 0, 10_000,
            KnobEffect.MODELLED, "Issue cycles of a spill store (STL); 0 takes the architecture's value.");
    public static final KnobDef LOCAL_ARRAY_PROMOTION = bool(-1, "RegTuneLocalArrayPromotion", false, true,
            KnobEffect.MODELLED, "Promote constant-indexed .local arrays whose address does not escape to registers "
                    + "before allocation, as ptxas does (probed with ptxas 13.0.88: such arrays leave no stack frame).");
    public static final KnobDef NARROW_LOCAL_ADDRESSES = bool(-1, "RegTuneNarrowLocalAddresses", false, true,
            KnobEffect.MODELLED, "Address the .local arrays that stay in memory as ptxas does, with 32 bits from the "
                    + "stack pointer: an address at a constant offset from the frame needs no register (STL [R1+0x8]), "
                    + "any other address and the index added to it take one register, not a pair.");
    public static final KnobDef LOCAL_PROMOTION_MAX_BYTES = def(-1, "RegTuneLocalPromotionMaxBytes", false,
            KnobType.INT, 1024, 0, 1 << 20, KnobEffect.MODELLED, "Largest .local array promoted to registers, in "
                    + "bytes (ptxas 13.0.88 promotes a constant-indexed 1024-byte array of 32-bit elements and spills "
                    + "what does not fit in 255 registers).");
    public static final KnobDef LOCAL_PROMOTION_MIN_ELEMENT_BYTES = def(-1, "RegTuneLocalPromotionMinElementBytes",
            false, KnobType.INT, 2, 1, 16, KnobEffect.MODELLED, "Narrowest load/store element of a promoted .local "
                    + "array, in bytes (ptxas 13.0.88 promotes 16- and 32-bit accesses, not 8-bit ones).");
    public static final KnobDef LOCAL_PROMOTION_MAX_ELEMENT_BYTES = def(-1, "RegTuneLocalPromotionMaxElementBytes",
            false, KnobType.INT, 4, 1, 16, KnobEffect.MODELLED, "Widest load/store element of a promoted .local "
                    + "array, in bytes (ptxas 13.0.88 promotes 32-bit and .v2/.v4 of 32-bit accesses, not 64-bit "
                    + "scalar ones; arrays accessed with mixed widths stay in memory).");
    public static final KnobDef STACK_FRAME_ALIGNMENT = def(-1, "RegTuneStackFrameAlignment", false, KnobType.INT, 8,
            1, 64, KnobEffect.MODELLED, "Granularity of the stack frame ptxas reports, in bytes: local arrays plus "
                    + "spill slots rounded up (all 5,610 shared/corpus-real measurements are multiples of 8; a "
                    + "28-byte array gives a 32-byte frame).");

    // ---- CICC copy coalescer (seed 003); LLVM's hyphenated names are spelt with underscores ----
    public static final KnobDef JOIN_LIVEINTERVALS = bool(-1, "join_liveintervals", true, true, KnobEffect.MODELLED,
            "Master enable of CICC's copy coalescer (LLVM's join-liveintervals); it always runs in front of the "
                    + "briggs allocator and, under RegTuneCoalesceBeforeFatPoint, in front of the fat-point one.");
    public static final KnobDef JOIN_GLOBALCOPIES = bool(-1, "join_globalcopies", true, true, KnobEffect.MODELLED,
            "Coalesce copies whose source or destination is live across a block boundary (LLVM's "
                    + "join-globalcopies; the seed's default is the subtarget's, RegTune's true).");
    public static final KnobDef TERMINAL_RULE = bool(-1, "terminal_rule", true, true, KnobEffect.MODELLED,
            "LLVM's terminal-rule: a copy into a register no other copy touches waits (in the retry heap) while "
                    + "its source still has an untried copy, so that copy is joined first.");
    public static final KnobDef LARGE_INTERVAL_SIZE_THRESHOLD = def(-1, "large_interval_size_threshold", true,
            KnobType.INT, 100, 1, 1_000_000, KnobEffect.MODELLED,
            "An interval with more definitions (value numbers) than this is large (seed 100).");
    public static final KnobDef LARGE_INTERVAL_FREQ_THRESHOLD = def(-1, "large_interval_freq_threshold", true,
            KnobType.INT, 256, 0, 1_000_000, KnobEffect.MODELLED,
            "A large interval takes part in at most this many joins (seed 256).");
    public static final KnobDef COPY_LIMIT = def(-1, "copy_limit", true, KnobType.INT, 100_000, 0, 10_000_000,
            KnobEffect.MODELLED, "Most copy instructions the NVPTX coalescer considers, in layout order (a runtime "
                    + "budget in the seed without a documented value; RegTune's default 100000).");
    public static final KnobDef COALESCE_LIMIT = def(-1, "coalesce_limit", true, KnobType.INT, 100_000, 0,
            10_000_000, KnobEffect.MODELLED, "Most merges before the NVPTX coalescer bails out (a runtime budget in "
                    + "the seed without a documented value; RegTune's default 100000).");
    public static final KnobDef COALESCER_BLOCK_FREQUENCY = bool(-1, "RegTuneCoalescerBlockFrequency", false, false,
            KnobEffect.MODELLED, "The seed's block-frequency flag: a candidate's weight is multiplied by the "
                    + "frequency of its copy's block, so copies in hot blocks win ties first.");
    public static final KnobDef COALESCER_RETRY = bool(-1, "RegTuneCoalescerRetry", false, true, KnobEffect.MODELLED,
            "The double-buffered retry: candidates that were blocked or deferred are tried again, pass after pass, "
                    + "until a pass merges nothing; false makes one pass.");
    public static final KnobDef COALESCE_BEFORE_FATPOINT = bool(-1, "RegTuneCoalesceBeforeFatPoint", false, false,
            KnobEffect.MODELLED, "Run CICC's copy coalescer in front of the fat-point allocator too (nvcc's PTX has "
                    + "been through it once already, so ptxas's model runs without it by default).");

    // ---- CICC Briggs allocator (seeds 001/002) ----
    public static final KnobDef BRIGGS_LOW_DEGREE_THRESHOLD = def(-1, "BriggsLowDegreeThreshold", false, KnobType.INT,
            15, 1, 255, KnobEffect.MODELLED, "The seed's 'K = 15' (degree > 0xE check): a node is of low degree "
                    + "below min(this, the colours it can take); also the threshold of both coalescing criteria.");
    public static final KnobDef BRIGGS_COALESCING_FACTOR = def(-1, "BriggsCoalescingFactor", false, KnobType.DOUBLE,
            0.8, 0.05, 4.0, KnobEffect.MODELLED, "Effective degree = degree x this, in the George coalescing test "
                    + "and the Briggs removal criterion (seed: 0xCCCCCCCCCCCCCCCD = 0.8).");
    public static final KnobDef BRIGGS_CONSERVATIVE_COALESCING = bool(-1, "BriggsConservativeCoalescing", false,
            true, KnobEffect.MODELLED, "Phase 3: merge copy-related nodes that do not interfere when the George "
                    + "criterion allows it, iterated to a fixed point.");
    public static final KnobDef BRIGGS_OPTIMISTIC_SELECT = bool(-1, "BriggsOptimisticSelect", false, true,
            KnobEffect.MODELLED, "Push spill candidates and try to colour them in select (Briggs); false spills "
                    + "them at once (Chaitin).");
    public static final KnobDef BRIGGS_LOOP_DEPTH_BASE = def(-1, "BriggsLoopDepthBase", false, KnobType.DOUBLE, 1.5,
            1.0, 100.0, KnobEffect.MODELLED, "Spill cost = defs x uses x latency x this^loop depth (seed: 1.5, "
                    + "suspected).");
    public static final KnobDef BRIGGS_MEMORY_LATENCY = def(-1, "BriggsMemoryLatency", false, KnobType.INT, 0, 0,
            10_000, KnobEffect.MODELLED, "The memory latency of the spill cost, in cycles (seed: 20-100 by level); "
                    + "0 takes the architecture's local-load latency.");
    public static final KnobDef BRIGGS_LAZY_RELOAD = bool(-1, "BriggsLazyReload", false, true, KnobEffect.MODELLED,
            "Phase 6: a reload whose value an earlier reload (or the def) in the same block still holds in the "
                    + "same free register is removed.");
    public static final KnobDef BRIGGS_MAX_ROUNDS = def(-1, "BriggsMaxRounds", false, KnobType.INT, 100, 1, 1000,
            KnobEffect.MODELLED, "Most build-colour-spill rounds before the allocation fails (the seed retries until "
                    + "it colours; the corpus needs at most 22 at -maxrregcount 24..64).");

    // ---- seed-named knobs of mechanisms RegTune does not model ----
    public static final KnobDef MAC_FORCE = bool(628, "RegAllocMacForce", true, false, KnobEffect.PASSIVE,
            "Forces the MAC-level pre-allocation path (not modelled).");
    public static final KnobDef MAC_VREG_ALLOC_ORDER = def(629, "RegAllocMacVregAllocOrder", true, KnobType.INT, 0, 0,
            16, KnobEffect.PASSIVE, "Vreg processing order during MAC allocation (not modelled).");
    public static final KnobDef PREF_MAC_OPERANDS = def(646, "RegAllocPrefMacOperands", true, KnobType.INT, 0, 0, 3,
            KnobEffect.PASSIVE, "MAC operand preference level: 1 read, 2 write, 3 both (not modelled).");
    public static final KnobDef NUM_OPT_PHASES_BUDGET = def(487, "NumOptPhasesBudget", true, KnobType.INT, 0, 0,
            1_000_000, KnobEffect.PASSIVE, "Budget counter gating ConvertMemoryToRegisterOrUniform (not modelled).");
    public static final KnobDef NEW_LOOP_INVARIANT_HOISTING = bool(934, "UseNewLoopInvariantRoutineForHoisting", true,
            false, KnobEffect.PASSIVE, "Selects the new LICM routine for the HoistInvariants pre-pass (not modelled).");

    public static final KnobDef FOLD_PARAMETERS = bool(-1, "RegTuneFoldParameters", false, false,
            KnobEffect.MODELLED, "Treat a kernel parameter read (ld.param in an entry) as folded into the "
                    + "instructions that use it, as SASS reads c[0x0][...] operands: it holds a register only at "
                    + "each use.");

    public static final KnobDef FOLD_CONSTANT_BANK = bool(-1, "RegTuneFoldConstantBank", false, true,
            KnobEffect.MODELLED, "Treat a read of the constant bank at a fixed address (ld.const [sym+imm]) as "
                    + "folded into the instructions that use it, as SASS reads c[bank][offset] operands: it holds a "
                    + "register only at each use (probed: 24 constants read at the top of a kernel and used early "
                    + "and late get 38 registers from ptxas, 48 from the model without folding).");

    // ---- pre-allocation scheduling (ptxas reorders blocks before it allocates) ----
    public static final KnobDef LOWER_TEMPORARIES = bool(-1, "RegTuneLowerTemporaries", false, true,
            KnobEffect.MODELLED, "Give each PTX instruction the temporaries of the SASS sequence ptxas lowers it to "
                    + "(division, remainder, square root, reciprocal, 64-bit multiply, conversions), live beside its "
                    + "inputs, from the probed table of dev.regtune.core.lower.");
    public static final KnobDef LOWER_REGISTER_FLOORS = bool(-1, "RegTuneLowerRegisterFloors", false, true,
            KnobEffect.MODELLED, "Report without a limit at least the registers ptxas gives the smallest kernel "
                    + "with each construct of the function (a div.rn.f64's slow path needs about 25), from the probed "
                    + "table of dev.regtune.core.lower.");
    public static final KnobDef LOWER_ODD_STORE_DATA = bool(-1, "RegTuneLowerOddStoreData", false, false,
            KnobEffect.MODELLED, "Hold the data of a scalar global store of at most 32 bits in an odd register, as "
                    + "ptxas does (its SASS puts four stored values in R5, R7, R9 and R11: 14 registers where 10 "
                    + "would do); false lets it take any register. Off by default: with the stack pointer in R1 "
                    + "(RegTuneStackPointerSlot) it takes corpus-real sm_90 from 14.4% to 14.0% MAPE, but puts the "
                    + "probed parameter-store and load-sinking kernels 4 to 8 registers over ptxas.");
    public static final KnobDef LOWER_ODD_WIDE_MULTIPLICANDS = bool(-1, "RegTuneLowerOddWideMultiplicands", false,
            false, KnobEffect.MODELLED, "Keep the 32-bit multiplicand of a mul.wide in an odd register, as ptxas's "
                    + "IMAD.WIDE reads it on sm_90 (75% odd over corpus-real's SASS, against about half for other "
                    + "results; sm_80 reads pointer parameters from the constant bank there, and its multiplicands are "
                    + "odd a third of the time, so it applies from sm_90), where the registers it needs are free "
                    + "(RegTuneLowerOddStoreDataUpTo). Off by default: on corpus-real sm_90 it brings 1 to 2 points "
                    + "within 10%, but held out (runs/cv14) three folds choose it with a gate of 32, which costs the "
                    + "bundled sm_90 corpus 0.9 points of MAPE (12.2%), and the held-out MAPE is 11.1% against 10.8%.");
    public static final KnobDef LOWER_ODD_STORE_DATA_UP_TO = def(-1, "RegTuneLowerOddStoreDataUpTo", false,
            KnobType.INT, 32, 0, 255, KnobEffect.MODELLED, "Store data goes to odd registers only while the "
                    + "function's peak general-register pressure plus the values it moves stays within this many "
                    + "registers: ptxas spreads them only where registers are free (probed: 4, 8, 12 stored values "
                    + "give 14, 22, 30 registers, 16 give 32, the most at full occupancy).");
    public static final KnobDef LOWER_FLOOR_MINIMUM = def(-1, "RegTuneLowerFloorMinimum", false, KnobType.INT, 20, 0,
            255, KnobEffect.MODELLED, "Smallest probed register floor applied: below it, what ptxas gives the smallest "
                    + "kernel with a construct reflects its latency-hiding schedule rather than the construct's own "
                    + "sequence (a division's subroutine), and the pre-allocation scheduler models that instead.");
    public static final KnobDef SCHEDULE_BEFORE_ALLOCATION = bool(-1, "RegTuneScheduleBeforeAllocation", false, true,
            KnobEffect.MODELLED, "Reorder each block before allocation as ptxas's scheduler does: hoist loads and "
                    + "other long-latency work while pressure stays under RegTuneScheduleRegisterTarget, free "
                    + "registers first above it.");
    public static final KnobDef SCHEDULE_REGISTER_TARGET = def(-1, "RegTuneScheduleRegisterTarget", false,
            KnobType.INT, 32, 1, 255, KnobEffect.MODELLED, "32-bit GPR slots a block's pressure may grow to while "
                    + "the scheduler hoists long-latency work, at most the budget's (32: the most registers at full "
                    + "occupancy, where ptxas stops hoisting parameter reads; chosen by 4 of 5 repository folds of "
                    + "'regtune fidelity --folds 5 --candidates spaces/scheduling.json').");
    public static final KnobDef SCHEDULE_TARGET_FOLLOWS_LIMIT = bool(-1, "RegTuneScheduleTargetFollowsLimit", false,
            false, KnobEffect.MODELLED, "Under an explicit -maxrregcount, the scheduler hoists up to the limit's "
                    + "registers instead of RegTuneScheduleRegisterTarget (corpus-real: 80 kernels that ptxas fits in "
                    + "32 registers without a limit use up to 110 at -maxrregcount 128, and 64 at 64).");
    public static final KnobDef SCHEDULE_REDUCE_PRESSURE = bool(-1, "RegTuneScheduleReducePressure", false, false,
            KnobEffect.MODELLED, "Reorder a block whose PTX order already needs more than the register target so "
                    + "that it frees registers first; off (the default, chosen by cross-validation: the fat-point "
                    + "scan packs the reordered GEMM tiles worse than PTX's order): such blocks keep PTX's order.");
    public static final KnobDef SCHEDULE_REDUCE_PRESSURE_ABOVE = def(-1, "RegTuneScheduleReducePressureAbove", false,
            KnobType.INT, 255, 0, 100_000, KnobEffect.MODELLED, "A block whose PTX order needs more than this many GPR "
                    + "slots is reordered to free registers first even with RegTuneScheduleReducePressure off, when "
                    + "the new order needs at most as many: ptxas fits a Triton matmul whose PTX loads 256 shared "
                    + "values ahead of 512 FMAs (312 live) into 80 registers without spilling, but keeps a GEMM tile "
                    + "whose reordering would still need 325 at 221 registers; 255 reorders only blocks PTX's order "
                    + "cannot hold at all.");
    public static final KnobDef SCHEDULE_TO_OCCUPANCY_CLIFF = bool(-1, "RegTuneScheduleToOccupancyCliff", false,
            false, KnobEffect.MODELLED, "Without a register limit, reorder a block whose PTX order needs more than "
                    + "RegTuneScheduleRegisterTarget so that it fits under the occupancy cliff below its demand, "
                    + "keeping the new order only if it does (corpus-real: ptxas gives Montey's kernels 64 registers "
                    + "without a limit and 80 at -maxrregcount 128, no spill).");
    public static final KnobDef SCHEDULE_LOADS_FIRST = bool(-1, "RegTuneScheduleLoadsFirst", false, true,
            KnobEffect.MODELLED, "While a block's new values fit under RegTuneScheduleRegisterTarget, the scheduler "
                    + "takes any ready memory read before other work (probed: ptxas keeps about 24 of 40 or 80 "
                    + "independent loads in flight ahead of their readers, rather than interleaving each load with "
                    + "its reader along the critical path); false orders by the weighted critical path alone.");
    public static final KnobDef SCHEDULE_LOAD_LATENCY = def(-1, "RegTuneScheduleLoadLatency", false, KnobType.INT,
            20, 0, 10_000, KnobEffect.MODELLED, "Weight of a memory read on the scheduler's critical path.");
    public static final KnobDef SCHEDULE_ALU_LATENCY = def(-1, "RegTuneScheduleAluLatency", false, KnobType.INT, 4,
            0, 10_000, KnobEffect.MODELLED, "Weight of any other instruction on the scheduler's critical path.");
    // ---- the call graph and the call ABI (probed from ptxas 13.0.88, see dev.regtune.core.calls) ----
    public static final KnobDef CALL_GRAPH = bool(-1, "RegTuneCallGraph", false, true, KnobEffect.MODELLED,
            "Allocate a module's functions together: a caller reports the registers and stack frame of the functions "
                    + "it calls, as ptxas -v does in whole-program mode; false allocates each function alone.");
    public static final KnobDef CALL_DIRECT_REGISTERS = def(-1, "RegTuneCallDirectRegisters", false, KnobType.INT,
            0, 0, 64, KnobEffect.MODELLED, "Registers a direct call of a non-recursive module .func costs on top of "
                    + "the values live across it and the callee's own registers (ptxas compiles the callee into the "
                    + "caller above the live values; probed: 0, nested calls add up exactly).");
    public static final KnobDef ABI_CALL_REGISTERS = def(-1, "RegTuneAbiCallRegisters", false, KnobType.INT, 17, 0,
            128, KnobEffect.MODELLED, "Registers an ABI call (external such as vprintf or malloc, indirect, recursive) "
                    + "keeps free below the values live across it: the caller uses at least live + this (probed: "
                    + "live + 17 on sm_90, live + 19 on sm_80).");
    public static final KnobDef ABI_MINIMUM_REGISTERS = def(-1, "RegTuneAbiMinimumRegisters", false, KnobType.INT, 24,
            0, 255, KnobEffect.MODELLED, "The fewest registers ptxas reports for a function that makes an ABI call "
                    + "(ptxas 13.0.88: 24, the ABI minimum, on sm_80 and sm_90; a printf kernel uses 24).");
    public static final KnobDef ABI_CALLEE_SAVED_REGISTERS = def(-1, "RegTuneAbiCalleeSavedRegisters", false,
            KnobType.INT, 16, 0, 255, KnobEffect.MODELLED, "Registers live across an indirect or recursive call that "
                    + "the ABI's callee-saved registers hold; each one beyond costs a second register (probed on "
                    + "ptxas 13.0.88, sm_90: live + 17 up to 16 live, about 2 x live + 3 beyond; external calls such "
                    + "as vprintf stay at live + 18).");
    public static final KnobDef RECURSIVE_SAVE_REGISTERS = def(-1, "RegTuneRecursiveSaveRegisters", false,
            KnobType.INT, 3, 0, 64, KnobEffect.MODELLED, "Registers a recursive function saves to its stack frame "
                    + "around its recursive call besides the values live across it (probed on ptxas 13.0.88: with K "
                    + "floats live it stores and loads 4 (K + 3) bytes: the return address and one more).");
    public static final KnobDef CALL_SPILL_SLACK = def(-1, "RegTuneCallSpillSlack", false, KnobType.INT, 4, 0, 255,
            KnobEffect.MODELLED, "Registers a caller and its callees may need beyond the register budget (values live "
                    + "across a call plus the callee's pressure) before the caller spills the rest: ptxas fits a callee's "
                    + "copy into what the caller leaves, and the model's PTX-level pressure overestimates it. Fitted on "
                    + "the calls kernels of corpus-real, repositories held out: 4 (chosen in all 13 folds; spill F1 "
                    + "0.92 cross-validated, 0.84 at 0).");

    // ---- the kernel-time model (dev.regtune.core.model.KernelTimeModel) ----
    public static final KnobDef TIME_ISSUE_RATE = def(-1, "RegTuneTimeIssueRate", false, KnobType.DOUBLE, 0.0, 0.0,
            64.0, KnobEffect.MODELLED, "Warp instructions one SM issues per cycle in the estimated kernel time "
                    + "(its issue bound); 0 takes the architecture's (4: four schedulers, one each).");
    public static final KnobDef TIME_MEMORY_PARALLELISM = def(-1, "RegTuneTimeMemoryParallelism", false,
            KnobType.INT, 0, 0, 100_000, KnobEffect.MODELLED, "Memory requests one SM keeps in flight in the "
                    + "estimated kernel time (its memory bound, by Little's law: requests x latency / this); 0 takes "
                    + "the architecture's (DRAM bandwidth per SM x latency / 128 bytes: 35 on sm_80, 43 on sm_90).");
    public static final KnobDef TIME_WARP_REQUESTS_IN_FLIGHT = def(-1, "RegTuneTimeWarpRequestsInFlight", false,
            KnobType.DOUBLE, 0.0, 0.0, 64.0, KnobEffect.MODELLED, "Memory requests one warp keeps in flight in the "
                    + "estimated kernel time: the SM has at most active warps x this in flight (Hong and Kim's MWP "
                    + "<= N), so a memory-bound kernel gains from warps until they reach the memory parallelism; 0 "
                    + "takes the architecture's (1 on every generation, Hong and Kim's one memory period per warp).");
    public static final KnobDef TIME_WORK_WARPS = def(-1, "RegTuneTimeWorkWarps", false, KnobType.INT, 0, 0,
            1_000_000, KnobEffect.MODELLED, "Warps of work per SM the estimated kernel time is the time of; 0 takes "
                    + "the architecture's resident-warp limit, so that a latency-bound kernel at full occupancy takes "
                    + "its one-thread latency.");
    public static final KnobDef TIME_GLOBAL_TRAFFIC = bool(-1, "RegTuneTimeGlobalTraffic", false, true,
            KnobEffect.MODELLED, "Count global-memory requests (loads, stores, atomics, textures) in the memory "
                    + "bound of the estimated kernel time, not only local-memory (spill and stack) requests.");


    // ---- added after the kernel-time model ----
    public static final KnobDef REMATERIALIZE_PARAMETER_READS = choice("RegTuneRematerializeParameterReads", false,
            List.of("off", "loops", "blocks", "past-loops"), "past-loops", "Copy a kernel pointer parameter's read (and "
                    + "its cvta.to.global) into blocks that use it, as ptxas 13.0.88 reads a parameter from the constant "
                    + "bank right before its use in a block that runs on only some iterations of a loop (LDC.64 before "
                    + "each RED of a grid-stride loop choosing one of four counters: 10 registers on sm_90, where one "
                    + "adding to all four holds the pointers from before the loop: 24), and again after a loop that "
                    + "does not read it (ferrox's max_unpool1d: LDC.64 of both pointers after its loop, probe "
                    + "parameter_after_loop_sm90.ptx). 'loops': into such loop blocks; 'past-loops': those and the "
                    + "blocks past a loop the pointer would live through unread; 'blocks': into every other block "
                    + "the read dominates; 'off': none. 'past-loops' by default (corpus-real MAPE 11.13% to 10.92% "
                    + "on sm_80, 10.51% to 10.31% on sm_90 against 'loops'; see the README's cross-validation).");

    public static final KnobDef FOLD_LAUNCH_DIMENSIONS = bool(-1, "RegTuneFoldLaunchDimensions", false, true,
            KnobEffect.MODELLED, "Treat a read of a launch dimension (mov %r, %ntid.x; %nctaid) as folded into the "
                    + "instructions that use it, as SASS reads them from the constant bank (c[0x0][0x0] to "
                    + "c[0x0][0x14]) as an operand (IMAD R0, R0, c[0x0][0x0], R3) where PTX reads them into a "
                    + "register; like RegTuneFoldConstantBank, it holds a register only at each use.");

    public static final KnobDef STORE_OPERAND_HOLD = def(-1, "RegTuneStoreOperandHold", false, KnobType.INT, 10, 0,
            64, KnobEffect.MODELLED, "Instructions after a store or atomic during which the registers it reads "
                    + "(address, data) are not given to another value, and store data moves up to the next free odd "
                    + "register above its address, where registers are free (RegTuneStoreOperandHoldUpTo): a store "
                    + "reads its operands after it issues, and ptxas 13.0.88 does not reuse them at once. Its SASS "
                    + "stores eight loaded-and-inverted values from R7, R9, R11, R13, R7, ... (16 registers, not "
                    + "12; probe store_operand_hold_sm90.ptx), eight loaded values from R7 to R17 (20); 0 reuses "
                    + "them at once.");
    public static final KnobDef STORE_OPERAND_HOLD_UP_TO = def(-1, "RegTuneStoreOperandHoldUpTo", false,
            KnobType.INT, 20, 0, 255, KnobEffect.MODELLED, "Store operands are held (RegTuneStoreOperandHold) only "
                    + "while the general-register class's peak pressure with the holds stays within this many "
                    + "registers and the budget: ptxas spreads values over free registers, not into spills.");
    // ---- added for the spill figures under a register limit (issue 13) ----
    public static final KnobDef SCHEDULE_LIMIT_MARGIN = def(-1, "RegTuneScheduleLimitMargin", false, KnobType.INT, 2,
            0, 255, KnobEffect.MODELLED, "Under a register limit, GPR slots the pre-allocation scheduler keeps free "
                    + "below the budget's while it hoists long-latency work (its target is at most the budget's slots "
                    + "minus this). ptxas 13.0.88 hoists a loop's loads to two registers under -maxrregcount and "
                    + "spills nothing (probes limit_margin_sm90.ptx, _sm80: 6 double and 24 float loads, each read "
                    + "by an add, use 30/26/24/22 registers at 32/28/26/24 on both architectures); with 0 the model "
                    + "fills the budget and the fat-point scan, short of free pairs, spills where ptxas does not.");
    public static final KnobDef REUSE_RELOADS = bool(-1, "RegTuneReuseReloads", false, true, KnobEffect.MODELLED,
            "A use of a value spilled to memory reads the register its previous occurrence in the same block (its "
                    + "def or a reload) left it in, when no other value takes that register in between, instead of "
                    + "loading it again; false reloads before every use. ptxas 13.0.88 loads about 1.1 bytes per "
                    + "byte it stores on corpus-real (median of the runs where both spill), the model 2.0 without it.");
    public static final KnobDef NOSPILL_START_ORDER = bool(-1, "RegTuneNoSpillStartOrder", false, false,
            KnobEffect.MODELLED, "When the NOSPILL attempt fails although the class's pressure fits the budget at "
                    + "every point (the scan fragmented it), scan again with the values in the order their live "
                    + "ranges start before spilling. 31 of the model's 53 false spills on corpus-real have a peak that "
                    + "fits; off: it costs the bundled corpus sm_80 spill F1 (0.910 to 0.901) "
                    + "and 1.8 points within 10% through occupancy cliff landing.");
    // ---- dynamically indexed .local arrays in registers (issue 13) ----
    public static final KnobDef LOCAL_DYNAMIC_PROMOTION_MAX_BYTES = def(-1, "RegTuneLocalDynamicPromotionMaxBytes",
            false, KnobType.INT, 32, 0, 1 << 20, KnobEffect.MODELLED, "Largest dynamically indexed .local array "
                    + "promoted to registers, in bytes (0: none), its accesses becoming one selection per element. "
                    + "ptxas 13.0.88 keeps the sine reduction's 28-byte array in registers (0 bytes of stack, 22 "
                    + "registers for cudarc's sin_kernel) and arrays of up to 8 32-bit elements in the probes of "
                    + "LocalArrayPromotionTest, provided one access is at a constant offset, no index comes from a "
                    + "subroutine (div.rn, sqrt.rn, rcp.rn, 64-bit div/rem) and no address is generic (cvta).");
    public static final KnobDef LOCAL_DYNAMIC_STORE_BUDGET = def(-1, "RegTuneLocalDynamicStoreBudget", false,
            KnobType.INT, 256, 0, 1 << 30, KnobEffect.MODELLED, "A dynamically indexed array is promoted only while "
                    + "its weighted dynamic stores times 2 to the power of its elements stay within this budget: "
                    + "ptxas 13.0.88 promotes 4 stores into 6 elements, 2 into 7, 1 into 8 and none into 9 "
                    + "(straight-line probes of LocalArrayPromotionTest).");
    public static final KnobDef LOCAL_DYNAMIC_LOOP_STORE_WEIGHT = def(-1, "RegTuneLocalDynamicLoopStoreWeight", false,
            KnobType.INT, 4, 1, 64, KnobEffect.MODELLED, "Weight of a dynamically indexed store in a loop without "
                    + ".pragma \"nounroll\" (RegTuneLocalDynamicStoreBudget): ptxas unrolls such a loop 4 times, and "
                    + "a runtime-count loop storing into 6 elements keeps them in registers, into 7 not.");

    // ---- added for the per-architecture register counts on corpus-real (issue 13) ----
    public static final KnobDef UNIFORM_LOOP_POINTERS = bool(-1, "RegTuneUniformLoopPointers", false, false,
            KnobEffect.MODELLED, "Hold a 64-bit pointer parameter that is live into a loop and read only by 64-bit "
                    + "address adds in a uniform register pair, as ptxas 13.0.88 does (ULDC.64, then LEA or IMAD.WIDE "
                    + "read it as their UR operand): probes loop_pointers_sm80.ptx / _sm90, a nounroll loop loading "
                    + "through 1/2/4 pointers indexed by shl.b64 uses 10/12/16 registers on both architectures, the "
                    + "model 14/18/24 without it, 12/14/16 with it. See RegTuneWideAddendUniformBelowSm for the "
                    + "IMAD.WIDE form. Off by default: corpus-real MAPE 11.27/10.66% to 11.14/10.59% (sm_80/sm_90) "
                    + "but the bundled corpus 11.19/11.28% to 12.83/12.04%; the model's loop kernels lean on the "
                    + "pointers' GPR pairs for what ptxas's register numbering adds (34 kernels better, 42 worse "
                    + "on corpus-real sm_80).");
    public static final KnobDef WIDE_ADDEND_UNIFORM_BELOW_SM = def(-1, "RegTuneWideAddendUniformBelowSm", false,
            KnobType.INT, 90, 0, 1000, KnobEffect.MODELLED, "With RegTuneUniformLoopPointers, an add of a mul.wide "
                    + "product (IMAD.WIDE) reads its pointer from a uniform register pair only on architectures "
                    + "below this compute capability times ten: ptxas 13.0.88 on sm_80 writes IMAD.WIDE R4, R0, 0x4, "
                    + "UR6, on sm_90 LDC.64 R6 then IMAD.WIDE R10, R0, 0x4, R6, so a nounroll loop loading through "
                    + "1/2/3/4 such pointers uses 8/10/12/14 registers on sm_80 and 12/16/20/24 on sm_90 (probes "
                    + "loop_pointers_sm80.ptx / _sm90). 0: never; 1000: on every architecture.");
    public static final KnobDef SCHEDULE_UNROLLED_ADDRESSES_FIRST = bool(-1, "RegTuneScheduleUnrolledAddressesFirst",
            false, true, KnobEffect.MODELLED, "In a block holding unrolled copies of a loop's body, the scheduler "
                    + "takes the integer work a load's address needs (transitively) as early as the loads themselves "
                    + "(RegTuneScheduleLoadsFirst), so that every copy's loads are in flight before the first reader: "
                    + "ptxas 13.0.88 issues the sixteen LDGs of sum_column's unrolled loop (4 PTX loads, 4 copies) in a "
                    + "row, each address an IMAD.WIDE away. Without it an address that chains on the previous copy's "
                    + "waits behind the readers' longer path. Elsewhere loads keep going first on their own (applied "
                    + "to every block it costs corpus-real 4 to 6 points within 10%).");
    public static final KnobDef OCCUPANCY_CLIFF_PAST_SPILLS = bool(-1, "RegTuneOccupancyCliffPastSpills", false,
            true, KnobEffect.MODELLED, "When occupancy cliff landing's allocation at a cliff stores to memory, try "
                    + "the next cliff down (within RegTuneOccupancyCliffReach) instead of keeping the unlimited "
                    + "count: under a lower budget the scheduler keeps pressure lower, so a lower cliff can fit where "
                    + "a higher one spills (the bundled permute4d_int64 on sm_90 with RegTuneUniformLoopPointers: 50 "
                    + "registers unlimited, 16 bytes spilled at 48, none at 40, as ptxas). A failed cliff is not a "
                    + "step of RegTuneOccupancyCliffSteps. No result of the default knobs changes.");
    public static final KnobDef LOWER_FREE_TEMPORARIES = choice("RegTuneLowerFreeTemporaries", false,
            List.of("off", "sequences", "all"), "sequences", "Give a lowered construct at least the temporaries it "
                    + "takes where registers are free: what ptxas 13.0.88 reports without a limit for the construct's "
                    + "smallest probe (2 values live) beyond the same probe of an add (the lowering table's "
                    + "ptxas_smallest - add_smallest), besides those the budget probes measure under pressure "
                    + "(RegTuneLowerTemporaries): rcp.rn.f32 takes 3 under pressure and 4 where registers are free, and "
                    + "a kernel loading a float, taking its rcp.rn.f32 and storing it uses 14 registers (probe "
                    + "free_temporaries_sm90.ptx; the model 12 with it, 10 without). 'sequences': the constructs ptxas "
                    + "lowers to a sequence with temporaries under pressure (divisions, remainders, rcp.rn, 64-bit "
                    + "integer work); 'all': also single SASS instructions whose smallest probe needs more than the "
                    + "add's (cvt, MUFU approximations: 2 more on sm_80, 4 on sm_90, which is where ptxas numbers their "
                    + "result rather than a temporary); 'off': the budget probes' temporaries alone.");

    public static final KnobDef SCHEDULE_SPECIAL_READS_AS_LOADS = bool(-1, "RegTuneScheduleSpecialReadsAsLoads",
            false, true, KnobEffect.MODELLED, "The pre-allocation scheduler treats a read of a special register that "
                    + "SASS reads with S2R (%tid, %ctaid, %laneid, %clock; not those the constant bank holds, such as "
                    + "%ntid) as a long-latency read: it weighs RegTuneScheduleLoadLatency on the critical path and goes "
                    + "first with the loads (RegTuneScheduleLoadsFirst), as ptxas 13.0.88 issues a kernel's S2Rs "
                    + "together at its top: the three indices of probe special_reads_sm80.ptx's clamp_negative, each "
                    + "scaled by its own mul.wide.s32, are live at once (10 registers on sm_80, 12 on sm_90; the "
                    + "model 8 in PTX order, 10 with this).");

    public static final KnobDef WIDE_ADDEND_CONSTANT_BANK_BELOW_SM = def(-1, "RegTuneWideAddendConstantBankBelowSm",
            false, KnobType.INT, 0, 0, 1000, KnobEffect.MODELLED, "On architectures below this compute capability "
                    + "times ten, a mul.wide.s32/u32 whose product only feeds 64-bit adds of a kernel pointer parameter "
                    + "becomes one IMAD.WIDE per add that reads the pointer as its constant-bank addend, with an "
                    + "immediate factor moved into a register once: ptxas 13.0.88 on sm_80 writes MOV R3, 0x4 and "
                    + "IMAD.WIDE R2, R2, R3, c[0x0][0x160] for squareJIT's store (8 registers), on sm_90 LDC.64 R2, "
                    + "c[0x0][0x210] and IMAD.WIDE R2, R5, 0x4, R2 (10). 0: never.");

    public static final KnobDef GLOBAL_CONVERSION_IS_COPY = bool(-1, "RegTuneGlobalConversionIsCopy", false, false,
            KnobEffect.MODELLED, "Treat cvta.to.global.u64 as a copy that value grouping may coalesce, as ptxas "
                    + "13.0.88 emits no instruction for it (LDC.64 R2 feeds IMAD.WIDE R2, R7, 0x8, R2 directly); "
                    + "false keeps it an instruction whose result takes a register pair of its own.");

    public static final KnobDef DYING_OPERAND_HINTS = bool(-1, "RegTuneDyingOperandHints", false, false,
            KnobEffect.MODELLED, "An instruction's result prefers the register of an operand of its width that dies "
                    + "there, and that operand the result's (a retarget preference like a copy's, where neither "
                    + "has one): ptxas 13.0.88 writes IMAD.WIDE R2, R7, 0x8, R2, LDG.E.64 R2, [R2.64] and "
                    + "LOP3.LUT R6, R6, R2, ... over an operand that dies there; false leaves the choice to the "
                    + "lowest free slot.");

    public static final KnobDef OPERAND_BANKS_UP_TO = def(-1, "RegTuneOperandBanksUpTo", false, KnobType.INT, 0, 0,
            255, KnobEffect.MODELLED, "While the general-register class's peak pressure is at most this many "
                    + "registers, a 32-bit value read by an instruction together with values already placed takes "
                    + "the next register when the lowest free one has the parity (register bank) they have, as "
                    + "ptxas 13.0.88 writes IMAD.WIDE R2, R5, 0x4, R2 and STG.E [R2.64], R5; 0: never.");

    private static final List<KnobDef> VIEW = Collections.unmodifiableList(ALL);
    private static final Map<String, KnobDef> BY_NAME = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);

    static {
        for (KnobDef d : ALL) {
            if (BY_NAME.put(d.name(), d) != null) {
                throw new ExceptionInInitializerError("duplicate knob name " + d.name());
            }
        }
    }

    private KnobCatalogue() {
    }

    /** Every knob, in catalogue order (the order of {@link Knobs} vectors and Parquet columns). */
    public static List<KnobDef> all() {
        return VIEW;
    }

    public static int size() {
        return ALL.size();
    }

    /** Looks a knob up by name, ignoring case. */
    public static Optional<KnobDef> byName(String name) {
        return Optional.ofNullable(BY_NAME.get(name.replace('-', '_')));
    }

    /** Looks a knob up by its seed number. */
    public static Optional<KnobDef> byId(int id) {
        if (id < 0) {
            return Optional.empty();
        }
        return ALL.stream().filter(d -> d.id() == id).findFirst();
    }

    /**
     * Finds a knob by name or by number ("684" or "RegAllocThresholdForDiscardConflicts"); an
     * unknown name gets an IllegalArgumentException with a "did you mean" suggestion.
     */
    public static KnobDef require(String nameOrId) {
        String key = nameOrId.trim();
        if (!key.isEmpty() && key.chars().allMatch(Character::isDigit)) {
            return byId(Integer.parseInt(key)).orElseThrow(
                    () -> new IllegalArgumentException("there is no knob number " + key + " in the catalogue"));
        }
        KnobDef d = BY_NAME.get(key.replace('-', '_'));
        if (d != null) {
            return d;
        }
        String hint = Suggestions.closest(key, BY_NAME.keySet(), Math.max(3, key.length() / 3))
                .map(n -> "; did you mean " + byName(n).orElseThrow().name() + "?")
                .orElse("; run 'regtune knobs' for the list");
        throw new IllegalArgumentException("unknown knob '" + key + "'" + hint);
    }
}
