package dev.regtune.space.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Pareto dominance on objective vectors where every component is minimised: fast non-dominated
 * sorting and crowding distance (Deb et al. 2002) and the two-objective hypervolume. Results are
 * in index order, so they do not depend on anything but the input order.
 */
public final class Pareto {
    private Pareto() {
    }

    /** True when {@code a} is no worse than {@code b} in every objective and better in one. */
    public static boolean dominates(double[] a, double[] b) {
        boolean better = false;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > b[i]) {
                return false;
            }
            if (a[i] < b[i]) {
                better = true;
            }
        }
        return better;
    }

    /**
     * Fast non-dominated sorting: the indices of {@code points} by front, the first front being
     * the non-dominated points; each front in increasing index order.
     */
    public static List<int[]> nonDominatedSort(List<double[]> points) {
        int n = points.size();
        List<List<Integer>> dominated = new ArrayList<>(n);
        int[] dominatedBy = new int[n];
        for (int i = 0; i < n; i++) {
            dominated.add(new ArrayList<>());
        }
        List<Integer> current = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (dominates(points.get(i), points.get(j))) {
                    dominated.get(i).add(j);
                    dominatedBy[j]++;
                } else if (dominates(points.get(j), points.get(i))) {
                    dominated.get(j).add(i);
                    dominatedBy[i]++;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (dominatedBy[i] == 0) {
                current.add(i);
            }
        }
        List<int[]> fronts = new ArrayList<>();
        while (!current.isEmpty()) {
            fronts.add(current.stream().mapToInt(Integer::intValue).sorted().toArray());
            List<Integer> next = new ArrayList<>();
            for (int i : current) {
                for (int j : dominated.get(i)) {
                    if (--dominatedBy[j] == 0) {
                        next.add(j);
                    }
                }
            }
            current = next;
        }
        return fronts;
    }

    /**
     * Crowding distances of the points {@code front} (indices into {@code points}), in the order of
     * {@code front}: per objective, boundary points get infinity and inner points the normalised
     * gap between their neighbours. Objectives with a zero or non-finite range are skipped.
     */
    public static double[] crowdingDistance(List<double[]> points, int[] front) {
        int n = front.length;
        double[] distance = new double[n];
        if (n == 0) {
            return distance;
        }
        int m = points.get(front[0]).length;
        for (int k = 0; k < m; k++) {
            final int obj = k;
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            Arrays.sort(order, Comparator.comparingDouble((Integer i) -> points.get(front[i])[obj])
                    .thenComparingInt(i -> i));
            double lo = points.get(front[order[0]])[obj];
            double hi = points.get(front[order[n - 1]])[obj];
            distance[order[0]] = Double.POSITIVE_INFINITY;
            distance[order[n - 1]] = Double.POSITIVE_INFINITY;
            double range = hi - lo;
            if (!(range > 0) || Double.isInfinite(range)) {
                continue;
            }
            for (int r = 1; r < n - 1; r++) {
                double gap = points.get(front[order[r + 1]])[obj] - points.get(front[order[r - 1]])[obj];
                distance[order[r]] += gap / range;
            }
        }
        return distance;
    }

    /**
     * The area dominated by {@code points} (two objectives, minimised) and bounded by
     * {@code reference}; points not strictly better than the reference in both objectives add
     * nothing.
     */
    public static double hypervolume2d(List<double[]> points, double[] reference) {
        List<double[]> inside = new ArrayList<>();
        for (double[] p : points) {
            if (p[0] < reference[0] && p[1] < reference[1]) {
                inside.add(p);
            }
        }
        inside.sort(Comparator.<double[]>comparingDouble(p -> p[0]).thenComparingDouble(p -> p[1]));
        // the staircase: points by increasing first objective that improve the second
        List<double[]> stairs = new ArrayList<>();
        for (double[] p : inside) {
            if (stairs.isEmpty() || p[1] < stairs.get(stairs.size() - 1)[1]) {
                stairs.add(p);
            }
        }
        double volume = 0;
        for (int i = 0; i < stairs.size(); i++) {
            double nextFirst = i + 1 < stairs.size() ? stairs.get(i + 1)[0] : reference[0];
            volume += (nextFirst - stairs.get(i)[0]) * (reference[1] - stairs.get(i)[1]);
        }
        return volume;
    }
}
