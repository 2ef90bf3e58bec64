package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stdio server's process, end to end with real child JVMs ({@link ToolServerMain}): a server that
 * writes a log line on stdout is reported at once, with the line quoted safely, and {@code close()}
 * ends the child however stubborn it is, leaving no process and no thread behind.
 */
class ChildProcessTest {
  private static final String SECRET = "s3cr3t-t0ken-0123456789";

  /**
   * {@link ToolServerMain#logLine()} as the message quotes it: escaped, its token blanked, and
   * "Taskboard" too, since the scenario's name, {@code taskboard}, is one of the command's
   * arguments, which never show.
   */
  private static final String QUOTED =
      "\"12:00:01.042 [main] \\u001b[32mINFO\\u001b[0m  [redacted]Server - starting with token"
          + " [redacted]\\tand 3 workers\"";

  private static final String FIX =
      "; an MCP server over stdio may write only JSON-RPC messages on stdout, so send its logs to"
          + " stderr";

  @Test
  void aLogLineOnStdoutBeforeInitializeIsReportedAtOnceWithoutItsSecret() {
    int logs = RecordedLogs.mark();
    long started = System.nanoTime();
    try (McpContractSource source =
        StdioServers.source("taskboard", "--noise-first")
            .env("TOKEN", SECRET)
            // Far longer than the test may take: the line is reported when it is read.
            .connectTimeout(Duration.ofMinutes(10))
            .build()) {
      assertThatThrownBy(source::fetch)
          .hasMessage(
              "[McpStdoutNoise] stdio:"
                  + StdioServers.java()
                  + " wrote a line on stdout that is not a JSON-RPC message (during initialize): "
                  + QUOTED
                  + FIX)
          .hasMessageNotContaining("s3cr3t");
    }
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMinutes(1));
    assertThat(RecordedLogs.since(logs))
        .as("no stack trace logged")
        .allMatch(e -> e.thrown() == null);
  }

  @Test
  void aLogLineBetweenAnswersFailsTheRequestAndEndsThatChild(@TempDir Path dir) throws Exception {
    Path marker = dir.resolve("marker");
    try (McpContractSource source =
        StdioServers.source("taskboard", "--noise-later", "--marker=" + marker)
            .env("TOKEN", SECRET)
            .requestTimeout(Duration.ofMinutes(10))
            .build()) {
      assertThatThrownBy(source::fetch)
          .hasMessage(
              "[McpStdoutNoise] stdio:"
                  + StdioServers.java()
                  + " wrote a line on stdout that is not a JSON-RPC message (during tools/list): "
                  + QUOTED
                  + FIX);
      // The session is dropped with its child; the next fetch starts a new one.
      assertThat(alive(pid(marker, 0))).isFalse();
      assertThatThrownBy(source::fetch).hasMessageStartingWith("[McpStdoutNoise] ");
      assertThat(pid(marker, 1)).isNotEqualTo(pid(marker, 0));
    }
  }

  @Test
  void aLogLineDuringAToolCallFailsTheCallWithTheSameSentence() throws Exception {
    try (McpContractSource source =
        StdioServers.source("taskboard", "--noise-on-call").env("TOKEN", SECRET).build()) {
      ActionSet<Void> set = McpActionsTest.bindAll(source.fetch());
      Call call = set.verified(Call.of("list_tasks", Map.of("project_id", "p1")));
      McpActions actions = McpActions.builder(source).timeout(Duration.ofMinutes(10)).build();
      assertThatThrownBy(() -> actions.run(call))
          .isInstanceOf(CallFailedException.class)
          .hasMessage(
              "[McpCallFailed] list_tasks: stdio:"
                  + StdioServers.java()
                  + " wrote a line on stdout that is not a JSON-RPC message (during tools/call"
                  + " list_tasks): "
                  + QUOTED
                  + FIX);
    }
  }

  @Test
  void aChildThatExitsAfterInitializeIsReportedWhenItExitsNotAtTheTimeout() {
    long started = System.nanoTime();
    try (McpContractSource source =
        StdioServers.source("taskboard", "--exit-later")
            .requestTimeout(Duration.ofMinutes(10))
            .build()) {
      assertThatThrownBy(source::fetch)
          .hasMessage(
              "[McpUnavailable] stdio:"
                  + StdioServers.java()
                  + " exited before it answered tools/list; run the command by hand to see why");
    }
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMinutes(1));
  }

  @Test
  void aLineLongerThanTheLimitIsUnavailableNotBuffered() {
    try (McpContractSource source =
        StdioServers.source("paged:500:500").maxLineChars(10_000).build()) {
      assertThatThrownBy(source::fetch)
          .hasMessage(
              "[McpUnavailable] stdio:"
                  + StdioServers.java()
                  + " wrote a line on stdout longer than 10000 characters (during tools/list), more"
                  + " than agentkit reads as one message; make the server's answers smaller, or"
                  + " raise maxLineChars");
    }
  }

  @Test
  void closeEndsAChildThatExitsWhenItsStdinEnds(@TempDir Path dir) throws Exception {
    Path marker = dir.resolve("marker");
    long pid = fetchThenClose(marker, "--exit-on-eof");
    assertThat(Files.readAllLines(marker)).containsExactly("pid " + pid, "eof");
  }

  @Test
  void closeEndsAChildThatIgnoresItsStdinEnding(@TempDir Path dir) throws Exception {
    Path marker = dir.resolve("marker");
    long pid = fetchThenClose(marker);
    assertThat(Files.readAllLines(marker)).containsExactly("pid " + pid);
  }

  @Test
  void closeEndsAChildThatIgnoresItsStdinEndingAndTerm(@TempDir Path dir) throws Exception {
    Path marker = dir.resolve("marker");
    long pid = fetchThenClose(marker, "--ignore-term");
    assertThat(Files.readAllLines(marker)).containsExactly("pid " + pid, "term");
  }

  /**
   * Fetches from a child with these flags, closes the source: the child and its threads are gone.
   */
  private static long fetchThenClose(Path marker, String... flags) throws Exception {
    String[] all = new String[flags.length + 1];
    all[0] = "--marker=" + marker;
    System.arraycopy(flags, 0, all, 1, flags.length);
    McpContractSource source = StdioServers.source("taskboard", all).build();
    assertThat(source.fetch().ops()).hasSize(6);
    long pid = pid(marker, 0);
    assertThat(alive(pid)).isTrue();
    assertThat(threadsOf(pid)).hasSize(3);

    long started = System.nanoTime();
    source.close();
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(20));
    assertThat(alive(pid)).isFalse();
    assertThat(threadsOf(pid)).isEmpty();
    return pid;
  }

  /** The pid the {@code n}th child started on this marker wrote. */
  private static long pid(Path marker, int n) throws Exception {
    List<String> pids =
        Files.readAllLines(marker).stream().filter(l -> l.startsWith("pid ")).toList();
    return Long.parseLong(pids.get(n).substring("pid ".length()));
  }

  private static boolean alive(long pid) {
    Optional<ProcessHandle> handle = ProcessHandle.of(pid);
    return handle.isPresent() && handle.get().isAlive();
  }

  /** The live threads of the transport to the child with this pid. */
  private static List<String> threadsOf(long pid) {
    String prefix = "agentkit-mcp-" + pid + "-";
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .map(Thread::getName)
        .filter(name -> name.startsWith(prefix))
        .sorted()
        .toList();
  }
}
