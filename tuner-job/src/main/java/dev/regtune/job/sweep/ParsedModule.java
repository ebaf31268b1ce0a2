package dev.regtune.job.sweep;

import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.ptx.PtxParseException;
import dev.regtune.core.ptx.PtxParser;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A PTX module parsed on an executor: its functions by name, or the parse error that every kernel
 * of the module reports.
 *
 * @param functions the module's functions by name; empty when it did not parse
 * @param module the module itself (its call graph charges an entry for the functions it calls); null
 *     when it did not parse
 * @param error the parse error (file, line, column, what was expected), or null
 */
record ParsedModule(Map<String, KernelFunction> functions, @Nullable PtxModule module, @Nullable String error) {

    /** Parses {@code text}; a parse error becomes the module's error, never an exception. */
    static ParsedModule parse(String text, String sourceName) {
        try {
            PtxModule m = PtxParser.parse(text, sourceName);
            Map<String, KernelFunction> byName = new HashMap<>();
            for (KernelFunction f : m.functions()) {
                byName.put(f.name(), f);
            }
            return new ParsedModule(Map.copyOf(byName), m, null);
        } catch (PtxParseException e) {
            return new ParsedModule(Map.of(), null, e.getMessage());
        }
    }
}
