package dev.agentkit.processor;

import dev.agentkit.Call;
import dev.agentkit.processor.WiringModel.Handler;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Checks that a reader, run handler or ask method has a shape the generated wiring can call. This
 * is the part of checking that needs the compiler; the contract rules live in the runtime. What a
 * run handler returns is {@link RunResultChecker}'s to check.
 */
final class SignatureChecker {
  /** The shapes of the methods the wiring calls. */
  enum Shape {
    READER("state reader", "String", true, false, true),
    FIELD_READER("field reader", "String", true, true, true),
    /** Its return type is checked apart: it may be one of several. */
    RUN("run handler", null, true, false, true),
    ASK("ask wording", "String", false, false, false);

    final String what;

    /** The type it must return, or null when any result type is checked elsewhere. */
    final String returns;

    final boolean takesState;
    final boolean takesField;
    final boolean mayThrow;

    Shape(String what, String returns, boolean takesState, boolean takesField, boolean mayThrow) {
      this.what = what;
      this.returns = returns;
      this.takesState = takesState;
      this.takesField = takesField;
      this.mayThrow = mayThrow;
    }
  }

  private final Types types;
  private final TypeMirror callType;
  private final TypeMirror stringType;
  private final TypeMirror exceptionType;
  private final TypeMirror runtimeExceptionType;
  private final TypeMirror errorType;

  SignatureChecker(Elements elements, Types types) {
    this.types = types;
    this.callType = declared(elements, Call.class.getCanonicalName());
    this.stringType = declared(elements, String.class.getCanonicalName());
    this.exceptionType = declared(elements, Exception.class.getCanonicalName());
    this.runtimeExceptionType = declared(elements, RuntimeException.class.getCanonicalName());
    this.errorType = declared(elements, Error.class.getCanonicalName());
  }

  private static TypeMirror declared(Elements elements, String name) {
    TypeElement e = elements.getTypeElement(name);
    return e == null ? null : e.asType();
  }

  /**
   * The typed views a handler may take in place of the call.
   *
   * @param accepted the views accepted, each qualified by the wiring class
   * @param named the view the expected signature names, or null to name none (an opcode the
   *     contract lacks, with nothing near it)
   */
  record Views(List<String> accepted, String named) {
    Views {
      accepted = List.copyOf(accepted);
    }

    /** The op's own view: the one accepted and named. */
    static Views of(String view) {
      return new Views(List.of(view), view);
    }
  }

  /**
   * The handler for a method, or null after listing what is wrong with it in {@code problems}.
   *
   * @param state the agent's state type, or null when it did not resolve (then not checked)
   * @param views the op's typed views, accepted in place of the call
   * @param result for a run handler, the result type the wiring passes on (null for none); ignored
   *     for the other shapes
   * @param resultName for a run handler, the return type its expected signature shows
   */
  Handler check(
      ExecutableElement method,
      Shape shape,
      TypeMirror state,
      Views views,
      String stateName,
      TypeMirror result,
      String resultName,
      List<String> problems) {
    List<String> wrong = new ArrayList<>();
    if (method.getModifiers().contains(Modifier.PRIVATE)) {
      wrong.add("it is private, so the generated wiring cannot call it; make it package-private");
    }
    if (!method.getTypeParameters().isEmpty()) {
      wrong.add("it has type parameters, which the wiring cannot infer; remove them");
    }
    TypeMirror ret = method.getReturnType();
    if (shape.returns != null && !isString(ret)) {
      wrong.add("it returns " + ret + "; it must return String (the current value, or \"\")");
    }
    boolean viaView = checkParameters(method, shape, state, views, stateName, wrong);
    checkThrown(method, shape, wrong);
    if (!wrong.isEmpty()) {
      problems.add(
          "must be `"
              + expectedSignature(shape, method, stateName, resultName)
              + "`"
              + (views.named() == null ? "" : " (or take " + views.named() + " in place of Call)")
              + ", but "
              + String.join("; ", wrong));
      return null;
    }
    return new Handler(
        method.getSimpleName().toString(),
        method.getModifiers().contains(Modifier.STATIC),
        viaView,
        shape == Shape.RUN && result != null ? TypeRef.of(result, types) : null);
  }

