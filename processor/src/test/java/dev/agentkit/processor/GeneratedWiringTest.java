package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.testing.compile.Compilation;
import dev.agentkit.Action;
import dev.agentkit.ActionSet;
import dev.agentkit.AutonomyRung;
import dev.agentkit.BoundAgent;
import dev.agentkit.Contract;
import dev.agentkit.ContractSource;
import dev.agentkit.DriftException;
import dev.agentkit.Plan;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated wiring: its source against a golden file (rewrite with {@code
 * AGENTKIT_UPDATE_GOLDEN=1}), and the compiled classes loaded and run.
 */
class GeneratedWiringTest {
  private static final Path GOLDEN = BaseDir.resolve("src", "test", "resources", "golden");

  static final String AGENT =
      """
      package test;

      import dev.agentkit.Action;
      import dev.agentkit.ChangeCategory;
      import dev.agentkit.OperandType;
      import dev.agentkit.Tier;
      import dev.agentkit.annotation.Act;
      import dev.agentkit.annotation.Agent;
      import dev.agentkit.annotation.Ask;
      import dev.agentkit.annotation.AssertedTier;
      import dev.agentkit.annotation.LocalAct;
      import dev.agentkit.annotation.Run;
      import java.util.ArrayList;
      import java.util.List;

      @Agent(contract = "taskboard", state = Board.class)
      @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
      @LocalAct(
          opcode = "leave_note",
          description = "Leave a note on a task.",
          tier = Tier.REVERSIBLE,
          category = ChangeCategory.MERGE,
          operands = {
            @LocalAct.Operand(name = "task_id", required = true),
            @LocalAct.Operand(name = "mood", type = OperandType.ENUM, enumValues = {"calm", "urgent"})
          })
      public final class TriageAgent {
        final List<String> log = new ArrayList<>();

        @Act(
            opcode = "set_task_due_date",
            category = ChangeCategory.SCALAR_SET,
            input = "due_date",
            assertTier = AssertedTier.REVERSIBLE)
        String dueDate(Board board, Action act) {
          return board.get("due:" + act.arg("task_id"));
        }

        @Run("set_task_due_date")
        void setDueDate(Board board, TriageAgent_Wiring.SetTaskDueDate view) {
          board.values.put("due:" + view.taskId(), view.dueDate().map(d -> d.toLocalDate().toString()).orElse(""));
        }

        @Act(opcode = "set_status", category = ChangeCategory.TERMINAL, input = "status", terminalStates = "done")
        String status(Board board, TriageAgent_Wiring.SetStatus view) {
          return board.get("status:" + view.taskId());
        }

        @Act(opcode = "update_task", category = ChangeCategory.MULTI_FIELD)
        static String field(Board board, Action act, String field) {
          // The id names the task; it is never a change.
          return field.equals("task_id") ? act.arg(field) : board.get(field + ":" + act.arg("task_id"));
        }

        @Act(opcode = "archive_project", category = ChangeCategory.TERMINAL, terminalStates = "archived")
        String projectState(Board board, Action act) {
          return board.get("project:" + act.arg("project_id"));
        }

        @Ask("archive_project")
        String askArchive(TriageAgent_Wiring.ArchiveProject view) {
          return "Archive project " + view.projectId() + "?";
        }

        @Run("create_task")
        void create(Board board, TriageAgent_Wiring.CreateTask view) {
          log.add(view.title() + " " + view.estimate().orElse(null) + " " + view.labels() + " " + view.priority());
        }

        @Run("leave_note")
        void note(Board board, TriageAgent_Wiring.LeaveNote view) {
          log.add("note " + view.taskId() + " " + view.mood());
        }
      }
      """;

  @TempDir Path dir;
  Fixtures.Snapshots snapshots;

  @BeforeEach
  void snapshot() throws IOException {
    snapshots = new Fixtures.Snapshots(dir).put(Fixtures.taskboard());
  }

  private Compilation compile() {
    return snapshots.compile(Fixtures.source("TriageAgent", AGENT), Fixtures.board());
  }

