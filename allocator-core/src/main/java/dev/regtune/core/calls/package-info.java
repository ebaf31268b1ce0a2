/**
 * The call graph, as ptxas sees it: a module's functions allocated together, each caller charged
 * for the functions it calls, so that an entry reports what {@code ptxas -v} reports for it.
 *
 * <p>{@link dev.regtune.core.calls.CallGraph} builds the graph from the call targets the front end
 * records ({@link dev.regtune.core.ir.CallTarget}) and orders its strongly connected components
 * callees first; {@link dev.regtune.core.calls.ModuleAllocator} allocates every function once with
 * the family's allocator and then charges the callers ({@code CallAccounting}) using the values
 * live across each call ({@link dev.regtune.core.calls.LiveAcrossCalls}). Per-function
 * assignments are left untouched (the independent checker verifies them as before); only the
 * reported registers, spill bytes, stack frame and occupancy of a caller change. A function
 * without calls keeps its result byte for byte. Knobs: {@code RegTuneCallGraph} (off: every
 * function alone), {@code RegTuneCallDirectRegisters}, {@code RegTuneAbiCallRegisters},
 * {@code RegTuneAbiMinimumRegisters}, {@code RegTuneAbiCalleeSavedRegisters}, {@code RegTuneRecursiveSaveRegisters},
 * {@code RegTuneCallSpillSlack}.
 *
 * <h2>What ptxas 13.0.88 does (probed with generated micro-kernels, pinned by {@code PtxasCallProbeTest})</h2>
 * <ul>
 *   <li><b>Whole-program direct calls.</b> {@code ptxas -v} (no {@code -c}) compiles a private copy
 *       of each non-recursive {@code .func} into every entry that reaches it (the cubin holds local
 *       symbols {@code $entry$func}); the {@code .func} gets a "Function properties" line but no
 *       "Used N registers" line. The entry's "Used N registers" covers the copy: with E values live
 *       across the call and a callee that alone needs F registers, the entry uses about E + F
 *       (callee with 4/16/40/80 live floats and E = 0/8/24/48: every step of E adds E registers;
 *       stack frame 0, no spills: the callee's registers sit above the live values, nothing is
 *       saved). Calls nest additively (entry -> f -> g: live(entry) + live(f) + regs(g)). Two call
 *       sites cost the larger of the two. Values dead at the call cost nothing beyond the
 *       caller's own peak: registers = max(own, max over calls of live + callee).</li>
 *   <li><b>Stack frame of direct calls.</b> The callee's {@code .local} frame is stacked on the
 *       caller's, which is aligned to 8 bytes first: entry 4 + callee 40 = 48; entry 12 -> f 40 ->
 *       g 24 = 80; two callees 40 and 24 from one entry: 8 + 40 = 48 (the larger). The callee's
 *       own line then reports 0 bytes. Under {@code -maxrregcount} both caller and callee spill
 *       and the callee's spill slots count in the entry's frame too.</li>
 *   <li><b>ABI calls</b> (external {@code vprintf}, {@code malloc}, {@code free}; indirect; recursive).
 *       Any function making one uses at least 24 registers (the ABI minimum; a printf kernel with
 *       nothing live uses 24). Values live across the call sit above the registers the callee
 *       may clobber: vprintf and malloc with E floats live (plus a 64-bit pointer): sm_90 E + 20
 *       (L + 18 with L = live registers), sm_80 E + 22; no stack frame, no spills. An indirect
 *       call through a register ({@code .callprototype} or {@code .calltargets} alike) costs L + 17
 *       up to about 16 live registers on sm_90 and about 2L + 3 beyond (the callee-saved registers
 *       run out); its reachable callees' registers count too (a 40-float callee: 47).</li>
 *   <li><b>Recursion.</b> A recursive {@code .func} is compiled once with the ABI; it saves the
 *       registers live across its recursive call in its own frame (K floats live: spill stores =
 *       loads = 4 (K + 3) bytes, frame 16/32/80 for K = 0/4/16); that frame is not added to the
 *       entry's. The entry's registers follow the indirect-call rule. ptxas 13.0.88 prints no
 *       "stack size cannot be statically determined" warning with {@code -v} alone (the cumulative
 *       stack-size line is left out).</li>
 * </ul>
 *
 * <p>The model: registers(f) = max(own(f), max over direct calls of live + registers(callee) +
 * {@code RegTuneCallDirectRegisters}, max over ABI calls of live + {@code RegTuneAbiCallRegisters}
 * and the registers of the reachable callees, {@code RegTuneAbiMinimumRegisters} if any ABI call),
 * where a call of a function on a cycle of calls is an ABI call, and "live" leaves out values
 * loaded from kernel parameters (ptxas reads them again from the constant bank: an entry keeping
 * 0, 8, 16 or 24 parameter floats across a call uses 22 registers each time) and values set only by
 * moves of an immediate (0, 8 or 16 float constants across a call: 23 each time). An indirect or
 * recursive call costs one more register per live register beyond {@code
 * RegTuneAbiCalleeSavedRegisters} (16). The same sum over pressures (most
 * values live at once plus the reserved registers) decides spilling: what exceeds the budget (by
 * more than {@code RegTuneCallSpillSlack}) the caller spills, 4 bytes stored and loaded per
 * register. A recursive function saves, around its recursive call, the values live across it plus
 * {@code RegTuneRecursiveSaveRegisters}. Frame(f) = own frame (with those spills), aligned to 8
 * and topped by the largest frame of a direct callee; a non-recursive {@code .func} that is called
 * reports no frame of its own (its callers hold it), as ptxas prints.
 *
 * <p>Measured on {@code ../shared/corpus-real}, the 34 kernels of kind {@code calls} (17 files, 13
 * repositories), no limit, before -> after (register MAPE; mean signed error; within 10%; Spearman):
 * <table>
 *   <caption>calls kernels of corpus-real</caption>
 *   <tr><th>family, arch</th><th>MAPE</th><th>signed</th><th>within 10%</th><th>Spearman</th></tr>
 *   <tr><td>fatpoint sm_90</td><td>27.5% -> 10.3%</td><td>-8.9 -> -3.1</td><td>12% -> 53%</td><td>0.918 -> 0.946</td></tr>
 *   <tr><td>fatpoint sm_80</td><td>25.6% -> 7.8%</td><td>-8.0 -> -2.1</td><td>12% -> 71%</td><td>0.897 -> 0.984</td></tr>
 *   <tr><td>briggs sm_90</td><td>24.7% -> 10.7%</td><td>-3.0 -> +1.2</td><td>29% -> 65%</td><td>0.826 -> 0.952</td></tr>
 *   <tr><td>briggs sm_80</td><td>22.7% -> 9.4%</td><td>-2.0 -> +2.1</td><td>35% -> 68%</td><td>0.833 -> 0.976</td></tr>
 * </table>
 * "It spills" at -maxrregcount 128/64/40/32/24, both archs (170 pairs each): fatpoint F1 0.87 ->
 * 0.92, briggs 0.88 -> 0.94. {@code RegTuneCallSpillSlack} = 4 is a fit (repositories held out:
 * 4 chosen in all 13 folds, cross-validated fatpoint F1 0.92; 0.84 with no slack).
 *
 * Not modelled: the 2-register sm_80/sm_90 difference of ABI calls, the registers a recursive
 * function itself needs under the ABI (a recursive callee keeping 16 floats: ptxas 40, model 33),
 * the 4 bytes an indirect call's target saves in its own frame, ABI arguments beyond 12 32-bit
 * words (ptxas passes up to 12 in registers and puts each further one in the caller's frame: 24
 * arguments through a prototype give a 48-byte frame and 32 registers, pinned by {@code
 * PtxasCallProbeTest}; a direct call's arguments are ordinary live values), reaching definitions (a constant
 * later overwritten still counts as live), which functions have their address taken (an indirect call
 * through a prototype may reach every {@code .func} of the module).
 *
 * <p>Must not: change a function's assignment, or read anything but its arguments.
 */
package dev.regtune.core.calls;
