package dev.regtune.core.ptx;

import dev.regtune.core.ir.InstrKind;
import org.jspecify.annotations.Nullable;

/**
 * What the front end needs to know about one opcode spelling ({@code ld.global.nc.v4.f32}),
 * computed once per distinct spelling by {@link PtxOpcodes#classify(String)} and cached in the
 * {@link NameTable}.
 *
 * @param kind the instruction kind; null for an unknown opcode, which the parser reports as an error
 * @param role how operands map to defs and uses, and which control-flow builder call to use
 * @param mma tensor-core instruction: members of its vector operands are MMA fragments
 * @param accumulates the first (def) vector operand is also read (wgmma's D = A*B + D)
 * @param move a {@code mov}: a same-class register-to-register copy, and its {@code {a, b}} operands
 *     are pack/unpack halves rather than hardware vector operands
 * @param loadsParam an {@code ld.param}
 * @param uniform the {@code .uni} modifier is present
 * @param ordered a load or store with memory-ordering semantics ({@code .volatile}, {@code .relaxed},
 *     {@code .acquire}, {@code .release}, {@code .mmio}): ptxas's scheduler moves nothing across it
 */
record OpcodeInfo(@Nullable InstrKind kind, Role role, boolean mma, boolean accumulates, boolean move,
        boolean loadsParam, boolean uniform, boolean ordered) {

    /** How the operand list of an instruction is read. */
    enum Role {
        /** The first operand, when it is a register, vector or {@code a|b} pair, is the def; the rest are uses. */
        FIRST_IS_DEF,
        /** Every register operand is a use (stores, barriers, fences, nanosleep, ...). */
        NO_DEFS,
        /** {@code bra label}. */
        BRANCH,
        /** {@code brx.idx index, tlist}. */
        BRANCH_INDEXED,
        /** {@code call (rets), target, (args) [, prototype]}. */
        CALL,
        /** {@code ret} and {@code exit}. */
        RETURN
    }
}
