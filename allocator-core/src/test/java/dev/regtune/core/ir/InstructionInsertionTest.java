package dev.regtune.core.ir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ptx.PtxParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link InstructionInsertion} builds the function a {@link FunctionCopy} of the same edits builds:
 * checked on every function of the bundled corpora (and the test PTX) with instructions inserted
 * and uses appended at random, down to the CFG's predecessor lists and each instruction's block.
 */
class InstructionInsertionTest {

    @Test
    void buildsWhatACopyBuildsOnEveryBundledFunction() throws IOException {
        List<KernelFunction> fns = functions();
        Random random = new Random(15);
        int edited = 0;
        for (KernelFunction f : fns) {
            for (double rate : new double[] {0.0, 0.1, 0.5, 1.0}) {
                int[] count = new int[f.instrCount()];
                for (int i = 0; i < count.length; i++) {
                    count[i] = random.nextDouble() < rate ? 1 + random.nextInt(3) : 0;
                }
                KernelFunction expected = copied(f, count);
                KernelFunction actual = inserted(f, count);
                assertSame(expected, actual);
                edited++;
            }
        }
        assertTrue(edited > 400, "only " + edited + " edits");
    }

    /**
     * Instructions moved to the top of other blocks (as parameter sinking moves loads), with
     * insertions before some of them: what a copy that emits them there builds.
     */
    @Test
    void movesBuildWhatACopyBuilds() throws IOException {
        Random random = new Random(27);
        int edited = 0;
        for (KernelFunction f : functions()) {
            if (f.blockCount() < 2) {
                continue;
            }
            for (int round = 0; round < 3; round++) {
                int n = f.instrCount();
                int[] target = new int[n];
                Arrays.fill(target, -1);
                int[] count = new int[n];
                for (int i = 0; i < n; i++) {
                    int to = random.nextInt(f.blockCount());
                    if ((f.instrFlags(i) & (InstrFlags.BRANCH | InstrFlags.NO_FALLTHROUGH | InstrFlags.RETURN)) == 0
                            && random.nextInt(8) == 0 && f.blockEnd(to) > f.blockStart(to)) {
                        target[i] = to;
                    }
                    count[i] = random.nextInt(6) == 0 ? 1 : 0;
                }
                int[][] layout = layout(f, target);
                boolean emptied = false;
                for (int b = 0; b < f.blockCount(); b++) {
                    emptied |= layout[b].length == 0 && f.blockEnd(b) > f.blockStart(b);
                }
                InstructionInsertion edit = new InstructionInsertion(f);
                for (int b = 0; b < f.blockCount(); b++) {
                    edit.layout(b, layout[b]);
                }
                for (int i = 0; i < n; i++) {
                    if (count[i] > 0) {
                        int t = edit.vreg("t" + i, RegClass.R, PairMode.SINGLE, 0, NvptxRegClass.INT32);
                        edit.insertBefore(i, "pseudo", InstrKind.OTHER, 0, new int[] {t}, new int[0]);
                        edit.appendUses(i, new int[] {t});
                    }
                }
                if (emptied) {
                    assertThrows(IllegalStateException.class, edit::build, f.name());
                    continue;
                }
                assertSame(movedCopy(f, layout, count), edit.build());
                edited++;
            }
        }
        assertTrue(edited > 100, "only " + edited + " edits");
    }

