package dev.regtune.job.fidelity;

import java.util.List;

/**
 * One entry at one architecture and budget that has ground truth, as every compared allocator
 * family saw it: one {@link FidelityPair} per family, in the order the families were given. The
 * real figures and the baseline are the same in each pair; only the model figures differ.
 *
 * @param pairs one pair per family, all of the same case
 */
public record FidelityCase(List<FidelityPair> pairs) {

    public FidelityCase {
        pairs = List.copyOf(pairs);
        if (pairs.isEmpty()) {
            throw new IllegalArgumentException("a case needs a pair of at least one allocator family");
        }
        for (FidelityPair p : pairs) {
            if (!p.sameCase(pairs.get(0))) {
                throw new IllegalArgumentException("the pairs of a case must compare the same entry, arch and budget");
            }
        }
    }

    /** The first family's pair: the case's file, entry, arch, budget, real figures and baseline. */
    public FidelityPair first() {
        return pairs.get(0);
    }

    /** Whether every family allocated the entry (the register figures of a comparison need all of them). */
    public boolean everyModelOk() {
        return pairs.stream().allMatch(FidelityPair::modelOk);
    }

    /** Largest minus smallest register count of the families (0 for one family); meaningful when every model is OK. */
    public int registerSpread() {
        int min = pairs.stream().mapToInt(FidelityPair::modelRegisters).min().orElseThrow();
        int max = pairs.stream().mapToInt(FidelityPair::modelRegisters).max().orElseThrow();
        return max - min;
    }

    /**
     * Whether the families disagree on "it spills" (a failed allocation counts as spilling, as in
     * {@link Predictor#spills}).
     */
    public boolean spillDisagreement() {
        boolean first = Predictor.MODEL.spills(pairs.get(0));
        return pairs.stream().anyMatch(p -> Predictor.MODEL.spills(p) != first);
    }
}
