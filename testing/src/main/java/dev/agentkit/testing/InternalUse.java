package dev.agentkit.testing;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The runtime's {@code dev.agentkit.internal} packages are for generated wiring and agentkit's own
 * modules, never API. Each module names, in its {@code InternalUseTest}, exactly the internal
 * classes its main code uses, so a new use is a deliberate, reviewed change and a use that went
 * away is noticed.
 */
public final class InternalUse {
  private static final String INTERNAL = "dev.agentkit.internal";

  private InternalUse() {}

  /**
   * Checks that the main (not test) classes under {@code rootPackage} use exactly the {@code
   * allowed} internal classes (none if none is given).
   *
   * @throws AssertionError naming each class used but not allowed, and each allowed but not used
   */
  public static void assertExactly(String rootPackage, Class<?>... allowed) {
    JavaClasses classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(rootPackage);
    if (classes.isEmpty()) {
      throw new AssertionError(
          "no main class was found under " + rootPackage + ": check the package name");
    }
    Set<String> names = Arrays.stream(allowed).map(Class::getName).collect(Collectors.toSet());
    List<String> problems = compare(rootPackage, used(classes), names);
    if (!problems.isEmpty()) {
      throw new AssertionError(String.join("\n", problems));
    }
  }

  /** The top-level internal classes the given classes depend on, by name. */
  static Set<String> used(JavaClasses classes) {
    Set<String> used = new TreeSet<>();
    for (JavaClass c : classes) {
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        String target = d.getTargetClass().getBaseComponentType().getName();
        if (target.startsWith(INTERNAL + ".")) {
          int nested = target.indexOf('$');
          used.add(nested < 0 ? target : target.substring(0, nested));
        }
      }
    }
    return used;
  }

  /** Every difference between what is used and what is allowed, one sentence each. */
  static List<String> compare(String module, Set<String> used, Set<String> allowed) {
    List<String> problems = new ArrayList<>();
    for (String name : new TreeSet<>(used)) {
      if (!allowed.contains(name)) {
        problems.add(
            module
                + " uses "
                + name
                + ", which its InternalUseTest does not allow: reach it through the runtime's"
                + " API, or allow it there and say why in the change");
      }
    }
    for (String name : new TreeSet<>(allowed)) {
      if (!used.contains(name)) {
        problems.add(module + " no longer uses " + name + ": remove it from its InternalUseTest");
      }
    }
    return problems;
  }
}
