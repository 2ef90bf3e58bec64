package dev.agentkit.maven;

import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.internal.WiringStamp;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The edit-loop ITs: docs/quickstart.md's project, built with a given maven-compiler-plugin, edited
 * as its user edits it between builds. Its own stand-in backend serves {@code
 * backend/contract.json}, which the builds change by copying a variant over it (what the user does
 * in an editor): a description changed (compatible), {@code delete_task} removed (breaking, the
 * agent no longer compiles), and the page's contract again. The agent's fix (no {@code
 * delete_task}) and the page's agent are copied in the same way.
 */
public final class EditLoopProject {
  private static final Pattern STARTED =
      Pattern.compile(
          "^serving backend/contract\\.json at (http://127\\.0\\.0\\.1:\\d+/contract)$");
  private static final String HELLO = "src/main/java/com/example/hello/";

  /**
   * What each build of invoker.properties must show, in order: a line it must print, or for a
   * failing build the error it fails with. The same failure twice in a row must read the same.
   */
  private static final List<Map.Entry<String, String>> BUILDS =
      List.of(
          Map.entry("success", "agentkit: wrote the first snapshot of todo (3 ops, "),
          Map.entry("success", "bound TodoAgent: 3 acts; no contract drift"),
          Map.entry("success", "bound TodoAgent: 3 acts; no contract drift"),
          Map.entry("failure", "[UnknownOpcode] delete_task: "),
          Map.entry("failure", "[UnknownOpcode] delete_task: "),
          Map.entry("success", "bound TodoAgent: 2 acts; no contract drift"),
          Map.entry("success", "bound TodoAgent: 3 acts; no contract drift"));

  private EditLoopProject() {}

  /**
   * Writes the page's project with the given compiler plugin version and the variants, starts the
   * page's stand-in backend and writes its URL to {@code quickstart.properties}.
   */
  public static void write(File basedir, String compilerVersion) throws Exception {
    Path base = basedir.toPath();
    String page = QuickstartPage.read(QuickstartPage.find(basedir));
    for (Map.Entry<String, String> f : QuickstartPage.files(page).entrySet()) {
      String body = f.getValue();
      if (f.getKey().equals("pom.xml")) {
        body = pom(body, compilerVersion);
      }
      write(base.resolve(f.getKey()), body);
    }
    String contract = Files.readString(base.resolve("backend/contract.json"));
    write(base.resolve("variants/v1/contract.json"), contract);
    write(
        base.resolve("variants/compatible/contract.json"),
        replace(contract, "\"Add a task to the to-do list.\"", "\"Add one task to the list.\""));
    write(base.resolve("variants/breaking/contract.json"), withoutDeleteTask(contract));
    for (String file : List.of("TodoAgent.java", "Main.java")) {
      String source = Files.readString(base.resolve(HELLO + file));
      write(base.resolve("variants/page-agent/" + file), source);
      write(base.resolve("variants/fixed-agent/" + file), fixed(file, source));
    }
    startBackend(base);
  }

  /**
   * The page's pom with the given compiler plugin, plus one copy-resources execution per variant:
   * {@code serve-<variant>} copies a contract over the served one, {@code <variant>-agent} the
   * agent's sources over the project's.
   */
  static String pom(String pom, String compilerVersion) {
    String compiler =
        "<artifactId>maven-compiler-plugin</artifactId>\n          <version>3.16.0</version>";
    pom = replace(pom, compiler, compiler.replace("3.16.0", compilerVersion));
    StringBuilder executions = new StringBuilder();
    for (String v : List.of("v1", "compatible", "breaking")) {
      executions.append(execution("serve-" + v, "backend", "variants/" + v));
    }
    for (String v : List.of("fixed", "page")) {
      executions.append(execution(v + "-agent", HELLO, "variants/" + v + "-agent"));
    }
    String plugin =
        "      <plugin>\n"
            + "        <groupId>org.apache.maven.plugins</groupId>\n"
            + "        <artifactId>maven-resources-plugin</artifactId>\n"
            + "        <executions>\n"
            + executions
            + "        </executions>\n"
            + "      </plugin>\n"
            + "    </plugins>\n  </build>";
    return replace(pom, "    </plugins>\n  </build>", plugin);
  }

  private static String execution(String id, String to, String from) {
    return "          <execution>\n"
        + "            <id>"
        + id
        + "</id>\n"
        + "            <goals><goal>copy-resources</goal></goals>\n"
        + "            <configuration>\n"
        + "              <outputDirectory>${project.basedir}/"
        + to
        + "</outputDirectory>\n"
        + "              <overwrite>true</overwrite>\n"
        + "              <resources><resource><directory>${project.basedir}/"
        + from
        + "</directory></resource></resources>\n"
        + "            </configuration>\n"
        + "          </execution>\n";
  }

