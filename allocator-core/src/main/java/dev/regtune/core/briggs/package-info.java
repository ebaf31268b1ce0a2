/**
 * CICC's register allocator (seeds 001/002): Briggs optimistic colouring with George-style
 * conservative coalescing, as the {@code briggs} allocator family. It shares the analyses, the
 * spill-slot placement and the measurements with the fat-point allocator and must not depend on
 * it.
 *
 * <h2>Pipeline, per allocation</h2>
 * CICC's copy coalescer ({@code dev.regtune.core.coalesce}), then rounds of: per register class,
 * build the interference graph ({@code InterferenceGraph}), coalesce copies conservatively and
 * simplify/select ({@code ClassColouring}); values select could not colour are spilled and the
 * round repeats, up to {@code BriggsMaxRounds}. Then spill slots, lazy reload ({@code
 * LazyReload}) and the same measurements as every family.
 *
 * <p>A round redoes only what spilling changed: a class that spilled nothing in the last round
 * keeps its nodes, graph and colouring (its input is the same), and a class that did gets its
 * next graph from the last one ({@code NextRoundGraph}: the newly spilled values' nodes removed,
 * their temporaries added) rather than from a sweep of every live segment. The round keeps the
 * last round's value numbers ({@code ClassNodes.keepingNumbers}; temporaries follow every value):
 * the spilled values' numbers stay behind unused and the last rows serve as they are, with only
 * their temporaries' part renumbered and the new temporaries merged in, so that no row of values
 * is renumbered.
 *
 * <h2>How the seeds are read</h2>
 * <ul>
 * <li><b>K and the "K = 15".</b> The colours are the register budget (from {@code
 * -maxrregcount}, launch bounds or the architecture, less the reserved registers). The seed's K
 * = 15 ({@code BriggsLowDegreeThreshold}) is the degree threshold: a node is of low degree when
 * its degree is below {@code min(15, the positions it has)}, and the same threshold serves both
 * criteria below.</li>
 * <li><b>Constraint edges.</b> Widths are 1, 2 or 4 slots, aligned to their width (64-bit
 * values on even registers). A node's positions are {@code colours / width}; a neighbour of
 * width {@code w} blocks {@code max(1, w / width)} of them. Degrees count these weights, so the
 * 64-bit alignment and the aliasing of different widths are in the degree, and "degree below
 * positions" still guarantees a colour.</li>
 * <li><b>Interference</b> is the overlap of live ranges at a program point, swept over the live
 * segments of every node: the seed's backward walk over live sets, exact at the points the
 * checker uses (values live into the entry block included).</li>
 * <li><b>Phase 3, the George criterion</b> with the factor ({@code BriggsCoalescingFactor}, 0.8):
 * two copy-related, non-adjacent nodes of one width merge when fewer than the threshold of
 * their neighbours have {@code degree x factor >= threshold}; passes over the copies repeat
 * until none merges.</li>
 * <li><b>Phase 4, simplify.</b> Removal prefers a low-degree node; then a node meeting the
 * Briggs criterion (at least threshold neighbours with {@code degree x factor < threshold});
 * then, with no safe node, the spill candidate with the lowest {@code cost / max(degree, 1)}
 * (the seed's victim selection; its "highest priority" tier-2 formula is not used, since it
 * would push the most expensive nodes first). Spill candidates are pushed and coloured
 * optimistically ({@code BriggsOptimisticSelect}; off, they are spilled at once, Chaitin's
 * way). Select gives the lowest aligned free position.</li>
 * <li><b>Spill cost</b> {@code defs x uses x latency x base^depth}: counts of defining and using
 * instructions, {@code BriggsMemoryLatency} (0: the architecture's local-load latency) and
 * {@code BriggsLoopDepthBase} (1.5) to the deepest loop of any occurrence.</li>
 * <li><b>Spill code.</b> A spilled value is stored after each def and reloaded before each use
 * into a temporary live at that one point; temporaries are nodes of the next round and are never
 * spilled. If one cannot be coloured, the cheapest value interfering with it is spilled instead;
 * if there is none, the allocation fails with ptxas's message. Predicates spill into GPR bits,
 * everything else to local memory (CICC has no shared-memory spilling).</li>
 * <li><b>Phase 6, lazy reload.</b> Reloads sit right before their uses; a reload is removed when
 * the nearest earlier occurrence of the value in the same block (its def, or a use that
 * reloaded it), which dominates it, left the value in a register no other value has taken
 * since. Only then is it redundant without new register pressure; the seed's cross-block
 * propagation (a union over predecessors) would not be sound and is not modelled.</li>
 * <li><b>Classes.</b> Each declared class is coloured apart; uniform classes (only in hand-built
 * IR, since PTX declares none) go to the GPR file on architectures without uniform registers.
 * CICC knows no uniform datapath, so this family never moves values to UR as the fat-point
 * model does.</li>
 * </ul>
 */
package dev.regtune.core.briggs;
