package dev.regtune.core.coalesce;

/**
 * One copy the coalescer considers (seed 003's 248-byte candidate record, reduced to what the
 * model uses).
 *
 * @param instr the copy instruction
 * @param kind where the copy comes from
 * @param dst the destination register (the heap's key: lowest register number first)
 * @param src the source register; for a sub-register operation, its first part
 * @param weight the tie-break weight: {@code instruction_count + spill_weight + use_count} of the
 *     source register, times the copy's block frequency when the block-frequency flag is set
 */
public record CopyCandidate(int instr, CopyKind kind, int dst, int src, double weight) {
}
