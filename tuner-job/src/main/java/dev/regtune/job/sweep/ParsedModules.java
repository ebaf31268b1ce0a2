package dev.regtune.job.sweep;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * The executor-wide cache of parsed modules, so that a module is parsed once per executor JVM and
 * not once per task. A bounded Caffeine {@link LoadingCache}: two tasks that ask for the same
 * module at once get one parse (the second waits for the first's result), and past the bound the
 * least useful modules are evicted one by one (Caffeine's size-based W-TinyLFU), never the whole
 * cache at once. The bound is in characters of PTX text, {@value #MAX_PTX_CHARS} by default: a
 * parsed module's heap grows with its text (measured: 2.4 bytes per character over the bundled
 * corpus, 8.8 MB for 3.6 million characters; 1.9 over corpus-real), so the default keeps at most
 * about 160 MB of parsed modules, and a single huge module weighs what it costs.
 * Eviction runs on the calling thread ({@code executor(Runnable::run)}), so no pool thread of the
 * JVM is borrowed on an executor.
 *
 * <p>Keyed by the catalog's fingerprint and the module index, as before: equal catalogs (the same
 * broadcast deserialised by several tasks) share their entries.
 */
final class ParsedModules {
    /** Characters of PTX text kept parsed per executor; the bundled and real-world corpora have 10.3 million together. */
    static final long MAX_PTX_CHARS = 64L << 20;

    private static final ParsedModules SHARED = new ParsedModules(MAX_PTX_CHARS, ParsedModule::parse);

    private final LoadingCache<Key, ParsedModule> cache;

    /**
     * @param maxPtxChars the bound, in characters of PTX text of the modules kept
     * @param parser parses a module's text, given its source name (a counting parser in tests)
     */
    ParsedModules(long maxPtxChars, BiFunction<String, String, ParsedModule> parser) {
        this.cache = Caffeine.newBuilder()
                .maximumWeight(maxPtxChars)
                .weigher((Key k, ParsedModule m) -> k.text.length())
                .executor(Runnable::run)
                .build(k -> parser.apply(k.text, k.sourceName));
    }

    /** Module {@code module} of {@code catalog}, parsed once per executor while it stays cached. */
    static ParsedModule get(KernelCatalog catalog, int module, String sourceName) {
        return SHARED.parsed(catalog.fingerprint(), module, catalog.module(module), sourceName);
    }

    /** The module {@code index} of the catalog {@code fingerprint}, whose text is {@code text}. */
    ParsedModule parsed(String fingerprint, int index, String text, String sourceName) {
        return cache.get(new Key(fingerprint, index, text, sourceName));
    }

    /** Modules kept now, after pending evictions have run. */
    long size() {
        cache.cleanUp();
        return cache.estimatedSize();
    }

    /** Characters of PTX text of the modules kept now, after pending evictions have run. */
    long weight() {
        cache.cleanUp();
        return cache.policy().eviction().orElseThrow().weightedSize().orElseThrow();
    }

    /**
     * A cache key: equal by catalog fingerprint and module index only. It carries the module's text
     * and source name for the loader; the text is the catalog's own string, not a copy.
     */
    private static final class Key {
        final String fingerprint;
        final int index;
        final String text;
        final String sourceName;

        Key(String fingerprint, int index, String text, String sourceName) {
            this.fingerprint = fingerprint;
            this.index = index;
            this.text = text;
            this.sourceName = sourceName;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && index == k.index && fingerprint.equals(k.fingerprint);
        }

        @Override
        public int hashCode() {
            return Objects.hash(fingerprint, index);
        }
    }
}
