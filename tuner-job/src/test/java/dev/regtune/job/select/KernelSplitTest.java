package dev.regtune.job.select;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class KernelSplitTest {
    private static final List<String> IDS = IntStream.range(0, 50).mapToObj(i -> String.format("%016x", i * 7919L))
            .toList();

    @Test
    void theSplitHasTheAskedShareAndDependsOnlyOnSeedAndIds() {
        KernelSplit s = KernelSplit.of(IDS, 0.7, 42);
        assertEquals(35, s.train().size());
        assertEquals(15, s.test().size());
        Set<String> all = new HashSet<>(s.train());
        all.addAll(s.test());
        assertEquals(new HashSet<>(IDS), all);
        List<String> shuffled = new ArrayList<>(IDS);
        Collections.shuffle(shuffled, new Random(1));
        assertEquals(s, KernelSplit.of(shuffled, 0.7, 42));
        assertNotEquals(s.train(), KernelSplit.of(IDS, 0.7, 43).train());
        assertEquals(s.train().stream().sorted().toList(), s.train());
    }

    @Test
    void aKernelKeepsItsSideWhenAnotherSeedIsNotUsed() {
        // adding kernels only moves the cut: a kernel that trained with 50 kernels mostly still trains with 51
        KernelSplit small = KernelSplit.of(IDS, 0.5, 7);
        List<String> more = new ArrayList<>(IDS);
        more.add("ffffffffffffffff");
        KernelSplit large = KernelSplit.of(more, 0.5, 7);
        long kept = small.train().stream().filter(large.train()::contains).count();
        assertTrue(kept >= small.train().size() - 1, kept + " of " + small.train().size());
    }

    @Test
    void edgeCasesKeepATrainingKernelAndATestKernel() {
        assertEquals(List.of(), KernelSplit.of(List.of("a", "b"), 1.0, 0).test());
        KernelSplit two = KernelSplit.of(List.of("a", "b"), 0.99, 0);
        assertEquals(1, two.train().size());
        assertEquals(1, two.test().size());
        KernelSplit tiny = KernelSplit.of(List.of("a", "b", "c"), 0.01, 0);
        assertEquals(1, tiny.train().size());
        KernelSplit one = KernelSplit.of(List.of("a"), 0.5, 0);
        assertEquals(List.of("a"), one.train());
        assertEquals(List.of(), one.test());
        assertEquals(List.of(), KernelSplit.of(List.of(), 0.7, 0).train());
        SelectionInputException e = assertThrows(SelectionInputException.class,
                () -> KernelSplit.of(IDS, 0.0, 0));
        assertEquals("the training fraction must be above 0 and at most 1, not 0.0", e.getMessage());
        assertThrows(SelectionInputException.class, () -> KernelSplit.of(IDS, 1.5, 0));
    }
}
