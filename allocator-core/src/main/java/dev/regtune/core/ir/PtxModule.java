package dev.regtune.core.ir;

import java.util.List;

/**
 * One PTX file: its module directives and functions in file order.
 *
 * @param source file name the module was read from (for messages)
 * @param version PTX ISA version, e.g. "8.5"
 * @param target target directive, e.g. "sm_90"
 * @param addressSize 32 or 64
 */
public record PtxModule(String source, String version, String target, int addressSize, List<KernelFunction> functions) {
    public PtxModule {
        functions = List.copyOf(functions);
    }

    /** Only the kernel entries (the functions {@code ptxas -v} reports as entry functions). */
    public List<KernelFunction> entries() {
        return functions.stream().filter(f -> f.kind() == FunctionKind.ENTRY).toList();
    }
}
