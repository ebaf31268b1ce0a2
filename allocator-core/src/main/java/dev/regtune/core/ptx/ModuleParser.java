package dev.regtune.core.ptx;

import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.LaunchBounds;
import dev.regtune.core.ir.Param;
import dev.regtune.core.ir.PtxModule;
import org.jspecify.annotations.Nullable;

/**
 * Parses the module level of one PTX file: {@code .version}, {@code .target},
 * {@code .address_size}, {@code .file}, {@code .section} debug blocks (skipped), {@code .pragma},
 * linkage, module variables, and function signatures with their performance directives. Bodies
 * are handed to {@link FunctionBodyParser}.
 *
 * <p>Functions are built only at the end of the module, once every module variable and function
 * is known: that is when references to undeclared symbols are reported, and when each function is
 * charged for the module-level {@code .shared} and {@code .local} variables it references,
 * directly or through the functions it calls or takes the address of (transitively). nvcc demotes
 * a module {@code .shared} variable used by one kernel into that kernel, so this mostly matters
 * for variables shared between kernels.
 */
final class ModuleParser {
    /** A declared parameter (or return parameter) of a function signature. */
    record ParamDecl(String name, PtxType type, int vector, int bytes, boolean isReturn, boolean isRegister,
            long position) {
    }

    private record ModuleVariable(Directive space, long bytes) {
    }

    /** A function whose body has been parsed, waiting for the module-level checks and its build. */
    private record ParsedFunction(FunctionBuilder builder, FunctionBodyParser body) {
    }

    /** Receives each variable a declaration declares. */
    interface VariableSink {
        /** @param alignment the declaration's {@code .align}, 1 when it has none */
        void declared(String name, long bytes, int alignment);
    }

    private final PtxLexer lx;
    private final NameTable names;
    private String version = "";
    private String target = "";
    private int addressSize = 32;

    private final Map<String, ModuleVariable> variables = new HashMap<>();
    private final Set<String> functionNames = new HashSet<>();
    private final Set<String> aliases = new HashSet<>();
    private final Map<String, ParsedFunction> defined = new HashMap<>();
    private final List<ParsedFunction> definedInOrder = new ArrayList<>();

    ModuleParser(char[] text, String source) {
        this.names = NameTable.copy();
        this.lx = new PtxLexer(text, source);
    }

    /**
     * A parser of a streamed text read through a window of {@code window} chars.
     *
     * @throws PtxParseException if the first token already is an error
     * @throws java.io.UncheckedIOException if the stream cannot be read
     */
    ModuleParser(PtxTextStream text, int window, String source) {
        this.names = NameTable.copy();
        this.lx = new PtxLexer(text, window, source);
    }

    PtxModule parse() {
        try {
            requireHeaderDirective(Directive.VERSION, "Missing .version directive at start of file");
            parseModuleStatement();
            requireHeaderDirective(Directive.TARGET, "Missing .target directive at start of file");
            while (lx.type != PtxLexer.EOF) {
                parseModuleStatement();
            }
            return finish();
        } catch (PtxParseException e) {
            lx.rejectNonAsciiInRest();
            throw e;
        } catch (UncheckedIOException e) {
            throw e; // a streamed file that cannot be read: PtxParser unwraps it
        } catch (RuntimeException e) {
            // A bug in the front end must still be a parse result of this one kernel, never a crash
            // of the sweep; the tests (including a mutation fuzz test) assert this never happens.
            PtxParseException internal = lx.error("PTX the front end can handle (internal error "
                    + e.getClass().getSimpleName() + ")");
            lx.rejectNonAsciiInRest();
            throw internal;
        }
    }

    /**
     * ptxas requires {@code .version} as the first statement and {@code .target} as the second
     * (comments aside); a file without them, an empty one or one of comments only, is rejected
     * in ptxas's words.
     */
    private void requireHeaderDirective(Directive d, String ptxasSentence) {
        if (directive() != d) {
            String name = d == Directive.VERSION ? ".version" : ".target";
            throw PtxParseException.ptxas(lx.source, lx.tokLine, lx.tokCol, "a " + name + " directive",
                    lx.foundText(), ptxasSentence);
        }
    }

