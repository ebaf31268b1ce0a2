/**
 * The independent allocation checker: verifies an {@link dev.regtune.core.alloc.Assignment}
 * against its {@link dev.regtune.core.ir.KernelFunction}, the part regalloc2's checker plays for
 * Cranelift. Tests and fuzzers call {@link dev.regtune.core.check.AllocationChecker#verify};
 * sweeps may call {@link dev.regtune.core.check.AllocationChecker#check} to record a {@link
 * dev.regtune.core.check.CheckReport}.
 *
 * <h2>What it proves, and what it does not</h2>
 * It proves that the placement is free of interference: with its own liveness, no two values
 * live at the same program point share a register or a spill slot, and every register is within
 * its class budget and aligned (the rules below). It is not a symbolic checker in regalloc2's
 * sense, because no stage of RegTune inserts code: spills, reloads and rematerialization are
 * recorded as a value's place at each of its operand occurrences, not as instructions, so there
 * is no move or reload to follow from its def to a use. A stage that inserts instructions (spill
 * code, copies, lowering sequences that read or write an allocated value through another
 * register) must extend this checker to follow each value symbolically from def to use through
 * the inserted code, as regalloc2's checker does, before its results are trusted. Lowering
 * temporaries added as ordinary virtual registers of the function are values like any other and
 * are covered by the interference rules.
 *
 * <p>Two stages change code before allocation: local-array promotion (loads and stores of a
 * promoted array become moves of fresh registers) and the pre-allocation scheduler (instructions
 * change places within their blocks). The checker verifies the placement of the function those
 * stages produced ({@link dev.regtune.core.alloc.AllocationResult#allocatedFunction()}); it does not
 * prove that the produced function computes what the original did. That is pinned by the stages'
 * own tests: the scheduler's order is a permutation within blocks that keeps every register,
 * memory and fence dependence (a use after its def, a store after the loads before it), and
 * promotion is checked against ptxas's stack frames.
 *
 * <h2>Why it is independent</h2>
 * A checker that reuses the allocator's liveness would bless the allocator's liveness bugs. This
 * package therefore shares nothing with the allocator except the IR and the {@code Assignment}
 * value: it must not use {@code dev.regtune.core.analysis} or any allocator stage, and it has its
 * own liveness ({@code LiveRanges}), written for obviousness rather than speed (a textbook
 * gen/kill data-flow over the CFG, then one backward walk per block).
 *
 * <h2>What is verified</h2>
 * <ul>
 * <li><b>Program points.</b> Instruction {@code i} has the read point {@code 2i} (values live
 * into {@code i}, including those it uses) and the write point {@code 2i+1} (values live out of
 * {@code i}, including those it defines). A value defined at {@code i} and last used at {@code j}
 * occupies points {@code 2i+1..2j}; a dead def occupies {@code 2i+1} only. Across blocks,
 * liveness is the standard backward data-flow over the CFG ({@code live-in = uses ∪ (live-out −
 * defs)}), unreachable blocks included. A def by an instruction flagged
 * {@link dev.regtune.core.ir.InstrFlags#GUARDED} does not kill: if the old value was live it stays
 * live through the instruction, unless no def of it may have run before (the first def in a block
 * that no def reaches at its entry): then there is no old value and the guarded def starts the
 * value like any other. A value is live only where some def of it may have run (a read
 * with no def reaching its block is live from that block's start). Because
 * a value that dies at {@code i} is not live at {@code 2i+1}, a copy's destination may take the
 * slot of a source that dies at that copy.</li>
 * <li><b>Classes.</b> Every vreg that occurs as an operand has an assigned class 1..6
 * ({@code classOf}); vregs that never occur are ignored entirely.</li>
 * <li><b>Registers of values in registers.</b> A value that is not spilled has {@code slotOf(v) >=
 * 0}; its slots {@code [slot, slot + vregSlots(v))} lie within {@code classBudget(class)}; and
 * {@code pairMode(v).accepts(slot)} (pairs even, quads a multiple of four).</li>
 * <li><b>Spilled values.</b> A spilled value has {@code slotOf == -1}; in LMEM or SMEM its
 * {@code spillOffset} is a non-negative multiple of 4 (GPR_BIT and REMAT spills have no offset to check).
 * It occupies a register only at its own operand occurrences: a def occurrence at {@code i}
 * occupies {@code operandSlot(op)} at point {@code 2i+1}, a use occurrence at point {@code 2i}.
 * Each such operand slot is present, within budget and aligned, and occurrences of the same vreg
 * at the same point use the same slot. A use marked {@code reloadReused} (lazy reload: no load
 * from memory) must find the nearest earlier occurrence of the value in its block (a def, or a
 * use) in the same register, and then occupies that register from just after that occurrence
 * to the use, so any other value placed there in between is a conflict.</li>
 * <li><b>No register conflicts.</b> No two distinct values of the same class occupy overlapping
 * slot ranges at the same point (pairs and quads count with all their slots). Different classes
 * never conflict.</li>
 * <li><b>No spill-slot conflicts.</b> Two LMEM-spilled values whose live ranges (as if they were
 * not spilled) overlap must not have overlapping byte ranges {@code [offset, offset + 4*slots)};
 * the same for SMEM. LMEM and SMEM never conflict with each other.</li>
 * </ul>
 * Not verified: the allocator's choice of class (an R value may be placed in UR), per-vreg
 * constraints other than alignment, which bit of which GPR a GPR_BIT spill uses, operand slots
 * of values that are not spilled (they are ignored).
 *
 * <p>Every violation is reported with a message naming the vregs by their IR names, the
 * instruction, the register and the point. The number of violations kept is capped; the total is
 * always counted.
 */
package dev.regtune.core.check;