  /** The page's contract without its delete_task op (the last one). */
  private static String withoutDeleteTask(String contract) {
    int op = contract.indexOf(",\n    {\n      \"opcode\": \"delete_task\"");
    int end = contract.lastIndexOf("\n  ]\n}");
    check(op > 0 && end > op, "docs/quickstart.md's contract no longer ends with delete_task");
    return contract.substring(0, op) + contract.substring(end);
  }

  /** The agent and Main as their user fixes them once the backend has no delete_task. */
  private static String fixed(String file, String source) {
    if (file.equals("Main.java")) {
      return replace(
          source, ",\n            Call.of(\"delete_task\", Map.of(\"task_id\", \"t1\")));", ");");
    }
    String agent = replace(source, "import com.example.hello.TodoAgent_Wiring.DeleteTask;\n", "");
    Matcher m =
        Pattern.compile("\n  // delete_task is irreversible.*?\n  }\n(?=}\n$)", Pattern.DOTALL)
            .matcher(agent);
    check(m.find(), "docs/quickstart.md's agent no longer ends with its delete_task act");
    return agent.substring(0, m.start()) + agent.substring(m.end());
  }

  /** The page's command, java backend/ContractServer.java, on a free port. */
  private static void startBackend(Path base) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process server =
        new ProcessBuilder(java, "backend/ContractServer.java", "0")
            .directory(base.toFile())
            .redirectErrorStream(true)
            .start();
    Runtime.getRuntime().addShutdownHook(new Thread(server::destroyForcibly));
    Files.writeString(base.resolve("server.pid"), String.valueOf(server.pid()));
    String first =
        new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))
            .readLine();
    Matcher started = STARTED.matcher(first == null ? "" : first);
    check(started.find(), "the stand-in backend did not start; it printed: " + first);
    Files.writeString(
        base.resolve("quickstart.properties"), "contract.url=" + started.group(1) + "\n");
  }

  /**
   * Stops the backend and checks each build's log against {@link #BUILDS}: no build crashed javac
   * or skipped the compiler, and the class output holds the wiring of the last snapshot.
   */
  public static void verify(File basedir) throws Exception {
    Path base = basedir.toPath();
    ProcessHandle.of(Long.parseLong(Files.readString(base.resolve("server.pid")).strip()))
        .ifPresent(ProcessHandle::destroy);
    List<String> runs = ItProject.builds(base.resolve("build.log"));
    check(
        runs.size() == BUILDS.size(),
        "expected "
            + BUILDS.size()
            + " builds, found "
            + runs.size()
            + "; the last one ended:\n"
            + (runs.isEmpty() ? "" : tail(runs.get(runs.size() - 1))));
    String previousError = null;
    for (int i = 0; i < runs.size(); i++) {
      String run = runs.get(i);
      String label = "build " + (i + 1) + " (" + BUILDS.get(i) + ")";
      boolean success = BUILDS.get(i).getKey().equals("success");
      check(run.contains(success ? "BUILD SUCCESS" : "BUILD FAILURE"), label + ":\n" + run);
      check(run.contains(BUILDS.get(i).getValue()), label + " does not say so:\n" + run);
      check(!run.contains("An exception has occurred in the compiler"), label + " crashed javac");
      check(!run.contains("An unknown compilation problem"), label + " crashed javac:\n" + run);
      check(i == 0 || !run.contains("Nothing to compile"), label + " skipped the compiler");
      String error = success ? null : errorLines(run);
      check(
          error == null || previousError == null || error.equals(previousError),
          label + " failed differently from the build before it: " + error);
      previousError = error;
    }
    String digest = ContractSnapshot.read(base.resolve("contract-snapshots/todo.json")).digest();
    Path out = base.resolve("target/classes");
    String wiring =
        new String(
            Files.readAllBytes(out.resolve("com/example/hello/TodoAgent_Wiring.class")),
            StandardCharsets.ISO_8859_1);
    check(wiring.contains(digest), "TodoAgent_Wiring.class was not compiled from " + digest);
    try (Reader r =
        Files.newBufferedReader(
            out.resolve(WiringStamp.path("com.example.hello.TodoAgent")), StandardCharsets.UTF_8)) {
      check(WiringStamp.decode(r).digest().equals(digest), "the stamp is not " + digest);
    }
  }

  /** The build's agentkit error lines, without the file's absolute path. */
  private static String errorLines(String run) {
    List<String> out = new ArrayList<>();
    for (String line : run.split("\n")) {
      int tag = line.indexOf("] [");
      if (line.startsWith("[ERROR]") && tag > 0 && !out.contains(line.substring(tag))) {
        out.add(line.substring(tag));
      }
    }
    return String.join("\n", out);
  }

  private static String tail(String run) {
    String[] lines = run.split("\n");
    return String.join("\n", List.of(lines).subList(Math.max(0, lines.length - 30), lines.length));
  }

  private static String replace(String text, String from, String to) {
    check(text.contains(from), "docs/quickstart.md no longer has: " + from);
    return text.replace(from, to);
  }

  private static void write(Path file, String body) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, body, StandardCharsets.UTF_8);
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new AssertionError(message);
    }
  }
}
