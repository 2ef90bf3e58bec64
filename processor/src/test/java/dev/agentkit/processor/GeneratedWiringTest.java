package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.testing.compile.Compilation;
import dev.agentkit.ActionSet;
import dev.agentkit.AgentPausedException;
import dev.agentkit.BoundAgent;
import dev.agentkit.Call;
import dev.agentkit.LiveAgent;
import dev.agentkit.Outcome;
import dev.agentkit.Plan;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.drift.DriftException;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.internal.WiringStamp;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractSource;
import dev.agentkit.testing.Golden;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The generated wiring: its source against a golden file (rewrite with {@code
 * -Dgolden.update=true}), and the compiled classes loaded and run.
 */
class GeneratedWiringTest {
  private static final Golden GOLDEN = Golden.in("src/test/resources/golden");

  static final String AGENT =
      """
      package test;

      import dev.agentkit.Call;
      import dev.agentkit.contract.ChangeCategory;
      import dev.agentkit.contract.OperandType;
      import dev.agentkit.contract.Tier;
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
        String dueDate(Board board, Call call) {
          return board.get("due:" + call.arg("task_id"));
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
        static String field(Board board, Call call, String field) {
          // The id names the task; it is never a change.
          return field.equals("task_id") ? call.arg(field) : board.get(field + ":" + call.arg("task_id"));
        }

        @Act(opcode = "archive_project", category = ChangeCategory.TERMINAL, terminalStates = "archived")
        String projectState(Board board, Call call) {
          return board.get("project:" + call.arg("project_id"));
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

  /**
   * One small golden file per act shape, each the wiring of an agent with that one act: a scalar
   * set run live with an asserted tier, a terminal act read through its view, a multi-field act, a
   * withheld act with its ask wording, an always-mints act declared on the class, and a local act.
   */
  static Stream<Arguments> actShapes() {
    return Stream.of(
        Arguments.of(
            "ScalarSetAgent",
            "",
            """
              @Act(opcode = "set_task_due_date", category = ChangeCategory.SCALAR_SET,
                  input = "due_date", assertTier = AssertedTier.REVERSIBLE)
              String dueDate(Board board, Call call) { return board.get("due"); }
              @Run("set_task_due_date")
              void setDueDate(Board board, ScalarSetAgent_Wiring.SetTaskDueDate view) {}
            """),
        Arguments.of(
            "TerminalAgent",
            "",
            """
              @Act(opcode = "set_status", category = ChangeCategory.TERMINAL, input = "status",
                  terminalStates = "done")
              String status(Board board, TerminalAgent_Wiring.SetStatus view) {
                return board.get("status:" + view.taskId());
              }
            """),
        Arguments.of(
            "MultiFieldAgent",
            "",
            """
              @Act(opcode = "update_task", category = ChangeCategory.MULTI_FIELD)
              static String field(Board board, Call call, String field) { return board.get(field); }
            """),
        Arguments.of(
            "WithheldAgent",
            "",
            """
              @Act(opcode = "archive_project", category = ChangeCategory.TERMINAL,
                  terminalStates = "archived")
              String projectState(Board board, Call call) { return board.get("project"); }
              @Ask("archive_project")
              String askArchive(WithheldAgent_Wiring.ArchiveProject view) {
                return "Archive project " + view.projectId() + "?";
              }
            """),
        Arguments.of(
            "MintingAgent",
            "@Act(opcode = \"create_task\", category = ChangeCategory.ALWAYS_MINTS)",
            """
              @Run("create_task")
              void create(Board board, MintingAgent_Wiring.CreateTask view) {}
            """),
        Arguments.of(
            "LocalAgent",
            """
            @LocalAct(opcode = "leave_note", description = "Leave a note on a task.",
                tier = Tier.REVERSIBLE, category = ChangeCategory.MERGE,
                operands = {
                  @LocalAct.Operand(name = "task_id", required = true),
                  @LocalAct.Operand(name = "mood", type = OperandType.ENUM,
                      enumValues = {"calm", "urgent"})
                })""",
            """
              @Run("leave_note")
              void note(Board board, LocalAgent_Wiring.LeaveNote view) {}
            """));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("actShapes")
  void eachActShapeMatchesItsGoldenFile(String agent, String onClass, String body)
      throws IOException {
    String source =
        AGENT.substring(0, AGENT.indexOf("@Agent("))
            + "@Agent(contract = \"taskboard\", state = Board.class)\n"
            + onClass
            + "\npublic final class "
            + agent
            + " {\n"
            + body
            + "}\n";
    Compilation c = snapshots.compile(Fixtures.source(agent, source), Fixtures.board());
    assertThat(c).succeededWithoutWarnings();
    String actual =
        c.generatedSourceFile("test." + agent + "_Wiring")
            .orElseThrow()
            .getCharContent(true)
            .toString();
    GOLDEN.assertMatches("acts/" + agent + "_Wiring.java", actual);
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
    assertThat(WiringStamp.decode(new StringReader(stamp)))
        .isEqualTo(
            new WiringStamp(
                "taskboard",
                dir.resolve("taskboard.json").toString().replace('\\', '/'),
                Fixtures.taskboard().digest(),
                Map.of(
                    "archive_project", new WiringStamp.Act(false, true, ""),
                    "create_task", new WiringStamp.Act(true, false, ""),
                    "set_status", new WiringStamp.Act(false, false, "status"),
                    "set_task_due_date", new WiringStamp.Act(true, false, "due_date"),
                    "update_task", new WiringStamp.Act(false, false, "")),
                "test.TriageAgent_Wiring",
                Map.of(
                    "test.TriageAgent_Wiring$CreateTask$Priority", List.of("LOW", "HIGH", "CLASS"),
                    "test.TriageAgent_Wiring$LeaveNote$Mood", List.of("CALM", "URGENT"),
                    "test.TriageAgent_Wiring$SetStatus$Status",
                        List.of("TODO", "DOING", "DONE", "BLOCKED"))));
    assertThat(stamp)
        .startsWith("# Written by the agentkit processor; do not edit.\ncontract=taskboard\n")
        .endsWith(
            "act.archive_project=-,ask,\n"
                + "act.create_task=run,-,\n"
                + "act.set_status=-,-,status\n"
                + "act.set_task_due_date=run,-,due_date\n"
                + "act.update_task=-,-,\n"
                + "enum.test.TriageAgent_Wiring$CreateTask$Priority=LOW,HIGH,CLASS\n"
                + "enum.test.TriageAgent_Wiring$LeaveNote$Mood=CALM,URGENT\n"
                + "enum.test.TriageAgent_Wiring$SetStatus$Status=TODO,DOING,DONE,BLOCKED\n");
  }

  @Test
  void theTimingOptionNotesTheProcessorsOwnTimeByStep() {
    Compilation c =
        snapshots.compile(
            List.of("-Aagentkit.timing=true"),
            Fixtures.source("TriageAgent", AGENT),
            Fixtures.board());
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).hadNoteContaining("[agentkit] 1 agent: parse ");
    assertThat(c).hadNoteContaining(" ms, processor in all ");
    assertThat(compile().notes()).noneMatch(n -> n.getMessage(null).contains("[agentkit]"));
  }

  @Test
  void nestedAndEmptyAgentsCompileWithoutWarnings() {
    String nested =
        """
        package test;

