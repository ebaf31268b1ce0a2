package dev.regtune.space.search;

import java.util.Objects;

/** A proposal together with its observation. */
public record Trial(Proposal proposal, Observation observation) {
    public Trial {
        Objects.requireNonNull(proposal, "proposal");
        Objects.requireNonNull(observation, "observation");
        if (proposal.id() != observation.proposalId()) {
            throw new IllegalArgumentException("observation " + observation.proposalId()
                    + " does not answer proposal " + proposal.id());
        }
    }
}
