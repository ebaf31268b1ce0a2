package dev.regtune.job.sweep;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The executor-wide cache of parsed modules, so that a module is parsed once per executor JVM and
 * not once per task. Keyed by the catalog's fingerprint and the module index; bounded (least
 * recently used modules are dropped beyond {@value #CAPACITY}) so that a sweep over a huge corpus
 * re-parses rather than exhausts the heap. Parsing happens outside the lock, so two tasks may
 * parse the same module once each at start-up; both results are equal.
 */
final class ParsedModules {
    static final int CAPACITY = 1024;

    private static final Map<String, ParsedModule> CACHE = new LinkedHashMap<>(64, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ParsedModule> eldest) {
            return size() > CAPACITY;
        }
    };

    private ParsedModules() {
    }

    static ParsedModule get(KernelCatalog catalog, int module, String sourceName) {
        String key = catalog.fingerprint() + '#' + module;
        synchronized (CACHE) {
            ParsedModule m = CACHE.get(key);
            if (m != null) {
                return m;
            }
        }
        ParsedModule parsed = ParsedModule.parse(catalog.module(module), sourceName);
        synchronized (CACHE) {
            CACHE.putIfAbsent(key, parsed);
            return CACHE.get(key);
        }
    }
}
