package dev.agentkit.processor;

import dev.agentkit.Premise;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;

/**
 * What an agent class declares, read from its annotations and nothing else: no contract, no checks.
 * Produced by {@link AgentParser}, checked by {@link AgentChecker}.
 *
 * @param agent the {@code @Agent} class
 * @param mirror its {@code @Agent} annotation
 * @param contract the contract's name
 * @param state the state type, or null when it did not resolve
 * @param acts every {@code @Act} and {@code @LocalAct}, in source order (class first, then methods)
 * @param runs every {@code @Run} method
 * @param asks every {@code @Ask} method
 */
record AgentDeclaration(
    TypeElement agent,
    AnnotationMirror mirror,
    String contract,
    TypeMirror state,
    List<ActSite> acts,
    List<HandlerSite> runs,
    List<HandlerSite> asks) {

  AgentDeclaration {
    acts = List.copyOf(acts);
    runs = List.copyOf(runs);
    asks = List.copyOf(asks);
  }

  /**
   * One {@code @Act} or {@code @LocalAct}.
   *
   * @param element the method it is on (its reader) or the agent class (no reader)
   * @param mirror the annotation
   * @param opcode the opcode it names
   * @param premise the agent's premise about the op
   * @param local for a {@code @LocalAct}, the whole op it declares; null for a use of a backend op
   * @param assertTier the asserted tier of a use, or null
   * @param operandMirrors for a local act, its {@code @Operand} annotations in order
   * @param container when the annotation is repeated, the container javac holds it in (messages
   *     must point through it), else null
   * @param inContainer when repeated, the annotation as an element of the container's value
   * @param index when repeated, its position among the repeated annotations, else -1
   */
  record ActSite(
      Element element,
      AnnotationMirror mirror,
      String opcode,
      Premise premise,
      Op local,
      Tier assertTier,
      List<AnnotationMirror> operandMirrors,
      AnnotationMirror container,
      AnnotationValue inContainer,
      int index) {

    ActSite {
      operandMirrors = List.copyOf(operandMirrors);
    }

    /** Whether it is a {@code @LocalAct}. */
    boolean isLocal() {
      return local != null;
    }

    ChangeCategory category() {
      return premise.category();
    }

    /** The reader method, or null when the act sits on the class. */
    ExecutableElement method() {
      return element instanceof ExecutableElement m ? m : null;
    }

    /**
     * Where a message about this act points: at {@code value} (an attribute value of the
     * annotation, or null for the annotation as a whole). javac locates a repeated annotation only
     * through its container, so a repeated one is reached as a value inside the container.
     */
    Location at(AnnotationValue value) {
      return at(value, "", "");
    }

    /** As {@link #at(AnnotationValue)}, naming the attribute and literal for a repeated one. */
    Location at(AnnotationValue value, String attribute, String subject) {
      if (container == null) {
        return Location.of(element, mirror, value);
      }
      return new Location(
          element,
          container,
          value != null ? value : inContainer,
          new Location.Repeated(isLocal() ? "LocalAct" : "Act", index, attribute, subject));
    }
  }

  /** One {@code @Run} or {@code @Ask} method and the opcode it names. */
  record HandlerSite(ExecutableElement method, AnnotationMirror mirror, String opcode) {
    /** At the annotation, or at its value when {@code value} is not null. */
    Location at(AnnotationValue value) {
      return Location.of(method, mirror, value);
    }
  }
}
