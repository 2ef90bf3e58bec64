package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.source.Redactor;
import io.modelcontextprotocol.json.McpJsonDefaults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a child's output shows in a message, exactly, and that the list-changed tap hands a close on
 * to the transport it wraps (a real child process, which is gone after it).
 */
class OutputUnitTest {
  private static final Redactor NONE = Redactor.of(List.of());

  @TempDir Path dir;

  @Test
  void aShortNoiseLineIsQuotedWhole() {
    assertThat(new StdoutNoise("  a\nb\rc\td  ").excerpt(NONE)).isEqualTo("a\\nb\\rc\\td");
    assertThat(new StdoutNoise("x".repeat(160)).excerpt(NONE)).isEqualTo("x".repeat(160));
  }

  @Test
  void aStderrLineOfTwoHundredCharactersIsNotCut() {
    StderrTail tail = new StderrTail();
    tail.add("y".repeat(200));
    assertThat(tail.excerpt(NONE)).isEqualTo("y".repeat(200));
  }

  @Test
  void theStderrTailWaitsWhileLinesKeepComing() throws Exception {
    StderrTail tail = new StderrTail();
    Thread writer =
        new Thread(
            () -> {
              for (int i = 0; i < 15; i++) {
                tail.add("line " + i);
                try {
                  Thread.sleep(20);
                } catch (InterruptedException e) {
                  return;
                }
              }
            });
    writer.start();
    long start = System.nanoTime();
    tail.awaitQuiet();
    long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    writer.join();
    assertThat(took).isBetween(250L, 800L);
  }

  @Test
  void anEnvironmentNameIsRefusedForAnEqualsSignOrNulInFirstPlace() {
    for (String bad : List.of("=B", "\0B")) {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> Arguments.checkName(bad, "x"))
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  private ListChangedTap child(Path marker) {
    List<String> command =
        List.of(
            StdioServers.java(),
            "-cp",
            StdioServers.classPath(),
            ToolServerMain.class.getName(),
            "taskboard",
            "--marker=" + marker);
    ChildTransport transport =
        new ChildTransport(
            command,
            Map.of(),
            McpJsonDefaults.getMapper(),
            line -> {},
            ChildTransport.MAX_LINE_CHARS);
    ListChangedTap tap = new ListChangedTap(transport, () -> {});
    tap.connect(messages -> messages).block();
    return tap;
  }

  private static ProcessHandle started(Path marker) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      if (Files.exists(marker)) {
        for (String line : Files.readAllLines(marker)) {
          if (line.startsWith("pid ")) {
            return ProcessHandle.of(Long.parseLong(line.substring(4))).orElseThrow();
          }
        }
      }
      Thread.sleep(20);
    }
    throw new AssertionError("the child did not start");
  }

  @Test
  void closingTheTapEndsTheChild() throws Exception {
    List<ProcessHandle> children = new ArrayList<>();
    Path first = dir.resolve("first");
    ListChangedTap tap = child(first);
    children.add(started(first));
    tap.close();
    Path second = dir.resolve("second");
    ListChangedTap graceful = child(second);
    children.add(started(second));
    graceful.closeGracefully().block();
    for (ProcessHandle p : children) {
      assertThat(p.isAlive()).as("pid " + p.pid()).isFalse();
    }
  }
}
