package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Tier;
import dev.agentkit.contract.TierOverride;
import dev.agentkit.internal.UseFixture;
import dev.agentkit.internal.UsesManifest;
import dev.agentkit.internal.UsesManifestReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each bindable agent's compile writes its uses manifest into the class output: its backend acts
 * with their premise, handlers, asserted tier, the override its snapshot gives, and the enum values
 * its code names through its typed views; its local acts by opcode only. An agent with an error
 * writes none.
 */
class UsesManifestTest {
  @TempDir Path dir;

  static final String TRIAGE =
      Fixtures.agent(
          """
          @Act(opcode = "archive_project", category = ChangeCategory.ALWAYS_MINTS)
          @LocalAct(
              opcode = "leave_note",
              description = "Leave a note on a task.",
              tier = Tier.REVERSIBLE,
              category = ChangeCategory.MERGE)""",
          """
            @Act(
                opcode = "set_task_due_date",
                category = ChangeCategory.SCALAR_SET,
                input = "due_date",
                assertTier = AssertedTier.REVERSIBLE)
            String due(Board board, Call call) {
              return board.get("due");
            }

            @Run("set_task_due_date")
            void setDue(Board board, Call call) {}

            @Ask("archive_project")
            String askArchive(Call call) {
              return "Archive this project?";
            }

            @Act(
                opcode = "set_status",
                category = ChangeCategory.TERMINAL,
                input = "status",
                terminalStates = {"done", "blocked"})
            String status(Board board, TriageAgent_Wiring.SetStatus view) {
              return switch (view.status()) {
                case DONE -> "done";
                case BLOCKED -> "blocked";
                default -> "";
              };
            }

            @Run("set_status")
            void setStatus(Board board, TriageAgent_Wiring.SetStatus view) {
              if (view.status() == TriageAgent_Wiring.SetStatus.Status.TODO) {
                board.values.put("todo", "1");
              }
            }

            @Act(opcode = "add_to_project", category = ChangeCategory.MEMBERSHIP, input = "project_id")
            String project(Board board, Call call) {
              return board.get("project");
            }

            @Run("add_to_project")
            void add(Board board, Call call) {}

            @Run("leave_note")
            void note(Board board, Call call) {}
          """);

  private Compilation compile(Contract contract, String agent) throws IOException {
    Fixtures.Snapshots s = new Fixtures.Snapshots(dir).put(contract);
    return s.compile(Fixtures.board(), Fixtures.source("TriageAgent", agent));
  }

  static UsesManifest manifest(Compilation c, String agent) throws Exception {
    Optional<JavaFileObject> file =
        c.generatedFile(StandardLocation.CLASS_OUTPUT, UsesManifest.path("taskboard", agent));
    assertThat(file).as("the manifest of " + agent).isPresent();
    try (InputStream in = file.get().openInputStream()) {
      return UsesManifestReader.read(in.readAllBytes(), agent);
    }
  }

  @Test
  void theManifestSaysHowTheAgentUsesEachOpAndNothingOfTheContract() throws Exception {
    Contract contract =
        Fixtures.taskboard()
            .withTiers(
                List.of(
                    TierOverride.forOpcode("add_to_project", Tier.READ_ONLY)
                        .because("adding to a project is undone by removing it"),
                    TierOverride.forPattern("archive_*", Tier.IRREVERSIBLE)));
    Compilation c = compile(contract, TRIAGE);
    assertThat(c).succeededWithoutWarnings();

    UsesManifest m = manifest(c, "test.TriageAgent");

    assertThat(m.contract()).isEqualTo("taskboard");
    assertThat(m.digest()).isEqualTo(contract.digest());
    assertThat(m.localActs()).containsExactly("leave_note");
    // The text of these acts is the runtime's UsesManifestTest's: here, what the processor records.
    assertThat(m)
        .isEqualTo(
            new UsesManifest(
                "taskboard",
                "test.TriageAgent",
                contract.digest(),
                List.of(
                    UseFixture.use("add_to_project", ChangeCategory.MEMBERSHIP, "project_id")
                        .runs()
                        .overridden(Tier.READ_ONLY, true)
                        .build(),
                    UseFixture.use("archive_project", ChangeCategory.ALWAYS_MINTS, "")
                        .asks()
                        .overridden(Tier.IRREVERSIBLE, false)
                        .build(),
                    UseFixture.use("set_status", ChangeCategory.TERMINAL, "status")
                        .terminal("done", "blocked")
                        .runs()
                        .values("status", "blocked", "done", "todo")
                        .build(),
                    UseFixture.use("set_task_due_date", ChangeCategory.SCALAR_SET, "due_date")
                        .runs()
                        .asserted(Tier.REVERSIBLE)
                        .build()),
                List.of("leave_note")));
  }

