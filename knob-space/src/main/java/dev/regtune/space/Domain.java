package dev.regtune.space;

import java.util.List;

/**
 * The values one dimension ranges over, and the two ways samplers reach them: {@link #decode}
 * from the unit interval (random, Latin hypercube and Sobol samplers, search strategies) and
 * {@link #grid()} (the grid sampler). Values are doubles; booleans are 0 and 1, a choice knob's
 * values the indices of its choices, architectures the
 * index into their list. Domains are validated against the knob catalogue by the spec reader, not
 * here.
 */
public sealed interface Domain permits Domain.IntRange, Domain.RealRange, Domain.Choice, Domain.Fixed {

    /** Grid points of a real range, or of a log-scaled integer range, when the spec gives no {@code points}. */
    int DEFAULT_GRID_POINTS = 5;

    /**
     * The value at {@code u} in [0, 1): monotone in {@code u}; every value of a discrete domain gets
     * an equal share of the interval (of the log interval for a log-scaled integer range).
     */
    double decode(double u);

    /** The values the grid sampler visits. */
    Grid grid();

    /** How many distinct values {@link #decode} can return, or -1 for a continuous range. */
    long cardinality();

    /**
     * Integers {@code min, min + step, ...} up to {@code max} (linear), or every integer in
     * [min, max] with log-uniform shares (log: value k takes the share ln((k+1)/k) of the interval).
     *
     * @param points grid points, or 0 for the default: every step value (linear), {@value #DEFAULT_GRID_POINTS} (log)
     */
    record IntRange(long min, long max, long step, Scale scale, int points) implements Domain {
        /** Number of step values in the range (linear) or integers (log). */
        long steps() {
            return scale == Scale.LOG ? max - min + 1 : (max - min) / step + 1;
        }

        @Override
        public double decode(double u) {
            if (scale == Scale.LOG) {
                double lo = Math.log(min);
                double v = Math.floor(Math.exp(lo + u * (Math.log(max + 1.0) - lo)));
                return Math.max(min, Math.min(max, v));
            }
            long k = steps();
            long i = Math.min(k - 1, (long) (u * k));
            return min + Math.max(0, i) * step;
        }

        @Override
        public Grid grid() {
            long k = steps();
            if (scale == Scale.LINEAR && (points == 0 || points >= k)) {
                return Grid.arithmetic(min, step, k);
            }
            int n = points == 0 ? DEFAULT_GRID_POINTS : points;
            double[] v = new double[n];
            for (int i = 0; i < n; i++) {
                double t = n == 1 ? 0.5 : (double) i / (n - 1);
                if (scale == Scale.LOG) {
                    v[i] = Math.round(Math.exp(Math.log(min) + t * (Math.log(max) - Math.log(min))));
                } else {
                    v[i] = min + Math.round(t * (k - 1)) * step;
                }
                v[i] = Math.max(min, Math.min(max, v[i]));
            }
            return Grid.listed(v);
        }

        @Override
        public long cardinality() {
            return steps();
        }
    }

    /**
     * Reals in [min, max]: linear, or log-uniform (log needs min &gt; 0).
     *
     * @param points grid points, min and max included, or 0 for {@value #DEFAULT_GRID_POINTS}
     */
    record RealRange(double min, double max, Scale scale, int points) implements Domain {
        @Override
        public double decode(double u) {
            double v = scale == Scale.LOG ? Math.exp(Math.log(min) + u * (Math.log(max) - Math.log(min)))
                    : min + u * (max - min);
            return Math.max(min, Math.min(max, v));
        }

        @Override
        public Grid grid() {
            int n = points == 0 ? DEFAULT_GRID_POINTS : points;
            double[] v = new double[n];
            for (int i = 0; i < n; i++) {
                double t = n == 1 ? 0.5 : (double) i / (n - 1);
                v[i] = i == n - 1 && n > 1 ? max : scale == Scale.LOG
                        ? Math.exp(Math.log(min) + t * (Math.log(max) - Math.log(min))) : min + t * (max - min);
                v[i] = Math.max(min, Math.min(max, v[i]));
            }
            return Grid.listed(v);
        }

        @Override
        public long cardinality() {
            return min == max ? 1 : -1;
        }
    }

    /** A categorical domain: the listed values, in the order given, each with an equal share. */
    record Choice(List<Double> values) implements Domain {
        public Choice {
            values = List.copyOf(values);
            if (values.isEmpty()) {
                throw new IllegalArgumentException("a categorical domain needs at least one value");
            }
        }

        @Override
        public double decode(double u) {
            int k = values.size();
            return values.get(Math.max(0, Math.min(k - 1, (int) (u * k))));
        }

        @Override
        public Grid grid() {
            return Grid.listed(values.stream().mapToDouble(Double::doubleValue).toArray());
        }

        @Override
        public long cardinality() {
            return values.size();
        }
    }

    /** One value: the dimension is recorded in every configuration but does not vary. */
    record Fixed(double value) implements Domain {
        @Override
        public double decode(double u) {
            return value;
        }

        @Override
        public Grid grid() {
            return Grid.arithmetic(value, 0, 1);
        }

        @Override
        public long cardinality() {
            return 1;
        }
    }
}
