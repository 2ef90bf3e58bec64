package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.agentkit.processor.Fixtures.agent;
import static dev.agentkit.processor.Fixtures.board;
import static dev.agentkit.processor.Fixtures.lineOf;
import static dev.agentkit.processor.Fixtures.source;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.testing.Golden;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A contract change's problems in one build, without cascades: each scenario asserts every error of
 * the compilation, its text and its line, so an error javac adds of its own fails the test.
 */
class OneBuildTest {
  @TempDir Path dir;
  Fixtures.Snapshots snapshots;

  @BeforeEach
  void snapshot() throws IOException {
    snapshots = new Fixtures.Snapshots(dir).put(Fixtures.taskboard());
  }

  private static Object constant(Class<?> type, String name) throws ReflectiveOperationException {
    Field f = type.getField(name);
    f.setAccessible(true);
    return f.get(null);
  }

  /**
   * Compiles with the processor as a build does, into real directories (compile-testing hides the
   * files of a failed compilation), and returns the errors.
   */
  private List<Diagnostic<? extends JavaFileObject>> errorsWritingTo(
      Path generated, Path classes, JavaFileObject... sources) throws IOException {
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files =
        compiler.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
      List<String> options =
          List.of(
              "-Aagentkit.snapshotDir=" + dir.toAbsolutePath(),
              "-classpath",
              System.getProperty("java.class.path"),
              "-s",
              generated.toString(),
              "-d",
              classes.toString());
      JavaCompiler.CompilationTask task =
          compiler.getTask(null, files, diagnostics, options, null, List.of(sources));
      task.setProcessors(List.of(new AgentKitProcessor(snapshots.loader())));
      assertThat(task.call()).as("the compilation fails").isFalse();
    }
    List<Diagnostic<? extends JavaFileObject>> errors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() == Diagnostic.Kind.ERROR) {
        errors.add(d);
      }
    }
    return errors;
  }

  private static String at(String file, String text, String marker, String message) {
    return file + ".java:" + lineOf(text, marker) + ": " + message;
  }

  private static final String UNKNOWN_CREATE_TSK =
      "[UnknownOpcode] create_tsk: the backend does not declare this opcode, so every program that"
          + " emits it would be rejected at verify; the backend declares: add_to_project,"
          + " archive_project, create_task, send_digest, set_status, set_task_due_date,"
          + " update_task; did you mean \"create_task\"? (agent TriageAgent, contract taskboard)";

  @Test
  void anAgentWithAnErrorStillGetsTheTypesItsCodeNames() {
    // Views in imports, parameters, fields and results, and a view's enum: before, each was a
    // `package TriageAgent_Wiring does not exist` after the processor's error.
    String text =
        agent(
                """
                @Act(opcode = "archive_project", category = ChangeCategory.MERGE) // error
                @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
                """,
                """
                  private TriageAgent_Wiring.CreateTask.Priority last;
                  @Act(opcode = "set_status", category = ChangeCategory.SCALAR_SET, input = "status")
                  String status(Board b, SetStatus v) { return v.status().wireName(); }
                  @Run("create_task")
                  void create(Board b, TriageAgent_Wiring.CreateTask v) {}
                  SetStatus.Status none() { return SetStatus.Status.UNRECOGNISED; }
                """)
            .replace(
                "import dev.agentkit.annotation.Run;",
                "import dev.agentkit.annotation.Run;\nimport test.TriageAgent_Wiring.SetStatus;");
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(c).failed();
    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(
            at(
                "TriageAgent",
                text,
                "// error",
                "[WithheldWithoutAsk] archive_project: tier irreversible is always withheld for a"
                    + " human, but the act has no ask wording, so the user would never be asked"
                    + " and the act would vanish; add ask wording (@Ask) (agent TriageAgent,"
                    + " contract taskboard)"));
  }

  @Test
  void anOpTheSnapshotLacksGetsAViewWithoutOperands() {
    // The backend renamed the op: the act is the one problem, not also its reader's parameter.
    String text =
        agent(
            "",
            """
              @Act(opcode = "create_tsk", // here
                  category = ChangeCategory.ALWAYS_MINTS)
              static void unused(TriageAgent_Wiring.CreateTsk v) {}
            """);
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(at("TriageAgent", text, "// here", UNKNOWN_CREATE_TSK));
  }

  @Test
  void aRunNamingTheOpcodeAMisspelledActShouldHaveIsFoldedIntoItsError() {
    String text =
        agent(
            "@Act(opcode = \"create_tsk\", category = ChangeCategory.ALWAYS_MINTS) // here",
            """
              @Run("create_task")
              void create(Board b, TriageAgent_Wiring.CreateTask v) {}
            """);
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(
            at(
                "TriageAgent",
                text,
                "// here",
                UNKNOWN_CREATE_TSK
                    + "; @Run(\"create_task\") on create already names the suggested opcode"));
  }

  @Test
  void anAskAndARunNamingIt() {
    String text =
        agent(
            "@Act(opcode = \"archive_projct\", category = ChangeCategory.MERGE) // here",
            """
              @Ask("archive_project") String ask(Call a) { return "?"; }
              @Run("archive_project") void run(Board b, Call a) {}
            """);
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(
            at(
                "TriageAgent",
                text,
                "// here",
                "[UnknownOpcode] archive_projct: the backend does not declare this opcode, so"
                    + " every program that emits it would be rejected at verify; the backend"
                    + " declares: add_to_project, archive_project, create_task, send_digest,"
                    + " set_status, set_task_due_date, update_task; did you mean"
                    + " \"archive_project\"? (agent TriageAgent, contract taskboard); @Run("
                    + "\"archive_project\") on run and @Ask(\"archive_project\") on ask already"
                    + " name the suggested opcode"));
  }

  @Test
  void aHandlerNamingAnotherUnknownOpcodeIsItsOwnProblem() {
    // Fixing the act to create_task would leave @Run("create_tsk2") wrong: two problems. The
    // handler is never pointed to the act's misspelling.
    String text =
        agent(
            "@Act(opcode = \"create_tsk\", category = ChangeCategory.ALWAYS_MINTS) // act",
            """
              @Run("create_tsk2") // run
              void create(Board b, Call a) {}
            """);
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(
            at(
                "TriageAgent",
                text,
                "// run",
                "[RunWithoutAct] @Run(\"create_tsk2\") on create names an opcode this agent"
                    + " declares no @Act or @LocalAct for; declared: create_tsk"),
            at("TriageAgent", text, "// act", UNKNOWN_CREATE_TSK));
  }

  private static final String UNKNOWN_SET_STAUTS =
      "[UnknownOpcode] set_stauts: the backend does not declare this opcode, so every program that"
          + " emits it would be rejected at verify; the backend declares: add_to_project,"
          + " archive_project, create_task, send_digest, set_status, set_task_due_date,"
          + " update_task; did you mean \"set_status\"? (agent TriageAgent, contract taskboard)";

  @Test
  void aReaderTakingTheViewOfTheMisspelledOpcodeIsNotASecondError() {
    // The misspelled view reads the suggested op's operands, so its enum compiles too.
    String text =
        agent(
            "",
            """
              @Act(opcode = "set_stauts", // here
                  category = ChangeCategory.SCALAR_SET, input = "status")
              String status(Board b, TriageAgent_Wiring.SetStauts v) { return v.taskId(); }
              private TriageAgent_Wiring.SetStauts.Status last;
            """);
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(at("TriageAgent", text, "// here", UNKNOWN_SET_STAUTS));
  }

  @Test
  void aReaderTakingTheViewOfTheSuggestedOpcodeIsNotASecondError() {
    // As the quickstart's agent imports its views: the author wrote the op they meant.
    String text =
        agent(
                "",
                """
                  @Act(opcode = "set_stauts", // here
                      category = ChangeCategory.SCALAR_SET, input = "status")
                  String status(Board b, SetStatus v) { return v.status().wireName(); }
                  SetStatus.Status none() { return SetStatus.Status.UNRECOGNISED; }
                """)
            .replace(
                "import dev.agentkit.annotation.Run;",
                "import dev.agentkit.annotation.Run;\nimport test.TriageAgent_Wiring.SetStatus;");
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(at("TriageAgent", text, "// here", UNKNOWN_SET_STAUTS));
  }

  @Test
  void aRunAndAnAskOfAMisspelledClassLevelActTakingEitherViewAreNotMoreErrors() {
    String text =
        agent(
            "@Act(opcode = \"add_to_projct\", category = ChangeCategory.MERGE) // here",
            """
              @Run("add_to_projct")
              void add(Board b, TriageAgent_Wiring.AddToProject v) {}
              @Ask("add_to_projct")
              String ask(TriageAgent_Wiring.AddToProjct v) { return "Add " + v.taskId() + "?"; }
            """);
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(
            at(
                "TriageAgent",
                text,
                "// here",
                "[UnknownOpcode] add_to_projct: the backend does not declare this opcode, so every"
                    + " program that emits it would be rejected at verify; the backend declares:"
                    + " add_to_project, archive_project, create_task, send_digest, set_status,"
                    + " set_task_due_date, update_task; did you mean \"add_to_project\"? (agent"
                    + " TriageAgent, contract taskboard)"));
  }

  @Test
  void aRunOfTheMisspelledOpcodeTakingTheSuggestedView() {
    String text =
        agent(
            "@Act(opcode = \"create_tsk\", category = ChangeCategory.ALWAYS_MINTS) // here",
            """
              record Created(String id) {}
              @Run("create_tsk")
              Created create(Board b, TriageAgent_Wiring.CreateTask v) { return null; }
            """);
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(at("TriageAgent", text, "// here", UNKNOWN_CREATE_TSK));
  }

  @Test
  void aHandlersOwnProblemStaysAndNamesTheViewOfTheSuggestedOpcode() {
    // Fixing the opcode would leave the private reader wrong: two problems, two errors; neither
    // points to a view of an opcode the contract lacks.
    String text =
        agent(
            "",
            """
              @Act(opcode = "set_stauts", // act
                  category = ChangeCategory.SCALAR_SET, input = "status") // reader
              private String status(Board b, TriageAgent_Wiring.SetStatus v) { return ""; }
            """);
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(
            at(
                "TriageAgent",
                text,
                "// act",
                "[ReaderSignature] set_stauts: the state reader status must be `String"
                    + " status(Board state, Call call) [throws Exception]` (or take"
                    + " TriageAgent_Wiring.SetStatus in place of Call), but it is private, so the"
                    + " generated wiring cannot call it; make it package-private"),
            at("TriageAgent", text, "// act", UNKNOWN_SET_STAUTS));
  }

  @Test
  void withNothingNearTheSignatureNamesNoView() {
    String text =
        agent(
            "",
            """
              @Act(opcode = "frobnicate_widgets", // act
                  category = ChangeCategory.SCALAR_SET, input = "widget")
              String widget(Board b, int v) { return ""; }
            """);
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(
            at(
                "TriageAgent",
                text,
                "// act",
                "[ReaderSignature] frobnicate_widgets: the state reader widget must be `String"
                    + " widget(Board state, Call call) [throws Exception]`, but its second"
                    + " parameter is int, not Call"),
            at(
                "TriageAgent",
                text,
                "// act",
                "[UnknownOpcode] frobnicate_widgets: the backend does not declare this opcode, so"
                    + " every program that emits it would be rejected at verify; the backend"
                    + " declares: add_to_project, archive_project, create_task, send_digest,"
                    + " set_status, set_task_due_date, update_task (agent TriageAgent, contract"
                    + " taskboard)"));
  }

  /** The fixture's contract with {@code done} gone from {@code set_status}'s status. */
  private void withoutDone() throws IOException {
    List<Op> ops = new ArrayList<>(Fixtures.taskboard().ops());
    ops.replaceAll(
        op ->
            op.opcode().equals("set_status")
                ? op.toBuilder()
                    .operands(
                        List.of(
                            Operand.requiredString("task_id", "The task."),
                            Operand.enumOf("status", true, "todo", "doing", "blocked")))
                    .build()
                : op);
    snapshots.put(Contract.of("taskboard", ops));
  }

  /**
   * What a use of DONE reads in these builds: none of them has a previous wiring whose stamp shows
   * the enum had it (RemovedOrUnknownConstantTest builds twice for {@code [RemovedEnumValue]}).
   */
  private static final String REMOVED_DONE =
      "[UnknownEnumConstant] set_status.status: Status has no constant DONE: the contract's values"
          + " are blocked, doing, todo (constants BLOCKED, DOING, TODO, and UNRECOGNISED for any"
          + " other); use one of them, or regenerate the snapshot if the backend has this value";

  static final String USES_DONE =
      agent(
              "",
              """
                @Act(opcode = "set_status", category = ChangeCategory.SCALAR_SET, input = "status")
                String status(Board b, TriageAgent_Wiring.SetStatus v) {
                  switch (v.status()) {
                    case TODO: return "todo";
                    case DONE: return "done"; // case
                    default: return "";
                  }
                }
                static boolean finished(Call call) {
                  var v = new TriageAgent_Wiring.SetStatus(call);
                  return v.status() == TriageAgent_Wiring.SetStatus.Status.DONE // qualified
                      || v.status() == Status.DONE // imported
                      || v.status() == Status.TODO
                      || v.status() == Status.UNRECOGNISED
                      || v.status() == Status.of("done")
                      || switch (v.status()) { case DONE -> true; default -> false; }; // expr
                }
              """)
          .replace(
              "import dev.agentkit.annotation.Run;",
              "import dev.agentkit.annotation.Run;\n"
                  + "import test.TriageAgent_Wiring.SetStatus.Status;");

  @Test
  void aRemovedEnumValueTheAgentUsesIsAnErrorAtEachUseInTheSameBuild() throws IOException {
    withoutDone();
    Compilation c = snapshots.compile(source("TriageAgent", USES_DONE), board());
    String removed = REMOVED_DONE;
    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(
            at("TriageAgent", USES_DONE, "// case", removed),
            at("TriageAgent", USES_DONE, "// qualified", removed),
            at("TriageAgent", USES_DONE, "// imported", removed),
            at("TriageAgent", USES_DONE, "// expr", removed));
  }

  @Test
  void aRemovedValueIsFoundInEveryFileOfTheCompilationButOnlyThroughTheWiring() throws IOException {
    withoutDone();
    String agent =
        agent(
                "@Act(opcode = \"set_status\", category = ChangeCategory.MERGE)",
                "  static final Object NONE = Status.UNRECOGNISED;")
            .replace(
                "import dev.agentkit.annotation.Run;",
                "import dev.agentkit.annotation.Run;\n"
                    + "import static test.TriageAgent_Wiring.SetStatus.Status.TODO;\n"
                    + "import test.TriageAgent_Wiring.SetStatus.Status;");
    String demo =
        """
        package test;

        import test.TriageAgent_Wiring.*;

        final class Demo {
          enum Status { DONE }
          static final Object MINE = Status.DONE;
          static final Object THEIRS = SetStatus.Status.DONE; // here
        }
        """;
    Compilation c = snapshots.compile(source("TriageAgent", agent), source("Demo", demo), board());
    assertThat(Fixtures.errorsByFile(c)).containsExactly(at("Demo", demo, "// here", REMOVED_DONE));
  }

  @Test
  void aSwitchIsTakenForAViewsOnlyWhenTheVariableInScopeIsOne() throws IOException {
    withoutDone();
    String text =
        agent(
            "@Act(opcode = \"set_status\", category = ChangeCategory.MERGE)",
            """
              enum Mine { DONE }
              record Other(Mine status) {}
              static int uses(Call call, Other other) {
                int n = 0;
                {
                  TriageAgent_Wiring.SetStatus v = new TriageAgent_Wiring.SetStatus(call);
                  n += v.status().ordinal();
                }
                for (Other v : java.util.List.of(other)) {
                  switch (v.status()) { case DONE: n++; break; default: break; }
                }
                Other v = other;
                switch (v.status()) { case DONE: n++; break; default: break; }
                return n;
              }
              static int view(Call call) {
                java.util.function.Function<TriageAgent_Wiring.SetStatus, Integer> f =
                    (TriageAgent_Wiring.SetStatus v) ->
                        switch (v.status()) { case DONE -> 1; default -> 0; }; // here
                return f.apply(new TriageAgent_Wiring.SetStatus(call));
              }
            """);
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(at("TriageAgent", text, "// here", REMOVED_DONE));
  }

  @Test
  void aStaticImportOfARemovedValueIsAlsoJavacsError() throws IOException {
    // javac resolves imports even after a processor error: its own error at the import stays.
    withoutDone();
    String text =
        agent("@Act(opcode = \"set_status\", category = ChangeCategory.MERGE)", "")
            .replace(
                "import dev.agentkit.annotation.Run;",
                "import dev.agentkit.annotation.Run;\n"
                    + "import static test.TriageAgent_Wiring.SetStatus.Status.DONE; // here");
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(
            at("TriageAgent", text, "// here", REMOVED_DONE),
            at(
                "TriageAgent",
                text,
                "// here",
                "cannot find symbol\n  symbol:   static DONE\n  location: enum"
                    + " test.TriageAgent_Wiring.SetStatus.Status"));
  }

  @Test
  void aRemovedValueAndAnotherProblemInOneBuild() throws IOException {
    withoutDone();
    String text =
        USES_DONE.replace(
            "final class TriageAgent {",
            "@Act(opcode = \"nope\", category = ChangeCategory.MERGE) // nope\n"
                + "final class TriageAgent {");
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(Fixtures.errorsByFile(c))
        .hasSize(5)
        .startsWith(
            at(
                "TriageAgent",
                text,
                "// nope",
                "[UnknownOpcode] nope: the backend does not declare this opcode, so every program"
                    + " that emits it would be rejected at verify; the backend declares:"
                    + " add_to_project, archive_project, create_task, send_digest, set_status,"
                    + " set_task_due_date, update_task (agent TriageAgent, contract taskboard)"))
        .contains(at("TriageAgent", text, "// expr", REMOVED_DONE));
  }

  @Test
  void withoutASnapshotTheViewsStillExistWithoutOperands() {
    String text =
        agent(
                "",
                """
              @Act(opcode = "set_status", category = ChangeCategory.SCALAR_SET, input = "status")
              String status(Board b, TriageAgent_Wiring.SetStatus v) { return ""; }
            """)
            .replace("contract = \"taskboard\"", "contract = \"nosuch\" /* here */");
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(
            at(
                "TriageAgent",
                text,
                "/* here */",
                "[SnapshotMissing] agent TriageAgent: no snapshot of contract nosuch at "
                    + dir.resolve("nosuch.json")
                    + "; fetch it from the backend with `mvn agentkit:snapshot` and commit it, or"
                    + " fix the contract name or -Aagentkit.snapshotDir"));
  }

  @Test
  void theWiringOfAnAgentWithErrorsMatchesItsGoldenFile() throws IOException {
    String text =
        agent(
            "@Act(opcode = \"create_tsk\", category = ChangeCategory.ALWAYS_MINTS)",
            """
              @Act(opcode = "set_status", category = ChangeCategory.SCALAR_SET, input = "status")
              String status(Board b, Call a) { return ""; }
              @Ask("archive_project") String ask(Call a) { return "?"; }
            """);
    Path generated = Files.createDirectories(dir.resolve("generated"));
    Path classes = Files.createDirectories(dir.resolve("classes"));
    assertThat(errorsWritingTo(generated, classes, source("TriageAgent", text), board()))
        .hasSize(2);
    String actual = Files.readString(generated.resolve("test/TriageAgent_Wiring.java"));
    Golden.in("src/test/resources/golden").assertMatches("Unbound_Wiring.java", actual);
  }

  @Test
  void theWiringOfAnAgentWithErrorsCompilesAloneWithoutWarningsAndCannotBind() throws Exception {
    String text =
        agent(
            "@Act(opcode = \"archive_project\", category = ChangeCategory.MERGE)",
            "  @Run(\"create_task\") void create(Board b, TriageAgent_Wiring.CreateTask v) {}");
    JavaFileObject agent = source("TriageAgent", text);
    Path generated = Files.createDirectories(dir.resolve("generated"));
    Path classes = Files.createDirectories(dir.resolve("classes"));
    assertThat(errorsWritingTo(generated, classes, agent, board())).hasSize(2);
    assertThat(classes.resolve("META-INF/agentkit/wiring/test.TriageAgent.properties"))
        .as("no stamp for a wiring that cannot bind")
        .doesNotExist();
    JavaFileObject wiring =
        JavaFileObjects.forResource(
            generated.resolve("test/TriageAgent_Wiring.java").toUri().toURL());

    // The same sources, without the processor: only javac's own verdict on the generated file.
    Compilation alone =
        javac().withOptions("-proc:none", "-Xlint:all", "-Werror").compile(agent, board(), wiring);
    assertThat(alone).succeededWithoutWarnings();
    ClassLoader loader =
        new GeneratedWiringTest.CompiledClassLoader(
            alone.generatedFiles(), getClass().getClassLoader());
    Class<?> type = loader.loadClass("test.TriageAgent_Wiring");
    assertThat(constant(type, "CONTRACT")).isEqualTo("taskboard");
    assertThat(constant(type, "CONTRACT_DIGEST")).isEqualTo(Fixtures.taskboard().digest());
    Method bindOffline = type.getMethod("bindOffline", Object.class);
    Method compiledContract = type.getMethod("compiledContract");
    for (Method m : List.of(bindOffline, compiledContract)) {
      m.setAccessible(true); // the wiring is package-private, as the agent is
      Object[] args = m.getParameterCount() == 0 ? new Object[0] : new Object[] {new Object()};
      assertThatThrownBy(() -> m.invoke(null, args))
          .isInstanceOf(InvocationTargetException.class)
          .cause()
          .isInstanceOf(IllegalStateException.class)
          .hasMessage(
              "[UnboundWiring] TriageAgent_Wiring was generated from agent TriageAgent while the"
                  + " agentkit processor reported errors in it, so it cannot bind; fix the errors"
                  + " the compiler reported for TriageAgent and build again");
    }
  }
}
