/**
 * Lowering: what ptxas turns a PTX instruction into before it allocates, as far as registers
 * are concerned. A PTX {@code div.rn.f64} is a SASS sequence with temporaries of its own and a
 * slow path in an internal subroutine; a {@code rem.s64} an IMAD sequence with register pairs
 * of scratch. The allocator sees the PTX instruction; this package adds what the sequence needs.
 *
 * <p>The facts come from the real ptxas, not from a reading of SASS: {@code regtune datasets
 * probe} assembles, per architecture and per construct, a generated micro-kernel that keeps
 * {@code n} values live across the construct, at three pressures, and finds the smallest
 * {@code -maxrregcount} at which ptxas does not spill; the same kernels go through this model
 * without lowering. A construct's <em>temporaries</em> are the registers ptxas needs beyond the
 * model's (the median over the pressures, less the same difference for a plain {@code add} of
 * the same type); its <em>register floor</em> is what ptxas reports, without a limit, for the
 * smallest kernel with the construct, where that exceeds the smallest kernel with the plain
 * {@code add}. The table ({@code lowering-table.csv} beside these classes, with the figures it
 * was derived from) is committed, and {@code LoweringTableProbeTest} checks a sample of it
 * against ptxas where ptxas is installed.
 *
 * <p>{@link dev.regtune.core.lower.LoweringStage} applies the table: before an instruction with
 * temporaries it inserts a {@code lower.temporaries} pseudo-instruction that defines them from the
 * instruction's inputs, and the instruction reads them, so they are live beside its inputs exactly
 * there; the largest floor of the function's constructs becomes the lowest register count the
 * measure reports without a limit. Knobs {@code RegTuneLowerTemporaries} and
 * {@code RegTuneLowerRegisterFloors} switch the two parts.
 *
 * <p>This package must not parse PTX text (it keys the table by opcode spelling only) or run
 * ptxas; it must not allocate registers.
 */
package dev.regtune.core.lower;
