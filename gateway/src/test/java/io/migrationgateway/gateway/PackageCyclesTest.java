package io.migrationgateway.gateway;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Inside each module, packages depend on each other one way only, so that each can be read, changed and tested
 * without the ones that use it. The gateway module sees every other module's classes, so the rule is checked here;
 * modules cannot depend on each other both ways, Maven refuses that already.
 */
class PackageCyclesTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.migrationgateway");
    }

    @ParameterizedTest
    @ValueSource(strings = {"model", "storage", "resourceapi", "reports", "legacysim", "translators", "jobs", "flags", "gateway", "testsupport"})
    void theModulesPackagesHaveNoCycles(String module) {
        slices().assignedFrom(packagesUnder("io.migrationgateway." + module)).should().beFreeOfCycles()
                .allowEmptyShould(false).check(classes);
    }

    /** Every package under {@code root}, the root included, as a slice of its own. */
    private static SliceAssignment packagesUnder(String root) {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                String name = javaClass.getPackageName();
                return name.equals(root) || name.startsWith(root + ".") ? SliceIdentifier.of(name) : SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "the packages under " + root;
            }
        };
    }
}
