package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.agentkit.Call;
import dev.agentkit.contract.Contract;
import dev.agentkit.processor.GeneratedWiringTest.CompiledClassLoader;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Views of operands whose schema is a tree: one small golden file per shape (a list of objects,
 * enums at depth, unions and opaque values; rewrite with {@code AGENTKIT_UPDATE_GOLDEN=1}), and the
 * compiled views run on natural, malformed, mistyped, unknown and huge arguments, read through the
 * typed API an agent's code uses.
 */
class TreeViewsTest {
  private static final Path GOLDEN = BaseDir.resolve("src", "test", "resources", "golden", "trees");

  @TempDir Path dir;
  Fixtures.Snapshots snapshots;

  @BeforeEach
  void snapshot() throws IOException {
    snapshots = new Fixtures.Snapshots(dir).put(TreeFixtures.memory());
  }

  /** An agent of one op whose static {@code read(Call)} shows what its view reads. */
  private static String agent(String name, String opcode, String view, String read) {
    return """
        package test;

        import dev.agentkit.Call;
        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;
        import dev.agentkit.annotation.Run;
        import dev.agentkit.contract.ChangeCategory;
        import java.util.List;
        import java.util.Optional;

        @Agent(contract = "memory", state = Board.class)
        @Act(opcode = "%2$s", category = ChangeCategory.MERGE)
        final class %1$s {
          @Run("%2$s")
          String run(Board board, %1$s_Wiring.%3$s view) {
            return read(view.call());
          }

          static String read(Call call) {
            %1$s_Wiring.%3$s view = new %1$s_Wiring.%3$s(call);
        %4$s
          }
        }
        """
        .formatted(name, opcode, view, read.indent(4).stripTrailing());
  }

  static final String ENTITIES =
      agent(
          "Entities",
          "create_entities",
          "CreateEntities",
          """
          StringBuilder b = new StringBuilder();
          for (Entities_Wiring.CreateEntities.Entity e : view.entities()) {
            String name = e.name();
            String type = e.entityType();
            List<String> observations = e.observations();
            b.append(name).append('|').append(type).append('|').append(observations).append(';');
          }
          return b.toString();
          """);

  static final String ASSIGN =
      agent(
          "Assign",
          "assign_tasks",
          "AssignTasks",
          """
          StringBuilder b = new StringBuilder(view.team() + ":");
          for (Assign_Wiring.AssignTasks.Assignment a : view.assignments()) {
            Assign_Wiring.AssignTasks.Role role = a.role();
            b.append(a.taskId()).append('/').append(role).append('/').append(role.wireName());
            Optional<Assign_Wiring.AssignTasks.Schedule> schedule = a.schedule();
            schedule.ifPresent(
                s -> {
                  List<Assign_Wiring.AssignTasks.Reminder> reminders = s.reminders();
                  List<List<Long>> grid = s.grid();
                  b.append('/').append(s.priority())
                      .append('/').append(s.due().map(d -> d.toLocalDate().toString()))
                      .append('/').append(reminders)
                      .append('/').append(s.estimate())
                      .append('/').append(s.points())
                      .append('/').append(s.notifyArg())
                      .append('/').append(grid);
                });
            b.append(';');
          }
          return b.toString();
          """);

  static final String ISSUES =
      agent(
          "Issues",
          "update_issue",
          "UpdateIssue",
          """
          List<Object> assignees = view.assignees();
          Optional<Object> labels = view.labels();
          Optional<Object> kind = view.kind();
          Optional<Object> extra = view.meta().flatMap(m -> m.extra());
          return view.issue() + "|" + assignees + "|" + labels + "|" + kind + "|" + extra;
          """);

  private Compilation compile(String name, String source) {
    Compilation c = snapshots.compile(Fixtures.source(name, source), Fixtures.board());
    assertThat(c).succeededWithoutWarnings();
    return c;
  }

  private void assertGolden(Compilation c, String wiring) throws IOException {
    String actual =
        c.generatedSourceFile("test." + wiring).orElseThrow().getCharContent(true).toString();
    Path golden = GOLDEN.resolve(wiring + ".java");
    if ("1".equals(System.getenv("AGENTKIT_UPDATE_GOLDEN"))) {
      Files.createDirectories(GOLDEN);
      Files.writeString(golden, actual, StandardCharsets.UTF_8);
    }
    assertThat(Files.exists(golden))
        .as("golden file %s; create it with AGENTKIT_UPDATE_GOLDEN=1", golden)
        .isTrue();
    assertThat(actual)
        .as("generated source; rerun with AGENTKIT_UPDATE_GOLDEN=1 to accept a change")
        .isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
  }

  /** What the agent's {@code read} gives for a call with these arguments. */
  private static String read(Compilation c, String agent, String opcode, Map<String, String> args)
      throws Exception {
    ClassLoader loader =
        new CompiledClassLoader(c.generatedFiles(), TreeViewsTest.class.getClassLoader());
    Method read = loader.loadClass("test." + agent).getDeclaredMethod("read", Call.class);
    read.setAccessible(true);
    return (String) read.invoke(null, Call.of(opcode, args));
  }

  @Test
  void aListOfObjectsMatchesItsGoldenFile() throws IOException {
    assertGolden(compile("Entities", ENTITIES), "Entities_Wiring");
  }

  @Test
  void enumsAtDepthMatchTheirGoldenFile() throws IOException {
    assertGolden(compile("Assign", ASSIGN), "Assign_Wiring");
  }

  @Test
  void unionsAndOpaqueValuesMatchTheirGoldenFile() throws IOException {
    assertGolden(compile("Issues", ISSUES), "Issues_Wiring");
  }

  @Test
  void theNaturalCallOfCreateEntitiesReadsAsRecords() throws Exception {
    Compilation c = compile("Entities", ENTITIES);
    String entities =
        "[{\"name\":\"Bob\",\"entityType\":\"person\",\"observations\":[\"likes tea\",\"\"]},"
            + "{\"name\":\"Acme\",\"entityType\":\"company\",\"observations\":[]}]";
    assertThat(read(c, "Entities", "create_entities", Map.of("entities", entities)))
        .isEqualTo("Bob|person|[likes tea, ];Acme|company|[];");
  }

  @Test
  void contractCompiledInIsTheSnapshotsWithItsDigest() throws Exception {
    Contract memory = TreeFixtures.memory();
    for (String[] agent :
        new String[][] {
          {"Entities", ENTITIES, "create_entities"},
          {"Assign", ASSIGN, "assign_tasks"},
          {"Issues", ISSUES, "update_issue"}
        }) {
      Compilation c = compile(agent[0], agent[1]);
      ClassLoader loader = new CompiledClassLoader(c.generatedFiles(), getClass().getClassLoader());
      Class<?> wiring = loader.loadClass("test." + agent[0] + "_Wiring");
      Method compiledContract = wiring.getMethod("compiledContract");
      compiledContract.setAccessible(true);
      Contract compiled = (Contract) compiledContract.invoke(null);
      assertThat(compiled.ops()).containsExactly(memory.op(agent[2]).orElseThrow());
      java.lang.reflect.Field digest = wiring.getField("CONTRACT_DIGEST");
      digest.setAccessible(true);
      assertThat(digest.get(null)).isEqualTo(memory.digest());
    }
  }
}
