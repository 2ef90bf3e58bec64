package dev.agentkit.springai;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The adapter is built on the runtime's API alone, never on {@code dev.agentkit.internal}. */
class InternalUseTest {
  @Test
  void theAdapterUsesNoInternals() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.agentkit.internal..")
        .check(
            new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.agentkit.springai"));
  }
}