    private void parseModuleStatement() {
        Directive d = directive();
        if (d == null) {
            throw lx.error("a module directive such as .version, .target, .entry, .func or .global");
        }
        switch (d) {
            case VERSION:
                if (!version.isEmpty()) {
                    throw lx.error("one .version directive, at the start of the file");
                }
                lx.advance();
                if (lx.type != PtxLexer.NUMBER || !isVersionNumber()) {
                    throw lx.error("a PTX ISA version such as 9.0");
                }
                version = lx.text();
                lx.advance();
                break;
            case TARGET:
                lx.advance();
                target = expectTargetWord();
                while (lx.acceptPunct(',')) {
                    expectTargetWord();
                }
                break;
            case ADDRESS_SIZE: {
                lx.advance();
                long pos = lx.position();
                String found = lx.foundText();
                int size = lx.expectInt("an address size of 32 or 64");
                if (size != 32 && size != 64) {
                    throw lx.errorAt(pos, "an address size of 32 or 64", found);
                }
                addressSize = size;
                break;
            }
            case FILE:
                parseFile();
                break;
            case LOC:
                parseLoc(lx, names);
                break;
            case SECTION:
                skipSection();
                break;
            case PRAGMA:
                parsePragma(lx);
                break;
            case ALIAS:
                parseAlias();
                break;
            case EXTERN:
            case VISIBLE:
            case WEAK:
            case COMMON:
                lx.advance();
                parseLinkedDeclaration();
                break;
            case ENTRY:
            case FUNC:
                parseFunction(d);
                break;
            case GLOBAL:
            case CONST:
            case SHARED:
            case LOCAL:
            case TEX:
                parseModuleVariables(d);
                break;
            default:
                throw lx.error("a module directive such as .version, .target, .entry, .func or .global");
        }
    }

    private void parseLinkedDeclaration() {
        Directive d = directive();
        while (d == Directive.EXTERN || d == Directive.VISIBLE || d == Directive.WEAK || d == Directive.COMMON) {
            lx.advance();
            d = directive();
        }
        if (d == Directive.ENTRY || d == Directive.FUNC) {
            parseFunction(d);
        } else if (d != null && d.isVariableSpace()) {
            parseModuleVariables(d);
        } else {
            throw lx.error(".entry, .func or a variable declaration after a linkage directive");
        }
    }

    private boolean isVersionNumber() {
        int dot = -1;
        for (int i = lx.start; i < lx.end; i++) {
            char c = lx.buf[i];
            if (c == '.') {
                if (dot >= 0) {
                    return false;
                }
                dot = i;
            } else if (c < '0' || c > '9') {
                return false;
            }
        }
        return dot > lx.start && dot < lx.end - 1;
    }

    private String expectTargetWord() {
        if (!lx.isWord() || !FunctionBodyParser.isLetter(lx.firstChar())) {
            throw lx.error("a target such as sm_90");
        }
        String s = lx.text();
        lx.advance();
        return s;
    }

    /** {@code .file N "name" [, timestamp, size]}. */
    private void parseFile() {
        lx.advance();
        lx.expectInt("a file number");
        if (lx.type != PtxLexer.STRING) {
            throw lx.error("a quoted file name");
        }
        lx.advance();
        while (lx.acceptPunct(',')) {
            lx.expectInt("a number");
        }
    }

    /** {@code .loc file line column [, function_name label] [, inlined_at file line column]}. */
    static void parseLoc(PtxLexer lx, NameTable names) {
        lx.advance();
        lx.expectInt("a file number");
        lx.expectInt("a line number");
        lx.expectInt("a column number");
        while (lx.acceptPunct(',')) {
            if (lx.isWord("function_name")) {
                lx.advance();
                if (!lx.isWord()) {
                    throw lx.error("a label after function_name");
                }
                lx.advance();
            } else if (lx.isWord("inlined_at")) {
                lx.advance();
                lx.expectInt("a file number");
                lx.expectInt("a line number");
                lx.expectInt("a column number");
            } else {
                throw lx.error("function_name or inlined_at");
            }
        }
    }

