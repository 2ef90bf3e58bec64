package dev.agentkit.processor;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
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
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/**
 * The one place errors are printed. It never throws, so every problem of a compilation is reported
 * in one run. Nothing about an agent comes here but its {@link CheckReport}, printed once; only the
 * processor's own problems (misplaced annotations, its failures) come here directly.
 */
final class Reporter {
  private final Messager messager;
  private final Trees trees;

  Reporter(ProcessingEnvironment env) {
    this.messager = env.getMessager();
    this.trees = treesOf(env);
  }

  /** The compilation units of {@code roots}, each once; none without javac's tree API. */
  List<CompilationUnitTree> units(Collection<? extends Element> roots) {
    Map<CompilationUnitTree, Boolean> units = new IdentityHashMap<>();
    List<CompilationUnitTree> out = new ArrayList<>();
    if (trees == null) {
      return out;
    }
    for (Element e : roots) {
      TreePath path = trees.getPath(e);
      if (path != null && units.put(path.getCompilationUnit(), true) == null) {
        out.add(path.getCompilationUnit());
      }
    }
    return out;
  }

  /** javac's tree API, or null under a compiler (or a wrapper) that does not offer it. */
  private static Trees treesOf(ProcessingEnvironment env) {
    try {
      return Trees.instance(env);
    } catch (RuntimeException | LinkageError e) {
      return null;
    }
  }

  /** Prints every error and warning of a report, in order. */
  void print(CheckReport report) {
    for (CheckReport.Item item : report.items()) {
      print(item.severity().kind(), item.at(), item.message());
    }
  }

  /** Prints an error at the narrowest location given. */
  void error(Location at, String message) {
    print(Diagnostic.Kind.ERROR, at, message);
  }

  /** Prints a diagnostic of {@code kind} at the narrowest location given. */
  private void print(Diagnostic.Kind kind, Location at, String message) {
    if (at.source() != null && trees != null) {
      trees.printMessage(kind, message, at.source().getLeaf(), at.source().getCompilationUnit());
      return;
    }
    if (at.repeated() != null && printInSource(kind, at, message)) {
      return;
    }
    Element element = at.element();
    if (element == null) {
      messager.printMessage(kind, message);
    } else if (at.mirror() == null) {
      messager.printMessage(kind, message, element);
    } else if (at.value() == null) {
      messager.printMessage(kind, message, element, at.mirror());
    } else {
      messager.printMessage(kind, message, element, at.mirror(), at.value());
    }
  }

  /**
   * Prints at a repeated annotation by walking the source tree: javac keeps repeated annotations in
   * a synthesized container it cannot locate, so the messager would point at the element.
   */
  private boolean printInSource(Diagnostic.Kind kind, Location location, String message) {
    if (trees == null) {
      return false;
    }
    try {
      Location.Repeated r = location.repeated();
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
      trees.printMessage(kind, message, target, path.getCompilationUnit());
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
}
