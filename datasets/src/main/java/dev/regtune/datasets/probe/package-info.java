/**
 * Micro-kernels that probe what ptxas lowers one PTX construct to: {@link
 * dev.regtune.datasets.probe.ProbeConstruct} names a construct and its operand types, {@link
 * dev.regtune.datasets.probe.ProbeConstructs} lists the constructs the lowering table covers (the
 * ones real code uses most: division, remainder, square root, reciprocal, transcendental
 * approximations, 64-bit multiply and shifts, conversions), and {@link
 * dev.regtune.datasets.probe.ProbeKernel} writes the PTX of a kernel that keeps {@code n} values
 * live across the construct.
 *
 * <p>This package only writes PTX text. It must not run ptxas or the allocator: the command line
 * ({@code regtune datasets probe}) does both and derives the table of {@code
 * dev.regtune.core.lower} from them.
 */
package dev.regtune.datasets.probe;
