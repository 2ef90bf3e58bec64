package dev.agentkit.processor;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * How one generated file names the classes it uses, and so which it imports. A class goes by its
 * simple name (imported unless it is in {@code java.lang} or the file's package) unless that name
 * would mean something else in the file: a type the file declares, or another class already named
 * so; then it is written fully qualified. Decided on first use, so the same writes give the same
 * file.
 */
final class Imports {
  private final String packageName;
  private final Set<String> declared;
  private final Map<String, String> claimed = new HashMap<>();
  private final SortedSet<String> imports = new TreeSet<>();
  private final Map<Class<?>, String> byClass = new HashMap<>();

  /**
   * @param packageName the file's package
   * @param declared the simple name of every type the file declares, nested ones included: a class
   *     of the same simple name is always written qualified
   */
  Imports(String packageName, Set<String> declared) {
    this.packageName = packageName;
    this.declared = Set.copyOf(declared);
  }

  /** The name of a JDK or runtime class; the same class always gets the same name. */
  String name(Class<?> type) {
    String known = byClass.get(type);
    if (known == null) {
      String pkg = type.getPackageName();
      String nested = type.getCanonicalName().substring(pkg.isEmpty() ? 0 : pkg.length() + 1);
      known = name(pkg, List.of(nested.split("\\.")));
      byClass.put(type, known);
    }
    return known;
  }

  /** The name of a class of the user's code, with its array brackets. */
  String name(TypeRef type) {
    String base =
        type.isPrimitive() ? type.simpleName() : name(type.packageName(), type.simpleNames());
    return base + "[]".repeat(type.dimensions());
  }

  /** The classes to import, sorted. */
  SortedSet<String> imports() {
    return imports;
  }

  private String name(String pkg, List<String> simpleNames) {
    String top = simpleNames.get(0);
    String qualifiedTop = pkg.isEmpty() ? top : pkg + "." + top;
    String relative = String.join(".", simpleNames);
    String owner = claimed.putIfAbsent(top, qualifiedTop);
    if (pkg.isEmpty()
        || (!declared.contains(top) && (owner == null || owner.equals(qualifiedTop)))) {
      if (!pkg.isEmpty() && !pkg.equals("java.lang") && !pkg.equals(packageName)) {
        imports.add(qualifiedTop);
      }
      return relative;
    }
    return pkg + "." + relative;
  }
}
