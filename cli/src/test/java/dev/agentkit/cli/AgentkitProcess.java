package dev.agentkit.cli;

import dev.agentkit.testing.BaseDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The packaged jar run as a user runs it: {@code java -jar target/agentkit.jar <args>} in a working
 * directory, with an environment of the test's choosing (the parent's, less anything named like a
 * credential, plus what is given).
 */
final class AgentkitProcess {
  static final Path JAR = BaseDir.resolve("target", "agentkit.jar");

  /** What one run printed and how it exited. */
  record Result(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }

  private AgentkitProcess() {}

  static Result run(Path dir, Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    if (!Files.isRegularFile(JAR)) {
      throw new AssertionError(JAR + " is missing: the jar is packaged before these tests run");
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-jar");
    command.add(JAR.toString());
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
    pb.environment().putAll(env);
    Path out = Files.createTempFile("agentkit-out", ".txt");
    Path err = Files.createTempFile("agentkit-err", ".txt");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process p = pb.start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("agentkit " + String.join(" ", args) + " did not end in 120 s");
    }
    Result r =
        new Result(
            p.exitValue(),
            Files.readString(out, StandardCharsets.UTF_8),
            Files.readString(err, StandardCharsets.UTF_8));
    Files.delete(out);
    Files.delete(err);
    return r;
  }

  static Result run(Path dir, String... args) throws IOException, InterruptedException {
    return run(dir, Map.of(), args);
  }
}
