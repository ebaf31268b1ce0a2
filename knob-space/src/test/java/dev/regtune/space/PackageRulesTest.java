package dev.regtune.space;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.io.Serializable;

/**
 * The "must not" rules of knob-space's package docs, one named rule each, checked on the compiled
 * main classes. Every rule names the {@code package-info.java} it comes from in its {@code
 * because}, and none may pass vacuously ({@code allowEmptyShould(false)}).
 */
@AnalyzeClasses(packages = "dev.regtune.space", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageRulesTest {

    /** Allocation logic: allocator-core's entry point, families, stages, state, results and models. */
    private static final DescribedPredicate<JavaClass> ALLOCATION = resideInAnyPackage(
            "dev.regtune.core", "dev.regtune.core.alloc..", "dev.regtune.core.pipeline..",
            "dev.regtune.core.fatpoint..", "dev.regtune.core.briggs..", "dev.regtune.core.coalesce..",
            "dev.regtune.core.spill..", "dev.regtune.core.model..", "dev.regtune.core.explain..",
            "dev.regtune.core.analysis..", "dev.regtune.core.check..").as("are allocation logic");

    private static final DescribedPredicate<JavaClass> SPARK =
            resideInAnyPackage("org.apache.spark..", "scala..").as("are Spark code");

    /** I/O: files, streams, readers and writers, sockets (being {@link Serializable} is not I/O). */
    private static final DescribedPredicate<JavaClass> IO = resideInAnyPackage("java.nio.file..", "java.net..")
            .or(resideInAPackage("java.io").and(not(equivalentTo(Serializable.class)))).as("do I/O");

    @ArchTest
    static final ArchRule profile_only_reads_and_writes_profiles = noClasses()
            .that().resideInAPackage("dev.regtune.space.profile..")
            .should().dependOnClassesThat(ALLOCATION)
            .orShould().dependOnClassesThat().resideInAnyPackage("dev.regtune.space.sample..",
                    "dev.regtune.space.search..")
            .because("dev/regtune/space/profile/package-info.java: this package must not contain allocation"
                    + " logic, sampling or search: it only turns profiles into bytes and back")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule sample_proposes_and_does_not_evaluate = noClasses()
            .that().resideInAPackage("dev.regtune.space.sample..")
            .should().dependOnClassesThat(ALLOCATION)
            .orShould().dependOnClassesThat().resideInAPackage("dev.regtune.space.search..")
            .because("dev/regtune/space/sample/package-info.java: this package proposes configurations; it"
                    + " must not evaluate them (that is the tuner job's and the adaptive search strategies'"
                    + " business)")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule search_has_no_allocation_spark_or_io = noClasses()
            .that().resideInAPackage("dev.regtune.space.search..")
            .should().dependOnClassesThat(ALLOCATION)
            .orShould().dependOnClassesThat(SPARK)
            .orShould().dependOnClassesThat(IO)
            .because("dev/regtune/space/search/package-info.java: this package must not contain allocation"
                    + " logic, Spark code or I/O: it only decides which configurations to evaluate next")
            .allowEmptyShould(false);
}