    /** Per block: the instructions moved to it, in order, then its own that stay. */
    private static int[][] layout(KernelFunction f, int[] target) {
        int[][] out = new int[f.blockCount()][];
        for (int b = 0; b < f.blockCount(); b++) {
            List<Integer> seq = new ArrayList<>();
            for (int i = 0; i < f.instrCount(); i++) {
                if (target[i] == b) {
                    seq.add(i);
                }
            }
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                if (target[i] < 0) {
                    seq.add(i);
                }
            }
            out[b] = seq.stream().mapToInt(Integer::intValue).toArray();
        }
        return out;
    }

    private static KernelFunction movedCopy(KernelFunction f, int[][] layout, int[] count) {
        FunctionCopy copy = FunctionCopy.of(f);
        FunctionBuilder fb = copy.builder();
        int[] temp = new int[f.instrCount()];
        for (int i = 0; i < f.instrCount(); i++) {
            temp[i] = count[i] > 0 ? fb.vreg("t" + i, RegClass.R, PairMode.SINGLE, 0, NvptxRegClass.INT32) : -1;
        }
        for (int b = 0; b < f.blockCount(); b++) {
            copy.startBlock(b);
            for (int i : layout[b]) {
                if (temp[i] < 0) {
                    copy.copy(f.blockOf(i), i);
                    continue;
                }
                fb.instr("pseudo", InstrKind.OTHER, 0, new int[] {temp[i]}, new int[0], f.instrLine(i));
                int[] uses = copy.uses(i);
                int[] withTemp = Arrays.copyOf(uses, uses.length + 1);
                withTemp[uses.length] = temp[i];
                copy.copy(f.blockOf(i), i, withTemp);
            }
        }
        return copy.build();
    }

    @Test
    void anInsertedInstructionMayNotEndABlock() {
        FunctionBuilder fb = new FunctionBuilder("k", FunctionKind.ENTRY);
        int a = fb.vreg("%r1", RegClass.R, PairMode.SINGLE, 0);
        fb.instr("mov.u32", InstrKind.MOVE, 0, new int[] {a}, new int[0], 1);
        fb.instr("ret", InstrKind.RETURN, InstrFlags.RETURN | InstrFlags.NO_FALLTHROUGH, new int[0], new int[0], 2);
        InstructionInsertion edit = new InstructionInsertion(fb.build());
        assertThrows(IllegalArgumentException.class,
                () -> edit.insertBefore(1, "bra", InstrKind.BRANCH, InstrFlags.BRANCH, new int[0], new int[0]));
        assertThrows(IllegalArgumentException.class,
                () -> edit.insertBefore(0, "mov.u32", InstrKind.MOVE, 0, new int[] {7}, new int[0]));
    }

    private static void assertSame(KernelFunction expected, KernelFunction actual) {
        String name = expected.name();
        assertEquals(expected, actual, name);
        assertEquals(expected.dump(), actual.dump(), name);
        assertEquals(expected.blockCount(), actual.blockCount(), name);
        for (int b = 0; b < expected.blockCount(); b++) {
            assertEquals(expected.blockLabel(b), actual.blockLabel(b), name);
            int[] p = new int[expected.predCount(b)];
            int[] q = new int[actual.predCount(b)];
            for (int k = 0; k < p.length; k++) {
                p[k] = expected.pred(b, k);
            }
            for (int k = 0; k < q.length; k++) {
                q[k] = actual.pred(b, k);
            }
            assertArrayEquals(p, q, name + " preds of B" + b);
        }
        for (int i = 0; i < expected.instrCount(); i++) {
            assertEquals(expected.blockOf(i), actual.blockOf(i), name);
            assertEquals(expected.instrKind(i), actual.instrKind(i), name);
            assertEquals(expected.opcode(i), actual.opcode(i), name);
        }
        assertEquals(expected.opcodeCount(), actual.opcodeCount(), name);
        assertEquals(expected.localMemory(), actual.localMemory(), name);
        assertEquals(expected.callTargets(), actual.callTargets(), name);
        assertEquals(expected.constraints(), actual.constraints(), name);
        for (int v = 0; v < expected.vregCount(); v++) {
            assertEquals(expected.vregName(v), actual.vregName(v), name);
            assertEquals(expected.nvptxClass(v), actual.nvptxClass(v), name);
        }
    }

    /** Before each instruction with {@code count[i] > 0}: one instruction defining that many new vregs from its uses, which it then also reads. */
    private static KernelFunction copied(KernelFunction f, int[] count) {
        FunctionCopy copy = FunctionCopy.of(f);
        FunctionBuilder fb = copy.builder();
        for (int b = 0; b < f.blockCount(); b++) {
            copy.startBlock(b);
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                if (count[i] == 0) {
                    copy.copy(b, i);
                    continue;
                }
                int[] uses = copy.uses(i);
                int[] temps = new int[count[i]];
                for (int t = 0; t < temps.length; t++) {
                    temps[t] = fb.vreg("t" + i + "." + t, RegClass.R, PairMode.SINGLE, t, NvptxRegClass.INT32);
                }
                fb.instr(i % 2 == 0 ? "pseudo.even" : "pseudo.odd", InstrKind.OTHER, 0, temps, uses, f.instrLine(i));
                int[] withTemps = Arrays.copyOf(uses, uses.length + temps.length);
                System.arraycopy(temps, 0, withTemps, uses.length, temps.length);
                copy.copy(b, i, withTemps);
            }
        }
        return copy.build();
    }

    private static KernelFunction inserted(KernelFunction f, int[] count) {
        InstructionInsertion edit = new InstructionInsertion(f);
        for (int i = 0; i < f.instrCount(); i++) {
            if (count[i] == 0) {
                continue;
            }
            int[] temps = new int[count[i]];
            for (int t = 0; t < temps.length; t++) {
                temps[t] = edit.vreg("t" + i + "." + t, RegClass.R, PairMode.SINGLE, t, NvptxRegClass.INT32);
            }
            int[] uses = new int[f.useCount(i)];
            for (int k = 0; k < uses.length; k++) {
                uses[k] = f.use(i, k);
            }
            edit.insertBefore(i, i % 2 == 0 ? "pseudo.even" : "pseudo.odd", InstrKind.OTHER, 0, temps, uses);
            edit.appendUses(i, temps);
        }
        return edit.build();
    }

    private static List<KernelFunction> functions() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String dir : new String[] {"../datasets/corpus/ptx/sm_80", "../datasets/corpus/ptx/sm_90",
            "src/test/resources/ptx"}) {
            try (var walk = Files.walk(Path.of(dir))) {
                walk.filter(p -> p.toString().endsWith(".ptx")).sorted().forEach(files::add);
            }
        }
        List<KernelFunction> out = new ArrayList<>();
        for (Path file : files) {
            try {
                out.addAll(PtxParser.parse(file).functions());
            } catch (RuntimeException e) {
                // files that are meant not to parse
            }
        }
        return out;
    }
}
