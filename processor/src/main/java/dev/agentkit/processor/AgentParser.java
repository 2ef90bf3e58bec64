package dev.agentkit.processor;

import dev.agentkit.Premise;
import dev.agentkit.annotation.Act;
import dev.agentkit.annotation.Agent;
import dev.agentkit.annotation.Ask;
import dev.agentkit.annotation.AssertedTier;
import dev.agentkit.annotation.LocalAct;
import dev.agentkit.annotation.Run;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.processor.AgentDeclaration.ActSite;
import dev.agentkit.processor.AgentDeclaration.HandlerSite;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/** Reads an {@code @Agent} class's annotations into an {@link AgentDeclaration}. */
final class AgentParser {
  static final String AGENT = Agent.class.getCanonicalName();
  static final String ACT = Act.class.getCanonicalName();
  static final String ACTS = Act.List.class.getCanonicalName();
  static final String LOCAL_ACT = LocalAct.class.getCanonicalName();
  static final String LOCAL_ACTS = LocalAct.List.class.getCanonicalName();
  static final String RUN = Run.class.getCanonicalName();
  static final String ASK = Ask.class.getCanonicalName();

  private final AnnotationValues values;

  AgentParser(Elements elements) {
    this.values = new AnnotationValues(elements);
  }

  AgentDeclaration parse(TypeElement agent) {
    AnnotationMirror agentMirror = mirror(agent, AGENT);
    List<ActSite> acts = new ArrayList<>();
    List<HandlerSite> runs = new ArrayList<>();
    List<HandlerSite> asks = new ArrayList<>();
    collectActs(agent, acts);
    for (Element e : agent.getEnclosedElements()) {
      if (e.getKind() != ElementKind.METHOD) {
        continue;
      }
      ExecutableElement method = (ExecutableElement) e;
      collectActs(method, acts);
      AnnotationMirror run = mirror(method, RUN);
      if (run != null) {
        runs.add(new HandlerSite(method, run, values.string(run, "value")));
      }
      AnnotationMirror ask = mirror(method, ASK);
      if (ask != null) {
        asks.add(new HandlerSite(method, ask, values.string(ask, "value")));
      }
    }
    return new AgentDeclaration(
        agent,
        agentMirror,
        values.string(agentMirror, "contract"),
        values.type(agentMirror, "state"),
        acts,
        runs,
        asks);
  }

  private void collectActs(Element element, List<ActSite> out) {
    for (AnnotationMirror m : element.getAnnotationMirrors()) {
      String name = annotationName(m);
      if (name.equals(ACT)) {
        out.add(use(element, m, null, null, -1));
      } else if (name.equals(LOCAL_ACT)) {
        out.add(local(element, m, null, null, -1));
      } else if (name.equals(ACTS) || name.equals(LOCAL_ACTS)) {
        int index = 0;
        for (AnnotationValue v : AnnotationValues.list(values.value(m, "value"))) {
          if (v.getValue() instanceof AnnotationMirror inner) {
            out.add(
                name.equals(ACTS)
                    ? use(element, inner, m, v, index)
                    : local(element, inner, m, v, index));
            index++;
          }
        }
      }
    }
  }

  private ActSite use(
      Element element,
      AnnotationMirror m,
      AnnotationMirror container,
      AnnotationValue in,
      int index) {
    String asserted = values.enumConstant(m, "assertTier");
    Tier tier = null;
    if (asserted != null) {
      try {
        tier = AssertedTier.valueOf(asserted).tier();
      } catch (IllegalArgumentException e) {
        tier = null; // did not resolve; javac reports it
      }
    }
    return new ActSite(
        element,
        m,
        values.string(m, "opcode"),
        premise(m),
        null,
        tier,
        List.of(),
        container,
        in,
        index);
  }

  private ActSite local(
      Element element,
      AnnotationMirror m,
      AnnotationMirror container,
      AnnotationValue in,
      int index) {
    String opcode = values.string(m, "opcode");
    Op.Builder b =
        Op.builder(opcode)
            .description(values.string(m, "description"))
            .objectType(values.string(m, "objectType"))
            .tier(enumValue(Tier.class, values.enumConstant(m, "tier")));
    List<AnnotationMirror> operandMirrors = values.annotations(m, "operands");
    for (AnnotationMirror o : operandMirrors) {
      OperandType type = enumValue(OperandType.class, values.enumConstant(o, "type"));
      b.operand(
          new Operand(
              values.string(o, "name"),
              values.string(o, "description"),
              type == null ? OperandType.STRING : type,
              values.bool(o, "required"),
              values.strings(o, "enumValues"),
              values.bool(o, "list")));
    }
    return new ActSite(
        element, m, opcode, premise(m), b.build(), null, operandMirrors, container, in, index);
  }

  private Premise premise(AnnotationMirror m) {
    return new Premise(
        enumValue(ChangeCategory.class, values.enumConstant(m, "category")),
        values.string(m, "input"),
        values.strings(m, "terminalStates"),
        values.strings(m, "structured"),
        null);
  }

  private static <E extends Enum<E>> E enumValue(Class<E> type, String constant) {
    if (constant == null) {
      return null;
    }
    try {
      return Enum.valueOf(type, constant);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  static AnnotationMirror mirror(Element element, String annotation) {
    for (AnnotationMirror m : element.getAnnotationMirrors()) {
      if (annotationName(m).equals(annotation)) {
        return m;
      }
    }
    return null;
  }

  static String annotationName(AnnotationMirror m) {
    return ((TypeElement) m.getAnnotationType().asElement()).getQualifiedName().toString();
  }
}
