package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.processor.AgentKitProcessor;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The edit loop at javac's level, on the quickstart's agent (docs/quickstart.md): compiled once,
 * its snapshot changed (a description), then compiled again into the same class output, as an
 * incremental build does. javac 17 to 22 crash on the second compile when the first compile's class
 * files of the wiring's view records are still in the class output (JDK-8332297), so what {@code
 * agentkit:recheck} removes before that compile is what keeps the loop working.
 */
class StaleRecordCompileTest {
  @TempDir Path dir;
  private Path out;
  private Path snapshots;
  private final List<Path> sources = new ArrayList<>();

  @BeforeEach
  void writeTheQuickstartProject() throws Exception {
    String page =
        QuickstartPage.read(QuickstartPage.find(new File(System.getProperty("basedir", "."))));
    for (Map.Entry<String, String> f : QuickstartPage.files(page).entrySet()) {
      Path file = dir.resolve(f.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, f.getValue(), StandardCharsets.UTF_8);
      if (f.getKey().startsWith("src/main/java/") && f.getKey().endsWith(".java")) {
        sources.add(file);
      }
    }
    out = Files.createDirectories(dir.resolve("target/classes"));
    snapshots = dir.resolve("contract-snapshots");
    ContractSnapshot.writeAtomically(snapshots.resolve("todo.json"), served("Add a task."));
  }

  /** What javac said: whether it succeeded, its errors, and what it printed (a crash's trace). */
  record Javac(boolean ok, List<String> errors, String log) {}

  @Test
  void aSnapshotChangeCompilesTheNewWiringAfterRecheck() throws Exception {
    assertThat(compile()).isEqualTo(new Javac(true, List.of(), ""));
    Contract changed = served("Add a task to the to-do list.");
    ContractSnapshot.writeAtomically(snapshots.resolve("todo.json"), changed);

    recheck();

    assertThat(compile()).isEqualTo(new Javac(true, List.of(), ""));
    assertThat(wiringClass()).contains(changed.digest());
  }

  @Test
  void aSnapshotChangeCompilesWhenAnotherAgentsWiringIsCurrent() throws Exception {
    // A second agent on a snapshot that does not change: the module is compiled whole again, so
    // its view records are written again too, and their old class files must not be in the way.
    Path todo = dir.resolve("src/main/java/com/example/hello/TodoAgent.java");
    Path twin = todo.resolveSibling("TwinAgent.java");
    Files.writeString(
        twin,
        Files.readString(todo)
            .replace("TodoAgent", "TwinAgent")
            .replace("contract = \"todo\"", "contract = \"twin\""));
    sources.add(twin);
    Contract twinContract = served("Add a task.");
    ContractSnapshot.writeAtomically(
        snapshots.resolve("twin.json"),
        Contract.of("twin", twinContract.source(), twinContract.ops()));
    assertThat(compile()).isEqualTo(new Javac(true, List.of(), ""));
    Contract changed = served("Add a task to the to-do list.");
    ContractSnapshot.writeAtomically(snapshots.resolve("todo.json"), changed);

    recheck();

    assertThat(compile()).isEqualTo(new Javac(true, List.of(), ""));
    assertThat(wiringClass()).contains(changed.digest());
  }

  @Test
  void theStaleViewRecordsAreWhatCrashesJavacBefore23() throws Exception {
    assertThat(compile().ok()).isTrue();
    ContractSnapshot.writeAtomically(
        snapshots.resolve("todo.json"), served("Add a task to the to-do list."));
    // What recheck removed before: the agent's class only, so that the agent is compiled again.
    Files.delete(out.resolve("com/example/hello/TodoAgent.class"));

    Javac second = compile();

    if (Runtime.version().feature() < 23) {
      assertThat(second.ok())
          .as("javac %s with the old view records in the class output", Runtime.version())
          .isFalse();
      assertThat(second.errors()).isEmpty();
      assertThat(second.log()).contains("generateMandatedAccessors", "rc.accessor");
    } else {
      assertThat(second).isEqualTo(new Javac(true, List.of(), ""));
    }
  }

  /** The quickstart's contract with add_task's description replaced. */
  private Contract served(String addTask) throws Exception {
    Contract page =
        ContractSnapshot.parseWire(
            Files.readAllBytes(dir.resolve("backend/contract.json")),
            "http://127.0.0.1/contract",
            "todo");
    List<Op> ops = new ArrayList<>();
    for (Op op : page.ops()) {
      ops.add(op.opcode().equals("add_task") ? op.toBuilder().description(addTask).build() : op);
    }
    return Contract.of("todo", page.source(), ops);
  }

  private void recheck() throws Exception {
    RecheckMojo recheck = new RecheckMojo();
    recheck.outputDirectory = out.toFile();
    recheck.compilerStatus =
        dir.resolve("target/maven-status/maven-compiler-plugin/compile").toFile();
    recheck.execute();
  }

  /**
   * Compiles every source of the project into the class output, which is also on the class path, as
   * Maven's compiler plugin does. A crash of javac is no exception here: the task fails and prints
   * the trace.
   */
  private Javac compile() throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter log = new StringWriter();
    List<String> errors = new ArrayList<>();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
      Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(sources);
      List<String> options =
          List.of(
              "-d",
              out.toString(),
              "-s",
              Files.createDirectories(dir.resolve("target/generated-sources")).toString(),
              "-classpath",
              out + File.pathSeparator + System.getProperty("java.class.path"),
              "--release",
              "17",
              "-Aagentkit.snapshotDir=" + snapshots);
      JavaCompiler.CompilationTask task =
          javac.getTask(
              log,
              files,
              d -> {
                if (d.getKind() == javax.tools.Diagnostic.Kind.ERROR) {
                  errors.add(d.getMessage(null));
                }
              },
              options,
              null,
              units);
      task.setProcessors(List.of(new AgentKitProcessor()));
      boolean ok = task.call();
      return new Javac(ok, errors, log.toString());
    }
  }

  private String wiringClass() throws IOException {
    try (Stream<Path> s = Files.list(out.resolve("com/example/hello"))) {
      assertThat(s.map(p -> p.getFileName().toString()))
          .contains("TodoAgent_Wiring.class", "TodoAgent_Wiring$SetPriority.class");
    }
    return new String(
        Files.readAllBytes(out.resolve("com/example/hello/TodoAgent_Wiring.class")),
        StandardCharsets.ISO_8859_1);
  }
}
