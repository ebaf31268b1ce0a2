package dev.regtune.core.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;

/**
 * Mutated real PTX must either parse into sane IR or fail with a well-formed
 * {@link PtxParseException}: never another exception, never the parser's internal-error fallback.
 * Seeded, so a failure names the seed and mutation that reproduce it.
 */
class PtxParserFuzzTest {
    private static final Pattern MESSAGE =
            Pattern.compile("^fuzz\\.ptx:[1-9][0-9]*:[1-9][0-9]*: (expected .+ but found ('.*'|end of file)"
                    + "|Not a name of any known instruction: '.*'|Missing \\.(version|target) directive at start of file"
                    + "|Unexpected (non-ASCII|NUL) character .* encountered on line [1-9][0-9]*; PTX is ASCII, comments included)$",
                    Pattern.DOTALL);
    /** Mutants per resource file; raise with -Dptx.fuzz.seeds=20000 for a longer run. */
    private static final int SEEDS = Integer.getInteger("ptx.fuzz.seeds", 400);
    private static final String INTERESTING = "{}[]();,.%@!|:+-_$\"/*\n\t 0x9fU<>=#\\";

    @Test
    void mutatedRealPtxNeverCrashesTheParser() {
        int parsed = 0;
        int rejected = 0;
        for (String name : RealPtxTest.RESOURCES) {
            String text = PtxTestSupport.resource(name);
            if (text.length() > 20_000) {
                text = text.substring(0, 20_000);
            }
            for (int seed = 0; seed < SEEDS; seed++) {
                Random rnd = new Random(seed * 31L + name.hashCode());
                String mutated = mutate(text, rnd);
                try {
                    PtxModule m = PtxParser.parse(mutated, "fuzz.ptx");
                    for (KernelFunction f : m.functions()) {
                        List<String> problems = IrSanity.problems(f, false);
                        assertEquals(List.of(), problems, name + " seed " + seed);
                    }
                    parsed++;
                } catch (PtxParseException e) {
                    rejected++;
                    assertTrue(MESSAGE.matcher(e.getMessage()).matches(), name + " seed " + seed + ": " + e.getMessage());
                    assertTrue(!e.getMessage().contains("internal error"), name + " seed " + seed + ": " + e.getMessage());
                    assertTrue(e.line() >= 1 && e.column() >= 1);
                } catch (RuntimeException e) {
                    fail(name + " seed " + seed + " crashed the parser", e);
                }
            }
        }
        System.out.println("fuzz: " + parsed + " mutants parsed, " + rejected + " rejected with a parse error");
    }

    private static String mutate(String text, Random rnd) {
        StringBuilder sb = new StringBuilder(text);
        int edits = 1 + rnd.nextInt(3);
        for (int e = 0; e < edits && sb.length() > 0; e++) {
            int at = rnd.nextInt(sb.length());
            switch (rnd.nextInt(7)) {
                case 0 -> sb.delete(at, Math.min(sb.length(), at + 1 + rnd.nextInt(20)));
                case 1 -> sb.insert(at, INTERESTING.charAt(rnd.nextInt(INTERESTING.length())));
                case 2 -> sb.setCharAt(at, INTERESTING.charAt(rnd.nextInt(INTERESTING.length())));
                case 3 -> sb.setLength(at);
                case 4 -> {
                    List<String> lines = new ArrayList<>(List.of(sb.toString().split("\n", -1)));
                    int l = rnd.nextInt(lines.size());
                    lines.add(rnd.nextInt(lines.size()), lines.get(l));
                    sb.setLength(0);
                    sb.append(String.join("\n", lines));
                }
                case 5 -> {
                    List<String> lines = new ArrayList<>(List.of(sb.toString().split("\n", -1)));
                    lines.remove(rnd.nextInt(lines.size()));
                    sb.setLength(0);
                    sb.append(String.join("\n", lines));
                }
                default -> sb.setCharAt(at, (char) (rnd.nextInt(95) + 32));
            }
        }
        return sb.toString();
    }
}
