package dev.regtune.core.ir;

/**
 * A {@code .local} array a function declares ({@code .local .align 4 .b8 __local_depot0[28]}).
 *
 * @param name the PTX variable name
 * @param bytes its size
 * @param alignment its {@code .align} (1 when none is given)
 * @param escapes its address is used other than to load or store it at a known base: stored,
 *     passed to a call, compared, mixed with another array's address or reached through a
 *     register that also holds non-addresses; such an array must stay in memory
 * @param generic its address goes through a generic address on the way to a load or store
 *     ({@code cvta.local.u64 %SP, %SPL}, then {@code cvta.to.local.u64}): ptxas 13.0.88 keeps such
 *     an array in memory when it is dynamically indexed
 */
public record LocalArray(String name, int bytes, int alignment, boolean escapes, boolean generic) {
}
