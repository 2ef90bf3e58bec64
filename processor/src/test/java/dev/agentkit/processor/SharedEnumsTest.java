package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.agentkit.processor.Fixtures.lineOf;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.UsesManifest;
import dev.agentkit.internal.UsesManifestReader;
import dev.agentkit.testing.Golden;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Values that more than one operand reads are one enum of the wiring, compiled once: named after
 * the operands when they share a name, else after the values; values only one operand reads stay
 * its view's own enum. Constants a shared enum lacks are reported as a view's are.
 */
class SharedEnumsTest {
  private static final Golden GOLDEN = Golden.in("src/test/resources/golden");

  @TempDir Path dir;
  private Fixtures.Snapshots snapshots;

  /** Two operands named status with one vocabulary, two of another name with another, one own. */
  static Contract shelf() {
    return Contract.of(
        "shelf",
        List.of(
            Op.builder("set_status")
                .description("Move a task to another status.")
                .tier(Tier.REVERSIBLE)
                .operand(Operand.requiredString("task_id", "The task."))
                .operand(Operand.enumOf("status", true, "todo", "done"))
                .build(),
            Op.builder("close_task")
                .description("Close a task.")
                .tier(Tier.REVERSIBLE)
                .operand(Operand.enumOf("status", true, "todo", "done"))
                .build(),
            Op.builder("list_tasks")
                .description("List tasks.")
                .tier(Tier.READ_ONLY)
                .operand(Operand.enumOf("order", false, "asc", "desc"))
                .build(),
            Op.builder("list_projects")
                .description("List projects.")
                .tier(Tier.READ_ONLY)
                .operand(Operand.enumOf("direction", false, "asc", "desc").withList(true))
                .operand(Operand.enumOf("mood", false, "calm", "urgent"))
                .operand(Operand.of("limit", OperandType.INTEGER))
                .build()));
  }

  static final String AGENT =
      """
      package test;

      import dev.agentkit.contract.ChangeCategory;
      import dev.agentkit.annotation.Act;
      import dev.agentkit.annotation.Agent;
      import dev.agentkit.annotation.Run;

      @Agent(contract = "shelf", state = Board.class)
      @Act(opcode = "close_task", category = ChangeCategory.ALWAYS_MINTS)
      @Act(opcode = "list_tasks", category = ChangeCategory.ALWAYS_MINTS)
      @Act(opcode = "list_projects", category = ChangeCategory.ALWAYS_MINTS)
      @Act(opcode = "set_status", category = ChangeCategory.MERGE)
      public final class ShelfAgent {
        @Run("set_status")
        void set(Board board, ShelfAgent_Wiring.SetStatus view) {
          switch (view.status()) {
            case DONE -> board.values.put("done", view.taskId());
            case TODO, UNRECOGNISED -> board.values.remove("done");
          }
        }

        static boolean sorted(ShelfAgent_Wiring.ListTasks view) {
          return view.order() == ShelfAgent_Wiring.AscDesc.ASC
              && ShelfAgent_Wiring.ListProjects.Mood.of("calm") == ShelfAgent_Wiring.ListProjects.Mood.CALM;
        }
      }
      """;

  @BeforeEach
  void snapshot() throws IOException {
    snapshots = new Fixtures.Snapshots(dir).put(shelf());
  }

  private Compilation compile(String agent) {
    return snapshots.compile(Fixtures.source("ShelfAgent", agent), Fixtures.board());
  }

  @Test
  void sharedValuesAreOneEnumOfTheWiringAndMatchTheGoldenFile() throws IOException {
    Compilation c = compile(AGENT);

    assertThat(c).succeededWithoutWarnings();
    String wiring =
        c.generatedSourceFile("test.ShelfAgent_Wiring")
            .orElseThrow()
            .getCharContent(true)
            .toString();
    GOLDEN.assertMatches("acts/ShelfAgent_Wiring.java", wiring);
  }

