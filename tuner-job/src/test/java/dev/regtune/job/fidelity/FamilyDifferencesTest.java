package dev.regtune.job.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.AllocationStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

class FamilyDifferencesTest {
    private static FidelityPair pair(String file, String entry, String arch, int budget, String family, int realRegs,
            boolean realSpills, AllocationStatus status, int modelRegs, int modelSpill, int pressure) {
        int spill = realSpills ? 8 : 0;
        return new FidelityPair(file, entry, arch, budget, family,
                new PtxasMeasurement(entry, true, realRegs, spill, spill, 0), status, modelRegs, modelSpill,
                modelSpill, 0, pressure);
    }

    /** A case compared for families a and b. */
    private static FidelityCase of(String file, String entry, String arch, int budget, int real, boolean realSpills,
            int a, int aSpill, AllocationStatus bStatus, int b, int bSpill) {
        return new FidelityCase(List.of(
                pair(file, entry, arch, budget, "a", real, realSpills, AllocationStatus.OK, a, aSpill, 30),
                pair(file, entry, arch, budget, "b", real, realSpills, bStatus, b, bSpill, 30)));
    }

    private static final AllocationStatus OK = AllocationStatus.OK;
    private static final AllocationStatus FAILED = AllocationStatus.ALLOC_FAILED;

    private static final List<FidelityCase> CASES = List.of(
            of("ptx/sm_90/gemm.ptx", "g", "sm_90", 0, 20, false, 20, 0, OK, 26, 0),   // spread 6
            of("ptx/sm_90/gemm.ptx", "g", "sm_90", 24, 24, true, 24, 4, OK, 24, 0),   // spread 0, disagree
            of("ptx/sm_80/scan.ptx", "s", "sm_80", 0, 10, false, 11, 0, OK, 10, 0),   // spread 1
            of("ptx/sm_80/scan.ptx", "s", "sm_80", 24, 10, false, 10, 0, FAILED, 0, 0)); // b failed: disagree

    @Test
    void aGroupMeasuresEveryFamilyOnTheCasesAllOfThemAllocated() {
        FamilyDifferences.Group all = FamilyDifferences.of("all", CASES);
        assertEquals(4, all.cases());
        assertEquals(3, all.allocatedCases());
        // a: |20-20|/20, |24-24|/24, |11-10|/10 -> 10% / 3; b: 30%, 0%, 0% -> 30% / 3
        assertEquals(10.0 / 3, all.mapePercent().get(0), 1e-9);
        assertEquals(10.0, all.mapePercent().get(1), 1e-9);
        assertEquals((6 + 0 + 1) / 3.0, all.meanRegisterSpread(), 1e-12);
        assertEquals(2, all.budgetedCases());
        assertEquals(2, all.spillDisagreements()); // a spills where b does not; b failed where a did not spill
    }

    @Test
    void groupsByBudgetArchKernelFamilyAndEntry() {
        List<FamilyDifferences.Group> budgets = FamilyDifferences.byBudget(CASES, List.of(24, 0, 32));
        assertEquals(List.of("24", "none"), budgets.stream().map(FamilyDifferences.Group::label).toList());
        assertEquals(0.0, budgets.get(0).meanRegisterSpread(), 1e-12); // only the gemm case was allocated by both
        assertEquals(2, budgets.get(0).spillDisagreements());
        assertEquals(3.5, budgets.get(1).meanRegisterSpread(), 1e-12);

        assertEquals(List.of("sm_80", "sm_90"),
                FamilyDifferences.byArch(CASES).stream().map(FamilyDifferences.Group::label).toList());
        assertEquals(List.of("gemm", "scan"),
                FamilyDifferences.byKernelFamily(CASES).stream().map(FamilyDifferences.Group::label).toList());
        assertEquals(List.of("g (gemm)", "s (scan)"),
                FamilyDifferences.byEntry(CASES).stream().map(FamilyDifferences.Group::label).toList());
    }

    @Test
    void mostDifferentComesFirstAndGroupsWithoutRegisterFiguresLast() {
        List<FamilyDifferences.Group> groups = List.of(
                FamilyDifferences.of("scan", CASES.subList(2, 4)),
                FamilyDifferences.of("failed only", CASES.subList(3, 4)),
                FamilyDifferences.of("gemm", CASES.subList(0, 2)));
        assertEquals(List.of("gemm", "scan", "failed only"), FamilyDifferences.mostDifferent(groups, 5).stream()
                .map(FamilyDifferences.Group::label).toList());
        assertEquals(List.of("gemm"), FamilyDifferences.mostDifferent(groups, 1).stream()
                .map(FamilyDifferences.Group::label).toList());
        assertTrue(Double.isNaN(groups.get(1).meanRegisterSpread()));
    }

    @Test
    void kernelFamilyIsTheFileNameWithoutFolderAndExtension() {
        assertEquals("gemm_tile", FamilyDifferences.kernelFamily("datasets/corpus/ptx/sm_90/gemm_tile.ptx"));
        assertEquals("x", FamilyDifferences.kernelFamily("x"));
    }

    @Test
    void theBaselineOfSeveralFamiliesCoversTheCasesEveryFamilyAllocated() {
        PredictorScore baseline = FidelityScorer.baseline(CASES);
        assertEquals(3, baseline.registerPairs());
        assertEquals(2, baseline.spills().total());
        List<FidelityCase> oneFamily = CASES.stream().map(c -> new FidelityCase(List.of(c.first()))).toList();
        assertEquals(FidelityScorer.score(oneFamily.stream().map(FidelityCase::first).toList(), Predictor.BASELINE),
                FidelityScorer.baseline(oneFamily));
    }

    @Test
    void aCaseHoldsPairsOfOneEntryArchAndBudget() {
        FidelityPair a = CASES.get(0).first();
        FidelityPair other = CASES.get(1).first();
        assertThrows(IllegalArgumentException.class, () -> new FidelityCase(List.of(a, other)));
        assertThrows(IllegalArgumentException.class, () -> new FidelityCase(List.of()));
    }
}