        import dev.agentkit.Call;
        import dev.agentkit.contract.ChangeCategory;
        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;
        import dev.agentkit.annotation.Run;

        class Outer {
          @Agent(contract = "taskboard", state = Board.class)
          @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
          static final class Inner {
            @Run("create_task")
            static void create(Board board, Call call) {}
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
                Op.builder("set_a4")
                    .description("Set cell A4.")
                    .tier(dev.agentkit.contract.Tier.REVERSIBLE)
                    .operand(dev.agentkit.contract.Operand.enumOf("a4", true, "on", "off"))
                    .build()));
    snapshots.put(contract);
    String agent =
        """
        package test;

        import dev.agentkit.contract.ChangeCategory;
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
    List<Op> ops = new ArrayList<>(Fixtures.taskboard().ops());
    ops.replaceAll(
        a ->
            a.opcode().equals("set_status")
                ? a.toBuilder().description("Move a task along (live wording).").build()
                : a);
    Contract reworded = Contract.of("taskboard", ops);
    BoundAgent<Object> live =
        (BoundAgent<Object>) bind.invoke(null, agent, (ContractSource) () -> reworded);
    assertThat(live.acts().op("set_status").orElseThrow().description())
        .isEqualTo("Move a task along (live wording).");
    assertThat(live.report().items())
        .extracting(i -> i.rule().id())
        .containsExactly("description-changed");

    // A breaking change: the op the agent runs was removed.
    List<Op> fewer = new ArrayList<>(Fixtures.taskboard().ops());
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

  @Test
  @SuppressWarnings("unchecked")
  void liveFollowsTheCacheAndPausesOnBreakingDrift() throws Exception {
    Compilation c = compile();
    assertThat(c).succeeded();
    ClassLoader loader = new CompiledClassLoader(c.generatedFiles(), getClass().getClassLoader());
    Class<?> agentType = loader.loadClass("test.TriageAgent");
    Class<?> wiring = loader.loadClass("test.TriageAgent_Wiring");
    Method live = wiring.getMethod("live", agentType, CachedContract.class, DriftPolicy.class);
    AtomicReference<Contract> served = new AtomicReference<>(Fixtures.taskboard());
    CachedContract cache =
        CachedContract.builder(served::get)
            .ttl(Duration.ofMillis(20))
            .maxStaleness(Duration.ofMinutes(1))
            .build();
    List<LiveAgent.Kind> events = new CopyOnWriteArrayList<>();

    LiveAgent<Object> agent =
        ((LiveAgent<Object>)
                live.invoke(null, construct(agentType), cache, DriftPolicy.failOnBreaking()))
            .listen(e -> events.add(e.kind()));
    assertThat(agent.state()).isEqualTo(LiveAgent.State.BOUND);
    assertThat(agent.lastBound().report().isEmpty()).isTrue();

    List<Op> fewer = new ArrayList<>(Fixtures.taskboard().ops());
    fewer.removeIf(a -> a.opcode().equals("set_task_due_date"));
    served.set(Contract.of("taskboard", fewer));
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (agent.state() != LiveAgent.State.PAUSED_ON_DRIFT && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertThat(agent.state()).isEqualTo(LiveAgent.State.PAUSED_ON_DRIFT);
    assertThat(events).containsExactly(LiveAgent.Kind.PAUSED);
    assertThatThrownBy(agent::acts)
        .isInstanceOf(AgentPausedException.class)
        .hasMessageContaining("op-removed: the backend removed op set_task_due_date");
  }

  @Test
  @SuppressWarnings("unchecked")
  void bindAgainstAContractTakesItAsTheLiveOne() throws Exception {
    Compilation c = compile();
    assertThat(c).succeeded();
    ClassLoader loader = new CompiledClassLoader(c.generatedFiles(), getClass().getClassLoader());
    Class<?> agentType = loader.loadClass("test.TriageAgent");
    Class<?> wiring = loader.loadClass("test.TriageAgent_Wiring");
    Object agent = construct(agentType);
    Method bind = wiring.getMethod("bind", agentType, Contract.class);

    BoundAgent<Object> same = (BoundAgent<Object>) bind.invoke(null, agent, Fixtures.taskboard());
    assertThat(same.report().isEmpty()).isTrue();
    assertThat(same.acts().contract()).contains(Fixtures.taskboard());

    List<Op> fewer = new ArrayList<>(Fixtures.taskboard().ops());
    fewer.removeIf(a -> a.opcode().equals("set_task_due_date"));
    assertThatThrownBy(() -> invoke(bind, agent, Contract.of("taskboard", fewer)))
        .isInstanceOf(DriftException.class)
        .hasMessageContaining("op-removed: the backend removed op set_task_due_date");
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
    BoundAgent<Object> offline = (BoundAgent<Object>) bindOffline.invoke(null, agent);
    assertThat(offline.report().isEmpty()).isTrue();
    ActionSet<Object> set = offline.acts();
    assertThat(set.opcodes())
        .containsExactly(
            "archive_project",
            "create_task",
            "leave_note",
            "set_status",
            "set_task_due_date",
            "update_task");

    // scalar_set through a reader taking Call; dates compared as instants.
    values.put("due:t1", "2026-03-31");
    Call same =
        Call.of("set_task_due_date", Map.of("task_id", "t1", "due_date", "2026-03-31T00:00Z"));
    Call later = Call.of("set_task_due_date", Map.of("task_id", "t1", "due_date", "2026-04-01"));
    assertThat(set.willChange(board, same)).isFalse();
    assertThat(set.willChange(board, later)).isTrue();

    // terminal through a reader taking the typed view.
    values.put("status:t1", "done");
    assertThat(
            set.willChange(board, Call.of("set_status", Map.of("task_id", "t1", "status", "done"))))
        .isFalse();
    assertThat(
            set.willChange(board, Call.of("set_status", Map.of("task_id", "t2", "status", "done"))))
        .isTrue();

    // multi_field through a static field reader; numbers compared numerically.
    values.put("estimate:t1", "3");
    assertThat(
            set.willChange(
                board, Call.of("update_task", Map.of("task_id", "t1", "estimate", "3.0"))))
        .isFalse();
    assertThat(
            set.willChange(board, Call.of("update_task", Map.of("task_id", "t1", "estimate", "4"))))
        .isTrue();

    // The gate: reversible acts with a run handler apply, irreversible ones are proposed.
    Call create =
        Call.of(
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
    Call archive = Call.of("archive_project", Map.of("project_id", "p1"));
    Call note = Call.of("leave_note", Map.of("task_id", "t1", "mood", "calm"));
    Plan plan = set.gate(List.of(later, create, archive, note), AutonomyRung.AUTO);
    assertThat(plan.apply())
        .extracting(Call::opcode)
        .containsExactly("set_task_due_date", "create_task", "leave_note");
    assertThat(plan.propose()).extracting(Call::opcode).containsExactly("archive_project");
    assertThat(set.ask(archive)).isEqualTo("Archive project p1?");

    for (Call a : plan.apply()) {
      Outcome outcome = set.run(board, a);
      assertThat(outcome.done()).isTrue();
      assertThat(outcome.value()).isEmpty();
    }
    assertThat(values).containsEntry("due:t1", "2026-04-01");
    var logField = agentType.getDeclaredField("log");
    logField.setAccessible(true);
    List<String> log = (List<String>) logField.get(agent);
    assertThat(log).containsExactly("Write docs 2.5 [a, b] [HIGH, LOW]", "note t1 CALM");
  }

  static final String RESULT_AGENT =
      """
      package test;

