package dev.regtune.core.spill;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Spill guidance (seed 004, sub_96D940): from the candidates of one class, in priority-queue
 * order (cheapest to spill first; by default cheapest per over-target point relieved, knob
 * {@code RegTuneGuidanceCostPerRelief}), choose values to spill until no program point's pressure
 * exceeds the target. Spilling a value lowers the pressure by its width at every point of its
 * live range except where it occurs as an operand (its reloads and defs still need a register).
 * A candidate that lowers no over-target point is skipped.
 */
public final class SpillGuidance {
    private SpillGuidance() {
    }

    /** One spill candidate: its id, live segments {@code [a0,b0,...]}, sorted occurrence points, width and priority cost. */
    public record Candidate(int id, int[] segments, int[] occurrences, int width, double cost, int liveLength) {
    }

    /**
     * @param excess pressure minus target per point; positive entries are over target. Updated in place.
     * @param candidates in any order; sorted here by cost ascending, longer live range first, id
     * @param limit most values to choose (Integer.MAX_VALUE for as many as needed)
     * @return the ids chosen, in the order chosen
     */
    public static List<Integer> choose(int[] excess, List<Candidate> candidates, int limit) {
        return choose(excess, candidates, limit, false);
    }

    /**
     * As {@link #choose(int[], List, int)}; with {@code perRelief} the queue is ordered by cost per
     * over-target point the candidate would relieve (Chaitin's cost over degree) instead of by cost.
     */
    public static List<Integer> choose(int[] excess, List<Candidate> candidates, int limit, boolean perRelief) {
        int over = 0;
        for (int e : excess) {
            if (e > 0) {
                over++;
            }
        }
        List<Integer> chosen = new ArrayList<>();
        if (over == 0 || limit <= 0) {
            return chosen;
        }
        int n = candidates.size();
        double[] key = new double[n];
        if (perRelief) {
            int[] overBefore = overPrefix(excess);
            for (int k = 0; k < n; k++) {
                Candidate c = candidates.get(k);
                key[k] = c.cost() / Math.max(1, relieved(excess, overBefore, c));
            }
        } else {
            for (int k = 0; k < n; k++) {
                key[k] = candidates.get(k).cost();
            }
        }
        // The queue is popped lazily: guidance usually stops long before the last candidate.
        CandidateQueue queue = new CandidateQueue(candidates, key);
        while (!queue.isEmpty()) {
            Candidate c = candidates.get(queue.pop());
            if (over == 0 || chosen.size() >= limit) {
                break;
            }
            if (!helps(excess, c)) {
                continue;
            }
            over -= relieve(excess, c);
            chosen.add(c.id());
        }
        return chosen;
    }

    /**
     * Lowers {@code excess} by the candidate's width over its live segments except at its
     * occurrences, a run of points at a time between occurrences; returns how many points it
     * brought from over the target to at most the target.
     */
    private static int relieve(int[] excess, Candidate c) {
        int[] s = c.segments();
        int[] occ = c.occurrences();
        int w = c.width();
        int relieved = 0;
        for (int k = 0; k < s.length; k += 2) {
            int b = s[k + 1];
            int i = lowerBound(occ, s[k]);
            int p = s[k];
            while (p <= b) {
                while (i < occ.length && occ[i] < p) {
                    i++;
                }
                // Points up to the next occurrence (or the segment's end) lose the candidate's width.
                int stop = i < occ.length && occ[i] <= b ? occ[i] - 1 : b;
                for (; p <= stop; p++) {
                    int before = excess[p];
                    excess[p] = before - w;
                    if (before > 0 && before - w <= 0) {
                        relieved++;
                    }
                }
                if (p <= b) {
                    // p is an occurrence: the value still needs a register there.
                    p++;
                }
            }
        }
        return relieved;
    }

    /** Number of points still over target. */
    public static int overCount(int[] excess) {
        int over = 0;
        for (int e : excess) {
            if (e > 0) {
                over++;
            }
        }
        return over;
    }

    /** {@code prefix[p]}: how many of the points before {@code p} are over target. */
    private static int[] overPrefix(int[] excess) {
        int[] prefix = new int[excess.length + 1];
        for (int p = 0; p < excess.length; p++) {
            prefix[p + 1] = prefix[p] + (excess[p] > 0 ? 1 : 0);
        }
        return prefix;
    }

    /**
     * Over-target points the candidate covers outside its own occurrences: per segment, the
     * over-target points it spans ({@code overBefore}) less its distinct occurrences among them,
     * in time linear in its segments and occurrences rather than in its live length.
     */
    private static int relieved(int[] excess, int[] overBefore, Candidate c) {
        int n = 0;
        int[] s = c.segments();
        int[] occ = c.occurrences();
        for (int k = 0; k < s.length; k += 2) {
            int a = s[k];
            int b = s[k + 1];
            if (b < a) {
                continue;
            }
            n += overBefore[b + 1] - overBefore[a];
            int i = Arrays.binarySearch(occ, a);
            if (i < 0) {
                i = -i - 1;
            } else {
                while (i > 0 && occ[i - 1] == a) {
                    i--;
                }
            }
            for (; i < occ.length && occ[i] <= b; i++) {
                if ((i == 0 || occ[i] != occ[i - 1]) && excess[occ[i]] > 0) {
                    n--;
                }
            }
        }
        return n;
    }

    private static boolean helps(int[] excess, Candidate c) {
        int[] s = c.segments();
        int[] occ = c.occurrences();
        for (int k = 0; k < s.length; k += 2) {
            int i = lowerBound(occ, s[k]);
            for (int p = s[k]; p <= s[k + 1]; p++) {
                if (excess[p] > 0) {
                    while (i < occ.length && occ[i] < p) {
                        i++;
                    }
                    if (i == occ.length || occ[i] != p) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * The first index of sorted {@code occ} whose point is at least {@code p}: the occurrences a
     * walk over the points from {@code p} meets, one pointer step at a time instead of a binary
     * search per point.
     */
    private static int lowerBound(int[] occ, int p) {
        int lo = 0;
        int hi = occ.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (occ[mid] < p) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
