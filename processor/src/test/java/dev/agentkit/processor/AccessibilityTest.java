package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.agentkit.processor.Fixtures.board;
import static dev.agentkit.processor.Fixtures.lineOf;
import static dev.agentkit.processor.Fixtures.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Classes the generated wiring must name but cannot: a state type hidden from the agent's package
 * ({@code [InaccessibleType]}) and an agent that is an inner class of a class, an enum or a record
 * ({@code [Inaccessible]}). Each test asserts every error of its compilation, with its line and
 * text, so a javac error in the generated source (a second error) fails it.
 */
class AccessibilityTest {
  @TempDir Path dir;
  Fixtures.Snapshots snapshots;

  @BeforeEach
  void snapshot() throws IOException {
    snapshots = new Fixtures.Snapshots(dir).put(Fixtures.taskboard());
  }

  private static String at(String file, String text, String marker, String message) {
    return file + ".java:" + lineOf(text, marker) + ": " + message;
  }

  /**
   * {@code Outer} with {@code members}, and in it an agent whose state type is {@code state}, with
   * a run handler that takes that state.
   */
  private static String nested(String state, String members) {
    return """
        package test;

        import dev.agentkit.Call;
        import dev.agentkit.contract.ChangeCategory;
        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;
        import dev.agentkit.annotation.Run;

        class Outer {
        %s

          @Agent(contract = "taskboard", state = %s.class) // here
          @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
          static final class TriageAgent {
            @Run("create_task")
            void create(%s state, Call call) {}
          }
        }
        """
        .formatted(members, state, state);
  }

  private static final String WIRING = "the generated Outer_TriageAgent_Wiring in package test";

  // --- a state type the wiring cannot name -------------------------------------------------------

  @ParameterizedTest
  @ValueSource(
      strings = {
        "  private static final class Secret {}",
        "  private record Secret(String id) {}",
        "  private enum Secret { ONE }"
      })
  void aPrivateNestedStateTypeIsOneErrorOnTheStateValue(String member) {
    String text = nested("Secret", member);
    assertThat(Fixtures.errorsByFile(snapshots.compile(source("Outer", text))))
        .containsExactly(
            at(
                "Outer",
                text,
                "// here",
                "[InaccessibleType] agent TriageAgent: the state type test.Outer.Secret is"
                    + " private, so "
                    + WIRING
                    + " cannot name it; make Secret package-private or public"));
  }

  @Test
  void aStateClassInAPrivateClassNamesThatClass() {
    String text =
        nested(
            "Box.Secret",
            "  private static final class Box {\n    static final class Secret {}\n  }");
    assertThat(Fixtures.errorsByFile(snapshots.compile(source("Outer", text))))
        .containsExactly(
            at(
                "Outer",
                text,
                "// here",
                "[InaccessibleType] agent TriageAgent: the state type test.Outer.Box.Secret is"
                    + " in Box, which is private, so "
                    + WIRING
                    + " cannot name it; make Box package-private or public"));
  }

  private static final String BASE =
      """
      package other;

      public class Base {
        protected static final class State {}
      }
      """;

  @Test
  void aProtectedStateClassOfASuperclassInAnotherPackageMustBePublic() {
    String text =
        """
        package test;

        import dev.agentkit.Call;
        import dev.agentkit.contract.ChangeCategory;
        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;
        import dev.agentkit.annotation.Run;

        class Holder extends other.Base {
          @Agent(contract = "taskboard", state = State.class) // here
          @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
          static final class TriageAgent {
            @Run("create_task")
            void create(State state, Call call) {}
          }
        }
        """;
    Compilation c =
        snapshots.compile(
            JavaFileObjects.forSourceString("other.Base", BASE), source("Holder", text));
    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(
            at(
                "Holder",
                text,
                "// here",
                "[InaccessibleType] agent TriageAgent: the state type other.Base.State is"
                    + " protected in package other, so the generated Holder_TriageAgent_Wiring in"
                    + " package test cannot name it; make State public"));
  }