      import dev.agentkit.Call;
      import dev.agentkit.CallFailedException;
      import dev.agentkit.contract.ChangeCategory;
      import dev.agentkit.contract.Tier;
      import dev.agentkit.annotation.Act;
      import dev.agentkit.annotation.Agent;
      import dev.agentkit.annotation.LocalAct;
      import dev.agentkit.annotation.Run;
      import java.math.BigDecimal;
      import java.math.BigInteger;
      import java.time.Instant;
      import java.time.LocalDate;
      import java.time.OffsetDateTime;
      import java.util.List;
      import java.util.Map;
      import java.util.Optional;
      import java.util.Set;

      @Agent(contract = "taskboard", state = Board.class)
      @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
      @Act(opcode = "add_to_project", category = ChangeCategory.MERGE)
      @LocalAct(
          opcode = "stamp_task",
          description = "Stamp a task.",
          tier = Tier.REVERSIBLE,
          category = ChangeCategory.MERGE)
      @LocalAct(
          opcode = "leave_note",
          description = "Leave a note on a task.",
          tier = Tier.REVERSIBLE,
          category = ChangeCategory.MERGE,
          operands = @LocalAct.Operand(name = "task_id", required = true))
      public final class ResultAgent {
        enum Priority { LOW, HIGH }

        record Owner(String name, Set<Owner> reports) {}

