package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftReport;
import dev.agentkit.internal.text.LineText;
import dev.agentkit.processor.AgentKitProcessor;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Any opcode the processor stamps, {@code agentkit:check} reads back exactly: the real processor
 * runs on an agent that uses a random opcode (with the property format's separators, comment marks,
 * backslashes, spaces and non-ASCII), and the plugin's reader finds that opcode in the stamp. Line
 * breaks and tabs are drawn too but filtered out: no contract may name an op with them ({@code
 * [UnreadableName]}), so no snapshot holds one.
 */
class StampRoundTripPropertyTest {
  private static final JavaCompiler JAVAC = ToolProvider.getSystemJavaCompiler();

  @Provide
  Arbitrary<String> opcodes() {
    Arbitrary<String> hostile =
        Arbitraries.of(
            ":",
            "=",
            " ",
            "\\",
            "#",
            "!",
            "\n",
            "\r",
            "\t",
            "é",
            "日",
            "\ud83d\ude00",
            ",",
            ".",
            "-",
            "u",
            "\\u0041");
    Arbitrary<String> plain = Arbitraries.strings().withCharRange('a', 'z').ofLength(1);
    return Arbitraries.oneOf(hostile, plain)
        .list()
        .ofMinSize(1)
        .ofMaxSize(10)
        .map(parts -> String.join("", parts))
        .filter(s -> !s.isBlank() && LineText.unreadableInName(s) < 0);
  }

  @Property(tries = 40)
  void theCheckGoalReadsEveryOpcodeTheProcessorStamps(@ForAll("opcodes") String opcode)
      throws IOException {
    Path dir = Files.createTempDirectory("stamp");
    Path snapshots = Files.createDirectories(dir.resolve("snapshots"));
    ContractSnapshot.writeAtomically(
        snapshots.resolve("board.json"),
        Contract.of(
            "board",
            "test",
            List.of(
                Op.builder(opcode)
                    .description("An op.")
                    .objectType("task")
                    .tier(Tier.IRREVERSIBLE)
                    .operand(Operand.requiredString("task_id", "The task."))
                    .build())));
    Path src = Files.createDirectories(dir.resolve("src/p"));
    Files.writeString(src.resolve("Board.java"), "package p;\n\npublic class Board {}\n");
    Files.writeString(src.resolve("Agent1.java"), agentSource(opcode), StandardCharsets.UTF_8);
    Path out = Files.createDirectories(dir.resolve("classes"));

    List<String> errors = processOnly(dir, snapshots, out, src);

    assertThat(errors).isEmpty();
    Map<String, DriftReport.Usage> read = ActIndex.read(List.of(out), "board");
    assertThat(read).containsOnlyKeys("p.Agent1");
    assertThat(read.get("p.Agent1").acts())
        .isEqualTo(Map.of(opcode, new DriftReport.ActUse(false, true, "")));
  }

  /** Runs the processor alone (no class files) and returns the errors it reported. */
  private static List<String> processOnly(Path dir, Path snapshots, Path out, Path src)
      throws IOException {
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files =
        JAVAC.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
      JavaCompiler.CompilationTask task =
          JAVAC.getTask(
              new StringWriter(),
              files,
              diagnostics,
              List.of(
                  "-proc:only",
                  "-classpath",
                  System.getProperty("java.class.path"),
                  "-d",
                  out.toString(),
                  "-s",
                  Files.createDirectories(dir.resolve("generated")).toString(),
                  "-A" + AgentKitProcessor.SNAPSHOT_DIR + "=" + snapshots.toAbsolutePath()),
              null,
              files.getJavaFileObjects(src.resolve("Board.java"), src.resolve("Agent1.java")));
      task.setProcessors(List.of(new AgentKitProcessor()));
      task.call();
    }
    return diagnostics.getDiagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
        .map(d -> d.getMessage(null))
        .toList();
  }

  private static String agentSource(String opcode) {
    String literal = javaLiteral(opcode);
    return "package p;\n\n"
        + "import dev.agentkit.Call;\n"
        + "import dev.agentkit.annotation.Act;\n"
        + "import dev.agentkit.annotation.Agent;\n"
        + "import dev.agentkit.annotation.Ask;\n"
        + "import dev.agentkit.contract.ChangeCategory;\n\n"
        + "@Agent(contract = \"board\", state = Board.class)\n"
        + "@Act(opcode = "
        + literal
        + ", category = ChangeCategory.MERGE)\n"
        + "public class Agent1 {\n"
        + "  @Ask("
        + literal
        + ")\n"
        + "  String ask(Call act) {\n"
        + "    return \"Go?\";\n"
        + "  }\n"
        + "}\n";
  }

  /** A Java string literal: octal escapes for controls, unicode escapes above ASCII. */
  private static String javaLiteral(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20 || c == 0x7f) {
        sb.append(String.format("\\%03o", (int) c));
      } else if (c > 0x7e) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.append('"').toString();
  }
}
