package dev.agentkit.processor;

import static dev.agentkit.processor.Fixtures.lineOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A constant a view's enum lacks reads in one of two ways, told apart by the stamp the previous
 * compile left in the class output: one the previous wiring had was removed from the contract,
 * anything else (a typo) is a constant the enum never had, with the nearest one. Two real compiles
 * into one class output, as an incremental build does; the wiring's class files are removed in
 * between, as {@code agentkit:recheck} removes them.
 */
class RemovedOrUnknownConstantTest {
  @TempDir Path dir;
  private Path out;
  private Path sources;

  private static final String USES =
      Fixtures.agent(
          "@Act(opcode = \"set_status\", category = ChangeCategory.MERGE)\n"
              + "@Act(opcode = \"create_task\", category = ChangeCategory.ALWAYS_MINTS)",
          """
            static boolean uses(TriageAgent_Wiring.SetStatus v, TriageAgent_Wiring.CreateTask c) {
              return v.status() == TriageAgent_Wiring.SetStatus.Status.DONE // removed
                  || v.status() == TriageAgent_Wiring.SetStatus.Status.BLOKED // typo
                  || c.priority().contains(TriageAgent_Wiring.CreateTask.Priority.HIHG); // hihg
            }
          """);

  private static final String FIRST =
      USES.replace(" == TriageAgent_Wiring.SetStatus.Status.BLOKED", " == null")
          .replace("(TriageAgent_Wiring.CreateTask.Priority.HIHG)", "(null)");

  @BeforeEach
  void dirs() throws IOException {
    out = Files.createDirectories(dir.resolve("classes"));
    sources = Files.createDirectories(dir.resolve("src/test"));
    Files.writeString(sources.resolve("Board.java"), Fixtures.BOARD);
  }

  @Test
  void aConstantThePreviousWiringHadWasRemovedAndATypoSaysTheNearest() throws IOException {
    snapshot(Fixtures.taskboard());
    assertThat(compile(FIRST)).isEmpty();
    snapshot(withoutDone());
    removeWiringClasses();

    assertThat(compile(USES))
        .containsExactly(
            lineOf(USES, "// removed")
                + ": [RemovedEnumValue] set_status.status: value DONE was removed from the"
                + " contract (its values now: blocked, doing, todo), so Status has no constant"
                + " DONE; remove its use, or regenerate the snapshot if the backend still has it",
            lineOf(USES, "// typo")
                + ": [UnknownEnumConstant] set_status.status: Status has no constant BLOKED: the"
                + " contract's values are blocked, doing, todo (constants BLOCKED, DOING, TODO,"
                + " and UNRECOGNISED for any other); use one of them, or regenerate the snapshot"
                + " if the backend has this value; did you mean \"BLOCKED\"?",
            lineOf(USES, "// hihg")
                + ": [UnknownEnumConstant] create_task.priority: Priority has no constant HIHG:"
                + " the contract's values are class, high, low (constants CLASS, HIGH, LOW, and"
                + " UNRECOGNISED for any other); use one of them, or regenerate the snapshot if"
                + " the backend has this value; did you mean \"HIGH\"?");
  }

  @Test
  void withoutAPreviousStampNoConstantIsSaidToBeRemoved() throws IOException {
    snapshot(withoutDone());

    List<String> errors = compile(USES);

    assertThat(errors).hasSize(3);
    assertThat(errors.get(0))
        .isEqualTo(
            lineOf(USES, "// removed")
                + ": [UnknownEnumConstant] set_status.status: Status has no constant DONE: the"
                + " contract's values are blocked, doing, todo (constants BLOCKED, DOING, TODO,"
                + " and UNRECOGNISED for any other); use one of them, or regenerate the snapshot"
                + " if the backend has this value");
  }

  private static Contract withoutDone() {
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
    return Contract.of("taskboard", ops);
  }

  private void snapshot(Contract c) throws IOException {
    Files.writeString(dir.resolve("taskboard.json"), ContractSnapshot.write(c));
  }

  private void removeWiringClasses() throws IOException {
    try (Stream<Path> files = Files.list(out.resolve("test"))) {
      for (Path f : files.toList()) {
        if (f.getFileName().toString().startsWith("TriageAgent_Wiring")) {
          Files.delete(f);
        }
      }
    }
  }

  /** Compiles the agent and the board into the class output; each error as "line: message". */
  private List<String> compile(String agent) throws IOException {
    Files.writeString(sources.resolve("TriageAgent.java"), agent);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<String> errors = new ArrayList<>();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
      JavaCompiler.CompilationTask task =
          javac.getTask(
              null,
              files,
              d -> {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                  errors.add(d.getLineNumber() + ": " + d.getMessage(null));
                }
              },
              List.of(
                  "-d",
                  out.toString(),
                  "-s",
                  Files.createDirectories(dir.resolve("generated")).toString(),
                  "-classpath",
                  out + File.pathSeparator + System.getProperty("java.class.path"),
                  "-Aagentkit.snapshotDir=" + dir),
              null,
              files.getJavaFileObjects(
                  sources.resolve("Board.java"), sources.resolve("TriageAgent.java")));
      task.setProcessors(List.of(new AgentKitProcessor()));
      task.call();
    }
    return errors;
  }
}
