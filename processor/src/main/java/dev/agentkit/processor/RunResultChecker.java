package dev.agentkit.processor;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Checks what a {@code @Run} method returns. The result travels to the model as JSON, so it must be
 * nothing, a {@code String}, or a record whose components serialise to JSON: strings, primitives
 * and their boxes, {@code BigDecimal}, {@code BigInteger}, enums, {@code LocalDate}, {@code
 * OffsetDateTime}, {@code Instant}, nested records, and {@code List}, {@code Set}, {@code Optional}
 * and {@code Map<String, …>} of these.
 */
final class RunResultChecker {
  /** The fix every message about a result ends with. */
  static final String FIX =
      "return nothing, a String, or a record whose components are String, primitives and their"
          + " boxes, BigDecimal, BigInteger, enums, LocalDate, OffsetDateTime, Instant, records of"
          + " these, or List, Set, Optional and Map<String, …> of them";

  /** Value types that serialise as one JSON value. */
  private static final Set<String> VALUES =
      Set.of(
          "java.lang.String",
          "java.lang.Boolean",
          "java.lang.Byte",
          "java.lang.Short",
          "java.lang.Integer",
          "java.lang.Long",
          "java.lang.Character",
          "java.lang.Float",
          "java.lang.Double",
          "java.math.BigDecimal",
          "java.math.BigInteger",
          "java.time.LocalDate",
          "java.time.OffsetDateTime",
          "java.time.Instant");

  /** Containers of one element type. */
  private static final Set<String> CONTAINERS =
      Set.of("java.util.List", "java.util.Set", "java.util.Optional");

  private static final String MAP = "java.util.Map";

  /**
   * What a run handler returns, checked.
   *
   * @param result the type to type the view's {@code result} with, or null when the method returns
   *     nothing (or a type that did not resolve, which javac reports)
   * @param problem why the type cannot be a result, as a clause to follow the type's name, or null
   *     when it can
   */
  record Verdict(TypeMirror result, String problem) {
    boolean ok() {
      return problem == null;
    }
  }

  private final Elements elements;

  RunResultChecker(Elements elements) {
    this.elements = elements;
  }

  /**
   * Checks a run handler's return type.
   *
   * @param wiringPackage the package of the generated wiring, which must be able to name a record
   */
  Verdict check(TypeMirror returned, PackageElement wiringPackage) {
    if (returned.getKind() == TypeKind.VOID || returned.getKind() == TypeKind.ERROR) {
      return new Verdict(null, null);
    }
    if (!(returned instanceof DeclaredType declared)
        || !(declared.asElement() instanceof TypeElement type)) {
      return new Verdict(null, ", which is neither a String nor a record");
    }
    if (type.getQualifiedName().contentEquals("java.lang.String")) {
      return new Verdict(returned, null);
    }
    if (type.getKind() != ElementKind.RECORD) {
      return new Verdict(null, ", which is neither a String nor a record");
    }
    if (!type.getTypeParameters().isEmpty()) {
      return new Verdict(
          null, ", a record with type parameters, which a typed result cannot be checked against");
    }
    String hidden = hiddenFrom(type, wiringPackage);
    if (hidden != null) {
      return new Verdict(null, ", a record the generated wiring cannot name: " + hidden);
    }
    List<String> wrong = new ArrayList<>();
    Set<String> visiting = new HashSet<>();
    components(type, "", visiting, wrong);
    if (!wrong.isEmpty()) {
      return new Verdict(null, ", a record whose " + String.join(", and whose ", wrong));
    }
    return new Verdict(returned, null);
  }

  /** Why the wiring cannot name {@code type}, or null when it can. */
  private String hiddenFrom(TypeElement type, PackageElement wiringPackage) {
    Visibility.Hidden hidden = Visibility.hidden(type, wiringPackage, elements);
    return hidden == null ? null : hidden.blocker().getSimpleName() + " " + hidden.why();
  }

  /** Adds a clause to {@code wrong} for each component of the record that cannot be serialised. */
  private void components(
      TypeElement record, String path, Set<String> visiting, List<String> wrong) {
    if (!visiting.add(record.getQualifiedName().toString())) {
      return; // a recursive record (a tree) is checked once
    }
    for (RecordComponentElement c : record.getRecordComponents()) {
      String name = path + c.getSimpleName();
      TypeMirror t = c.asType();
      String problem = element(t, name, visiting, wrong);
      if (problem != null) {
        wrong.add("component " + name + " is " + t + problem);
      }
    }
    visiting.remove(record.getQualifiedName().toString());
  }

  /**
   * Why a component's type (or an element of it) cannot be serialised, as a clause to follow it, or
   * null when it can. Problems inside a nested record go to {@code wrong} under their own path.
   */
  private String element(TypeMirror t, String path, Set<String> visiting, List<String> wrong) {
    if (t.getKind().isPrimitive() || t.getKind() == TypeKind.ERROR) {
      return null;
    }
    if (!(t instanceof DeclaredType declared)
        || !(declared.asElement() instanceof TypeElement type)) {
      return t.getKind() == TypeKind.TYPEVAR || t.getKind() == TypeKind.WILDCARD
          ? ", which is not a concrete type"
          : ", which does not serialise to JSON";
    }
    String name = type.getQualifiedName().toString();
    if (VALUES.contains(name) || type.getKind() == ElementKind.ENUM) {
      return null;
    }
    List<? extends TypeMirror> args = declared.getTypeArguments();
    if (CONTAINERS.contains(name) || name.equals(MAP)) {
      if (args.isEmpty()) {
        return ", a raw type that does not say what it holds";
      }
      if (name.equals(MAP) && !isString(args.get(0))) {
        return ", a map whose keys are not String";
      }
      TypeMirror held = args.get(args.size() - 1);
      String inner = element(held, path, visiting, wrong);
      return inner == null ? null : ", holding " + held + inner;
    }
    if (type.getKind() == ElementKind.RECORD) {
      if (!type.getTypeParameters().isEmpty()) {
        return ", a record with type parameters";
      }
      components(type, path + ".", visiting, wrong);
      return null;
    }
    return ", which does not serialise to JSON";
  }

  private static boolean isString(TypeMirror t) {
    return t instanceof DeclaredType d
        && d.asElement() instanceof TypeElement e
        && e.getQualifiedName().contentEquals("java.lang.String");
  }
}