  @Test
  void theViewsReadTheSharedEnumAndEachReadsItsOwnValues() throws Exception {
    Compilation c = compile(AGENT);
    Sandbox.Loader loader = new Sandbox.Loader(c, getClass().getClassLoader());
    Class<?> status = loader.loadClass("test.ShelfAgent_Wiring$Status");
    Class<?> ascDesc = loader.loadClass("test.ShelfAgent_Wiring$AscDesc");
    Class<?> setStatus = loader.loadClass("test.ShelfAgent_Wiring$SetStatus");
    Class<?> closeTask = loader.loadClass("test.ShelfAgent_Wiring$CloseTask");
    Class<?> listTasks = loader.loadClass("test.ShelfAgent_Wiring$ListTasks");
    Class<?> listProjects = loader.loadClass("test.ShelfAgent_Wiring$ListProjects");

    assertThat(setStatus.getMethod("status").getReturnType()).isEqualTo(status);
    assertThat(closeTask.getMethod("status").getReturnType()).isEqualTo(status);
    assertThat(listTasks.getMethod("order").getReturnType()).isEqualTo(ascDesc);
    assertThat(listProjects.getMethod("mood").getReturnType().getName())
        .isEqualTo("test.ShelfAgent_Wiring$ListProjects$Mood");
    Object done = status.getMethod("of", String.class).invoke(null, "done");
    assertThat(done.toString()).isEqualTo("DONE");
    assertThat(status.getMethod("wireName").invoke(done)).isEqualTo("done");
    assertThat(status.getMethod("of", String.class).invoke(null, "later").toString())
        .isEqualTo("UNRECOGNISED");
  }

  /**
   * The uses manifest: a case of a switch on one view's accessor is that op's value; a constant
   * named through the shared type may be meant for any of its readers, so it is each one's.
   */
  @Test
  void theManifestRecordsASharedEnumsValueForTheOpsItMayBeMeantFor() throws Exception {
    Compilation c = compile(AGENT);
    assertThat(c).succeededWithoutWarnings();
    JavaFileObject file =
        c.generatedFile(
                StandardLocation.CLASS_OUTPUT, UsesManifest.path("shelf", "test.ShelfAgent"))
            .orElseThrow();
    UsesManifest m;
    try (InputStream in = file.openInputStream()) {
      m = UsesManifestReader.read(in.readAllBytes(), "test.ShelfAgent");
    }
    Map<String, Map<String, List<String>>> values = new TreeMap<>();
    for (UsesManifest.Use u : m.acts()) {
      values.put(u.opcode(), u.enumValues());
    }

    assertThat(values)
        .containsExactly(
            Map.entry("close_task", Map.of()),
            Map.entry(
                "list_projects", Map.of("direction", List.of("asc"), "mood", List.of("calm"))),
            Map.entry("list_tasks", Map.of("order", List.of("asc"))),
            Map.entry("set_status", Map.of("status", List.of("done", "todo"))));
  }

  @Test
  void aConstantASharedEnumLacksIsReportedHoweverItIsNamed() {
    String agent =
        AGENT
            .replace(
                "  static boolean sorted(",
                """
              static boolean typos(ShelfAgent_Wiring.CloseTask close) {
                return close.status() == ShelfAgent_Wiring.Status.DON // wiring
                    || Status.TODOO == null // imported
                    || switch (close.status()) { case DNE -> true; default -> false; }; // switch
              }

              static boolean sorted(""")
            .replace(
                "import dev.agentkit.annotation.Run;",
                "import dev.agentkit.annotation.Run;\nimport test.ShelfAgent_Wiring.Status;");

    Compilation c = compile(agent);

    assertThat(Fixtures.errorsByFile(c))
        .containsExactly(
            "ShelfAgent.java:"
                + lineOf(agent, "// wiring")
                + ": "
                + unknown("DON", "; did you mean \"DONE\"?"),
            "ShelfAgent.java:"
                + lineOf(agent, "// imported")
                + ": "
                + unknown("TODOO", "; did you mean \"TODO\"?"),
            "ShelfAgent.java:"
                + lineOf(agent, "// switch")
                + ": "
                + unknown("DNE", "; did you mean \"DONE\"?"));
  }

  /** What a constant {@code Status} lacks reads, found through its first reader, close_task. */
  private static String unknown(String constant, String nearest) {
    return "[UnknownEnumConstant] close_task.status: Status has no constant "
        + constant
        + ": the contract's values are done, todo (constants DONE, TODO, and UNRECOGNISED for any"
        + " other); use one of them, or regenerate the snapshot if the backend has this value"
        + nearest;
  }
}
