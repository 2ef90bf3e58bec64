package dev.agentkit.processor;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.PrimitiveType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * A class the generated source names, taken from javac's model so the writers need none of it: its
 * package and its simple names, outermost first, and how many array dimensions wrap it.
 *
 * @param packageName the package, empty for the unnamed one
 * @param simpleNames the class and the classes enclosing it, outermost first
 * @param dimensions array dimensions, 0 for the class itself
 */
record TypeRef(String packageName, List<String> simpleNames, int dimensions) {
  static final TypeRef OBJECT = new TypeRef("java.lang", List.of("Object"), 0);

  TypeRef {
    simpleNames = List.copyOf(simpleNames);
  }

  /**
   * The class of a type as generated code must name it: a primitive is boxed (a type argument
   * cannot be primitive), and anything that is not a class or an array of one is {@code Object}.
   */
  static TypeRef of(TypeMirror type, Types types) {
    if (type instanceof PrimitiveType p) {
      return of(types.boxedClass(p));
    }
    if (type instanceof ArrayType a) {
      TypeRef component =
          a.getComponentType() instanceof PrimitiveType p
              ? new TypeRef("", List.of(p.toString()), 0)
              : of(a.getComponentType(), types);
      return new TypeRef(component.packageName, component.simpleNames, component.dimensions + 1);
    }
    if (type instanceof DeclaredType d && d.asElement() instanceof TypeElement t) {
      return of(t); // also an error type: javac names it as written
    }
    return OBJECT;
  }

  /** The class declared by {@code type}. */
  static TypeRef of(TypeElement type) {
    List<String> names = new ArrayList<>();
    Element e = type;
    while (e instanceof TypeElement t) {
      names.add(t.getSimpleName().toString());
      e = t.getEnclosingElement();
    }
    Collections.reverse(names);
    String pkg = e instanceof PackageElement p ? p.getQualifiedName().toString() : "";
    return new TypeRef(pkg, names, 0);
  }

  /** The class's own simple name. */
  String simpleName() {
    return simpleNames.get(simpleNames.size() - 1);
  }

  /** Whether it is a primitive (only as an array's component). */
  boolean isPrimitive() {
    return packageName.isEmpty() && simpleNames.size() == 1 && isPrimitiveName(simpleNames.get(0));
  }

  private static boolean isPrimitiveName(String name) {
    return switch (name) {
      case "boolean", "byte", "short", "int", "long", "char", "float", "double" -> true;
      default -> false;
    };
  }
}