  /**
   * Adds what is wrong with the parameters to {@code wrong}; returns whether the method takes the
   * op's view in place of the call.
   */
  private boolean checkParameters(
      ExecutableElement method,
      Shape shape,
      TypeMirror state,
      Views views,
      String stateName,
      List<String> wrong) {
    List<? extends VariableElement> params = method.getParameters();
    int expected = (shape.takesState ? 1 : 0) + 1 + (shape.takesField ? 1 : 0);
    boolean viaView = false;
    if (params.size() != expected) {
      wrong.add("it takes " + params.size() + " parameter" + (params.size() == 1 ? "" : "s"));
    } else {
      int i = 0;
      if (shape.takesState) {
        TypeMirror p = params.get(i++).asType();
        if (state != null
            && state.getKind() != TypeKind.ERROR
            && p.getKind() != TypeKind.ERROR
            && !types.isAssignable(state, p)) {
          wrong.add("its first parameter is " + p + ", not the agent's state type " + stateName);
        }
      }
      TypeMirror p = params.get(i++).asType();
      if (views.accepted().stream().anyMatch(v -> isView(p, v))) {
        viaView = true;
      } else if (!isCall(p)) {
        wrong.add(
            "its "
                + (shape.takesState ? "second" : "first")
                + " parameter is "
                + p
                + (views.named() == null
                    ? ", not Call"
                    : ", not Call or the op's view " + views.named()));
      }
      if (shape.takesField && !isString(params.get(i).asType())) {
        wrong.add(
            "its last parameter is " + params.get(i).asType() + ", not the String field name");
      }
    }
    return viaView;
  }

  /** Adds each thrown type the shape does not allow to {@code wrong}. */
  private void checkThrown(ExecutableElement method, Shape shape, List<String> wrong) {
    for (TypeMirror thrown : method.getThrownTypes()) {
      if (thrown.getKind() == TypeKind.ERROR || unchecked(thrown)) {
        continue;
      }
      if (!shape.mayThrow) {
        wrong.add("it throws checked " + thrown + "; ask wording may not throw checked exceptions");
      } else if (exceptionType != null && !types.isAssignable(thrown, exceptionType)) {
        wrong.add("it throws " + thrown + "; it may throw Exception and its subclasses only");
      }
    }
  }

  static String expectedSignature(
      Shape shape, ExecutableElement method, String stateName, String resultName) {
    String returns = shape.returns != null ? shape.returns : resultName;
    StringBuilder sb = new StringBuilder(returns).append(' ').append(method.getSimpleName());
    sb.append('(');
    if (shape.takesState) {
      sb.append(stateName).append(" state, ");
    }
    sb.append("Call call");
    if (shape.takesField) {
      sb.append(", String field");
    }
    sb.append(')');
    if (shape.mayThrow) {
      sb.append(" [throws Exception]");
    }
    return sb.toString();
  }

  private boolean isString(TypeMirror t) {
    return stringType != null && types.isSameType(t, stringType);
  }

  private boolean isCall(TypeMirror t) {
    return callType != null && t.getKind() == TypeKind.DECLARED && types.isSameType(t, callType);
  }

  /**
   * The op's view, possibly not generated yet: in the first round a reference to it is an error
   * type, recognised by name.
   */
  private static boolean isView(TypeMirror t, String viewName) {
    if (t.getKind() != TypeKind.ERROR && t.getKind() != TypeKind.DECLARED) {
      return false;
    }
    String name = t.toString();
    if (t.getKind() == TypeKind.DECLARED) {
      name = ((DeclaredType) t).asElement().getSimpleName().toString();
      TypeElement e = (TypeElement) ((DeclaredType) t).asElement();
      return name.equals(viewName.substring(viewName.lastIndexOf('.') + 1))
          && e.getQualifiedName().toString().endsWith(viewName);
    }
    String simple = viewName.substring(viewName.lastIndexOf('.') + 1);
    return name.equals(simple) || name.endsWith("." + simple);
  }

  private boolean unchecked(TypeMirror thrown) {
    return (runtimeExceptionType != null && types.isAssignable(thrown, runtimeExceptionType))
        || (errorType != null && types.isAssignable(thrown, errorType));
  }
}
