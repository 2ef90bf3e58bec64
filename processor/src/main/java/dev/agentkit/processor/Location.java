package dev.agentkit.processor;

import com.sun.source.util.TreePath;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * Where a message points, as narrowly as known: an element, optionally an annotation on it and one
 * of that annotation's values; for a repeated annotation, also how to find it in the source; or a
 * place in a method body (a use of an enum constant), as a path in javac's source tree.
 *
 * @param element the element, or null for the compilation as a whole
 * @param mirror the annotation, or null
 * @param value the annotation value, or null
 * @param repeated how to find a repeated annotation in the source, or null
 * @param source a place in the source, or null; when given, the other components are null
 */
record Location(
    Element element,
    AnnotationMirror mirror,
    AnnotationValue value,
    Repeated repeated,
    TreePath source) {

  /** An annotation, or a value of it, that may be repeated: found through {@code repeated}. */
  Location(Element element, AnnotationMirror mirror, AnnotationValue value, Repeated repeated) {
    this(element, mirror, value, repeated, null);
  }

  /** A place in the source, such as an expression in a method body. */
  static Location in(TreePath source) {
    return new Location(null, null, null, null, source);
  }

  /** At an element, an annotation on it and a value of that annotation; either may be null. */
  static Location of(Element element, AnnotationMirror mirror, AnnotationValue value) {
    return new Location(element, mirror, value, null);
  }

  /** At an element as a whole (or, for null, at the compilation). */
  static Location of(Element element) {
    return new Location(element, null, null, null);
  }

  /**
   * A repeated annotation: the {@code index}-th {@code @annotation} on the element, and within it
   * the attribute and the literal value (either may be empty) a message is about.
   */
  record Repeated(String annotation, int index, String attribute, String subject) {}
}
