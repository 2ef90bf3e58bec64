package dev.agentkit.examples;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * {@code dev.agentkit.internal} is for generated wiring, the processor and the plugin: the
 * example's own code reaches the runtime through its API only, as a user's code must.
 */
class InternalUseTest {
  static final JavaClasses EXAMPLE =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.agentkit.examples");

  @Test
  void onlyGeneratedWiringUsesTheInternals() {
    noClasses()
        .that()
        .haveNameNotMatching(".*_Wiring(\\$.*)?")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.agentkit.internal..")
        .check(EXAMPLE);
  }

  @Test
  void generatedWiringIsWhereTheInternalsAreUsed() {
    // The rule above would pass vacuously if nothing used them; the wiring's views do.
    boolean used =
        EXAMPLE.stream()
            .filter(c -> c.getName().contains("_Wiring"))
            .flatMap(c -> c.getDirectDependenciesFromSelf().stream())
            .anyMatch(d -> d.getTargetClass().getPackageName().startsWith("dev.agentkit.internal"));
    assertThat(used).isTrue();
  }
}
