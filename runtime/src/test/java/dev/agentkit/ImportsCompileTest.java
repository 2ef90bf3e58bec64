package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.annotation.Agent;
import dev.agentkit.contract.Contract;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first lines an agent author writes, {@code import dev.agentkit.*;} beside {@code import
 * dev.agentkit.annotation.*;} and {@code import dev.agentkit.contract.*;}, compile: no simple name
 * is declared by two of those packages (as the runtime record {@code Act} and the annotation
 * {@code @Act} once were).
 */
class ImportsCompileTest {
  private static final List<String> AUTHOR_PACKAGES =
      List.of("dev.agentkit", "dev.agentkit.annotation", "dev.agentkit.contract");

  private static final String AGENT =
      """
      package demo;

      import dev.agentkit.*;
      import dev.agentkit.annotation.*;
      import dev.agentkit.contract.*;
      import java.util.List;
      import java.util.Map;

      @Agent(contract = "taskboard", state = TriageAgent.Board.class)
      @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
      @LocalAct(
          opcode = "leave_note",
          description = "Leave a note on a task.",
          tier = Tier.REVERSIBLE,
          category = ChangeCategory.MERGE,
          operands = {@LocalAct.Operand(name = "task_id", required = true)})
      public final class TriageAgent {
        public static final class Board {
          String status(String taskId) {
            return "todo";
          }
        }

        @Act(
            opcode = "set_status",
            category = ChangeCategory.SCALAR_SET,
            input = "status",
            assertTier = AssertedTier.REVERSIBLE)
        String status(Board board, Call call) {
          return board.status(call.arg("task_id"));
        }

        @Run("set_status")
        Object setStatus(Board board, Call call) throws CallFailedException {
          if (call.arg("status").isBlank()) {
            throw new CallFailedException("give the status");
          }
          return null;
        }

        @Ask("archive_project")
        String archive(Call call) {
          return "Archive " + call.arg("project_id") + "?";
        }

        static Outcome bindAndRun(Contract live, Board board) throws Exception {
          Op note =
              Op.builder("leave_note")
                  .description("Leave a note on a task.")
                  .tier(Tier.REVERSIBLE)
                  .operand(Operand.requiredString("task_id", "The task."))
                  .build();
          List<Use<Board>> uses =
              List.of(
                  Use.<Board>of("set_status", ChangeCategory.SCALAR_SET)
                      .input("status")
                      .assertTier(Tier.REVERSIBLE)
                      .reader((b, c) -> b.status(c.arg("task_id")))
                      .run((b, c) -> null)
                      .build(),
                  Use.<Board>local(note, ChangeCategory.MERGE).run((b, c) -> "noted").build());
          ActionSet<Board> set = ActionSet.bind(live, uses);
          Plan plan =
              set.gate(
                  List.of(Call.of("set_status", Map.of("task_id", "t1", "status", "done"))),
                  AutonomyRung.AUTO);
          Premise premise = set.premise("set_status").orElseThrow();
          Tier tier = plan.apply().get(0).op().tier();
          return premise.category() == ChangeCategory.SCALAR_SET && tier != null
              ? set.run(board, plan.apply().get(0))
              : null;
        }
      }
      """;

  @Test
  void anAgentImportingTheAuthorPackagesOnDemandCompiles(@TempDir Path dir) throws Exception {
    assertThat(compile(dir, "demo/TriageAgent.java", AGENT)).isEmpty();
  }

  @Test
  void everyPublicTypeOfTheAuthorPackagesIsUsableBySimpleName(@TempDir Path dir) throws Exception {
    List<String> names = new ArrayList<>();
    for (String pkg : AUTHOR_PACKAGES) {
      names.addAll(publicTopLevelTypes(pkg));
    }
    // The types whose names once collided, and the three new meanings, are among them.
    assertThat(names).contains("Act", "Agent", "Op", "Call", "Use", "Premise", "Outcome");
    StringBuilder src =
        new StringBuilder("package demo;\n\n")
            .append("import dev.agentkit.*;\n")
            .append("import dev.agentkit.annotation.*;\n")
            .append("import dev.agentkit.contract.*;\n\n")
            .append("final class EveryName {\n")
            .append("  static final Class<?>[] TYPES = {\n");
    for (String name : names) {
      src.append("    ").append(name).append(".class,\n");
    }
    src.append("  };\n}\n");
    assertThat(compile(dir, "demo/EveryName.java", src.toString())).isEmpty();
  }

  @Test
  void theCompilerReportsACollisionSoTheChecksAboveCanFail(@TempDir Path dir) throws Exception {
    // java.util.Date and java.sql.Date collide as the old Act record and @Act annotation did.
    String src =
        """
        package demo;

        import java.sql.*;
        import java.util.*;

        final class Ambiguous {
          Date due;
        }
        """;
    assertThat(compile(dir, "demo/Ambiguous.java", src))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains("reference to Date is ambiguous");
  }

  /** Compiles one source against the test class path with annotation processing off. */
  private static List<String> compile(Path dir, String relative, String source) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertThat(javac).as("the tests run on a JDK, which has a system Java compiler").isNotNull();
    Path file = dir.resolve("src").resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, source, StandardCharsets.UTF_8);
    Path out = Files.createDirectories(dir.resolve("classes"));
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      List<String> options =
          List.of(
              "-proc:none",
              "-classpath",
              System.getProperty("java.class.path"),
              "-d",
              out.toString(),
              "--release",
              "17");
      StringWriter log = new StringWriter();
      Boolean ok =
          javac
              .getTask(
                  log, files, diagnostics, options, null, files.getJavaFileObjects(file.toFile()))
              .call();
      List<String> errors =
          diagnostics.getDiagnostics().stream()
              .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
              .map(d -> d.getLineNumber() + ": " + d.getMessage(Locale.ROOT))
              .collect(Collectors.toList());
      assertThat(ok)
          .as("javac's result agrees with its diagnostics: %s", errors)
          .isEqualTo(errors.isEmpty());
      return errors;
    }
  }

  /** The public top-level types of a runtime package, read from the compiled classes. */
  private static List<String> publicTopLevelTypes(String pkg)
      throws IOException, URISyntaxException, ClassNotFoundException {
    Path classes = Path.of(Agent.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    assertThat(classes).as("the runtime's classes are a directory in this build").isDirectory();
    assertThat(Contract.class.getProtectionDomain().getCodeSource().getLocation())
        .isEqualTo(ActionSet.class.getProtectionDomain().getCodeSource().getLocation());
    Path dir = classes.resolve(pkg.replace('.', '/'));
    List<String> names = new ArrayList<>();
    try (Stream<Path> entries = Files.list(dir)) {
      for (Path p : entries.sorted().toList()) {
        String file = p.getFileName().toString();
        if (!file.endsWith(".class") || file.contains("$") || file.equals("package-info.class")) {
          continue;
        }
        String simple = file.substring(0, file.length() - ".class".length());
        Class<?> type =
            Class.forName(pkg + "." + simple, false, ImportsCompileTest.class.getClassLoader());
        if (Modifier.isPublic(type.getModifiers())) {
          names.add(simple);
        }
      }
    }
    assertThat(names).as("public types in %s", pkg).isNotEmpty();
    return names;
  }
}
