package dev.regtune.job;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.regtune.core.knobs.KnobDef;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The "must not" rules of tuner-job's package docs, one named rule each, checked on the compiled
 * main classes. Every rule names the {@code package-info.java} it comes from in its {@code
 * because}, and none may pass vacuously ({@code allowEmptyShould(false)}).
 */
@AnalyzeClasses(packages = "dev.regtune.job", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageRulesTest {

    /** Running the allocator: its entry point, families, stages, state, analyses and checker. */
    private static final DescribedPredicate<JavaClass> ALLOCATOR = resideInAnyPackage(
            "dev.regtune.core", "dev.regtune.core.pipeline..", "dev.regtune.core.fatpoint..",
            "dev.regtune.core.briggs..", "dev.regtune.core.coalesce..", "dev.regtune.core.spill..",
            "dev.regtune.core.model..", "dev.regtune.core.analysis..", "dev.regtune.core.check..",
            "dev.regtune.core.ptx..", "dev.regtune.job.allocate..").as("are the allocator");

    /** Allocation logic: the allocator's stages and analyses, not its entry point or its results. */
    private static final DescribedPredicate<JavaClass> ALLOCATION_LOGIC = resideInAnyPackage(
            "dev.regtune.core.pipeline..", "dev.regtune.core.fatpoint..", "dev.regtune.core.briggs..",
            "dev.regtune.core.coalesce..", "dev.regtune.core.spill..", "dev.regtune.core.analysis..")
            .as("are allocation logic");

    /** Metric formulas: the budget, latency and cost models. */
    private static final DescribedPredicate<JavaClass> METRIC_FORMULAS =
            resideInAnyPackage("dev.regtune.core.model..").as("are metric formulas");

    /** Parsing a file format: CSV and JSON parsers. */
    private static final DescribedPredicate<JavaClass> FORMAT_PARSERS = assignableTo(CSVParser.class)
            .or(assignableTo(CSVRecord.class)).or(assignableTo(JsonParser.class)).or(assignableTo(ObjectReader.class))
            .as("are file-format parsers");

    private static final DescribedPredicate<JavaMethodCall> JSON_READING = DescribedPredicate.describe(
            "the target is a read method of ObjectMapper", call -> call.getTargetOwner().isAssignableTo(ObjectMapper.class)
                    && call.getName().startsWith("read"));

    @ArchTest
    static final ArchRule select_runs_no_allocator_and_parses_no_command_line = noClasses()
            .that().resideInAPackage("dev.regtune.job.select..")
            .should().dependOnClassesThat(ALLOCATOR)
            .orShould().dependOnClassesThat().resideInAnyPackage("dev.regtune.job.cli..", "picocli..")
            .because("dev/regtune/job/select/package-info.java: this package must not run the allocator"
                    + " or parse command lines (that is cli)")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule select_defines_no_knobs_or_profile_formats = noClasses()
            .that().resideInAPackage("dev.regtune.job.select..")
            .should().callConstructorWhere(DescribedPredicate.describe("the target is a constructor of KnobDef",
                    call -> call.getTargetOwner().isEquivalentTo(KnobDef.class)))
            .orShould().haveNameMatching(".*Profile(Reader|Writer|Layout|Format).*")
            .because("dev/regtune/job/select/package-info.java: this package must not define knobs or"
                    + " profile formats (they belong to allocator-core and knob-space)")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule cli_has_no_allocation_logic_metric_formulas_or_format_parsing = noClasses()
            .that().resideInAPackage("dev.regtune.job.cli..")
            .should().dependOnClassesThat(ALLOCATION_LOGIC)
            .orShould().dependOnClassesThat(METRIC_FORMULAS)
            .orShould().dependOnClassesThat(FORMAT_PARSERS)
            .orShould().callMethodWhere(JSON_READING)
            .because("dev/regtune/job/cli/package-info.java: commands only parse arguments, call the"
                    + " harness packages and print; they must not contain allocation logic, metric formulas"
                    + " or file-format parsing")
            .allowEmptyShould(false);
}