  /** The agent's own annotation cannot name it either: javac says so, and only javac. */
  @Test
  void aProtectedStateClassATopLevelAgentCannotNameIsJavacsOneError() {
    String text =
        """
        package test;

        import dev.agentkit.contract.ChangeCategory;
        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;

        @Agent(contract = "taskboard", state = other.Base.State.class) // here
        @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
        final class TriageAgent extends other.Base {}
        """;
    Compilation c =
        snapshots.compile(
            JavaFileObjects.forSourceString("other.Base", BASE), source("TriageAgent", text));
    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(
            at(
                "TriageAgent",
                text,
                "// here",
                "other.Base.State has protected access in other.Base"));
  }

  /** The wiring passes the state to a handler without naming the handler's parameter type. */
  @Test
  void aHandlerMayTakeAPrivateSupertypeOfTheState() {
    String text =
        nested(
                "Pub",
                "  private interface Hidden {}\n  static final class Pub implements Hidden {}")
            .replace("void create(Pub state", "void create(Hidden state");
    Compilation c = snapshots.compile(source("Outer", text));
    assertThat(Fixtures.errorsByFile(c)).isEmpty();
  }

  @Test
  void aProtectedStateClassInTheAgentsOwnPackageIsNamed() {
    String text = nested("Secret", "  protected static final class Secret {}");
    Compilation c = snapshots.compile(source("Outer", text));
    assertThat(Fixtures.errorsByFile(c)).isEmpty();
  }

  @Test
  void aStateClassOfAnotherPackageThatIsPublicIsNamed() {
    String base =
        """
        package other;

        public class Base {
          public static final class State {}
        }
        """;
    String text =
        """
        package test;

        import dev.agentkit.Call;
        import dev.agentkit.contract.ChangeCategory;
        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;
        import dev.agentkit.annotation.Run;

        @Agent(contract = "taskboard", state = other.Base.State.class)
        @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
        final class TriageAgent {
          @Run("create_task")
          void create(other.Base.State state, Call call) {}
        }
        """;
    Compilation c =
        snapshots.compile(
            JavaFileObjects.forSourceString("other.Base", base), source("TriageAgent", text));
    assertThat(Fixtures.errorsByFile(c)).isEmpty();
  }

  // --- an agent that is an inner class -----------------------------------------------------------

  /**
   * {@code Outer}, declared as {@code outer} (an enum's header ends with its constants), with an
   * agent class declared with {@code agentModifiers} in it.
   */
  private static String agentIn(String outer, String agentModifiers) {
    return """
        package test;

        import dev.agentkit.contract.ChangeCategory;
        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;

        %s
          @Agent(contract = "taskboard", state = Board.class) // here
          @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
          %sfinal class TriageAgent {}
        }
        """
        .formatted(outer, agentModifiers);
  }

  private static final String INNER =
      "[Inaccessible] agent TriageAgent: the class is an inner (non-static) class, so the generated"
          + " Outer_TriageAgent_Wiring in the same package cannot use it; make it a top-level or"
          + " static nested class that is not private";

  @ParameterizedTest
  @ValueSource(strings = {"class Outer {", "enum Outer { ONE;", "record Outer(String id) {"})
  void anInnerAgentOfAClassAnEnumOrARecordIsInaccessible(String outer) {
    String text = agentIn(outer, "");
    assertThat(Fixtures.errorsByFile(snapshots.compile(source("Outer", text), board())))
        .containsExactly(at("Outer", text, "// here", INNER));
  }

  @Test
  void anAgentInAnInterfaceIsImplicitlyStatic() {
    String text = agentIn("interface Outer {", "");
    assertThat(Fixtures.errorsByFile(snapshots.compile(source("Outer", text), board()))).isEmpty();
  }

  @Test
  void anAgentInAnAnnotationTypeIsImplicitlyStatic() {
    String text = agentIn("@interface Outer {", "");
    assertThat(Fixtures.errorsByFile(snapshots.compile(source("Outer", text), board()))).isEmpty();
  }

  @Test
  void aStaticAgentOfAnEnumOrARecordIsNamed() {
    for (String outer : List.of("enum Outer { ONE;", "record Outer(String id) {")) {
      String text = agentIn(outer, "static ");
      assertThat(Fixtures.errorsByFile(snapshots.compile(source("Outer", text), board())))
          .as(outer)
          .isEmpty();
    }
  }
}
