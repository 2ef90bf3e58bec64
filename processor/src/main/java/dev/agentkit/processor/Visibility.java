package dev.agentkit.processor;

import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Whether the generated wiring, a top-level class of some package that extends nothing of the
 * user's, can name a class (JLS 6.6.1): it cannot when the class, or a class enclosing it, is
 * private, or is not public and belongs to another package. Protected does not help: the wiring is
 * no subclass. The rules are a table, checked from the class outwards; the first that holds is why.
 */
final class Visibility {
  /**
   * Why the wiring cannot name a class.
   *
   * @param blocker the class the rule holds for: the class itself or one enclosing it
   * @param why what is wrong with it, as a clause to follow its name ("is private")
   * @param fix the modifier it needs, as a clause to follow "make it"
   */
  record Hidden(TypeElement blocker, String why, String fix) {}

  /** A rule: when it holds for a class (and whether that class is in the wiring's package). */
  private interface Holds {
    boolean test(Set<Modifier> modifiers, boolean samePackage);
  }

  /**
   * One rule of the table.
   *
   * @param why with {@code %s} for the class's package
   */
  private record Rule(Holds holds, String why, String fix) {}

  private static final List<Rule> RULES =
      List.of(
          new Rule(
              (m, same) -> m.contains(Modifier.PRIVATE), "is private", "package-private or public"),
          new Rule(
              (m, same) -> !same && m.contains(Modifier.PROTECTED), "is protected in %s", "public"),
          new Rule(
              (m, same) -> !same && !m.contains(Modifier.PUBLIC),
              "is package-private in %s",
              "public"));

  private Visibility() {}

  /** Why code in {@code wiringPackage} cannot name {@code type}, or null when it can. */
  static Hidden hidden(TypeElement type, PackageElement wiringPackage, Elements elements) {
    PackageElement own = elements.getPackageOf(type);
    boolean samePackage = own.equals(wiringPackage);
    for (Element e = type; e instanceof TypeElement t; e = t.getEnclosingElement()) {
      for (Rule r : RULES) {
        if (r.holds().test(t.getModifiers(), samePackage)) {
          return new Hidden(t, r.why().formatted(where(own)), r.fix());
        }
      }
    }
    return null;
  }

  /** {@code package p}, or {@code the unnamed package}. */
  static String where(PackageElement p) {
    return p.isUnnamed() ? "the unnamed package" : "package " + p.getQualifiedName();
  }
}
