package dev.regtune.datasets;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The "must not" rules of the datasets module's package docs, one named rule each, checked on the
 * compiled main classes. Every rule names the {@code package-info.java} it comes from in its {@code
 * because}, and none may pass vacuously ({@code allowEmptyShould(false)}).
 */
@AnalyzeClasses(packages = "dev.regtune.datasets", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageRulesTest {

    /** Allocation logic: allocator-core's entry point, families, stages, state, results and models. */
    private static final DescribedPredicate<JavaClass> ALLOCATION = resideInAnyPackage(
            "dev.regtune.core", "dev.regtune.core.alloc..", "dev.regtune.core.pipeline..",
            "dev.regtune.core.fatpoint..", "dev.regtune.core.briggs..", "dev.regtune.core.coalesce..",
            "dev.regtune.core.spill..", "dev.regtune.core.model..", "dev.regtune.core.explain..",
            "dev.regtune.core.analysis..", "dev.regtune.core.check..").as("are allocation logic");

    private static final DescribedPredicate<JavaClass> SPARK =
            resideInAnyPackage("org.apache.spark..", "scala..").as("are Spark code");

    /** Starting or handling another process (running ptxas or nvcc is one). */
    private static final DescribedPredicate<JavaClass> PROCESSES = assignableTo(ProcessBuilder.class)
            .or(assignableTo(Process.class)).or(assignableTo(ProcessHandle.class)).or(assignableTo(Runtime.class))
            .as("handle processes");

    @ArchTest
    static final ArchRule datasets_has_no_allocation_or_spark = noClasses()
            .that().resideInAPackage("dev.regtune.datasets")
            .should().dependOnClassesThat(ALLOCATION)
            .orShould().dependOnClassesThat(SPARK)
            .because("dev/regtune/datasets/package-info.java: this package must not contain allocation logic"
                    + " or Spark code")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule synthetic_has_no_allocation_or_spark_and_calls_no_ptxas = noClasses()
            .that().resideInAPackage("dev.regtune.datasets.synthetic..")
            .should().dependOnClassesThat(ALLOCATION)
            .orShould().dependOnClassesThat(SPARK)
            .orShould().dependOnClassesThat(PROCESSES)
            .because("dev/regtune/datasets/synthetic/package-info.java: this package must not contain"
                    + " allocation logic or Spark code, and must not call ptxas")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule manifest_has_no_allocation_spark_or_processes = noClasses()
            .that().resideInAPackage("dev.regtune.datasets.manifest..")
            .should().dependOnClassesThat(ALLOCATION)
            .orShould().dependOnClassesThat(SPARK)
            .orShould().dependOnClassesThat(PROCESSES)
            .because("dev/regtune/datasets/manifest/package-info.java: this package must not contain"
                    + " allocation logic, Spark code or process handling")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule load_reads_and_does_not_compile = noClasses()
            .that().resideInAPackage("dev.regtune.datasets.load..")
            .should().dependOnClassesThat(ALLOCATION)
            .orShould().dependOnClassesThat(SPARK)
            .orShould().dependOnClassesThat(PROCESSES)
            .because("dev/regtune/datasets/load/package-info.java: this package must not contain allocation"
                    + " logic or Spark code; it reads, it does not compile")
            .allowEmptyShould(false);
}
