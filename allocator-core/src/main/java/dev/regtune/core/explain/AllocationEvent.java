package dev.regtune.core.explain;

import dev.regtune.core.alloc.CopyCoalescing;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.model.RegisterBudget;
import java.util.List;

/** One decision of an allocation, as {@code regtune allocate --explain} tells it. */
public sealed interface AllocationEvent {

    /**
     * A stage of the pipeline starts.
     *
     * @param stage the stage's name, as the README's stage table names it
     * @param instructions instructions of the function the stage sees
     * @param values virtual registers of that function
     */
    record StageStarted(String stage, int instructions, int values) implements AllocationEvent {
    }

    /**
     * The register budget and the occupancy reasoning behind it.
     *
     * @param maxRegisters {@code -maxrregcount} as given, 0 for none
     * @param budget registers per thread the allocator works to
     * @param source what set the budget
     * @param reserved registers ptxas counts beyond the allocated ones (knob RegTuneReservedRegisters)
     * @param gprBudget slots the GPR classes may use: budget minus reserved
     * @param threadsPerBlock threads per block assumed (launch bounds, else knob RegTuneDefaultThreadsPerBlock)
     * @param targetWarps active warps per SM at the budget
     * @param minWarps active warps per SM at the architecture's maximum registers
     * @param linearFraction the budget model's interpolation (coefficients A/B/C of seed 000)
     */
    record BudgetChosen(int maxRegisters, int budget, RegisterBudget.Source source, int reserved, int gprBudget,
            int threadsPerBlock, int targetWarps, int minWarps, double linearFraction) implements AllocationEvent {
    }

    /**
     * Without a register limit the entry landed on an occupancy cliff: the allocation that follows is
     * the one at {@code cliff} registers, which stores and loads nothing.
     *
     * @param unlimited registers of the allocation without a limit
     * @param cliff the budget of the allocation reported
     */
    record OccupancyCliffLanded(int unlimited, int cliff) implements AllocationEvent {
    }

    /**
     * The pre-allocation scheduler reordered the blocks.
     *
     * @param moved instructions that left their layout position
     * @param instructions instructions of the function
     */
    record BlocksScheduled(int moved, int instructions) implements AllocationEvent {
    }

    /**
     * Lowering gave instructions the temporaries of their SASS sequences.
     *
     * @param table the probed architecture whose rules applied
     * @param instructions instructions given temporaries
     * @param temporaries temporaries added in all
     * @param registerFloor the fewest registers reported without a limit (0: none)
     * @param floorConstruct the construct the floor comes from ("" when none)
     * @param oddStoreData values held in an odd register as the data of a 32-bit global store
     */
    record ConstructsLowered(String table, int instructions, int temporaries, int registerFloor,
            String floorConstruct, int oddStoreData) implements AllocationEvent {
    }

    /**
     * Wide multiply-add fusion ran.
     *
     * @param multiplies {@code mul.wide} instructions folded into the 64-bit adds reading them
     */
    record WideMultipliesFused(int multiplies) implements AllocationEvent {
    }

    /**
     * Constant-bank wide addends ran.
     *
     * @param adds 64-bit adds of a pointer parameter to a {@code mul.wide} product that read the
     *     pointer from the constant bank as one {@code IMAD.WIDE} each
     */
    record WideAddendsFromConstantBank(int adds) implements AllocationEvent {
    }

    /**
     * Global conversion copies ran.
     *
     * @param conversions {@code cvta.to.global.u64} instructions that became coalescable copies
     */
    record GlobalConversionsCopied(int conversions) implements AllocationEvent {
    }

    /**
     * Loop unrolling ran.
     *
     * @param loops single-block loops unrolled
     * @param factor copies of each loop's body
     */
    record LoopsUnrolled(int loops, int factor) implements AllocationEvent {
    }

    /**
     * Symbol address loading ran.
     *
     * @param accesses global accesses to module-scope variables that read their address from a register pair
     */
    record SymbolAddressesLoaded(int accesses) implements AllocationEvent {
    }

    /**
     * Duplicated fragment merging ran.
     *
     * @param registers registers of {@code .f16} WMMA fragments merged into the alike register ptxas loads once
     */
    record FragmentDuplicatesMerged(int registers) implements AllocationEvent {
    }

