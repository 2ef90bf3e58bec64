package dev.agentkit.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.internal.WiringStamp;
import java.net.URL;
import org.junit.jupiter.api.Test;

/** A class is an agent when the processor stamped it; its wiring is found by its known name. */
class AgentWiringTest {
  private final ClassLoader loader = AgentWiringTest.class.getClassLoader();

  @Test
  void anAgentIsFoundWithItsContractAndStateType() {
    AgentWiring w = AgentWiring.of(PriorityAgent.class, loader).orElseThrow();
    assertThat(w.contract()).isEqualTo("taskboard");
    assertThat(w.state()).isEqualTo(Desk.class);
    assertThat(w.stamp().digest()).isEqualTo(PriorityAgent_Wiring.CONTRACT_DIGEST);
    assertThat(w.agentName()).isEqualTo("PriorityAgent");
  }

  @Test
  void aClassWithoutAStampIsNoAgent() {
    assertThat(AgentWiring.of(Desk.class, loader)).isEmpty();
    assertThat(AgentWiring.of(new Object() {}.getClass(), loader)).isEmpty();
  }

  @Test
  void aNestedAgentsWiringIsNamedAfterItsOuterClasses() {
    assertThat(AgentWiring.wiringName(Outer.Inner.class))
        .isEqualTo("dev.agentkit.spring.AgentWiringTest_Outer_Inner_Wiring");
  }

  @Test
  void aStampWithoutItsWiringIsRefusedWithTheFix() {
    URL stamp = loader.getResource(WiringStamp.path(PriorityAgent.class.getCanonicalName()));
    ClassLoader stampsDesk =
        new ClassLoader(loader) {
          @Override
          public URL getResource(String name) {
            return name.equals(WiringStamp.path(Desk.class.getCanonicalName()))
                ? stamp
                : super.getResource(name);
          }
        };
    assertThatThrownBy(() -> AgentWiring.of(Desk.class, stampsDesk))
        .isInstanceOf(AgentkitStartupException.class)
        .hasMessage(
            "[AgentkitNoWiring] dev.agentkit.spring.Desk is an @Agent, but its wiring"
                + " dev.agentkit.spring.Desk_Wiring is not on the classpath, so the starter cannot"
                + " bind it")
        .extracting(e -> ((AgentkitStartupException) e).action())
        .isEqualTo(
            "Rebuild the application with the agentkit processor of the same version as the"
                + " starter (clean, then compile), so its wiring is generated again.");
  }

  static final class Outer {
    static final class Inner {}
  }
}