    /** {@code .pragma "string" {, "string"} ;}; whether one of the strings is {@code "nounroll"}. */
    static boolean parsePragma(PtxLexer lx) {
        lx.advance();
        boolean noUnroll = false;
        do {
            if (lx.type != PtxLexer.STRING) {
                throw lx.error("a quoted pragma string");
            }
            noUnroll |= lx.text().equals("\"nounroll\"");
            lx.advance();
        } while (lx.acceptPunct(','));
        lx.expectPunct(';');
        return noUnroll;
    }

    /** {@code .section .name { ... }}: debug information, skipped with balanced braces. */
    private void skipSection() {
        lx.advance();
        if (!lx.isWord()) {
            throw lx.error("a section name");
        }
        // A dotted name such as ".nv.info" is several dot-keywords to the lexer.
        while (lx.isWord()) {
            lx.advance();
        }
        long open = lx.position();
        lx.expectPunct('{');
        int depth = 1;
        while (depth > 0) {
            if (lx.type == PtxLexer.EOF) {
                throw lx.error("'}' to close the section opened at line " + (int) (open >>> 32));
            }
            if (lx.type == PtxLexer.PUNCT) {
                if (lx.punct == '{') {
                    depth++;
                } else if (lx.punct == '}') {
                    depth--;
                }
            }
            lx.advance();
        }
    }

    /** {@code .alias alias, aliasee;}. */
    private void parseAlias() {
        lx.advance();
        String alias = expectIdentifier("an alias name");
        lx.expectPunct(',');
        expectIdentifier("a function name");
        lx.expectPunct(';');
        aliases.add(alias);
    }

    private String expectIdentifier(String what) {
        if (!lx.isWord() || !FunctionBodyParser.isIdentifierStart(lx.firstChar()) || lx.firstChar() == '%') {
            throw lx.error(what);
        }
        String s = names.name(names.intern(lx.buf, lx.start, lx.end, lx.hash));
        lx.advance();
        return s;
    }

    private void parseModuleVariables(Directive space) {
        parseVariables(lx, names, space, (name, bytes, alignment) -> variables.put(name, new ModuleVariable(space, bytes)));
    }

    /**
     * A variable declaration after its state space: attributes ({@code .align N},
     * {@code .attribute(...)}, {@code .v2/.v4/.v8}), a type, then declarators
     * {@code name[N][M] [= initializer]} separated by commas, and {@code ;}. An unsized
     * {@code []} array (dynamic shared memory) has 0 bytes. Initializers are skipped.
     */
    static void parseVariables(PtxLexer lx, NameTable names, Directive space, VariableSink sink) {
        lx.advance();
        int vector = 1;
        int alignment = 1;
        PtxType type;
        while (true) {
            int id = lx.isWord() ? names.find(lx.buf, lx.start, lx.end, lx.hash) : -1;
            if (id >= 0 && names.type[id] != null) {
                type = names.type[id];
                lx.advance();
                break;
            }
            Directive d = id >= 0 ? names.directive[id] : null;
            if (d == Directive.ALIGN) {
                lx.advance();
                alignment = lx.expectInt("an alignment");
            } else if (d == Directive.V2 || d == Directive.V4 || d == Directive.V8) {
                vector = d == Directive.V2 ? 2 : d == Directive.V4 ? 4 : 8;
                lx.advance();
            } else if (d == Directive.ATTRIBUTE) {
                lx.advance();
                lx.expectPunct('(');
                while (!lx.acceptPunct(')')) {
                    if (!lx.isWord() && !lx.isPunct(',')) {
                        throw lx.error("an attribute such as .managed");
                    }
                    lx.advance();
                }
            } else if (d == Directive.PTR && space == Directive.PARAM) {
                lx.advance();
            } else {
                throw lx.error("a type such as .b32 or an attribute such as .align");
            }
        }
        while (true) {
            if (!lx.isWord() || !FunctionBodyParser.isIdentifierStart(lx.firstChar()) || lx.firstChar() == '%') {
                throw lx.error("a variable name");
            }
            String name = names.name(names.intern(lx.buf, lx.start, lx.end, lx.hash));
            lx.advance();
            long bytes = (long) type.bytes() * vector;
            while (lx.acceptPunct('[')) {
                if (lx.acceptPunct(']')) {
                    bytes = 0;
                    continue;
                }
                int n = lx.expectInt("an array size");
                lx.expectPunct(']');
                bytes *= n;
                if (bytes > Integer.MAX_VALUE) {
                    throw lx.error("a variable of at most 2147483647 bytes");
                }
            }
            if (lx.acceptPunct('=')) {
                skipInitializer(lx);
            }
            sink.declared(name, bytes, alignment);
            if (lx.acceptPunct(',')) {
                continue;
            }
            lx.expectPunct(';');
            return;
        }
    }