  @Test
  void compilesWithoutWarnings() {
    Compilation c = compile();
    assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void matchesGoldenFile() throws IOException {
    Compilation c = compile();
    assertThat(c).succeeded();
    String actual =
        c.generatedSourceFile("test.TriageAgent_Wiring")
            .orElseThrow()
            .getCharContent(true)
            .toString();
    Path golden = GOLDEN.resolve("TriageAgent_Wiring.java");
    if ("1".equals(System.getenv("AGENTKIT_UPDATE_GOLDEN"))) {
      Files.createDirectories(GOLDEN);
      Files.writeString(golden, actual, StandardCharsets.UTF_8);
    }
    assertThat(actual)
        .as("generated source; rerun with AGENTKIT_UPDATE_GOLDEN=1 to accept a change")
        .isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
  }

  @Test
  void recordsTheSnapshotItWasGeneratedFrom() throws IOException {
    Compilation c = compile();
    String stamp =
        c.generatedFile(
                javax.tools.StandardLocation.CLASS_OUTPUT,
                "",
                "META-INF/agentkit/wiring/test.TriageAgent.properties")
            .orElseThrow()
            .getCharContent(true)
            .toString();
    assertThat(stamp)
        .contains("contract=taskboard\n")
        .contains("snapshot=" + dir.resolve("taskboard.json").toString().replace('\\', '/'))
        .contains("digest=" + Fixtures.taskboard().digest() + "\n")
        .endsWith(
            "act.archive_project=-,ask,\n"
                + "act.create_task=run,-,\n"
                + "act.set_status=-,-,status\n"
                + "act.set_task_due_date=run,-,due_date\n"
                + "act.update_task=-,-,\n");
  }

  @Test
  void nestedAndEmptyAgentsCompileWithoutWarnings() {
    String nested =
        """
        package test;

        import dev.agentkit.Action;
        import dev.agentkit.ChangeCategory;
        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;
        import dev.agentkit.annotation.Run;

        class Outer {
          @Agent(contract = "taskboard", state = Board.class)
          @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
          static final class Inner {
            @Run("create_task")
            static void create(Board board, Action act) {}
          }

          @Agent(contract = "taskboard", state = Board.class)
          static final class Empty {}
        }
        """;
    Compilation c = snapshots.compile(Fixtures.source("Outer", nested), Fixtures.board());
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("test.Outer_Inner_Wiring");
    assertThat(c).generatedSourceFile("test.Outer_Empty_Wiring");
  }

  @Test
  void anEnumOperandWhoseConstantAndTypeNamesCoincideStillCompiles() throws IOException {
    Contract contract =
        Contract.of(
            "grid",
            List.of(
                Action.builder("set_a4")
                    .description("Set cell A4.")
                    .tier(dev.agentkit.Tier.REVERSIBLE)
                    .operand(dev.agentkit.Operand.enumOf("a4", true, "on", "off"))
                    .build()));
    snapshots.put(contract);
    String agent =
        """
        package test;

        import dev.agentkit.ChangeCategory;
        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;
        import dev.agentkit.annotation.Run;

        @Agent(contract = "grid", state = Board.class)
        @Act(opcode = "set_a4", category = ChangeCategory.MERGE)
        final class Grid {
          @Run("set_a4")
          void set(Board board, Grid_Wiring.SetA4 cell) {
            String value = cell.a4().wireName();
          }
        }
        """;
    Compilation c = snapshots.compile(Fixtures.source("Grid", agent), Fixtures.board());
    assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void generatedCodeIsDeterministic() throws IOException {
    String first =
        compile()
            .generatedSourceFile("test.TriageAgent_Wiring")
            .orElseThrow()
            .getCharContent(true)
            .toString();
    String second =
        compile()
            .generatedSourceFile("test.TriageAgent_Wiring")
            .orElseThrow()
            .getCharContent(true)
            .toString();
    assertThat(first).isEqualTo(second).doesNotContain("date =");
  }

  @Test
  @SuppressWarnings("unchecked")
  void bindAgainstALiveSourceReverifiesAndBindsTheLiveContract() throws Exception {
    Compilation c = compile();
    assertThat(c).succeeded();
    ClassLoader loader = new CompiledClassLoader(c.generatedFiles(), getClass().getClassLoader());
    Class<?> agentType = loader.loadClass("test.TriageAgent");
    Class<?> wiring = loader.loadClass("test.TriageAgent_Wiring");
    Object agent = construct(agentType);
    Method bind = wiring.getMethod("bind", agentType, ContractSource.class);

    // The fast path: the live contract is the snapshot compiled against.
    ContractSource same = () -> Fixtures.taskboard();
    BoundAgent<Object> bound = (BoundAgent<Object>) bind.invoke(null, agent, same);
    assertThat(bound.report().isEmpty()).isTrue();
    assertThat(bound.acts().contract()).contains(Fixtures.taskboard());

    // A compatible change: the live description is what gets bound.
    List<Action> ops = new ArrayList<>(Fixtures.taskboard().ops());
    ops.replaceAll(
        a ->
            a.opcode().equals("set_status")
                ? a.toBuilder().description("Move a task along (live wording).").build()
                : a);
    Contract reworded = Contract.of("taskboard", ops);
    BoundAgent<Object> live =
        (BoundAgent<Object>) bind.invoke(null, agent, (ContractSource) () -> reworded);
    assertThat(live.acts().lookup("set_status").orElseThrow().description())
        .isEqualTo("Move a task along (live wording).");
    assertThat(live.report().items())
        .extracting(i -> i.rule().id())
        .containsExactly("description-changed");

    // A breaking change: the op the agent runs was removed.
    List<Action> fewer = new ArrayList<>(Fixtures.taskboard().ops());
    fewer.removeIf(a -> a.opcode().equals("set_task_due_date"));
    Contract removed = Contract.of("taskboard", fewer);
    assertThatThrownBy(() -> invoke(bind, agent, (ContractSource) () -> removed))
        .isInstanceOf(DriftException.class)
        .hasMessageStartingWith(
            "[DriftBreaking] TriageAgent cannot bind to the live taskboard contract: 1 breaking"
                + " change since the snapshot it was compiled against\n"
                + "  - op-removed: the backend removed op set_task_due_date, which TriageAgent"
                + " uses");
  }

  private static Object invoke(Method m, Object... args) throws Throwable {
    try {
      return m.invoke(null, args);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw e.getCause();
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void bindOfflineGatesAndReadsStateThroughTheAnnotatedReaders() throws Exception {
    Compilation c = compile();
    assertThat(c).succeeded();
    ClassLoader loader = new CompiledClassLoader(c.generatedFiles(), getClass().getClassLoader());
    Class<?> agentType = loader.loadClass("test.TriageAgent");
    Class<?> boardType = loader.loadClass("test.Board");
    Class<?> wiring = loader.loadClass("test.TriageAgent_Wiring");
    Object agent = construct(agentType);
    Object board = construct(boardType);
    Map<String, String> values = (Map<String, String>) boardType.getField("values").get(board);

    assertThat(wiring.getField("CONTRACT").get(null)).isEqualTo("taskboard");
    assertThat(wiring.getField("CONTRACT_DIGEST").get(null))
        .isEqualTo(Fixtures.taskboard().digest());
    Contract compiled = (Contract) wiring.getMethod("compiledContract").invoke(null);
    assertThat(compiled.opcodes())
        .containsExactly(
            "archive_project", "create_task", "set_status", "set_task_due_date", "update_task");
    assertThat(compiled.op("set_status")).isEqualTo(Fixtures.taskboard().op("set_status"));

    Method bindOffline = wiring.getMethod("bindOffline", agentType);
    ActionSet<Object> set = (ActionSet<Object>) bindOffline.invoke(null, agent);
    assertThat(set.opcodes())
        .containsExactly(
            "archive_project",
            "create_task",
            "leave_note",
            "set_status",
            "set_task_due_date",
            "update_task");

    // scalar_set through a reader taking Action; dates compared as instants.
    values.put("due:t1", "2026-03-31");
    Action same =
        Action.call("set_task_due_date", Map.of("task_id", "t1", "due_date", "2026-03-31T00:00Z"));
    Action later =
        Action.call("set_task_due_date", Map.of("task_id", "t1", "due_date", "2026-04-01"));
    assertThat(set.willChange(board, same)).isFalse();
    assertThat(set.willChange(board, later)).isTrue();

    // terminal through a reader taking the typed view.
    values.put("status:t1", "done");
    assertThat(
            set.willChange(
                board, Action.call("set_status", Map.of("task_id", "t1", "status", "done"))))
        .isFalse();
    assertThat(
            set.willChange(
                board, Action.call("set_status", Map.of("task_id", "t2", "status", "done"))))
        .isTrue();

    // multi_field through a static field reader; numbers compared numerically.
    values.put("estimate:t1", "3");
    assertThat(
            set.willChange(
                board, Action.call("update_task", Map.of("task_id", "t1", "estimate", "3.0"))))
        .isFalse();
    assertThat(
            set.willChange(
                board, Action.call("update_task", Map.of("task_id", "t1", "estimate", "4"))))
        .isTrue();

    // The gate: reversible acts with a run handler apply, irreversible ones are proposed.
    Action create =
        Action.call(
            "create_task",
            Map.of(
                "title",
                "Write docs",
                "estimate",
                "2.5",
                "labels",
                "[\"a\",\"b\"]",
                "priority",
                "[\"high\",\"low\"]"));
    Action archive = Action.call("archive_project", Map.of("project_id", "p1"));
    Action note = Action.call("leave_note", Map.of("task_id", "t1", "mood", "calm"));
    Plan plan = set.gate(List.of(later, create, archive, note), AutonomyRung.AUTO);
    assertThat(plan.apply())
        .extracting(Action::opcode)
        .containsExactly("set_task_due_date", "create_task", "leave_note");
    assertThat(plan.propose()).extracting(Action::opcode).containsExactly("archive_project");
    assertThat(set.ask(archive)).isEqualTo("Archive project p1?");

    for (Action a : plan.apply()) {
      set.run(board, a);
    }
    assertThat(values).containsEntry("due:t1", "2026-04-01");
    var logField = agentType.getDeclaredField("log");
    logField.setAccessible(true);
    List<String> log = (List<String>) logField.get(agent);
    assertThat(log).containsExactly("Write docs 2.5 [a, b] [HIGH, LOW]", "note t1 CALM");
  }

  @Test
  void anEnumValueTheContractDidNotHaveReadsAsUnrecognised() throws Exception {
    Compilation c = compile();
    ClassLoader loader = new CompiledClassLoader(c.generatedFiles(), getClass().getClassLoader());
    Class<?> priority = loader.loadClass("test.TriageAgent_Wiring$CreateTask$Priority");
    Method of = priority.getMethod("of", String.class);
    assertThat(of.invoke(null, "high").toString()).isEqualTo("HIGH");
    assertThat(of.invoke(null, "urgent").toString()).isEqualTo("UNRECOGNISED");
    assertThat(of.invoke(null, (Object) null).toString()).isEqualTo("UNRECOGNISED");
  }

  private static Object construct(Class<?> type) throws ReflectiveOperationException {
    var constructor = type.getDeclaredConstructor();
    constructor.setAccessible(true);
    return constructor.newInstance();
  }

  /** Defines the classes a compilation wrote, delegating everything else to the parent. */
  static final class CompiledClassLoader extends ClassLoader {
    private final Map<String, byte[]> classes = new HashMap<>();

    CompiledClassLoader(List<JavaFileObject> files, ClassLoader parent) throws IOException {
      super(parent);
      for (JavaFileObject f : files) {
        if (f.getKind() != JavaFileObject.Kind.CLASS) {
          continue;
        }
        String path = f.toUri().getPath();
        String name = path.substring(path.indexOf("/CLASS_OUTPUT/") + "/CLASS_OUTPUT/".length());
        name = name.substring(0, name.length() - ".class".length()).replace('/', '.');
        try (InputStream in = f.openInputStream()) {
          classes.put(name, in.readAllBytes());
        }
      }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
      byte[] bytes = classes.get(name);
      if (bytes == null) {
        throw new ClassNotFoundException(name);
      }
      return defineClass(name, bytes, 0, bytes.length);
    }
  }
}