    /**
     * Address offset folding ran.
     *
     * @param adds adds of a constant to an address folded into the accesses' immediate offsets
     */
    record AddressOffsetsFolded(int adds) implements AllocationEvent {
    }

    /**
     * Parameter operand folding ran.
     *
     * @param operands kernel parameter reads that became constant-bank operands of the instructions reading them
     */
    record ParametersFolded(int operands) implements AllocationEvent {
    }

    /**
     * Parameter sinking ran.
     *
     * @param loads kernel parameter reads moved to the block that uses them
     */
    record ParametersSunk(int loads) implements AllocationEvent {
    }

    /**
     * Parameter rematerialization ran.
     *
     * @param reads kernel parameter reads copied into blocks that run on only some iterations of a loop
     */
    record ParametersRematerialized(int reads) implements AllocationEvent {
    }

    /**
     * Induction variable merging ran.
     *
     * @param variables induction variables formed from another one where they are read
     */
    record InductionVariablesMerged(int variables) implements AllocationEvent {
    }

    /**
     * If-conversion ran.
     *
     * @param blocks short guarded blocks predicated and merged into the block before them
     */
    record GuardedBlocksMerged(int blocks) implements AllocationEvent {
    }

    /**
     * Local address narrowing ran.
     *
     * @param removed addresses at a constant offset from the stack frame that need no register (R1+imm)
     * @param narrowed local addresses and their indices that take one register instead of a pair
     */
    record LocalAddressesNarrowed(int removed, int narrowed) implements AllocationEvent {
    }

    /**
     * Local-array promotion decided one {@code .local} array.
     *
     * @param array the array's PTX name
     * @param bytes its size
     * @param promoted whether it became registers (else it stays in the stack frame)
     * @param reason why, e.g. "every access at a constant offset" or "dynamically indexed"
     */
    record LocalArrayDecided(String array, int bytes, boolean promoted, String reason) implements AllocationEvent {
    }

    /** CICC's copy coalescer ran in front of the allocator. */
    record CopiesCoalesced(CopyCoalescing report) implements AllocationEvent {
    }

    /**
     * Warp-uniform values were placed.
     *
     * @param toUniform values declared as GPR that now live in the uniform register file
     * @param toGpr values declared uniform that went back to the GPR file (no UR file, or UR overflow)
     * @param policy the uniform policy knob's value
     */
    record UniformPlaced(int toUniform, int toGpr, int policy) implements AllocationEvent {
    }

    /**
     * Values were grouped for the fat-point scan.
     *
     * @param groups value groups (a group shares one register: coalesced copies, pairs)
     * @param coalescedCopies copies the grouping removed
     */
    record ValuesGrouped(int groups, int coalescedCopies) implements AllocationEvent {
    }

    /**
     * A register class starts.
     *
     * @param cls the class
     * @param values values (groups) of the class
     * @param budget slots of the class
     * @param peakPressure highest number of slots live at once before any spill
     * @param spillWeight the spill cost weight chosen from the class pressure (15.0 normal / 3.0 high)
     */
    record ClassStarted(RegClass cls, int values, int budget, int peakPressure, double spillWeight)
            implements AllocationEvent {
    }

    /**
     * One fat-point attempt of a class.
     *
     * @param cls the class
     * @param attempt 0 for NOSPILL, then the SPILL retries, then the fallback's attempts
     * @param target the pressure target spill guidance aimed at before this attempt (the budget for NOSPILL)
     * @param success every value got a slot within the budget without conflict
     * @param failed the scan found no slot under the discard threshold for some value (the seed's error path)
     * @param peak slots used
     * @param spillMarks values placed beyond the budget or on a conflicting slot (flag 0x40000)
     * @param discardedSlots slots discarded for exceeding the conflict threshold (knob 684)
     * @param best whether the best-result recorder kept this attempt
     */
    record AttemptMade(RegClass cls, int attempt, int target, boolean success, boolean failed, int peak,
            int spillMarks, int discardedSlots, boolean best) implements AllocationEvent {
    }