    /** Skips an initializer up to the ',' or ';' that ends it (braces and parentheses balanced). */
    private static void skipInitializer(PtxLexer lx) {
        int depth = 0;
        boolean any = false;
        while (true) {
            if (lx.type == PtxLexer.EOF) {
                throw lx.error("';'");
            }
            if (lx.type == PtxLexer.PUNCT) {
                char c = lx.punct;
                if (c == '{' || c == '(') {
                    depth++;
                } else if (c == '}' || c == ')') {
                    if (--depth < 0) {
                        throw lx.error("an initializer value");
                    }
                } else if ((c == ',' || c == ';') && depth == 0) {
                    if (!any) {
                        throw lx.error("an initializer value");
                    }
                    return;
                }
            }
            any = true;
            if (depth > 0) {
                lx.skipIntegerListRun();
            }
            lx.advance();
        }
    }

    // ---------------------------------------------------------------- functions

    private void parseFunction(Directive d) {
        FunctionKind kind = d == Directive.ENTRY ? FunctionKind.ENTRY : FunctionKind.FUNC;
        lx.advance();
        List<ParamDecl> params = new ArrayList<>();
        if (kind == FunctionKind.FUNC && lx.isPunct('(')) {
            parseParamList(params, true);
        }
        long namePos = lx.position();
        String name = expectIdentifier(kind == FunctionKind.ENTRY ? "a kernel name" : "a function name");
        if (lx.isPunct('(')) {
            parseParamList(params, false);
        }
        LaunchBounds bounds = parsePerformanceDirectives();
        if (lx.acceptPunct(';') || kind == FunctionKind.FUNC && endsOldStylePrototype()) {
            functionNames.add(name);
            return;
        }
        if (!lx.isPunct('{')) {
            throw lx.error("'{' or ';' after the signature of '" + name + "'");
        }
        if (defined.containsKey(name)) {
            throw lx.errorAt(namePos, "a function name not already defined in this module", name);
        }
        functionNames.add(name);
        FunctionBuilder fb = new FunctionBuilder(name, kind);
        for (ParamDecl p : params) {
            if (!p.isReturn()) {
                fb.param(new Param(p.name(), p.type().spelling, p.bytes()));
            }
        }
        fb.launchBounds(bounds);
        FunctionBodyParser body = new FunctionBodyParser(lx, names, name, kind, params, fb);
        body.parseBody();
        ParsedFunction pf = new ParsedFunction(fb, body);
        defined.put(name, pf);
        definedInOrder.add(pf);
    }

    /**
     * Whether the current token ends a {@code .func} prototype written without its {@code ;}: the end
     * of the file or a directive that starts a module statement. nvopencc (PTX ISA 1.x) emitted
     * prototypes this way, followed by {@code .file}, {@code .entry} or {@code .visible}; ptxas 13
     * accepts them for {@code .func} (not for {@code .entry}).
     */
    private boolean endsOldStylePrototype() {
        if (lx.type == PtxLexer.EOF) {
            return true;
        }
        Directive d = directive();
        if (d == null) {
            return false;
        }
        return switch (d) {
            case VERSION, TARGET, ADDRESS_SIZE, FILE, LOC, SECTION, ALIAS, EXTERN, VISIBLE, WEAK, COMMON, ENTRY, FUNC,
                    GLOBAL, CONST, SHARED, LOCAL, TEX -> true;
            default -> false;
        };
    }