  @Test
  void theValuesOfEnumsNestedInATreeOperandAreKeyedByTheirPath() throws Exception {
    String agent =
        """
        package test;

        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;
        import dev.agentkit.annotation.Run;
        import dev.agentkit.contract.ChangeCategory;
        import test.Assign_Wiring.AssignTasks.Priority;

        @Agent(contract = "trees", state = Board.class)
        @Act(opcode = "assign_tasks", category = ChangeCategory.MERGE)
        @Act(opcode = "issues/update", category = ChangeCategory.MERGE)
        final class Assign {
          @Run("assign_tasks")
          void assign(Board board, Assign_Wiring.AssignTasks view) {
            for (Assign_Wiring.AssignTasks.Assignment a : view.assignments()) {
              a.schedule()
                  .filter(s -> s.priority() == Priority.HIGH)
                  .ifPresent(s -> board.values.put("level", String.valueOf(s.level())));
            }
          }

          @Run("issues/update")
          void update(Board board, Assign_Wiring.IssuesUpdate view) {
            if (view.state() == Assign_Wiring.IssuesUpdate.State.CLOSED) {
              board.values.put("closed", "1");
            }
          }
        }
        """;
    Compilation c =
        new Fixtures.Snapshots(dir)
            .put(TreeFixtures.trees())
            .compile(Fixtures.board(), Fixtures.source("Assign", agent));
    assertThat(c).succeededWithoutWarnings();

    Optional<JavaFileObject> file =
        c.generatedFile(StandardLocation.CLASS_OUTPUT, UsesManifest.path("trees", "test.Assign"));
    UsesManifest m;
    try (InputStream in = file.orElseThrow().openInputStream()) {
      m = UsesManifestReader.read(in.readAllBytes(), "test.Assign");
    }
    assertThat(m.acts())
        .extracting(UsesManifest.Use::opcode, UsesManifest.Use::enumValues)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "assign_tasks",
                java.util.Map.of("assignments[].schedule.priority", List.of("high"))),
            org.assertj.core.groups.Tuple.tuple(
                "issues/update", java.util.Map.of("state", List.of("closed"))));
  }

  @Test
  void theSameAgentAgainstTheSameSnapshotWritesTheSameBytes() throws Exception {
    String first = manifest(compile(Fixtures.taskboard(), TRIAGE), "test.TriageAgent").encode();
    String again = manifest(compile(Fixtures.taskboard(), TRIAGE), "test.TriageAgent").encode();
    assertThat(again).isEqualTo(first);
  }

  @Test
  void anAgentWithAnErrorWritesNoManifest() throws IOException {
    new Fixtures.Snapshots(dir).put(Fixtures.taskboard());
    Path sources = Files.createDirectories(dir.resolve("src"));
    Path out = Files.createDirectories(dir.resolve("classes"));
    Files.writeString(sources.resolve("Board.java"), Fixtures.BOARD);
    Files.writeString(
        sources.resolve("TriageAgent.java"), TRIAGE.replace("\"due_date\"", "\"due\""));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<String> errors = new ArrayList<>();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
      JavaCompiler.CompilationTask task =
          javac.getTask(
              null,
              files,
              d -> errors.add(d.getKind() + " " + d.getMessage(null)),
              List.of(
                  "-d",
                  out.toString(),
                  "-s",
                  Files.createDirectories(dir.resolve("generated")).toString(),
                  "-Aagentkit.snapshotDir=" + dir),
              null,
              files.getJavaFileObjects(
                  sources.resolve("Board.java"), sources.resolve("TriageAgent.java")));
      task.setProcessors(List.of(new AgentKitProcessor()));
      assertThat(task.call()).isFalse();
    }
    assertThat(errors).anyMatch(e -> e.contains("[UnknownInput]"));
    assertThat(dir.resolve("generated/test/TriageAgent_Wiring.java")).exists();
    assertThat(out.resolve(UsesManifest.path("taskboard", "test.TriageAgent"))).doesNotExist();
  }
}
