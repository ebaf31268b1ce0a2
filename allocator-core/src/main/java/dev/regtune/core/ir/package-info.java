/**
 * The Kernel IR: functions, basic blocks, instructions with defs and uses, virtual registers
 * with register class and pair mode, per-vreg constraints and static flags.
 *
 * <p>Storage is compact and int-indexed ({@link dev.regtune.core.ir.KernelFunction} keeps flat
 * arrays, never an object per operand) because a sweep allocates the same function billions of
 * times. A {@code KernelFunction} is immutable once built; it is created by
 * {@link dev.regtune.core.ir.FunctionBuilder}, which also derives the basic blocks and the CFG
 * edges from labels and branches, so every producer (the PTX front end, synthetic generators,
 * tests) gets the same block structure.
 *
 * <p>A function may carry its {@code .local} arrays and, per instruction, the array it loads,
 * stores or addresses at a constant or dynamic offset ({@link dev.regtune.core.ir.LocalMemory}),
 * as its producer resolved them; local-array promotion reads them.
 * <p>A function also keeps what each of its calls calls ({@link dev.regtune.core.ir.CallTarget},
 * one per call instruction, in order), from which {@code dev.regtune.core.calls} builds the
 * module's call graph.
 *
 * <p>This package must not know about PTX syntax, knobs, architectures or allocation state: the
 * class a value is finally allocated in (for example R versus UR for a uniform value) is decided
 * by the allocator per architecture, not stored here.
 */
package dev.regtune.core.ir;