    /**
     * Spill guidance chose values to spill before a retry.
     *
     * @param cls the class
     * @param attempt the attempt the picks are made for
     * @param target the pressure target
     * @param overPoints program points where pressure exceeds the target
     * @param picked PTX names of the chosen values (the first register of each group)
     * @param cost their total spill cost
     * @param reason why these: cheapest per relieved point, or cheapest first
     */
    record GuidancePicked(RegClass cls, int attempt, int target, int overPoints, List<String> picked, double cost,
            String reason) implements AllocationEvent {
    }

    /**
     * The spill feasibility gate (knob RegAllocSpillFeasibilityThreshold) looked at a stalled retry.
     *
     * @param cls the class
     * @param attempt the attempt
     * @param spillMarks spill marks of the stalled attempt
     * @param threshold the gate's threshold
     * @param forced whether it forced extra spill marks
     * @param extra how many it forced
     */
    record FeasibilityGate(RegClass cls, int attempt, int spillMarks, int threshold, boolean forced, int extra)
            implements AllocationEvent {
    }

    /**
     * The retries did not fit and the final fallback ran.
     *
     * @param cls the class
     * @param step "best attempt plus guidance" or "every value in memory"
     * @param spilledValues values spilled after the step
     * @param success whether the step's attempt fit
     */
    record FallbackRan(RegClass cls, String step, int spilledValues, boolean success) implements AllocationEvent {
    }

    /**
     * A register class is done.
     *
     * @param cls the class
     * @param ok it fits its budget
     * @param peak slots used
     * @param attempts attempts made
     * @param spilledValues values spilled
     * @param spillCost their total cost
     */
    record ClassFinished(RegClass cls, boolean ok, int peak, int attempts, int spilledValues, double spillCost)
            implements AllocationEvent {
    }

    /**
     * One round of the Briggs family for one class: build, coalesce, simplify, select.
     *
     * @param round the round, from 1
     * @param cls the class
     * @param nodes interference-graph nodes
     * @param colours colours available (the class budget)
     * @param uncoloured nodes select could not colour (spilled for the next round)
     * @param impossible a temporary could not be coloured and no value live with it can be spilled
     */
    record BriggsRound(int round, RegClass cls, int nodes, int colours, int uncoloured, boolean impossible)
            implements AllocationEvent {
    }

    /**
     * Where spilled values went.
     *
     * @param local values in local memory (LMEM)
     * @param shared values in shared memory (SMEM, knob 619)
     * @param rematerialized values recomputed at each use
     * @param predicateBits predicates kept as bits of a GPR
     * @param localFrameBytes bytes of LMEM spill slots per thread
     */
    record SpillsPlaced(int local, int shared, int rematerialized, int predicateBits, int localFrameBytes)
            implements AllocationEvent {
    }

    /**
     * How the reported register count was reached.
     *
     * @param registers the reported count
     * @param gprPeak highest GPR slot used plus its width, over the GPR classes
     * @param reserved registers added for ptxas's reserved ones
     * @param predicateBitRegister one GPR added to hold spilled predicates
     * @param minimum the floor (knob RegTuneMinimumRegisters)
     * @param cap the architecture's per-thread maximum
     * @param activeWarps active warps per SM at {@code registers}
     * @param occupancy active warps over the maximum
     */
    record RegistersCounted(int registers, int gprPeak, int reserved, boolean predicateBitRegister, int minimum,
            int cap, int activeWarps, double occupancy) implements AllocationEvent {
    }

    /**
     * The function was charged for its calls after its own allocation (package {@code calls}).
     *
     * @param ownRegisters the registers of the function alone
     * @param registers the registers it reports, charged
     * @param calls one line per call: what it calls, how, and what it costs
     * @param spilledBytes bytes the caller stores (and as many it loads) around its calls: registers a
     *     recursive function saves, and what the charge puts beyond the budget
     * @param frameBytes its stack frame, charged
     */
    record CallsCharged(int ownRegisters, int registers, List<String> calls, int spilledBytes, int frameBytes)
            implements AllocationEvent {
        public CallsCharged {
            calls = List.copyOf(calls);
        }
    }

    /** The allocation failed with ptxas's message. */
    record Failed(String message) implements AllocationEvent {
    }
}
