package dev.regtune.space.search;

import dev.regtune.space.Configuration;
import dev.regtune.space.UnitSpace;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The bookkeeping every strategy shares: turning unit points into feasible, never-seen proposals
 * with increasing ids, the one open round, and the observed trials. The set of seen
 * configurations is used for membership only; nothing iterates it.
 */
final class ProposalBook {
    /**
     * Points drawn in a row without finding a feasible new configuration before a strategy decides
     * the space is exhausted (or, for a generative strategy, falls back to uniform points).
     */
    static final int MAX_ATTEMPTS = 2_000;

    /** Infeasible points kept for {@link #infeasiblePoints()}; older ones are forgotten in halves. */
    private static final int MAX_REMEMBERED_INFEASIBLE = 4096;

    private final UnitSpace space;
    private final Set<Configuration> seen = new HashSet<>();
    private final TreeMap<Long, Proposal> open = new TreeMap<>();
    private final List<Trial> trials = new ArrayList<>();
    private final List<double[]> infeasible = new ArrayList<>();
    private long nextId;
    private boolean roundOpen;

    ProposalBook(UnitSpace space) {
        this.space = space;
    }

    int dimensions() {
        return space.dimensions();
    }

    /** A proposal at {@code u} (clamped into [0, 1)) if it decodes to a configuration not yet proposed. */
    Optional<Proposal> tryPropose(double[] u, List<String> kernels) {
        if (u.length != space.dimensions()) {
            throw new IllegalArgumentException("point has " + u.length + " coordinates, space has "
                    + space.dimensions());
        }
        double[] p = UnitPoints.clamp(u);
        Optional<Configuration> c = space.decode(p);
        if (c.isEmpty()) {
            if (infeasible.size() == MAX_REMEMBERED_INFEASIBLE) {
                infeasible.subList(0, MAX_REMEMBERED_INFEASIBLE / 2).clear();
            }
            infeasible.add(p);
            return Optional.empty();
        }
        if (!seen.add(c.get())) {
            return Optional.empty();
        }
        return Optional.of(new Proposal(nextId++, c.get(), p, kernels));
    }

    /**
     * A proposal from the first of {@code points}' points that decodes to a configuration not yet
     * proposed; empty after {@link #MAX_ATTEMPTS} points in a row that did not.
     */
    Optional<Proposal> draw(Supplier<double[]> points, List<String> kernels) {
        for (int miss = 0; miss < MAX_ATTEMPTS; miss++) {
            Optional<Proposal> p = tryPropose(points.get(), kernels);
            if (p.isPresent()) {
                return p;
            }
        }
        return Optional.empty();
    }

    /** A new proposal of an already proposed configuration (successive halving, new kernels). */
    Proposal reissue(Proposal earlier, List<String> kernels) {
        return new Proposal(nextId++, earlier.configuration(), earlier.point(), kernels);
    }

    /** The most recent points seen to decode to empty, in the order they were drawn. */
    List<double[]> infeasiblePoints() {
        return Collections.unmodifiableList(infeasible);
    }

    boolean roundOpen() {
        return roundOpen;
    }

    void requireNoOpenRound() {
        if (roundOpen) {
            throw new IllegalStateException("the previous round has not been observed yet");
        }
    }

    /** Opens a round of {@code batch}; an empty batch opens nothing. */
    List<Proposal> open(List<Proposal> batch) {
        requireNoOpenRound();
        for (Proposal p : batch) {
            open.put(p.id(), p);
        }
        roundOpen = !batch.isEmpty();
        return List.copyOf(batch);
    }

    /** The proposals of the open round, by id. */
    List<Proposal> openProposals() {
        return List.copyOf(open.values());
    }

    /**
     * Closes the open round: the trials of the round in id order, a failure for every proposal
     * without an observation.
     */
    List<Trial> close(List<Observation> results) {
        if (!roundOpen) {
            if (results.isEmpty()) {
                return List.of();
            }
            throw new IllegalStateException("no round is open");
        }
        Map<Long, Observation> byId = new TreeMap<>();
        for (Observation o : results) {
            if (!open.containsKey(o.proposalId())) {
                throw new IllegalArgumentException("observation of proposal " + o.proposalId()
                        + ", which is not in the open round");
            }
            if (byId.put(o.proposalId(), o) != null) {
                throw new IllegalArgumentException("two observations of proposal " + o.proposalId());
            }
        }
        List<Trial> round = new ArrayList<>();
        for (Proposal p : open.values()) {
            Observation o = byId.getOrDefault(p.id(), Observation.failure(p.id()));
            round.add(new Trial(p, o));
        }
        trials.addAll(round);
        open.clear();
        roundOpen = false;
        return round;
    }

    List<Trial> trials() {
        return Collections.unmodifiableList(trials);
    }
}
