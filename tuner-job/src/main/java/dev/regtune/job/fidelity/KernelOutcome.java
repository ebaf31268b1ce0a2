package dev.regtune.job.fidelity;

import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One kernel entry on one architecture and what the comparison made of it: its cases (one per
 * budget with ground truth, each holding one pair per compared predictor family), or why there are
 * none.
 *
 * @param kernel the entry, its repository and traits
 * @param cases its cases in budget order; empty when it was not processed
 * @param failure why it was not processed ("parse error: ...", "the parsed module has no such
 *     entry"), or null when it was
 */
public record KernelOutcome(CorpusKernel kernel, List<FidelityCase> cases, @Nullable String failure) {
    public KernelOutcome {
        cases = List.copyOf(cases);
        if ((failure == null) == cases.isEmpty()) {
            throw new IllegalArgumentException("an outcome has either cases or a failure, not both or neither");
        }
    }

    /** Whether the model got to allocate the entry (it parsed and was found). */
    public boolean processed() {
        return failure == null;
    }

    /** The case without a register budget, if it was compared. */
    public Optional<FidelityCase> noLimit() {
        return cases.stream().filter(c -> c.first().budget() == 0).findFirst();
    }

    /** The same outcome with other cases (the cross-validated predictions), keeping kernel and failure. */
    public KernelOutcome withCases(List<FidelityCase> other) {
        return new KernelOutcome(kernel, other, failure);
    }
}
