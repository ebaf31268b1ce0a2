package dev.regtune.core.schedule;

import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;

/**
 * What the scheduler's pressure arithmetic reads of each instruction's operands, gathered once
 * per function instead of at every step a ready instruction is weighed: the distinct values it
 * reads that count toward pressure (GPR classes) and that it does not also define, each with how
 * often the instruction reads it and its slots (what it can free); and the distinct counted values
 * it defines, each with how often the instruction also reads it and its slots (what it can add).
 */
final class PressureOperands {
    private final int[] readStart;
    private final int[] readValue;
    private final int[] readCount;
    private final int[] readSlots;
    private final int[] defStart;
    private final int[] defValue;
    private final int[] defReads;
    private final int[] defSlots;

    PressureOperands(KernelFunction f) {
        int n = f.instrCount();
        readStart = new int[n + 1];
        defStart = new int[n + 1];
        int reads = 0;
        int defs = 0;
        for (int i = 0; i < n; i++) {
            reads += f.useCount(i);
            defs += f.defCount(i);
        }
        int[] rv = new int[reads];
        int[] rc = new int[reads];
        int[] rs = new int[reads];
        int[] dv = new int[defs];
        int[] dr = new int[defs];
        int[] ds = new int[defs];
        reads = 0;
        defs = 0;
        for (int i = 0; i < n; i++) {
            readStart[i] = reads;
            defStart[i] = defs;
            for (int u = 0; u < f.useCount(i); u++) {
                int v = f.use(i, u);
                if (counts(f, v) && firstUse(f, i, u) && !defines(f, i, v)) {
                    rv[reads] = v;
                    rc[reads] = occurrences(f, i, v);
                    rs[reads] = f.vregSlots(v);
                    reads++;
                }
            }
            for (int d = 0; d < f.defCount(i); d++) {
                int v = f.def(i, d);
                if (counts(f, v) && firstDef(f, i, d)) {
                    dv[defs] = v;
                    dr[defs] = occurrences(f, i, v);
                    ds[defs] = f.vregSlots(v);
                    defs++;
                }
            }
        }
        readStart[n] = reads;
        defStart[n] = defs;
        readValue = rv;
        readCount = rc;
        readSlots = rs;
        defValue = dv;
        defReads = dr;
        defSlots = ds;
    }

    /** Slots instruction {@code i}'s new values add when it is placed now (block {@code b}). */
    int growth(int b, int i, boolean[] live, int[] remaining, Liveness liveness) {
        int g = 0;
        for (int e = defStart[i]; e < defStart[i + 1]; e++) {
            int v = defValue[e];
            if (!live[v] && (remaining[v] - defReads[e] > 0 || liveness.isLiveOut(b, v))) {
                g += defSlots[e];
            }
        }
        return g;
    }

    /** Slots of the values instruction {@code i} reads for the last time in its block. */
    int freed(int b, int i, int[] remaining, Liveness liveness) {
        int freed = 0;
        for (int e = readStart[i]; e < readStart[i + 1]; e++) {
            int v = readValue[e];
            if (remaining[v] == readCount[e] && !liveness.isLiveOut(b, v)) {
                freed += readSlots[e];
            }
        }
        return freed;
    }

    private static boolean counts(KernelFunction f, int v) {
        RegClass c = f.vregClass(v);
        return c == RegClass.R || c == RegClass.R_ALT;
    }

    private static int occurrences(KernelFunction f, int i, int v) {
        int c = 0;
        for (int u = 0; u < f.useCount(i); u++) {
            if (f.use(i, u) == v) {
                c++;
            }
        }
        return c;
    }

    private static boolean defines(KernelFunction f, int i, int v) {
        for (int d = 0; d < f.defCount(i); d++) {
            if (f.def(i, d) == v) {
                return true;
            }
        }
        return false;
    }

    private static boolean firstUse(KernelFunction f, int i, int u) {
        int v = f.use(i, u);
        for (int p = 0; p < u; p++) {
            if (f.use(i, p) == v) {
                return false;
            }
        }
        return true;
    }

    private static boolean firstDef(KernelFunction f, int i, int d) {
        int v = f.def(i, d);
        for (int p = 0; p < d; p++) {
            if (f.def(i, p) == v) {
                return false;
            }
        }
        return true;
    }
}
