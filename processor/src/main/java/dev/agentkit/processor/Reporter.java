package dev.agentkit.processor;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ModifiersTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
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
  private final Trees trees;
  private int errors;

  Reporter(ProcessingEnvironment env) {
    this.messager = env.getMessager();
    this.trees = treesOf(env);
  }

  /** javac's tree API, or null under a compiler (or a wrapper) that does not offer it. */
  private static Trees treesOf(ProcessingEnvironment env) {
    try {
      return Trees.instance(env);
    } catch (RuntimeException | LinkageError e) {
      return null;
    }
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
    if (location.repeated() != null && errorInSource(location, message)) {
      errors++;
      return;
    }
    error(message, location.element(), location.mirror(), location.value());
  }

  /** Errors reported so far. */
  int errorCount() {
    return errors;
  }

  /**
   * Reports at a repeated annotation by walking the source tree: javac keeps repeated annotations
   * in a synthesized container it cannot locate, so the messager would point at the element.
   */
  private boolean errorInSource(Location location, String message) {
    if (trees == null) {
      return false;
    }
    try {
      Repeated r = location.repeated();
      TreePath path = trees.getPath(location.element());
      if (path == null) {
        return false;
      }
      Tree leaf = path.getLeaf();
      ModifiersTree modifiers =
          leaf instanceof ClassTree c
              ? c.getModifiers()
              : leaf instanceof MethodTree m ? m.getModifiers() : null;
      if (modifiers == null) {
        return false;
      }
      List<AnnotationTree> matching = new ArrayList<>();
      for (AnnotationTree a : modifiers.getAnnotations()) {
        if (simpleName(a.getAnnotationType()).equals(r.annotation())) {
          matching.add(a);
        }
      }
      if (r.index() >= matching.size()) {
        return false;
      }
      Tree target = matching.get(r.index());
      Tree attribute = attribute((AnnotationTree) target, r.attribute());
      if (attribute != null) {
        target = attribute;
        Tree literal = literal(attribute, r.subject());
        if (literal != null) {
          target = literal;
        }
      }
      trees.printMessage(Diagnostic.Kind.ERROR, message, target, path.getCompilationUnit());
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static String simpleName(Tree type) {
    if (type instanceof IdentifierTree i) {
      return i.getName().toString();
    }
    if (type instanceof MemberSelectTree m) {
      return m.getIdentifier().toString();
    }
    return "";
  }

  private static Tree attribute(AnnotationTree annotation, String name) {
    if (name.isEmpty()) {
      return null;
    }
    for (ExpressionTree arg : annotation.getArguments()) {
      if (arg instanceof AssignmentTree a
          && a.getVariable() instanceof IdentifierTree i
          && i.getName().contentEquals(name)) {
        return a.getExpression();
      }
    }
    return null;
  }

  private static Tree literal(Tree within, String value) {
    if (value.isEmpty()) {
      return null;
    }
    Tree[] found = new Tree[1];
    new TreeScanner<Void, Void>() {
      @Override
      public Void visitLiteral(LiteralTree node, Void unused) {
        if (found[0] == null && value.equals(node.getValue())) {
          found[0] = node;
        }
        return null;
      }
    }.scan(within, null);
    return found[0];
  }

  /**
   * Where a message points: an element, optionally an annotation on it and one of its values; for a
   * repeated annotation, also how to find it in the source.
   */
  record Location(
      Element element, AnnotationMirror mirror, AnnotationValue value, Repeated repeated) {
    Location(Element element, AnnotationMirror mirror, AnnotationValue value) {
      this(element, mirror, value, null);
    }
  }

  /**
   * A repeated annotation: the {@code index}-th {@code @annotation} on the element, and within it
   * the attribute and the literal value (either may be empty) a message is about.
   */
  record Repeated(String annotation, int index, String attribute, String subject) {}
}
