package dev.regtune.core;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.regtune.core.check.fixture.LeakyChecker;
import dev.regtune.core.pipeline.Stage;
import org.junit.jupiter.api.Test;

/**
 * The "must not" rules of allocator-core's package docs, one named rule each, checked on the
 * compiled main classes. Every rule names the {@code package-info.java} it comes from in its
 * {@code because}, and none may pass vacuously ({@code allowEmptyShould(false)}: a renamed or
 * moved package fails the rule instead of silently checking nothing).
 */
@AnalyzeClasses(packages = "dev.regtune.core", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageRulesTest {

    private static final String CORE = "dev.regtune.core";

    /** Packages whose classes are allocator stages or carry their state. */
    private static final String[] STAGE_PACKAGES = {
        "dev.regtune.core.pipeline..", "dev.regtune.core.fatpoint..", "dev.regtune.core.briggs..",
        "dev.regtune.core.coalesce..", "dev.regtune.core.spill.."};

    /** Allocation: the entry point, the families, their stages, state, results and models. */
    private static final String[] ALLOCATION_PACKAGES = {
        CORE, "dev.regtune.core.alloc..", "dev.regtune.core.pipeline..", "dev.regtune.core.fatpoint..",
        "dev.regtune.core.briggs..", "dev.regtune.core.coalesce..", "dev.regtune.core.spill..",
        "dev.regtune.core.model..", "dev.regtune.core.explain.."};

    /** A stage: a class of a stage package, or any implementation of {@link Stage} wherever it lives. */
    private static final DescribedPredicate<JavaClass> STAGE =
            resideInAnyPackage(STAGE_PACKAGES).or(assignableTo(Stage.class)).as("are stages");

    @ArchTest
    static final ArchRule ptx_produces_only_ir = noClasses()
            .that().resideInAPackage("dev.regtune.core.ptx..")
            .should().dependOnClassesThat().resideInAnyPackage(concat(ALLOCATION_PACKAGES,
                    "dev.regtune.core.knobs..", "dev.regtune.core.arch.."))
            .because("dev/regtune/core/ptx/package-info.java: this package must not know about knobs,"
                    + " architectures or allocation; it only produces IR")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule arch_knows_no_kernels_knobs_ptx_files_or_allocation = noClasses()
            .that().resideInAPackage("dev.regtune.core.arch..")
            .should().dependOnClassesThat().resideInAnyPackage(concat(ALLOCATION_PACKAGES,
                    "dev.regtune.core.ir..", "dev.regtune.core.knobs..", "dev.regtune.core.ptx..",
                    "java.io..", "java.nio.file.."))
            .because("dev/regtune/core/arch/package-info.java: it must not allocate registers, know about"
                    + " kernels, knobs, PTX or files")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule arch_holds_no_mutable_state = fields()
            .that().areDeclaredInClassesThat().resideInAPackage("dev.regtune.core.arch..")
            .should().beFinal()
            .because("dev/regtune/core/arch/package-info.java: it must not hold mutable or global state;"
                    + " every class here is immutable")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule pipeline_depends_on_no_family = noClasses()
            .that().resideInAPackage("dev.regtune.core.pipeline..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "dev.regtune.core.fatpoint..", "dev.regtune.core.briggs..")
            .because("dev/regtune/core/pipeline/package-info.java: this package must not depend on any"
                    + " family (fatpoint, briggs); the families depend on it")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule knobs_contain_no_allocation_logic = noClasses()
            .that().resideInAPackage("dev.regtune.core.knobs..")
            .should().dependOnClassesThat().resideInAnyPackage(concat(ALLOCATION_PACKAGES,
                    "dev.regtune.core.analysis.."))
            .because("dev/regtune/core/knobs/package-info.java: this package must not contain allocation"
                    + " logic")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule knobs_read_no_global_state = noClasses()
            .that().resideInAPackage("dev.regtune.core.knobs..")
            .should().callMethod(System.class, "getenv", String.class)
            .orShould().callMethod(System.class, "getenv")
            .orShould().callMethod(System.class, "getProperty", String.class)
            .orShould().callMethod(System.class, "getProperty", String.class, String.class)
            .orShould().callMethod(System.class, "getProperties")
            .because("dev/regtune/core/knobs/package-info.java: this package must not read global state")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule knobs_hold_no_mutable_static_state = fields()
            .that().areDeclaredInClassesThat().resideInAPackage("dev.regtune.core.knobs..")
            .and().areStatic()
            .should().beFinal()
            .because("dev/regtune/core/knobs/package-info.java: this package must not read global state")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule explain_depends_on_no_stage = noClasses()
            .that().resideInAPackage("dev.regtune.core.explain..")
            .should().dependOnClassesThat(STAGE)
            .because("dev/regtune/core/explain/package-info.java: events are values only; this package"
                    + " must not depend on any stage")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule ir_knows_no_ptx_knobs_arch_or_allocation_state = noClasses()
            .that().resideInAPackage("dev.regtune.core.ir..")
            .should().dependOnClassesThat().resideInAnyPackage(concat(ALLOCATION_PACKAGES,
                    "dev.regtune.core.ptx..", "dev.regtune.core.knobs..", "dev.regtune.core.arch.."))
            .because("dev/regtune/core/ir/package-info.java: this package must not know about PTX syntax,"
                    + " knobs, architectures or allocation state")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule alloc_depends_on_no_stage = noClasses()
            .that().resideInAPackage("dev.regtune.core.alloc..")
            .should().dependOnClassesThat(STAGE)
            .because("dev/regtune/core/alloc/package-info.java: values only: nothing here allocates, and"
                    + " this package must not depend on any stage")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule coalesce_depends_on_neither_allocator = noClasses()
            .that().resideInAPackage("dev.regtune.core.coalesce..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "dev.regtune.core.fatpoint..", "dev.regtune.core.briggs..")
            .because("dev/regtune/core/coalesce/package-info.java: it must not depend on either allocator")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule briggs_does_not_depend_on_fatpoint = noClasses()
            .that().resideInAPackage("dev.regtune.core.briggs..")
            .should().dependOnClassesThat().resideInAPackage("dev.regtune.core.fatpoint..")
            .because("dev/regtune/core/briggs/package-info.java: it shares the analyses, the spill-slot"
                    + " placement and the measurements with the fat-point allocator and must not depend on it")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule analysis_sees_only_the_ir = noClasses()
            .that().resideInAPackage("dev.regtune.core.analysis..")
            .should().dependOnClassesThat().resideInAnyPackage(concat(ALLOCATION_PACKAGES,
                    "dev.regtune.core.knobs..", "dev.regtune.core.arch..", "dev.regtune.core.ptx.."))
            .because("dev/regtune/core/analysis/package-info.java: this package must not read knobs,"
                    + " architecture profiles or allocation state, and must not depend on the PTX front end")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule check_shares_only_the_ir_and_the_assignment = classes()
            .that().resideInAPackage("dev.regtune.core.check..")
            .should().onlyDependOnClassesThat().resideInAnyPackage(
                    "dev.regtune.core.check..", "dev.regtune.core.ir..", "dev.regtune.core.alloc..", "java..")
            .because("dev/regtune/core/check/package-info.java: this package shares nothing with the"
                    + " allocator except the IR and the Assignment value: it must not use"
                    + " dev.regtune.core.analysis or any allocator stage")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule fatpoint_depends_on_neither_briggs_nor_ptx = noClasses()
            .that().resideInAPackage("dev.regtune.core.fatpoint..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.regtune.core.briggs..", "dev.regtune.core.ptx..")
            .because("dev/regtune/core/fatpoint/package-info.java: this package must not depend on the"
                    + " Briggs family, on the PTX front end")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule fatpoint_stays_inside_allocator_core = classes()
            .that().resideInAPackage("dev.regtune.core.fatpoint..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("dev.regtune.core..", "java..")
            .because("dev/regtune/core/fatpoint/package-info.java: this package must not depend on anything"
                    + " outside allocator-core")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule lowering_parses_no_ptx_and_allocates_nothing = noClasses()
            .that().resideInAPackage("dev.regtune.core.lower..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.regtune.core.ptx..", "dev.regtune.core.fatpoint..",
                    "dev.regtune.core.briggs..", "dev.regtune.core.spill..", "dev.regtune.core.coalesce..")
            .orShould().dependOnClassesThat().haveFullyQualifiedName(ProcessBuilder.class.getName())
            .because("dev/regtune/core/lower/package-info.java: this package must not parse PTX text or run"
                    + " ptxas; it must not allocate registers")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule promotion_parses_no_ptx_and_allocates_nothing = noClasses()
            .that().resideInAPackage("dev.regtune.core.promote..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.regtune.core.ptx..", "dev.regtune.core.fatpoint..",
                    "dev.regtune.core.briggs..", "dev.regtune.core.spill..", "dev.regtune.core.coalesce..")
            .because("dev/regtune/core/promote/package-info.java: it must not parse PTX or allocate registers")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule scheduling_depends_on_no_family = noClasses()
            .that().resideInAPackage("dev.regtune.core.schedule..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.regtune.core.fatpoint..", "dev.regtune.core.briggs..")
            .because("dev/regtune/core/schedule/package-info.java: this package must not depend on an allocator"
                    + " family (fatpoint, briggs)")
            .allowEmptyShould(false);

    /** The rules are not vacuous: a checker class that reaches into the analyses breaks its rule. */
    @Test
    void aCheckerThatUsesTheAnalysesBreaksItsRule() {
        var leaky = new ClassFileImporter().importClasses(LeakyChecker.class);
        var result = check_shares_only_the_ir_and_the_assignment.evaluate(leaky);
        assertTrue(result.hasViolation());
        assertTrue(result.getFailureReport().toString().contains("dev.regtune.core.analysis.Liveness"),
                result.getFailureReport().toString());
    }

    private static String[] concat(String[] first, String... more) {
        String[] all = new String[first.length + more.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }
}
