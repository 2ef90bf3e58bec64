package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.testing.BaseDir;
import java.io.IOException;
import java.nio.file.Path;
import javax.tools.Diagnostic;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Broken agent sources fail with javac's or the processor's errors, never with a crash. */
class RobustnessTest {
  @TempDir Path dir;
  Fixtures.Snapshots snapshots;

  @BeforeEach
  void snapshot() throws IOException {
    snapshots = new Fixtures.Snapshots(dir).put(Fixtures.taskboard());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // category left out: javac's error, nothing from us should crash
        "@Act(opcode = \"create_task\")",
        // a constant that does not exist
        "@Act(opcode = MISSING, category = ChangeCategory.MERGE)",
        // a category constant that does not exist
        "@Act(opcode = \"create_task\", category = ChangeCategory.SOMETIMES)",
        // wrong attribute types
        "@Act(opcode = 3, category = ChangeCategory.MERGE, terminalStates = 4)",
        // a local act with an unresolved tier and operand type
        "@LocalAct(opcode = \"x\", description = \"d\", tier = Tier.MAYBE,"
            + " category = ChangeCategory.MERGE, operands = @LocalAct.Operand(name = \"o\","
            + " type = dev.agentkit.contract.OperandType.BLOB))",
      })
  void brokenAnnotationsNeverCrashTheProcessor(String annotation) {
    Compilation c =
        snapshots.compile(
            Fixtures.source("TriageAgent", Fixtures.agent(annotation, "")), Fixtures.board());
    assertThat(c).failed();
    assertNoCrash(c);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "String r(Missing b, Call a) { return \"\"; }",
        "String r(Board b, TriageAgent_Wiring.NoSuchView a) { return \"\"; }",
        "String r(Board b, Call a) { return undefined; }",
        "String r(Board b, Call a, ) { }",
      })
  void brokenMethodsNeverCrashTheProcessor(String method) {
    String body =
        "  @Act(opcode = \"set_task_due_date\", category = ChangeCategory.SCALAR_SET, input ="
            + " \"due_date\")\n  "
            + method;
    Compilation c =
        snapshots.compile(
            Fixtures.source("TriageAgent", Fixtures.agent("", body)), Fixtures.board());
    assertThat(c).failed();
    assertNoCrash(c);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Missing create(Board b, Call a) { return null; }",
        "Made create(Board b, Call a) { return null; }\n  record Made(Missing m, List<Gone> g) {}",
        "Made create(Board b, Call a) { return null; }\n  record Made(java.util.List l) {}",
        "java.util.Map<String, ?> create(Board b, Call a) { return null; }",
      })
  void brokenRunResultsNeverCrashTheProcessor(String method) {
    String body = "  @Run(\"create_task\")\n  " + method;
    Compilation c =
        snapshots.compile(
            Fixtures.source(
                "TriageAgent",
                Fixtures.agent(
                    "@Act(opcode = \"create_task\", category = ChangeCategory.ALWAYS_MINTS)",
                    body)),
            Fixtures.board());
    assertThat(c).failed();
    assertNoCrash(c);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "{",
        "null",
        "[]",
        "{\"ops\": 3}",
        "{\"format\": \"one\", \"contract\": \"taskboard\", \"source\": \"\", \"digest\": \"\","
            + " \"ops\": []}",
        "{\"format\": 1, \"contract\": 7, \"source\": \"\", \"digest\": \"\", \"ops\": {}}",
        "TRUNCATED",
        "DIGEST",
      })
  void garbageSnapshotsAreOneErrorNotACrash(String content) throws IOException {
    String canonical = ContractSnapshot.write(Fixtures.taskboard());
    String text =
        switch (content) {
          case "TRUNCATED" -> canonical.substring(0, canonical.length() / 2);
          case "DIGEST" -> canonical.replace("Archive a project.", "Archive a project!");
          default -> content;
        };
    snapshots.putText("taskboard", text);
    Compilation c =
        snapshots.compile(Fixtures.source("TriageAgent", Fixtures.agent("", "")), Fixtures.board());
    assertThat(c).hadErrorContaining("[SnapshotMalformed]");
    assertThat(c).hadErrorCount(1);
    assertNoCrash(c);
  }

  /** Every file of the codec's malformed corpus, as the snapshot an agent is compiled against. */
  static java.util.stream.Stream<Path> malformedCorpus() throws IOException {
    Path corpus = BaseDir.resolve("..", "runtime", "src", "test", "resources", "malformed");
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(corpus)) {
      return files.filter(f -> f.toString().endsWith(".json")).sorted().toList().stream();
    }
  }

  @ParameterizedTest
  @org.junit.jupiter.params.provider.MethodSource("malformedCorpus")
  void everyMalformedSnapshotOfTheCodecCorpusIsOneErrorNamingTheFile(Path malformed)
      throws IOException {
    java.nio.file.Files.copy(
        malformed,
        dir.resolve("taskboard.json"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Compilation c =
        snapshots.compile(Fixtures.source("TriageAgent", Fixtures.agent("", "")), Fixtures.board());
    assertThat(c).hadErrorCount(1);
    assertThat(c).hadErrorContaining("[SnapshotMalformed]");
    assertThat(c).hadErrorContaining(dir.resolve("taskboard.json").toString());
    assertNoCrash(c);
  }

  static void assertNoCrash(Compilation c) {
    for (Diagnostic<?> d : c.diagnostics()) {
      assertThat(d.getMessage(null))
          .doesNotContain("threw an uncaught exception")
          .doesNotContain("[ProcessorFailure]");
    }
  }
}
