/**
 * Local-array promotion: {@code .local} arrays that ptxas keeps in registers rather than in the
 * stack frame, decided per array and applied to the code before anything is allocated.
 *
 * <p>What ptxas 13.0.88 does, probed with generated kernels ({@code LocalArrayPromotionTest} pins
 * the facts): an array whose every load and store is at a constant offset from its start, whose
 * address escapes nowhere, and whose accesses all move 16- or 32-bit elements (scalar or
 * {@code .v2}/{@code .v4}) becomes registers and leaves no stack frame, up to at least 1024 bytes
 * (beyond 255 registers it spills); 8-bit, 64-bit and mixed-width accesses keep the array in
 * memory. A dynamically indexed array becomes registers too, its accesses selections among the
 * elements by index, when it has at most 8 32-bit elements, at least one access at a constant
 * offset, no index computed from a subroutine's result ({@link
 * dev.regtune.core.promote.SubroutineResults}), no address through a generic conversion, and few
 * dynamic stores (4 into 6 elements, 2 into 7, 1 into 8; a store in a loop ptxas unrolls counts 4);
 * otherwise it stays in memory and counts in the stack frame. The limits are knobs ({@code
 * RegTuneLocalArrayPromotion}, {@code RegTuneLocalPromotionMaxBytes}, {@code
 * RegTuneLocalPromotion{Min,Max}ElementBytes}, {@code RegTuneLocalDynamicPromotionMaxBytes},
 * {@code RegTuneLocalDynamicStoreBudget}, {@code RegTuneLocalDynamicLoopStoreWeight}).
 *
 * <p>The front end resolves which array each load and store addresses, at which offset
 * ({@link dev.regtune.core.ir.LocalMemory}); this package decides and rewrites: every element slot
 * becomes a virtual register, a load a copy from it, a store a copy into it, and the address
 * arithmetic of a promoted array disappears. Before promotion, {@link
 * dev.regtune.core.promote.LocalAddressNarrowingStage} rewrites the addresses of the arrays that
 * stay in memory as ptxas forms them: 32-bit offsets from the stack pointer {@code R1}, none for an
 * address at a constant offset from the frame. It must not parse PTX or allocate registers.
 */
package dev.regtune.core.promote;
