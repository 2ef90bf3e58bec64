package dev.agentkit.processor;

import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/**
 * The one place errors are reported. It never throws, so every problem of a compilation is reported
 * in one run, and it counts errors so a caller can decide to generate nothing.
 */
final class Reporter {
  private final Messager messager;
  private int errors;

  Reporter(Messager messager) {
    this.messager = messager;
  }

  /** Reports an error at the narrowest location given; mirror and value may be null. */
  void error(String message, Element element, AnnotationMirror mirror, AnnotationValue value) {
    errors++;
    if (element == null) {
      messager.printMessage(Diagnostic.Kind.ERROR, message);
    } else if (mirror == null) {
      messager.printMessage(Diagnostic.Kind.ERROR, message, element);
    } else if (value == null) {
      messager.printMessage(Diagnostic.Kind.ERROR, message, element, mirror);
    } else {
      messager.printMessage(Diagnostic.Kind.ERROR, message, element, mirror, value);
    }
  }

  void error(String message, Element element) {
    error(message, element, null, null);
  }

  void error(Location location, String message) {
    error(message, location.element(), location.mirror(), location.value());
  }

  /** Errors reported so far. */
  int errorCount() {
    return errors;
  }

  /** Where a message points: an element, optionally an annotation on it and one of its values. */
  record Location(Element element, AnnotationMirror mirror, AnnotationValue value) {
    static Location of(Element element) {
      return new Location(element, null, null);
    }

    static Location of(Element element, AnnotationMirror mirror) {
      return new Location(element, mirror, null);
    }
  }
}
