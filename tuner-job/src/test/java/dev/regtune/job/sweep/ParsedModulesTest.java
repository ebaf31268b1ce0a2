package dev.regtune.job.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The executor-wide module cache: one parse per module however many tasks ask at once; bounded without a cliff. */
class ParsedModulesTest {
    private final AtomicInteger parses = new AtomicInteger();

    private ParsedModule countingParse(String text, String source) {
        parses.incrementAndGet();
        return new ParsedModule(Map.of(), null, "parsed " + source);
    }

    private static String text(int chars) {
        return "x".repeat(chars);
    }

    @Test
    void tasksAskingForOneModuleAtOnceShareOneParse() throws Exception {
        CountDownLatch asked = new CountDownLatch(8);
        CountDownLatch release = new CountDownLatch(1);
        ParsedModules cache = new ParsedModules(1_000, (text, source) -> {
            try {
                // hold the first parse until every task has asked, so that they ask while it runs
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return countingParse(text, source);
        });
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<ParsedModule>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                results.add(pool.submit(() -> {
                    asked.countDown();
                    return cache.parsed("catalog", 3, text(10), "a.ptx");
                }));
            }
            assertTrue(asked.await(30, TimeUnit.SECONDS));
            release.countDown();
            ParsedModule first = results.get(0).get(30, TimeUnit.SECONDS);
            for (Future<ParsedModule> f : results) {
                assertSame(first, f.get(30, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, parses.get(), "parses of one module asked for by 8 tasks at once");
        cache.parsed("catalog", 3, text(10), "a.ptx");
        assertEquals(1, parses.get(), "a later request is a hit");
    }

    @Test
    void modulesAreKeyedByCatalogFingerprintAndIndex() {
        ParsedModules cache = new ParsedModules(1_000, this::countingParse);
        cache.parsed("catalog", 0, text(10), "a.ptx");
        cache.parsed("catalog", 0, text(10), "a.ptx");
        assertEquals(1, parses.get(), "the same catalog deserialised again shares the entry");
        cache.parsed("catalog", 1, text(10), "b.ptx");
        cache.parsed("other", 0, text(10), "a.ptx");
        assertEquals(3, parses.get());
    }

    @Test
    void pastTheBoundModulesAreEvictedOneByOneNotAllAtOnce() {
        ParsedModules cache = new ParsedModules(100, this::countingParse);
        for (int m = 0; m < 1_000; m++) {
            cache.parsed("catalog", m, text(10), "m" + m + ".ptx");
            long size = cache.size();
            assertTrue(cache.weight() <= 100, "weight " + cache.weight() + " after module " + m);
            assertTrue(size >= Math.min(m + 1, 9), "only " + size + " modules kept after module " + m);
        }
        assertEquals(1_000, parses.get());
        assertEquals(10, cache.size(), "ten modules of 10 characters fill a bound of 100");
    }

    @Test
    void aModuleWeighsItsText() {
        ParsedModules cache = new ParsedModules(100, this::countingParse);
        cache.parsed("catalog", 0, text(30), "a.ptx");
        cache.parsed("catalog", 1, text(50), "b.ptx");
        assertEquals(80, cache.weight());
        cache.parsed("catalog", 2, text(40), "c.ptx");
        assertTrue(cache.weight() <= 100, "weight " + cache.weight());
        assertTrue(cache.size() >= 1);
    }
}
