package dev.agentkit.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Reads annotation attributes from mirrors, tolerating erroneous source: a value that did not
 * resolve reads as empty (or null), never as an exception.
 */
final class AnnotationValues {
  private final Elements elements;

  AnnotationValues(Elements elements) {
    this.elements = elements;
  }

  /** The value written in source, or null when the attribute is left at its default. */
  static AnnotationValue explicit(AnnotationMirror mirror, String name) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
        mirror.getElementValues().entrySet()) {
      if (e.getKey().getSimpleName().contentEquals(name)) {
        return e.getValue();
      }
    }
    return null;
  }

  /** The value written in source or the default, or null when there is neither. */
  AnnotationValue value(AnnotationMirror mirror, String name) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
        elements.getElementValuesWithDefaults(mirror).entrySet()) {
      if (e.getKey().getSimpleName().contentEquals(name)) {
        return e.getValue();
      }
    }
    return null;
  }

  String string(AnnotationMirror mirror, String name) {
    AnnotationValue v = value(mirror, name);
    return v != null && v.getValue() instanceof String s ? s : "";
  }

  boolean bool(AnnotationMirror mirror, String name) {
    AnnotationValue v = value(mirror, name);
    return v != null && v.getValue() instanceof Boolean b && b;
  }

  List<String> strings(AnnotationMirror mirror, String name) {
    List<String> out = new ArrayList<>();
    for (AnnotationValue v : list(value(mirror, name))) {
      if (v.getValue() instanceof String s) {
        out.add(s);
      }
    }
    return out;
  }

  /** The simple name of an enum constant value, or null when it did not resolve. */
  String enumConstant(AnnotationMirror mirror, String name) {
    AnnotationValue v = value(mirror, name);
    return v != null && v.getValue() instanceof VariableElement e
        ? e.getSimpleName().toString()
        : null;
  }

  TypeMirror type(AnnotationMirror mirror, String name) {
    AnnotationValue v = value(mirror, name);
    return v != null && v.getValue() instanceof TypeMirror t ? t : null;
  }

  List<AnnotationMirror> annotations(AnnotationMirror mirror, String name) {
    List<AnnotationMirror> out = new ArrayList<>();
    for (AnnotationValue v : list(value(mirror, name))) {
      if (v.getValue() instanceof AnnotationMirror m) {
        out.add(m);
      }
    }
    return out;
  }

  /** The elements of an array value; a single value counts as one element. */
  static List<AnnotationValue> list(AnnotationValue value) {
    if (value == null) {
      return List.of();
    }
    if (value.getValue() instanceof List<?> items) {
      List<AnnotationValue> out = new ArrayList<>(items.size());
      for (Object o : items) {
        if (o instanceof AnnotationValue av) {
          out.add(av);
        }
      }
      return out;
    }
    return List.of(value);
  }
}
