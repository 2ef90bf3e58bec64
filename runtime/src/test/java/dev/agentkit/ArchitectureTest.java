package dev.agentkit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The runtime's packages depend on each other one way only, as each package-info says: no cycle,
 * and no edge the layering forbids.
 */
class ArchitectureTest {
  static final JavaClasses RUNTIME =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS) // agentkit-testing
          .importPackages("dev.agentkit");

  /** Each package and the packages it may use; anything else is a forbidden edge. */
  static final Map<String, Set<String>> ALLOWED =
      Map.ofEntries(
          Map.entry("internal.text", Set.of()),
          Map.entry("internal.json", Set.of("internal.text")),
          Map.entry("contract", Set.of("internal.text", "internal.json")),
          Map.entry("internal", Set.of("contract", "internal.text", "internal.json")),
          Map.entry("source", Set.of("contract", "internal.text", "internal.json")),
          Map.entry("internal.source", Set.of("source")),
          Map.entry("drift", Set.of("contract", "internal.text")),
          Map.entry("agentkit", Set.of("contract", "internal", "internal.text", "source", "drift")),
          Map.entry(
              "tool",
              Set.of(
                  "agentkit",
                  "contract",
                  "proposal",
                  "internal",
                  "internal.text",
                  "internal.json")),
          Map.entry("proposal", Set.of("agentkit", "contract", "internal.text")),
          Map.entry("annotation", Set.of("contract")));

  /** A class's slice: its package below {@code dev.agentkit}, or {@code agentkit} for the top. */
  static final SliceAssignment LAYERS =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
          String pkg = c.getPackageName();
          if (pkg.equals("dev.agentkit")) {
            return SliceIdentifier.of("agentkit");
          }
          if (pkg.startsWith("dev.agentkit.")) {
            return SliceIdentifier.of(pkg.substring("dev.agentkit.".length()));
          }
          return SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
          return "the runtime's packages";
        }
      };

  @Test
  void thePackagesHaveNoCycle() {
    ArchRule rule = slices().assignedFrom(LAYERS).should().beFreeOfCycles();
    rule.check(RUNTIME);
  }

  @Test
  void everyPackageUsesOnlyThePackagesBelowIt() {
    for (Map.Entry<String, Set<String>> e : ALLOWED.entrySet()) {
      String pkg = e.getKey().equals("agentkit") ? "dev.agentkit" : "dev.agentkit." + e.getKey();
      String[] allowed =
          e.getValue().stream()
              .map(a -> a.equals("agentkit") ? "dev.agentkit" : "dev.agentkit." + a)
              .toArray(String[]::new);
      noClasses()
          .that()
          .resideInAPackage(pkg)
          .should()
          .dependOnClassesThat(
              DescribedPredicate.describe(
                  "an agentkit package " + pkg + " may not use",
                  (JavaClass c) -> forbidden(c.getPackageName(), pkg, allowed)))
          .check(RUNTIME);
    }
  }

  @Test
  void everyPackageIsInTheTable() {
    for (JavaClass c : RUNTIME) {
      String pkg = c.getPackageName();
      String key =
          pkg.equals("dev.agentkit") ? "agentkit" : pkg.substring("dev.agentkit.".length());
      if (!ALLOWED.containsKey(key)) {
        throw new AssertionError(
            pkg + " is not in ArchitectureTest.ALLOWED: say what it may depend on there");
      }
    }
  }

  private static boolean forbidden(String target, String self, String[] allowed) {
    if (!target.startsWith("dev.agentkit") || target.equals(self)) {
      return false;
    }
    for (String a : allowed) {
      if (target.equals(a)) {
        return false;
      }
    }
    return true;
  }
}
