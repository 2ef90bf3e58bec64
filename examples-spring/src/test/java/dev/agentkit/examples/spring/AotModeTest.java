package dev.agentkit.examples.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentkit.examples.TaskboardBackend;
import dev.agentkit.testing.BaseDir;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The application in Spring AOT mode on the JVM, as {@code spring-boot:process-aot} and {@code java
 * -Dspring.aot.enabled=true} run it: Boot's {@code SpringApplicationAotProcessor} writes the
 * application context as code (in a JVM of its own, as the Maven goal runs it), javac compiles it,
 * and the application starts from that code in another JVM against the real task-board backend. It
 * binds the agent, makes its inbox, runs a triage and lets a person accept the proposal over HTTP:
 * everything the starter registers and looks up by name works from generated code.
 */
class AotModeTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final Path OUT = BaseDir.resolve("target", "aot-mode-test");
  static final String JAVA = ProcessHandle.current().info().command().orElse("java");
  static final String CLASSPATH = System.getProperty("java.class.path");

  @Test
  void theAotProcessedApplicationBindsTriagesAndDecidesOnTheJvm() throws Exception {
    try (TaskboardBackend backend = TaskboardBackend.start()) {
      String url = "--taskboard.url=" + backend.baseUri();
      DemoKey signing = DemoKey.create();
      String jwt =
          "--" + TaskboardApplication.JWT + "public-key-location=" + signing.publicKeyLocation();
      clean(OUT);
      Path sources = OUT.resolve("sources");
      Path resources = OUT.resolve("resources");
      Path classes = OUT.resolve("classes");
      run(
          "process-aot",
          List.of(
              JAVA,
              "-cp",
              CLASSPATH,
              "org.springframework.boot.SpringApplicationAotProcessor",
              TaskboardApplication.class.getName(),
              sources.toString(),
              resources.toString(),
              classes.toString(),
              "dev.agentkit",
              "agentkit-examples-spring",
              url,
              jwt));
      assertThat(sources.resolve("dev/agentkit/examples/spring"))
          .isDirectoryContaining(
              "glob:**/TaskboardApplication__ApplicationContextInitializer.java");
      compile(sources, classes);
      // The hints for a native image: what the starter looks up by name is named.
      JsonNode metadata =
          JSON.readTree(
              resources
                  .resolve("META-INF/native-image/dev.agentkit/agentkit-examples-spring")
                  .resolve("reachability-metadata.json")
                  .toFile());
      assertThat(metadata.path("reflection"))
          .anySatisfy(
              t -> {
                assertThat(t.path("type").asText())
                    .isEqualTo("dev.agentkit.examples.TriageAgent_Wiring");
                assertThat(t.path("allPublicMethods").asBoolean()).isTrue();
              });
      assertThat(metadata.path("resources"))
          .extracting(r -> r.path("glob").asText())
          .contains(
              "META-INF/agentkit/wiring/dev.agentkit.examples.TriageAgent.properties",
              "dev/agentkit/inbox/migration/*.sql");

      int port = freePort();
      String cp = classes + File.pathSeparator + resources + File.pathSeparator + CLASSPATH;
      Path log = OUT.resolve("application.log");
      Process app =
          new ProcessBuilder(
                  JAVA,
                  "-Dspring.aot.enabled=true",
                  "-cp",
                  cp,
                  TaskboardApplication.class.getName(),
                  url,
                  jwt,
                  "--server.port=" + port)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      try {
        JsonNode health = waitForHealth(port, app, log);
        assertThat(health.path("status").asText()).isEqualTo("UP");
        assertThat(Files.readString(log)).contains("Starting AOT-processed TaskboardApplication");

        JsonNode triage = send(port, "/triage", "");
        assertThat(triage.path("answer").asText()).isEqualTo(ScriptedChatModel.DONE);
        String key = triage.path("proposals").get(0).path("askKey").asText();
        assertThat(key).isEqualTo("triageAgent:project:p2:archive_project");
        JsonNode decided = send(port, "/proposals/" + key + "/accept", "{\"by\": \"ann\"}");
        assertThat(decided.path("state").asText()).as(decided.toString()).isEqualTo("done");
      } finally {
        app.destroy();
        if (!app.waitFor(20, TimeUnit.SECONDS)) {
          app.destroyForcibly();
        }
      }
    }
  }

  private static void run(String what, List<String> command) throws Exception {
    Path log = OUT.resolve(what + ".log");
    Process p =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    assertThat(p.waitFor(5, TimeUnit.MINUTES)).as(what + " finished").isTrue();
    assertThat(p.exitValue()).as(what + " exit code; its output:\n" + tail(log)).isZero();
  }

  private static void compile(Path sources, Path classes) throws IOException {
    List<String> args =
        new ArrayList<>(
            List.of(
                "-proc:none",
                "-nowarn",
                "-d",
                classes.toString(),
                "-cp",
                // The processor wrote the classes it generated (CGLIB proxies) there already.
                classes + File.pathSeparator + CLASSPATH));
    try (Stream<Path> files = Files.walk(sources)) {
      files.filter(f -> f.toString().endsWith(".java")).forEach(f -> args.add(f.toString()));
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    java.io.ByteArrayOutputStream errors = new java.io.ByteArrayOutputStream();
    assertThat(javac.run(null, errors, errors, args.toArray(String[]::new)))
        .as("javac of the generated sources:\n" + errors.toString(StandardCharsets.UTF_8))
        .isZero();
  }

  private static JsonNode waitForHealth(int port, Process app, Path log) throws Exception {
    long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
    while (System.nanoTime() < deadline) {
      assertThat(app.isAlive())
          .as("the application is running; its output:\n" + tail(log))
          .isTrue();
      try {
        HttpResponse<String> r =
            HttpClient.newHttpClient()
                .send(
                    HttpRequest.newBuilder(uri(port, "/actuator/health")).build(),
                    HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 200) {
          return JSON.readTree(r.body());
        }
      } catch (IOException notYet) {
        // Not listening yet.
      }
      Thread.sleep(200);
    }
    throw new AssertionError("the application never became healthy; its output:\n" + tail(log));
  }

  private static JsonNode send(int port, String path, String body) throws Exception {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(uri(port, path))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
    return JSON.readTree(r.body());
  }

  private static URI uri(int port, String path) {
    return URI.create("http://127.0.0.1:" + port + path);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static String tail(Path log) throws IOException {
    if (!Files.exists(log)) {
      return "(none)";
    }
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
  }

  private static void clean(Path dir) throws IOException {
    if (Files.exists(dir)) {
      try (Stream<Path> all = Files.walk(dir)) {
        for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    Files.createDirectories(dir);
  }
}
