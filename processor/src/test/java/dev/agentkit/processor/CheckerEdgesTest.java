package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.agentkit.processor.Fixtures.agent;
import static dev.agentkit.processor.Fixtures.board;
import static dev.agentkit.processor.Fixtures.lineOf;
import static dev.agentkit.processor.Fixtures.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corners of the checks an agent is held to that the one-message tests leave open: what a
 * failed agent's wiring still names (its state type, its views' operands), handlers and misspelled
 * acts, parameters and thrown types, run results from other packages and components that do not
 * serialise, and which act of an opcode a problem points at. Every test asserts every error of its
 * compilation, its line and its text, so an error javac adds in the generated source fails it.
 */
class CheckerEdgesTest {
  @TempDir Path dir;
  Fixtures.Snapshots snapshots;

  @BeforeEach
  void snapshot() throws IOException {
    snapshots = new Fixtures.Snapshots(dir).put(Fixtures.taskboard());
  }

  /** Every error of the compilation, as {@code <line>: <message>}, in order. */
  private static List<String> errors(Compilation c) {
    List<String> out = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : c.errors()) {
      out.add(d.getLineNumber() + ": " + d.getMessage(Locale.ROOT));
    }
    return out;
  }

  private static String at(String text, String marker, String message) {
    return lineOf(text, marker) + ": " + message;
  }

  private Compilation compile(String text, JavaFileObject... more) {
    List<JavaFileObject> sources = new ArrayList<>(List.of(source("TriageAgent", text), board()));
    sources.addAll(List.of(more));
    return snapshots.compile(sources.toArray(JavaFileObject[]::new));
  }

  private static final String AGENT_AT = " (agent TriageAgent, contract taskboard)";

  private static final String RESULT_FIX =
      "; return nothing, a String, or a record whose components are String, primitives and their"
          + " boxes, BigDecimal, BigInteger, enums, LocalDate, OffsetDateTime, Instant, records of"
          + " these, or List, Set, Optional and Map<String, …> of them";

  private static final String UNKNOWN_CREATE_TSK =
      "[UnknownOpcode] create_tsk: the backend does not declare this opcode, so every program that"
          + " emits it would be rejected at verify; the backend declares: add_to_project,"
          + " archive_project, create_task, send_digest, set_status, set_task_due_date,"
          + " update_task; did you mean \"create_task\"?"
          + AGENT_AT;

  // --- the agent and its state type -------------------------------------------------------------

  @Test
  void aGenericAgentClassIsOneErrorOnItsAgentAnnotation() {
    String text =
        agent("@Act(opcode = \"create_task\", category = ChangeCategory.ALWAYS_MINTS)", "")
            .replace("final class TriageAgent {", "final class TriageAgent<T> {");
    assertThat(errors(compile(text)))
        .containsExactly(
            at(
                text,
                "@Agent(",
                "[UnsupportedType] agent TriageAgent has type parameters, which the generated"
                    + " wiring cannot supply; bind a non-generic agent class"));
  }

  @Test
  void anAgentInAPrivateClassNamesThatClass() {
    String text =
        """
        package test;

        import dev.agentkit.contract.ChangeCategory;
        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;

        class Outer {
          private static final class Box {
            @Agent(contract = "taskboard", state = Board.class) // here
            @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
            static final class TriageAgent {}
          }
        }
        """;
    Compilation c = snapshots.compile(source("Outer", text), board());
    assertThat(errors(c))
        .containsExactly(
            at(
                text,
                "// here",
                "[Inaccessible] agent TriageAgent: its enclosing class Box is private, so the"
                    + " generated Outer_Box_TriageAgent_Wiring in the same package cannot use it;"
                    + " make it a top-level or static nested class that is not private"));
  }

  @Test
  void theWiringOfAFailedAgentStillNamesItsStateType() {
    String text =
        agent(
            "@Act(opcode = \"archive_project\", category = ChangeCategory.MERGE) // here",
            "  dev.agentkit.BoundAgent<Board> bound() { return TriageAgent_Wiring.bindOffline(this);"
                + " }");
    assertThat(errors(compile(text)))
        .containsExactly(
            at(
                text,
                "// here",
                "[WithheldWithoutAsk] archive_project: tier irreversible is always withheld for a"
                    + " human, but the act has no ask wording, so the user would never be asked"
                    + " and the act would vanish; add ask wording (@Ask)"
                    + AGENT_AT));
  }

  /** An agent nested in {@code Outer} whose state type is {@code state}, and the wiring's use. */
  private static String nested(String state, String acts, String members) {
    return """
        package test;

        import dev.agentkit.BoundAgent;
        import dev.agentkit.contract.ChangeCategory;
        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;

        class Outer {
        %s
          @Agent(contract = "taskboard", state = %s.class)
          %s
          static final class TriageAgent {
            BoundAgent<Object> bound() {
              return Outer_TriageAgent_Wiring.bindOffline(this);
            }
          }
        }
        """
        .formatted(members, state, acts);
  }

  private static final String WITHHELD =
      "[WithheldWithoutAsk] archive_project: tier irreversible is always withheld for a human, but"
          + " the act has no ask wording, so the user would never be asked and the act would"
          + " vanish; add ask wording (@Ask)"
          + AGENT_AT;

  @Test
  void theWiringOfAFailedAgentNamesAPrivateStateTypeAsObject() {
    String text =
        nested(
            "Secret",
            "@Act(opcode = \"archive_project\", category = ChangeCategory.MERGE) // here",
            "  private static final class Secret {}");
    Compilation c = snapshots.compile(source("Outer", text), board());
    assertThat(errors(c))
        .containsExactly(
            at(
                text,
                "@Agent(",
                "[InaccessibleType] agent TriageAgent: the state type test.Outer.Secret is"
                    + " private, so the generated Outer_TriageAgent_Wiring in package test cannot"
                    + " name it; make Secret package-private or public"),
            at(text, "// here", WITHHELD));
  }

  @Test
  void theWiringOfAFailedAgentNamesAStateTypeInAPrivateClassAsObject() {
    String text =
        nested(
            "Box.Secret",
            "@Act(opcode = \"archive_project\", category = ChangeCategory.MERGE) // here",
            "  private static final class Box {\n    static final class Secret {}\n  }");
    Compilation c = snapshots.compile(source("Outer", text), board());
    assertThat(errors(c))
        .containsExactly(
            at(
                text,
                "@Agent(",
                "[InaccessibleType] agent TriageAgent: the state type test.Outer.Box.Secret is in"
                    + " Box, which is private, so the generated Outer_TriageAgent_Wiring in package"
                    + " test cannot name it; make Box package-private or public"),
            at(text, "// here", WITHHELD));
  }

  // --- what a failed agent's views read ---------------------------------------------------------

  @Test
  void theViewOfAnActThatDidNotBindReadsTheSnapshotsOperands() {
    String text =
        agent(
            """
            @Act(opcode = "archive_project", category = ChangeCategory.MERGE,
                assertTier = AssertedTier.REVERSIBLE) // here
            """,
            "  @Ask(\"archive_project\") String ask(TriageAgent_Wiring.ArchiveProject v) {"
                + " return v.projectId(); }");
    assertThat(errors(compile(text)))
        .containsExactly(
            at(
                text,
                "// here",
                "[TierMismatch] archive_project: the agent asserts tier reversible but the backend"
                    + " says irreversible; an understated tier lets the gate run live what the"
                    + " backend says must be asked, so fix the assertion or remove it"
                    + AGENT_AT));
  }

  @Test
  void theViewOfALocalActThatDidNotBindReadsItsOwnOperands() {
    String text =
        agent(
            """
            @LocalAct(opcode = "create_task", description = "Mine.", tier = Tier.REVERSIBLE, // here
                category = ChangeCategory.ALWAYS_MINTS, operands = @LocalAct.Operand(name = "text"))
            """,
            "  @Run(\"create_task\") void create(Board b, TriageAgent_Wiring.CreateTask v) {"
                + " v.text(); }");
    assertThat(errors(compile(text)))
        .containsExactly(
            at(
                text,
                "// here",
                "[LocalOpcodeClash] create_task: a local act uses an opcode the backend also"
                    + " declares; the backend's contract would be shadowed, so bind the backend op"
                    + " as a use or rename the local act"
                    + AGENT_AT));
  }

  // --- handlers and misspelled acts -------------------------------------------------------------

  @Test
  void aRunOnAnAgentWithoutActsSaysItDeclaresNone() {
    String text =
        agent(
            "",
            """
              @Run("create_task") // here
              void create(Board b, TriageAgent_Wiring.CreateTask v) {}
            """);
    assertThat(errors(compile(text)))
        .containsExactly(
            at(
                text,
                "// here",
                "[RunWithoutAct] @Run(\"create_task\") on create names an opcode this agent"
                    + " declares no @Act or @LocalAct for; declared: (none)"));
  }

  @Test
  void aRunMisspellingALocalActIsPointedToIt() {
    String text =
        agent(
            """
            @LocalAct(opcode = "leave_note", description = "Leave a note.", tier = Tier.REVERSIBLE,
                category = ChangeCategory.ALWAYS_MINTS)
            """,
            """
              @Run("leave_nte") // here
              void note(Board b, Call a) {}
            """);
    assertThat(errors(compile(text)))
        .containsExactly(
            at(
                text,
                "// here",
                "[RunWithoutAct] @Run(\"leave_nte\") on note names an opcode this agent declares"
                    + " no @Act or @LocalAct for; declared: leave_note; did you mean"
                    + " \"leave_note\"?"));
  }

  @Test
  void aRunOfAnOpcodeTheAgentDeclaresIsNotFoldedIntoAMisspelledAct() {
    String text =
        agent(
            """
            @Act(opcode = "create_tsk", category = ChangeCategory.ALWAYS_MINTS) // here
            @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
            """,
            """
              @Run("create_task")
              void create(Board b, TriageAgent_Wiring.CreateTask v) {}
            """);
    assertThat(errors(compile(text))).containsExactly(at(text, "// here", UNKNOWN_CREATE_TSK));
  }

  @Test
  void withoutASnapshotTheHandlersAreStillChecked() {
    String text =
        agent(
                "@Act(opcode = \"create_task\", category = ChangeCategory.ALWAYS_MINTS)",
                """
                  @Run("create_task") void create(Board b, TriageAgent_Wiring.CreateTask v) {}
                  @Run("archive_project") // run
                  void archive(Board b, Call a) {}
                """)
            .replace("contract = \"taskboard\"", "contract = \"nosuch\" /* here */");
    assertThat(errors(compile(text)))
        .containsExactly(
            at(
                text,
                "/* here */",
                "[SnapshotMissing] agent TriageAgent: no snapshot of contract nosuch at "
                    + dir.resolve("nosuch.json")
                    + "; fetch it from the backend with `mvn agentkit:snapshot` and commit it, or"
                    + " fix the contract name or -Aagentkit.snapshotDir"),
            at(
                text,
                "// run",
                "[RunWithoutAct] @Run(\"archive_project\") on archive names an opcode this agent"
                    + " declares no @Act or @LocalAct for; declared: create_task"));
  }

  // --- parameters and thrown types --------------------------------------------------------------

  private static final String DUE_READER =
      "[ReaderSignature] set_task_due_date: the state reader due must be `String due(Board state,"
          + " Call call) [throws Exception]` (or take TriageAgent_Wiring.SetTaskDueDate in place of"
          + " Call), but ";

  private static String dueReader(String method) {
    return agent(
        "",
        "  @Act(opcode = \"set_task_due_date\", category = ChangeCategory.SCALAR_SET, // here\n"
            + "      input = \"due_date\")\n  "
            + method
            + "\n");
  }

  @Test
  void aViewImportedBySimpleNameIsTheViewBeforeItIsGenerated() {
    String text =
        dueReader("String due(Board b, SetTaskDueDate v) { return v.taskId(); }")
            .replace(
                "import dev.agentkit.annotation.Run;",
                "import dev.agentkit.annotation.Run;\nimport test.TriageAgent_Wiring.SetTaskDueDate;");
    Compilation c = compile(text);
    assertThat(errors(c)).isEmpty();
    assertThat(c).succeeded();
  }

  @Test
  void aClassNamedLikeTheViewIsNotTheView() {
    String text = dueReader("String due(Board b, SetTaskDueDate v) { return \"\"; }");
    Compilation c =
        compile(text, source("SetTaskDueDate", "package test;\n\nfinal class SetTaskDueDate {}\n"));
    assertThat(errors(c))
        .containsExactly(
            at(
                text,
                "// here",
                DUE_READER
                    + "its second parameter is test.SetTaskDueDate, not Call or the op's view"
                    + " TriageAgent_Wiring.SetTaskDueDate"));
  }

  /** A state reader's method, and what the error says after {@link #DUE_READER}. */
  static Stream<Arguments> badDueReaders() {
    return Stream.of(
        Arguments.of(
            "String due(Board b, int a) { return \"\"; }",
            "its second parameter is int, not Call or the op's view"
                + " TriageAgent_Wiring.SetTaskDueDate"),
        Arguments.of(
            "<T> String due(Board b, Call a) { return \"\"; }",
            "it has type parameters, which the wiring cannot infer; remove them"));
  }

  @ParameterizedTest
  @MethodSource("badDueReaders")
  void aPrimitiveInPlaceOfTheCallOrTypeParametersAreNamed(String method, String why) {
    String text = dueReader(method);
    assertThat(errors(compile(text))).containsExactly(at(text, "// here", DUE_READER + why));
  }

  @Test
  void aFieldReaderWhoseLastParameterIsNotAStringIsAnError() {
    String text =
        agent(
            "",
            """
              @Act(opcode = "update_task", category = ChangeCategory.MULTI_FIELD) // here
              String field(Board b, Call a, int field) { return ""; }
            """);
    assertThat(errors(compile(text)))
        .containsExactly(
            at(
                text,
                "// here",
                "[ReaderSignature] update_task: the field reader field must be `String"
                    + " field(Board state, Call call, String field) [throws Exception]` (or take"
                    + " TriageAgent_Wiring.UpdateTask in place of Call), but its last parameter is"
                    + " int, not the String field name"));
  }

  @Test
  void anAsksOnlyParameterIsItsFirst() {
    String text =
        agent(
            "@Act(opcode = \"send_digest\", category = ChangeCategory.MERGE)",
            """
              @Ask("send_digest") // here
              String ask(Board b) { return "?"; }
            """);
    assertThat(errors(compile(text)))
        .containsExactly(
            at(
                text,
                "// here",
                "[AskSignature] send_digest: the ask wording ask must be `String ask(Call call)`"
                    + " (or take TriageAgent_Wiring.SendDigest in place of Call), but its first"
                    + " parameter is test.Board, not Call or the op's view"
                    + " TriageAgent_Wiring.SendDigest"));
  }

  @Test
  void everyHandlerMayDeclareUncheckedExceptions() {
    String text =
        agent(
            """
            @Act(opcode = "send_digest", category = ChangeCategory.MERGE)
            @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
            """,
            """
              @Ask("send_digest")
              String ask(Call a) throws IllegalStateException, AssertionError { return "Send?"; }
              @Run("create_task")
              void create(Board b, Call a) throws java.io.IOException, StackOverflowError {}
            """);
    Compilation c = compile(text);
    assertThat(errors(c)).isEmpty();
    assertThat(c).succeeded();
  }

  @Test
  void aThrownTypeThatDoesNotResolveIsJavacsErrorAlone() {
    String text =
        agent(
            "@Act(opcode = \"create_task\", category = ChangeCategory.ALWAYS_MINTS)",
            """
              @Run("create_task")
              void create(Board b, Call a) throws NoSuchFailure {} // here
            """);
    List<String> errors = errors(compile(text));
    assertThat(errors).hasSize(1);
    assertThat(errors.get(0))
        .startsWith(lineOf(text, "// here") + ": cannot find symbol")
        .contains("class NoSuchFailure");
  }

  // --- what a run handler returns ---------------------------------------------------------------

  private static String creating(String returns, String body) {
    return agent(
        "@Act(opcode = \"create_task\", category = ChangeCategory.ALWAYS_MINTS)",
        "  @Run(\"create_task\")\n  "
            + returns
            + " create(Board b, Call call) { return null; } // here\n"
            + body);
  }

  @Test
  void aPublicRecordOfAnotherPackageIsAResult() {
    String text = creating("other.Made", "");
    Compilation c =
        compile(
            text,
            com.google.testing.compile.JavaFileObjects.forSourceString(
                "other.Made", "package other;\n\npublic record Made(String id) {}\n"));
    assertThat(errors(c)).isEmpty();
    assertThat(c).succeeded();
  }

  @Test
  void aProtectedRecordOfAnotherPackageIsNotAResult() {
    String text =
        creating("Made", "")
            .replace("final class TriageAgent {", "final class TriageAgent extends other.Base {");
    Compilation c =
        compile(
            text,
            com.google.testing.compile.JavaFileObjects.forSourceString(
                "other.Base",
                "package other;\n\npublic class Base {\n  protected record Made(String id) {}\n}\n"));
    assertThat(errors(c))
        .containsExactly(
            at(
                text,
                "// here",
                "[UnsupportedRunResult] create_task: the run handler create returns"
                    + " other.Base.Made, a record the generated wiring cannot name: Made is"
                    + " protected in package other"
                    + RESULT_FIX));
  }

  @Test
  void aRecordInAPrivateClassIsNotAResult() {
    String text =
        creating(
            "Box.Made",
            """
              private static final class Box {
                record Made(String id) {}
              }
            """);
    assertThat(errors(compile(text)))
        .containsExactly(
            at(
                text,
                "// here",
                "[UnsupportedRunResult] create_task: the run handler create returns"
                    + " test.TriageAgent.Box.Made, a record the generated wiring cannot name: Box"
                    + " is private"
                    + RESULT_FIX));
  }

  @Test
  void eachComponentThatDoesNotSerialiseIsNamedWithWhy() {
    String text =
        creating(
            "Made",
            """
              record Made(java.util.List raw, java.util.List<?> any, String[] names,
                  Page<String> page) {}
              record Page<T>(T item) {}
            """);
    assertThat(errors(compile(text)))
        .containsExactly(
            at(
                text,
                "// here",
                "[UnsupportedRunResult] create_task: the run handler create returns"
                    + " test.TriageAgent.Made, a record whose component raw is java.util.List, a"
                    + " raw type that does not say what it holds, and whose component any is"
                    + " java.util.List<?>, holding ?, which is not a concrete type, and whose"
                    + " component names is java.lang.String[], which does not serialise to JSON,"
                    + " and whose component page is test.TriageAgent.Page<java.lang.String>, a"
                    + " record with type parameters"
                    + RESULT_FIX));
  }

  @Test
  void aResultOrComponentTypeThatDoesNotResolveIsJavacsErrorAlone() {
    String text =
        agent(
            """
            @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
            @Act(opcode = "update_task", category = ChangeCategory.MERGE)
            """,
            """
              @Run("create_task")
              NoSuchResult create(Board b, Call call) { return null; } // here
              record Made(String id, NoSuchPart part) {} // part
              @Run("update_task") Made update(Board b, Call call) { return null; }
            """);
    List<String> errors = errors(compile(text));
    assertThat(errors).hasSize(2);
    assertThat(errors.get(0))
        .startsWith(lineOf(text, "// here") + ": cannot find symbol")
        .contains("class NoSuchResult");
    assertThat(errors.get(1))
        .startsWith(lineOf(text, "// part") + ": cannot find symbol")
        .contains("class NoSuchPart");
  }

  // --- which act of an opcode a problem points at -----------------------------------------------

  @Test
  void anUnknownOpcodeIsOnTheActNotOnALocalActOfTheSameOpcode() {
    String text =
        agent(
            """
            @LocalAct(opcode = "create_tsk", description = "Mine.", tier = Tier.REVERSIBLE,
                category = ChangeCategory.ALWAYS_MINTS)
            @Act(opcode = "create_tsk", category = ChangeCategory.ALWAYS_MINTS) // here
            """,
            "");
    assertThat(errors(compile(text))).containsExactly(at(text, "// here", UNKNOWN_CREATE_TSK));
  }

  @Test
  void aTierMismatchIsOnTheActNotOnALocalActOfTheSameOpcode() {
    String text =
        agent(
            """
            @LocalAct(opcode = "archive_project", description = "Mine.", // local
                tier = Tier.REVERSIBLE, category = ChangeCategory.ALWAYS_MINTS)
            @Act(opcode = "archive_project", category = ChangeCategory.MERGE,
                assertTier = AssertedTier.REVERSIBLE) // here
            """,
            "");
    assertThat(errors(compile(text)))
        .containsExactly(
            at(
                text,
                "// here",
                "[TierMismatch] archive_project: the agent asserts tier reversible but the backend"
                    + " says irreversible; an understated tier lets the gate run live what the"
                    + " backend says must be asked, so fix the assertion or remove it"
                    + AGENT_AT),
            at(
                text,
                "// local",
                "[LocalOpcodeClash] archive_project: a local act uses an opcode the backend also"
                    + " declares; the backend's contract would be shadowed, so bind the backend op"
                    + " as a use or rename the local act"
                    + AGENT_AT));
  }
}
