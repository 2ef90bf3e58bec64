package dev.agentkit.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.agentkit.internal.probe.Probe;
import java.util.Set;
import org.junit.jupiter.api.Test;

class InternalUseTest {
  @Test
  void thisModuleUsesNoInternals() {
    InternalUse.assertExactly("dev.agentkit.testing");
  }

  /** Uses an internal class only through its nested class. */
  static final class UsesProbe {
    int value() {
      return Probe.Inner.one();
    }
  }

  @Test
  void aNestedClassCountsAsItsTopLevelClass() {
    assertThat(InternalUse.used(new ClassFileImporter().importClasses(UsesProbe.class)))
        .containsExactly(Probe.class.getName());
  }

  @Test
  void aClassUsedButNotAllowedIsNamedWithTheFix() {
    assertThat(InternalUse.compare("dev.agentkit.mcp", Set.of("dev.agentkit.internal.A"), Set.of()))
        .containsExactly(
            "dev.agentkit.mcp uses dev.agentkit.internal.A, which its InternalUseTest does not"
                + " allow: reach it through the runtime's API, or allow it there and say why in"
                + " the change");
  }

  @Test
  void aClassAllowedButNoLongerUsedIsNamed() {
    assertThat(InternalUse.compare("m", Set.of("x.B"), Set.of("x.A", "x.B")))
        .containsExactly("m no longer uses x.A: remove it from its InternalUseTest");
  }

  @Test
  void anAllowedClassNotUsedFailsTheCheck() {
    assertThatThrownBy(() -> InternalUse.assertExactly("dev.agentkit.testing", String.class))
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            "dev.agentkit.testing no longer uses java.lang.String: remove it from its"
                + " InternalUseTest");
  }

  @Test
  void aPackageWithNoClassesIsAnError() {
    assertThatThrownBy(() -> InternalUse.assertExactly("dev.agentkit.nosuch"))
        .isInstanceOf(AssertionError.class)
        .hasMessage("no main class was found under dev.agentkit.nosuch: check the package name");
  }
}
