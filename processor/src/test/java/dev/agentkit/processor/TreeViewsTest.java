package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.agentkit.Call;
import dev.agentkit.contract.Contract;
import dev.agentkit.processor.GeneratedWiringTest.CompiledClassLoader;
import dev.agentkit.testing.Golden;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Views of operands whose schema is a tree: one small golden file per shape (a list of objects,
 * enums at depth, unions and opaque values; rewrite with {@code -Dgolden.update=true}), and the
 * compiled views run on natural, malformed, mistyped, unknown and huge arguments, read through the
 * typed API an agent's code uses.
 */
class TreeViewsTest {
  private static final Golden GOLDEN = Golden.in("src/test/resources/golden/trees");

  @TempDir Path dir;
  Fixtures.Snapshots snapshots;

  @BeforeEach
  void snapshot() throws IOException {
    snapshots = new Fixtures.Snapshots(dir).put(TreeFixtures.trees());
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

        @Agent(contract = "trees", state = Board.class)
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
          if (schedule.isEmpty()) {
            b.append('/').append(a.schedule());
          }
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
                      .append('/').append(grid)
                      .append('/').append(s.level())
                      .append('/').append(s.extra());
                });
            b.append(';');
          }
          return b.toString();
          """);

  static final String ISSUES =
      agent(
          "Issues",
          "issues/update",
          "IssuesUpdate",
          """
          StringBuilder b = new StringBuilder();
          b.append(view.owner()).append('/').append(view.repo()).append('#');
          b.append(view.issueNumber()).append('|');
          Optional<Object> title = view.title();
          Issues_Wiring.IssuesUpdate.State state = view.state();
          Issues_Wiring.IssuesUpdate.StateReason reason = view.stateReason();
          List<Object> labels = view.labels();
          List<Object> assignees = view.assignees();
          b.append(title).append('|').append(view.body()).append('|').append(state);
          b.append('|').append(reason).append('|').append(view.milestone());
          return b.append('|').append(labels).append('|').append(assignees).toString();
          """);

  static final String TASKS =
      agent(
          "Tasks",
          "create_task",
          "CreateTask",
          """
          StringBuilder b = new StringBuilder();
          Tasks_Wiring.CreateTask.Priority priority = view.priority();
          Optional<java.math.BigDecimal> estimate = view.estimate();
          String kind = view.kind();
          b.append(view.title()).append('|').append(priority).append('|').append(estimate);
          b.append('|').append(kind).append(':');
          for (Tasks_Wiring.CreateTask.ChecklistItem item : view.checklist()) {
            Optional<Boolean> done = item.done();
            b.append(item.text()).append('/').append(done).append('/').append(item.assignee());
            for (Tasks_Wiring.CreateTask.Subitem sub : item.subitems()) {
              b.append('/').append(sub.text()).append('=').append(sub.done().orElse(false));
            }
            b.append(';');
          }
          return b.toString();
          """);

  /** Compiles with {@code -Xlint:all} (but processing) and {@code -Werror}. */
  private Compilation compile(String name, String source) {
    Compilation c =
        snapshots.compile(List.of("-Werror"), Fixtures.source(name, source), Fixtures.board());
    assertThat(c).succeededWithoutWarnings();
    return c;
  }

  private void assertGolden(Compilation c, String wiring) throws IOException {
    String actual =
        c.generatedSourceFile("test." + wiring).orElseThrow().getCharContent(true).toString();
    GOLDEN.assertMatches(wiring + ".java", actual);
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
  void githubsIssuesUpdateMatchesItsGoldenFile() throws IOException {
    assertGolden(compile("Issues", ISSUES), "Issues_Wiring");
  }

  @Test
  void aNestedChecklistMatchesItsGoldenFile() throws IOException {
    assertGolden(compile("Tasks", TASKS), "Tasks_Wiring");
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
  void shapesTheContractDoesNotHaveReadAsEmptyNeverAsAnException() throws Exception {
    Compilation c = compile("Entities", ENTITIES);
    Map<String, String> cases = new java.util.LinkedHashMap<>();
    cases.put("not json", "");
    cases.put("5", "");
    cases.put("{\"name\":\"Bob\"}", "");
    cases.put("[1, null, \"x\", [], {}]", "||[];");
    cases.put("[{\"name\":5,\"entityType\":true,\"observations\":\"one\"}]", "5|true|[];");
    cases.put("[{\"name\":{},\"observations\":[1,{\"a\":1},\"b\",2.50]}]", "||[1, b, 2.5];");
    cases.put("[".repeat(100) + "]".repeat(100), "");
    cases.put("[{\"name\":\"a\",\"name\":\"b\"}]", "");
    for (Map.Entry<String, String> e : cases.entrySet()) {
      assertThat(read(c, "Entities", "create_entities", Map.of("entities", e.getKey())))
          .as(e.getKey())
          .isEqualTo(e.getValue());
    }
    assertThat(read(c, "Entities", "create_entities", Map.of())).isEmpty();
  }

  @Test
  void aValueTheBackendAddedLaterReadsAsUnrecognisedAtAnyDepth() throws Exception {
    Compilation c = compile("Assign", ASSIGN);
    String assignments =
        "[{\"task_id\":\"t1\",\"role\":\"approver\",\"schedule\":{\"priority\":\"urgent\","
            + "\"reminders\":[\"hour\",\"week_before\",3],\"grid\":[[1,\"2\"],[3.0,1e30]]}},"
            + "{\"task_id\":\"t2\",\"role\":\"owner\",\"schedule\":{\"priority\":\"high\","
            + "\"due\":\"2026-12-01\",\"estimate\":\"1.50\",\"points\":7.0,\"notify\":\"true\","
            + "\"level\":2.50,\"extra\":{\"lat\":1}}}]";
    assertThat(
            read(c, "Assign", "assign_tasks", Map.of("assignments", assignments, "team", "green")))
        .isEqualTo(
            "UNRECOGNISED:"
                + "t1/UNRECOGNISED//UNRECOGNISED/Optional.empty/[HOUR, UNRECOGNISED, UNRECOGNISED]"
                + "/Optional.empty/OptionalLong.empty/Optional.empty/[[1, 2], [3]]"
                + "/UNRECOGNISED/Optional.empty;"
                + "t2/OWNER/owner/HIGH/Optional[2026-12-01]/[]/Optional[1.50]/OptionalLong[7]"
                + "/Optional[true]/[]/_2_5/Optional[{lat=1}];");
  }

  @Test
  void aNumberOfAnEnumOfNumbersReadsAsTheConstantOfItsValueHoweverSpelled() throws Exception {
    Compilation c = compile("Assign", ASSIGN);
    for (String level : List.of("2.5", "2.50", "\"2.50\"", "25e-1", "\"0.25E1\"")) {
      String assignments =
          "[{\"task_id\":\"t3\",\"role\":\"owner\",\"schedule\":{\"level\":" + level + "}}]";
      assertThat(
              read(
                  c, "Assign", "assign_tasks", Map.of("assignments", assignments, "team", "green")))
          .as(level)
          .contains("/_2_5/");
    }
    String other = "[{\"task_id\":\"t3\",\"role\":\"owner\",\"schedule\":{\"level\":2.51}}]";
    assertThat(read(c, "Assign", "assign_tasks", Map.of("assignments", other, "team", "green")))
        .contains("/UNRECOGNISED/Optional.empty;");
  }

  @Test
  void githubsNaturalCallReadsItsUnionsAsPlainJava() throws Exception {
    Compilation c = compile("Issues", ISSUES);
    Map<String, String> args = new java.util.HashMap<>();
    args.put("owner", "octo");
    args.put("repo", "hello");
    args.put("issue_number", "42");
    args.put("title", "Fix the build");
    args.put("state", "closed");
    args.put("state_reason", "null");
    args.put("milestone", "3");
    args.put("labels", "[\"bug\",{\"name\":\"help wanted\",\"color\":null}]");
    args.put("assignees", "[\"octocat\",{\"login\":\"hubot\"}]");
    assertThat(read(c, "Issues", "issues/update", args))
        .isEqualTo(
            "octo/hello#OptionalLong[42]|Optional[Fix the build]||CLOSED|UNRECOGNISED|Optional[3]"
                + "|[bug, {name=help wanted, color=null}]|[octocat, {login=hubot}]");
  }

  @Test
  void aNestedChecklistReadsAsRecordsInRecords() throws Exception {
    Compilation c = compile("Tasks", TASKS);
    String checklist =
        "[{\"text\":\"Draft\",\"done\":true,\"assignee\":null,\"subitems\":["
            + "{\"text\":\"Outline\",\"done\":true},{\"text\":\"Intro\"}]},"
            + "{\"text\":\"Review\",\"assignee\":\"ana\"}]";
    Map<String, String> args =
        Map.of(
            "title", "Write the post", "estimate", "null", "checklist", checklist, "kind", "task");
    assertThat(read(c, "Tasks", "create_task", args))
        .isEqualTo(
            "Write the post|UNRECOGNISED|Optional.empty|task:"
                + "Draft/Optional[true]//Outline=true/Intro=false;"
                + "Review/Optional.empty/ana;");
    Map<String, String> json = Map.of("kind", "\"task\"", "priority", "high", "estimate", "2.5");
    assertThat(read(c, "Tasks", "create_task", json)).isEqualTo("|HIGH|Optional[2.5]|task:");
  }

  @Test
  void contractCompiledInIsTheSnapshotsWithItsDigest() throws Exception {
    Contract trees = TreeFixtures.trees();
    for (String[] agent :
        new String[][] {
          {"Entities", ENTITIES, "create_entities"},
          {"Assign", ASSIGN, "assign_tasks"},
          {"Issues", ISSUES, "issues/update"},
          {"Tasks", TASKS, "create_task"}
        }) {
      Compilation c = compile(agent[0], agent[1]);
      ClassLoader loader = new CompiledClassLoader(c.generatedFiles(), getClass().getClassLoader());
      Class<?> wiring = loader.loadClass("test." + agent[0] + "_Wiring");
      Method compiledContract = wiring.getMethod("compiledContract");
      compiledContract.setAccessible(true);
      Contract compiled = (Contract) compiledContract.invoke(null);
      assertThat(compiled.ops()).containsExactly(trees.op(agent[2]).orElseThrow());
      java.lang.reflect.Field digest = wiring.getField("CONTRACT_DIGEST");
      digest.setAccessible(true);
      assertThat(digest.get(null)).isEqualTo(trees.digest());
    }
  }

  /** An agent declaring {@code structured} operands of GitHub's op, each on the marked line. */
  private static String structured(String operands) {
    return """
        package test;

        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;
        import dev.agentkit.contract.ChangeCategory;

        @Agent(contract = "trees", state = Board.class)
        @Act(opcode = "issues/update", category = ChangeCategory.MERGE,
            structured = %s) // here
        final class Structured {}
        """
        .formatted(operands);
  }

  @Test
  void structuredOnANestedOperandIsOneErrorSayingItsTypeSaysHowItIsWritten() {
    String text = structured("\"labels\"");
    var source = Fixtures.source("Structured", text);
    Compilation c = snapshots.compile(source, Fixtures.board());
    assertThat(c).failed();
    assertThat(c).hadErrorCount(1);
    assertThat(c)
        .hadErrorContaining(
            "[StructuredNotString] issues/update: structured operand \"labels\" has type union,"
                + " but structured is for a string operand whose text is JSON: the model would be"
                + " offered a string of JSON in place of a value of its type, and a plain value"
                + " would be refused as not valid JSON; remove \"labels\" from structured, since"
                + " its type already says how its value is written (agent Structured, contract"
                + " trees)")
        .inFile(source)
        .onLine(Fixtures.lineOf(text, "// here"));
  }

  @Test
  void structuredOnAStringOperandStillCompiles() {
    var source = Fixtures.source("Structured", structured("\"body\""));
    assertThat(snapshots.compile(source, Fixtures.board())).succeededWithoutWarnings();
  }
}
