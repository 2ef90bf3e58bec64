package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.source.Redactor;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pieces of the stdio transport that need no child process: splitting output into lines, the
 * stderr tail, the command check and the environment-name rule.
 */
class LinesUnitTest {
  @TempDir Path dir;

  private static List<String> lines(String text, int limit, int stopAfter) throws Exception {
    List<String> out = new ArrayList<>();
    Lines.read(
        new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
        limit,
        (line, cut) -> {
          out.add((cut ? "CUT:" : "") + line);
          return out.size() < stopAfter;
        });
    return out;
  }

  @Test
  void splitsOnLineFeedsDroppingACarriageReturnAndKeepsALastLineWithoutOne() throws Exception {
    assertThat(lines("a\r\nb\n\nc\rd\ne", 100, 99)).containsExactly("a", "b", "", "c\rd", "e");
    assertThat(lines("", 100, 99)).isEmpty();
    assertThat(lines("x\n", 100, 99)).containsExactly("x");
    assertThat(lines("\r", 100, 99)).containsExactly("");
  }

  @Test
  void aLineLongerThanTheLimitIsHandedOverCutAndTheRestOfItSkipped() throws Exception {
    assertThat(lines("abcdef\nxy\n", 4, 99)).containsExactly("CUT:abcd", "xy");
    assertThat(lines("abcd\nabcdefghij", 4, 99)).containsExactly("abcd", "CUT:abcd");
    assertThat(lines("abcdefghij", 4, 99)).containsExactly("CUT:abcd");
  }

  @Test
  void theSinkStopsTheReading() throws Exception {
    assertThat(lines("a\nb\nc\n", 100, 2)).containsExactly("a", "b");
    assertThat(lines("abcdef\nb\n", 4, 1)).containsExactly("CUT:abcd");
    assertThat(lines("a\nb", 100, 1)).containsExactly("a");
  }

  @Test
  void malformedUtf8BecomesTheReplacementCharacter() throws Exception {
    List<String> out = new ArrayList<>();
    Lines.read(
        new ByteArrayInputStream(new byte[] {'a', (byte) 0xff, 'b', '\n'}),
        100,
        (line, cut) -> out.add(line));
    assertThat(out).containsExactly("a\ufffdb");
  }

  @Test
  void theStderrTailKeepsTheLastFiveLinesEachCutAndBlanksSecrets() {
    StderrTail tail = new StderrTail();
    assertThat(tail.excerpt(Redactor.of(List.of()))).isEmpty();
    tail.add(null);
    tail.add("   ");
    assertThat(tail.excerpt(Redactor.of(List.of()))).isEmpty();
    for (int i = 1; i <= 6; i++) {
      tail.add("  line " + i + "  ");
    }
    tail.add("token s3cr3t-value " + "x".repeat(300));
    String excerpt = tail.excerpt(Redactor.of(List.of("s3cr3t-value")));
    assertThat(excerpt)
        .startsWith("line 3 | line 4 | line 5 | line 6 | token [redacted] xxx")
        .endsWith("x…");
    assertThat(excerpt.substring(excerpt.lastIndexOf(" | ") + 3))
        .isEqualTo("token [redacted] " + "x".repeat(200 - "token s3cr3t-value ".length()) + "…");
  }

  @Test
  void theStderrTailWaitsUntilNoLineArrivesThenReturns() throws Exception {
    StderrTail tail = new StderrTail();
    Thread writer =
        new Thread(
            () -> {
              for (int i = 0; i < 5; i++) {
                tail.add("line " + i);
                try {
                  Thread.sleep(20);
                } catch (InterruptedException e) {
                  return;
                }
              }
            });
    long start = System.nanoTime();
    writer.start();
    tail.awaitQuiet();
    long took = (System.nanoTime() - start) / 1_000_000;
    writer.join();
    assertThat(took).isBetween(50L, 1_000L);
    assertThat(tail.excerpt(Redactor.of(List.of()))).contains("line 0");
    Thread.currentThread().interrupt();
    tail.awaitQuiet(); // returns at once, keeping the interrupt
    assertThat(Thread.interrupted()).isTrue();
  }

  @Test
  void aCommandThatCannotStartSaysWhy() throws Exception {
    Path script = dir.resolve("server");
    Files.writeString(script, "#!/bin/sh\n");
    Path plain = dir.resolve("plain");
    Files.writeString(plain, "x");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
    assertThat(Commands.problem(script.toString(), Map.of())).isNull();
    assertThat(Commands.problem(dir.resolve("none").toString(), Map.of()))
        .isEqualTo("there is no file " + dir.resolve("none"));
    assertThat(Commands.problem(dir.toString() + "/", Map.of()))
        .isEqualTo(dir + "/ is a directory");
    assertThat(Commands.problem(plain.toString(), Map.of()))
        .isEqualTo(plain + " is not executable");
    assertThat(Commands.problem("/bad\0path", Map.of())).isEqualTo("\"/bad\0path\" is no path");
    assertThat(Commands.problem("server", Map.of("PATH", "::" + dir))).isNull();
    assertThat(Commands.problem("plain", Map.of("PATH", dir.toString())))
        .isEqualTo("\"plain\" is in no directory of PATH");
    assertThat(Commands.problem("nothing-such-here", Map.of("PATH", "")))
        .isEqualTo("\"nothing-such-here\" is in no directory of PATH");
    assertThat(Commands.problem("sh", Map.of())).isNull(); // this process's PATH
  }

  @Test
  void anEnvironmentNameIsNotBlankAndHoldsNoEqualsSignOrNul() {
    Arguments.checkName("TOKEN", "environment variable");
    for (String bad : List.of("", " ", "A=B", "A\0B")) {
      org.assertj.core.api.Assertions.assertThatThrownBy(
              () -> Arguments.checkName(bad, "environment variable"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "\""
                  + bad
                  + "\" cannot name an environment variable: it is blank or holds '=' or NUL");
    }
  }
}