    /**
     * {@code ( param {, param} )} where a param is {@code .param|.reg [.ptr [space]] [.align N]
     * [.vN] .type name[N]}.
     */
    private void parseParamList(List<ParamDecl> out, boolean returns) {
        lx.advance();
        if (lx.acceptPunct(')')) {
            return;
        }
        while (true) {
            Directive d = directive();
            if (d != Directive.PARAM && d != Directive.REG) {
                throw lx.error(returns ? "a return parameter declaration such as .param .b32 name"
                        : "a parameter declaration such as .param .u64 name");
            }
            boolean isReg = d == Directive.REG;
            lx.advance();
            int vector = 1;
            PtxType type = null;
            // Attributes and the type, in any order: ".param .u64 .ptr .global .align 8 name".
            while (lx.isWord() && lx.firstChar() == '.') {
                int id = names.find(lx.buf, lx.start, lx.end, lx.hash);
                if (id >= 0 && names.type[id] != null && type == null) {
                    type = names.type[id];
                    lx.advance();
                    continue;
                }
                Directive a = id >= 0 ? names.directive[id] : null;
                if (a == Directive.ALIGN) {
                    lx.advance();
                    lx.expectInt("an alignment");
                } else if (a == Directive.PTR && !isReg) {
                    lx.advance();
                } else if (a != null && !isReg && (a == Directive.GLOBAL || a == Directive.SHARED
                        || a == Directive.CONST || a == Directive.LOCAL)) {
                    lx.advance();
                } else if (a == Directive.V2 || a == Directive.V4 || a == Directive.V8) {
                    vector = a == Directive.V2 ? 2 : a == Directive.V4 ? 4 : 8;
                    lx.advance();
                } else {
                    throw lx.error(type == null ? "a parameter type such as .u64" : "a parameter name");
                }
            }
            if (type == null) {
                throw lx.error("a parameter type such as .u64");
            }
            if (isReg && !type.isRegisterType()) {
                throw lx.error("a register parameter name");
            }
            if (isReg && vector > 1 && (type == PtxType.PRED || type.bits * vector > 128)) {
                throw lx.error(type == PtxType.PRED ? "a scalar .pred register parameter"
                        : "a vector register parameter of at most 128 bits");
            }
            long pos = lx.position();
            if (!lx.isWord() || !FunctionBodyParser.isIdentifierStart(lx.firstChar())) {
                throw lx.error("a parameter name");
            }
            String name = names.name(names.intern(lx.buf, lx.start, lx.end, lx.hash));
            lx.advance();
            long bytes = (long) type.bytes() * vector;
            while (!isReg && lx.acceptPunct('[')) {
                if (lx.acceptPunct(']')) {
                    bytes = 0;
                    continue;
                }
                bytes *= lx.expectInt("an array size");
                lx.expectPunct(']');
                if (bytes > Integer.MAX_VALUE) {
                    throw lx.error("a parameter of at most 2147483647 bytes");
                }
            }
            out.add(new ParamDecl(name, type, vector, (int) bytes, returns, isReg, pos));
            if (lx.acceptPunct(',')) {
                continue;
            }
            lx.expectPunct(')');
            return;
        }
    }

    /**
     * Performance directives between a signature and its body or {@code ;}. The first four kinds
     * ({@code .maxntid}, {@code .reqntid}, {@code .minnctapersm}, {@code .maxnreg}) are kept on the
     * {@link LaunchBounds}; cluster, ABI and {@code .noreturn} directives are checked and dropped.
     */
    private LaunchBounds parsePerformanceDirectives() {
        LaunchBounds lb = LaunchBounds.NONE;
        while (true) {
            Directive d = directive();
            if (d == null || !d.isPerformanceDirective()) {
                return lb;
            }
            switch (d) {
                case MAXNTID:
                    lx.advance();
                    lb = lb.withMaxThreads(dimensionProduct());
                    break;
                case REQNTID:
                    lx.advance();
                    lb = lb.withRequiredThreads(dimensionProduct());
                    break;
                case REQNCTAPERCLUSTER:
                    lx.advance();
                    dimensionProduct();
                    break;
                case MINNCTAPERSM:
                    lx.advance();
                    lb = lb.withMinBlocksPerSm(lx.expectInt("a number of CTAs"));
                    break;
                case MAXNREG:
                    lx.advance();
                    lb = lb.withMaxRegisters(lx.expectInt("a register count"));
                    break;
                case MAXNCTAPERSM:
                case MAXCLUSTERRANK:
                case ABI_PRESERVE:
                case ABI_PRESERVE_CONTROL:
                    lx.advance();
                    lx.expectInt("a number");
                    break;
                case PRAGMA:
                    parsePragma(lx);
                    break;
                default:
                    // .explicitcluster, .noreturn, .blocksareclusters take no arguments.
                    lx.advance();
                    break;
            }
        }
    }

