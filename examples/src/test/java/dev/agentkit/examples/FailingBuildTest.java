package dev.agentkit.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.processor.AgentKitProcessor;
import dev.agentkit.testing.BaseDir;
import java.io.IOException;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user sees when an agent names an opcode the backend does not have: javac, with the real
 * processor and the committed {@code contract-snapshots/taskboard.json}, fails on the annotation
 * attribute with the backend's opcodes and a "did you mean", and on nothing else.
 */
class FailingBuildTest {
  static final Path SOURCE =
      BaseDir.resolve(
          "src/test/resources/failing-build/dev/agentkit/examples/MisspelledAgent.java");

  @Test
  void aMisspelledOpcodeFailsTheBuildOnItsLine(@TempDir Path out) throws IOException {
    List<Diagnostic<? extends JavaFileObject>> errors = compile(SOURCE, out);

    assertThat(errors).hasSize(1);
    Diagnostic<? extends JavaFileObject> error = errors.get(0);
    assertThat(error.getLineNumber()).isEqualTo(11);
    assertThat(error.getColumnNumber()).isEqualTo(17);
    assertThat(error.getMessage(Locale.ROOT))
        .isEqualTo(
            "[UnknownOpcode] set_task_duedate: the backend does not declare this opcode, so every"
                + " program that emits it would be rejected at verify; the backend declares: 15"
                + " in all (the 10 nearest: add_labels, add_to_project, assign_task,"
                + " create_project, create_task, delete_task, get_board, set_task_due_date,"
                + " set_task_priority, set_task_status); did you mean \"set_task_due_date\"?"
                + " (agent MisspelledAgent, contract taskboard)");
    // An agent that does not check gets only its wiring's types, so javac adds no error of its
    // own: the wiring cannot bind, and it has no stamp that a build step could take as current.
    assertThat(Files.readString(out.resolve("dev/agentkit/examples/MisspelledAgent_Wiring.java")))
        .contains("record SetTaskDuedate(Call call)")
        .contains("throw new IllegalStateException(UNBOUND);")
        .doesNotContain("class Handlers");
    assertThat(
            out.resolve(
                "classes/META-INF/agentkit/wiring/dev.agentkit.examples.MisspelledAgent.properties"))
        .doesNotExist();
  }

  /** Compiles one source with the processor as Maven's compiler plugin runs it here. */
  static List<Diagnostic<? extends JavaFileObject>> compile(Path source, Path out)
      throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Path classes = Files.createDirectories(out.resolve("classes"));
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null)) {
      List<String> options =
          List.of(
              "-Aagentkit.snapshotDir=" + BaseDir.resolve("..", "contract-snapshots"),
              "-classpath",
              System.getProperty("java.class.path"),
              "-d",
              classes.toString(),
              "-s",
              out.toString(),
              "--release",
              "17");
      JavaCompiler.CompilationTask task =
          javac.getTask(
              null, files, diagnostics, options, null, files.getJavaFileObjects(source.toFile()));
      task.setProcessors(List.of(new AgentKitProcessor()));
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
}