        record Created(
            String id,
            int number,
            Long version,
            boolean urgent,
            char mark,
            Optional<BigDecimal> estimate,
            BigInteger serial,
            List<String> labels,
            Map<String, LocalDate> due,
            Optional<List<Priority>> priorities,
            Instant at,
            OffsetDateTime when,
            Owner owner) {}

        @Run("create_task")
        Created create(Board board, ResultAgent_Wiring.CreateTask task) {
          return new Created(
              "t1",
              1,
              2L,
              true,
              'x',
              task.estimate(),
              BigInteger.TEN,
              task.labels(),
              Map.of("t1", LocalDate.of(2026, 4, 1)),
              Optional.of(List.of(Priority.HIGH)),
              Instant.EPOCH,
              null,
              new Owner("ann", Set.of()));
        }

        @Run("add_to_project")
        static String add(Board board, Call call) throws CallFailedException {
          return "added " + call.arg("task_id") + " to " + call.arg("project_id");
        }

        @Run("stamp_task")
        String stamp(Board board, Call call) {
          return "stamped";
        }

        @Run("leave_note")
        void note(Board board, ResultAgent_Wiring.LeaveNote note) throws CallFailedException {
          throw new CallFailedException("task " + note.taskId() + " is closed; reopen it first");
        }
      }
      """;

  @Test
  @SuppressWarnings("unchecked")
  void runReturnsTheHandlersValueTypedByTheView() throws Exception {
    Compilation c =
        snapshots.compile(Fixtures.source("ResultAgent", RESULT_AGENT), Fixtures.board());
    assertThat(c).succeededWithoutWarnings();
    String source =
        c.generatedSourceFile("test.ResultAgent_Wiring")
            .orElseThrow()
            .getCharContent(true)
            .toString();
    assertThat(source)
        .contains("return agent.create(state, new CreateTask(call));")
        .contains("return ResultAgent.add(state, call);")
        .contains(
            "    /**\n"
                + "     * The value the run handler returned, typed.\n"
                + "     *\n"
                + "     * @param outcome the outcome of running a {@code create_task} call\n"
                + "     * @return the value; empty when the run failed, returned nothing or ran another op\n"
                + "     */\n"
                + "    public static Optional<ResultAgent.Created> result(Outcome outcome) {\n"
                + "      if (!outcome.call().opcode().equals(OPCODE)) {\n"
                + "        return Optional.empty();\n"
                + "      }\n"
                + "      return outcome.value(ResultAgent.Created.class);\n"
                + "    }\n");

    ClassLoader loader = new CompiledClassLoader(c.generatedFiles(), getClass().getClassLoader());
    Class<?> agentType = loader.loadClass("test.ResultAgent");
    Class<?> wiring = loader.loadClass("test.ResultAgent_Wiring");
    Object board = construct(loader.loadClass("test.Board"));
    BoundAgent<Object> bound =
        (BoundAgent<Object>)
            wiring.getMethod("bindOffline", agentType).invoke(null, construct(agentType));
    ActionSet<Object> set = bound.acts();

    // A record, typed by the view's result method.
    Outcome created =
        set.run(board, Call.of("create_task", Map.of("title", "Docs", "estimate", "2.5")));
    assertThat(created.done()).isTrue();
    Method createResult =
        loader.loadClass("test.ResultAgent_Wiring$CreateTask").getMethod("result", Outcome.class);
    assertThat(createResult.getGenericReturnType().getTypeName())
        .isEqualTo("java.util.Optional<test.ResultAgent$Created>");
    Optional<Object> record = (Optional<Object>) createResult.invoke(null, created);
    assertThat(record).containsSame(created.value().orElseThrow());
    assertThat(record.orElseThrow().toString())
        .startsWith("Created[id=t1, number=1, version=2, urgent=true, mark=x,")
        .contains("estimate=Optional[2.5]");

    // A String.
    Outcome added =
        set.run(board, Call.of("add_to_project", Map.of("task_id", "t1", "project_id", "p1")));
    Method addResult =
        loader.loadClass("test.ResultAgent_Wiring$AddToProject").getMethod("result", Outcome.class);
    assertThat((Optional<String>) addResult.invoke(null, added)).contains("added t1 to p1");
    // Another op's outcome is not this view's result, even when it holds a value of the type.
    assertThat((Optional<String>) addResult.invoke(null, created)).isEmpty();
    Outcome stamped = set.run(board, Call.of("stamp_task", Map.of()));
    assertThat(stamped.value()).contains("stamped");
    assertThat((Optional<String>) addResult.invoke(null, stamped)).isEmpty();
    Method stampResult =
        loader.loadClass("test.ResultAgent_Wiring$StampTask").getMethod("result", Outcome.class);
    assertThat((Optional<String>) stampResult.invoke(null, stamped)).contains("stamped");
    assertThat((Optional<String>) stampResult.invoke(null, added)).isEmpty();

    // A failure the model may read.
    Outcome failed = set.run(board, Call.of("leave_note", Map.of("task_id", "t9")));
    assertThat(failed.done()).isFalse();
    assertThat(failed.failure()).isEqualTo("task t9 is closed; reopen it first");
    assertThat(failed.value()).isEmpty();
    assertThat(loader.loadClass("test.ResultAgent_Wiring$LeaveNote").getMethods())
        .extracting(Method::getName)
        .doesNotContain("result");
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
    assertThat(of.invoke(null, " low ").toString()).isEqualTo("LOW");
    Method wireName = priority.getMethod("wireName");
    assertThat(wireName.invoke(of.invoke(null, "class"))).isEqualTo("class");
    assertThat(wireName.invoke(of.invoke(null, "urgent"))).isEqualTo("");
  }

  static Object construct(Class<?> type) throws ReflectiveOperationException {
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
