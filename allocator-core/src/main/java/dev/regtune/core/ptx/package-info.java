/**
 * The PTX front end: {@link dev.regtune.core.ptx.PtxParser#parse(String, String)} turns PTX text as
 * nvcc/cicc emit it (PTX ISA 1.x to 9.x) into a {@link dev.regtune.core.ir.PtxModule} of
 * {@link dev.regtune.core.ir.KernelFunction}s, built through
 * {@link dev.regtune.core.ir.FunctionBuilder}. It accepts what ptxas 13.0 accepts, including
 * nvopencc-era PTX (ISA 1.x, after the {@code .version}/{@code .target} rewrite ptxas 13 needs):
 * {@code .func} prototypes without their {@code ;}, pre-ABI {@code .reg} parameters and register
 * call arguments, dot-keywords written without blanks ({@code .param.f32}), vector registers and
 * the built-in constant {@code WARP_SZ}. {@code RealWorldCorpusTest} parses and allocates all of
 * {@code shared/corpus-real}; {@code PtxasConstructsTest} pins one file per construct to ptxas.
 *
 * <h2>Pipeline</h2>
 * {@code PtxLexer} (single pass over a char array, one current token in fields, hashes computed
 * while scanning; a file is streamed through a window of {@code PtxParser.STREAM_WINDOW} chars by
 * {@code PtxTextStream}, so parsing a file takes the IR's memory and the window's, not the file's
 * text) feeds {@code ModuleParser} (module directives, variables, signatures, launch
 * bounds) which hands each body to {@code FunctionBodyParser} (scopes, declarations, labels,
 * instructions). {@code NameTable} interns words and caches per word its directive/type meaning,
 * special-register kind, opcode classification ({@code PtxOpcodes}, also cached across parses), the
 * register declarations in scope, what a register name last resolved to through a range declaration
 * (until a range declaration opens or closes) and the {@code name#k} count of the function, so the
 * per-instruction path allocates almost nothing and uses no regular expressions.
 *
 * <h2>What the IR receives</h2>
 * <ul>
 *   <li><b>Vregs</b>: one per PTX register actually referenced, created on first reference (a
 *       {@code .reg .b32 %r<100000>} range costs one small object). {@code .pred} = P; up to 32
 *       bits (and {@code .f16x2}/{@code .bf16x2}) = R SINGLE; 64 bits = R DOUBLE; {@code .b128} =
 *       R QUAD, with a PAIRED constraint on every DOUBLE/QUAD vreg. A vector register
 *       ({@code .reg .v2 .b16 %r<3>}, {@code .reg .v4 .f32 %q}, or a {@code .reg .v4 .u16} parameter)
 *       is one R vreg of the vector's total width (at most 128 bits), so 64/128-bit vectors are
 *       pairs/quads aligned as ptxas places vector operands; a component ({@code %q.x},
 *       {@code %q.w}; also {@code .r .g .b .a}) reads the whole vreg, and writing one is a def that
 *       also reads the vreg once it holds a value (the other components live on). Components in a
 *       {@code {...}} operand form no VECTOR_GROUP, and moving a component is not a COPY. Nested {@code { }} blocks are
 *       scopes: a name declared again inside one (inline asm does this) is a new vreg named
 *       {@code name#k}.</li>
 *   <li><b>Defs and uses</b>: the guard predicate is the first use; for ordinary instructions the
 *       first operand (a register, a {@code {...}} vector, or a {@code d|p} pair) is the def and
 *       every register in the other operands is a use, including address bases and texture
 *       coordinates. Stores, reductions, barriers (except {@code bar.red}), fences, prefetches,
 *       {@code nanosleep}, branches and async copies define nothing. wgmma's accumulator vector is
 *       a def and a use. {@code _} sinks and immediates inside vectors take a slot but no vreg.</li>
 *   <li><b>Vector operands</b> flag members VECTOR_MEMBER (and MMA_FRAGMENT for tensor-core
 *       instructions) and get one VECTOR_GROUP constraint per member ({@code a} = first register
 *       member, {@code b} = number of slots); identical constraints are added once. The
 *       {@code {lo, hi}} operands of {@code mov} pack/unpack are moved halves, not hardware vector
 *       operands, so they get neither.</li>
 *   <li><b>Flags</b>: GUARDED/GUARD_NEGATED; BRANCH (+NO_FALLTHROUGH when unguarded,
 *       UNIFORM_BRANCH for {@code .uni}) for {@code bra} and {@code brx.idx}; CALL for
 *       {@code call}; RETURN (+NO_FALLTHROUGH when unguarded) for {@code ret} and {@code exit};
 *       COPY for an unguarded {@code mov} between two registers of the same class and width.
 *       VregFlags: ADDRESS on 64-bit address bases (not texture handles), FROM_PARAM on values
 *       loaded by {@code ld.param} from a parameter of the {@code .entry} itself (a call's return
 *       value or a {@code .func} parameter is per-thread, so it is not flagged).</li>
 *   <li><b>Special registers</b> ({@code %tid.x}, {@code %ctaid.y}, {@code %laneid}, ...) are not
 *       vregs; an instruction that reads one gets {@code InstrFlags.READS_UNIFORM_SPECIAL} or
 *       {@code READS_DIVERGENT_SPECIAL} as classified by {@link dev.regtune.core.ptx.PtxSpecialRegisters}.</li>
 *   <li><b>Labels</b> are block-scoped as in PTX; a repeated label in a sibling block (CUTLASS
 *       inline asm) gets the IR name {@code label#k}.</li>
 *   <li><b>Memory</b>: {@code .local} and {@code .shared} variables declared in a function add to
 *       its local/shared bytes (no alignment padding; unsized {@code []} arrays count 0). A
 *       module-level {@code .shared}/{@code .local} variable counts for every function that
 *       references it directly or through functions it calls or takes the address of.</li>
 *   <li><b>Launch bounds</b>: {@code .maxntid}, {@code .reqntid} (products of the dimensions),
 *       {@code .minnctapersm}, {@code .maxnreg}; cluster directives, {@code .noreturn} and ABI
 *       directives are checked and dropped.</li>
 *   <li><b>Lines</b>: an instruction's line is the PTX line of its first token, not a {@code .loc}
 *       source line.</li>
 *   <li><b>Constants</b>: {@code WARP_SZ} (32) is an immediate wherever a number may stand;
 *       constant expressions are evaluated (64-bit integer arithmetic) where an address needs them.</li>
 *   <li><b>Local arrays</b>: a function's own {@code .local} variables and, per instruction, which
 *       of them it loads, stores or computes an address of, at which constant (or dynamic) offset
 *       ({@link dev.regtune.core.ir.KernelFunction#localMemory()}), resolved by {@code LocalAddresses}
 *       through {@code mov}/{@code cvta}/{@code cvt} copies and {@code add}/{@code sub} of constants
 *       once the function is built; an address used any other way makes its array escape. The
 *       promotion stage ({@code dev.regtune.core.promote}) decides from this.</li>
 * </ul>
 *
 * <h2>Errors</h2>
 * Anything not understood is a {@link dev.regtune.core.ptx.PtxParseException} (unchecked) whose
 * message is one sentence, {@code file:line:column: expected X but found 'Y'}, or ptxas's own
 * sentence where ptxas 13.0.88 has one: an opcode that is not a PTX ISA 9.0 instruction ("Not a
 * name of any known instruction: 'frobnicate'"), a file that does not begin with {@code .version}
 * and then {@code .target} ("Missing .version directive at start of file"; an empty file or one of
 * comments only is such a file), and any byte outside ASCII, in a comment too ("Unexpected
 * non-ASCII character encountered on line N"). Files are decoded one char per byte (ISO-8859-1,
 * {@code PtxParser.decode}), so no input is a decoding exception. Vectors of {@code .pred}, vectors over 128 bits and {@code .v8} registers,
 * which ptxas rejects too. Known gaps, all reported as errors: C preprocessor lines
 * ({@code #include}, {@code #define}), constant banks ({@code ld.const[2]}).
 *
 * <p>This package must not know about knobs, architectures or allocation; it only produces IR.
 */
package dev.regtune.core.ptx;