    /** {@code x [, y [, z]]}: the product of up to three dimensions. */
    private int dimensionProduct() {
        long product = lx.expectInt("a thread count");
        for (int k = 1; k < 3 && lx.acceptPunct(','); k++) {
            product *= lx.expectInt("a dimension");
            if (product > Integer.MAX_VALUE) {
                throw lx.error("dimensions whose product fits in 31 bits");
            }
        }
        return (int) product;
    }

    private @Nullable Directive directive() {
        if (lx.type != PtxLexer.WORD || lx.firstChar() != '.') {
            return null;
        }
        int id = names.find(lx.buf, lx.start, lx.end, lx.hash);
        return id >= 0 ? names.directive[id] : null;
    }

    // ---------------------------------------------------------------- module end

    private PtxModule finish() {
        boolean anyModuleStorage = false;
        for (ModuleVariable mv : variables.values()) {
            anyModuleStorage |= mv.space() == Directive.SHARED || mv.space() == Directive.LOCAL;
        }
        for (ParsedFunction pf : definedInOrder) {
            for (Map.Entry<String, Long> e : pf.body().externalReferences().entrySet()) {
                String s = e.getKey();
                if (!variables.containsKey(s) && !functionNames.contains(s) && !aliases.contains(s)) {
                    throw lx.errorAt(e.getValue(), "a declared register, variable, function or label", s);
                }
            }
        }
        List<KernelFunction> out = new ArrayList<>(definedInOrder.size());
        for (ParsedFunction pf : definedInOrder) {
            long shared = pf.body().sharedBytes();
            long local = pf.body().localBytes();
            for (String v : anyModuleStorage ? reachableModuleVariables(pf) : Set.<String>of()) {
                ModuleVariable mv = Objects.requireNonNull(variables.get(v));
                if (mv.space() == Directive.SHARED) {
                    shared += mv.bytes();
                } else if (mv.space() == Directive.LOCAL) {
                    local += mv.bytes();
                }
            }
            FunctionBuilder fb = pf.builder();
            fb.addSharedBytes((int) Math.min(shared, Integer.MAX_VALUE));
            fb.addLocalBytes((int) Math.min(local, Integer.MAX_VALUE));
            KernelFunction built = fb.build();
            out.add(pf.body().localAddresses().isEmpty() ? built
                    : built.withLocalMemory(pf.body().localAddresses().resolve(built)));
        }
        return new PtxModule(lx.source, version, target, addressSize, out);
    }

    /**
     * Module {@code .shared}/{@code .local} variables referenced by {@code start} or by any function
     * it references (calls, or takes the address of), transitively.
     */
    private Set<String> reachableModuleVariables(ParsedFunction start) {
        Set<String> vars = new LinkedHashSet<>();
        Set<ParsedFunction> seen = new HashSet<>();
        ArrayDeque<ParsedFunction> work = new ArrayDeque<>();
        work.add(start);
        seen.add(start);
        while (!work.isEmpty()) {
            ParsedFunction f = work.poll();
            for (String s : f.body().externalReferences().keySet()) {
                ModuleVariable mv = variables.get(s);
                if (mv != null && (mv.space() == Directive.SHARED || mv.space() == Directive.LOCAL)) {
                    vars.add(s);
                }
                ParsedFunction callee = defined.get(s);
                if (callee != null && seen.add(callee)) {
                    work.add(callee);
                }
            }
        }
        return vars;
    }
}
