package dev.regtune.job.sweep;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The executor-wide cache of parsed modules, so that a module is parsed once per executor JVM and
 * not once per task. Keyed by the catalog's fingerprint and the module index; lock-free on the hot
 * path (every evaluation looks its module up). Bounded: past {@value #CAPACITY} modules the cache
 * starts over, so a sweep over a huge corpus re-parses rather than exhausts the heap. Two tasks may
 * parse the same module once each at start-up; both results are equal.
 */
final class ParsedModules {
    static final int CAPACITY = 1024;

    private static final Map<String, ParsedModule> CACHE = new ConcurrentHashMap<>();

    private ParsedModules() {
    }

    static ParsedModule get(KernelCatalog catalog, int module, String sourceName) {
        String key = catalog.fingerprint() + '#' + module;
        ParsedModule m = CACHE.get(key);
        if (m != null) {
            return m;
        }
        ParsedModule parsed = ParsedModule.parse(catalog.module(module), sourceName);
        if (CACHE.size() >= CAPACITY) {
            CACHE.clear();
        }
        m = CACHE.putIfAbsent(key, parsed);
        return m != null ? m : parsed;
    }
}
