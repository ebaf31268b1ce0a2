package dev.regtune.job.calibrate;

import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.knobs.Knobs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A corpus in the bundled layout whose "ptxas" figures are the model's own under known knobs, so
 * that the best configuration of a calibration is known: those knobs.
 */
final class SyntheticReference {
    /** Small files of the bundled corpus, sm_90. */
    static final List<String> FILES = List.of("elementwise.ptx", "fma_chain.ptx", "warp_reduce.ptx",
            "predication.ptx", "int64_index.ptx", "histogram.ptx");
    static final List<Integer> BUDGETS = List.of(0, 24);
    private static final String HEADER = "file,entry,kind,arch,max_regs,registers,spill_store_bytes,spill_load_bytes,"
            + "stack_frame_bytes,ptxas_version";

    private SyntheticReference() {
    }

    /**
     * Copies the files into {@code dir/ptx/sm_90} and writes {@code dir/ptxas-reference.csv} with the
     * model's figures under {@code truth}; the registers of entries {@code doubled} accepts are
     * doubled (a reference that differs only there).
     */
    static Path write(Path dir, Knobs truth, Predicate<String> doubled) throws IOException {
        return write(dir, truth, doubled, FILES);
    }

    /** As {@link #write(Path, Knobs, Predicate)}, with some of {@link #FILES} only. */
    static Path write(Path dir, Knobs truth, Predicate<String> doubled, List<String> names) throws IOException {
        Path ptx = dir.resolve("ptx/sm_90");
        Files.createDirectories(ptx);
        List<CaseSlots.File> files = new ArrayList<>();
        for (String f : names) {
            Files.copy(Path.of("../datasets/corpus/ptx/sm_90").resolve(f), ptx.resolve(f),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            files.add(new CaseSlots.File(0, ptx.resolve(f).toString(), "sm_90/" + f, List.of("sm_90")));
        }
        EvaluationPlan plan = new EvaluationPlan(files, BUDGETS, List.of(truth));
        List<String> lines = new ArrayList<>(List.of(HEADER));
        for (int i = 0; i < files.size(); i++) {
            for (ModelRow r : plan.evaluate(i, 0)) {
                if (r.status() != AllocationStatus.OK) {
                    continue;
                }
                int regs = doubled.test(r.entry()) ? 2 * r.registers() : r.registers();
                lines.add("ptx/sm_90/" + names.get(i) + "," + r.entry() + ",entry,sm_90," + r.budget() + "," + regs
                        + "," + r.spillStoreBytes() + "," + r.spillLoadBytes() + ",0,13.0.88");
            }
        }
        Files.write(dir.resolve("ptxas-reference.csv"), lines, StandardCharsets.UTF_8);
        return dir;
    }
}
