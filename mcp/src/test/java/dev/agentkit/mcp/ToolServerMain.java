package dev.agentkit.mcp;

import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;

/**
 * A {@link ToolServer} as a child process over stdio: {@code java -cp <test class path>
 * dev.agentkit.mcp.ToolServerMain <scenario> [flags]}, the scenario one of {@link Scenarios}. Like
 * most servers, it keeps running when its stdin ends. Flags: {@code --marker=<file>} appends "pid
 * <pid>" to the file at start, and "eof" or "term" as it ends; {@code --exit-on-eof} exits when its
 * stdin ends; {@code --ignore-term} ignores TERM (its shutdown hook never returns); {@code
 * --noise-first} writes a log line on stdout before serving; {@code --noise-later} writes one
 * before its first {@code tools/list} answer; {@code --exit-later} exits instead of giving that
 * answer; {@code --argv-on-stdout} writes its flags on stdout before serving. Scenario {@code argv}
 * writes its arguments to stderr and exits.
 */
public final class ToolServerMain {
  private ToolServerMain() {}

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A line a logging backend set to log to stdout writes, with colours and a credential. */
  static String logLine() {
    return "12:00:01.042 [main] \u001b[32mINFO\u001b[0m  TaskboardServer - starting with token "
        + System.getenv("TOKEN")
        + "\tand 3 workers";
  }

  public static void main(String[] args) throws InterruptedException {
    String scenario = args.length == 0 ? "taskboard" : args[0];
    List<String> flags = args.length == 0 ? List.of() : List.of(args).subList(1, args.length);
    if (scenario.equals("argv")) {
      // As a usage error or a crash report does: the whole command line, then exit.
      System.err.println("usage error in: " + String.join(" ", args));
      System.exit(2);
    }
    if (flags.contains("--argv-on-stdout")) {
      System.out.println("starting with " + String.join(" ", flags));
    }
    if (scenario.equals("crash")) {
      System.err.println("boom: cannot open the task database " + System.getenv("TOKEN"));
      System.exit(3);
    }
    Path marker = marker(flags);
    note(marker, "pid " + ProcessHandle.current().pid());
    if (flags.contains("--ignore-term")) {
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    note(marker, "term");
                    sleep(Long.MAX_VALUE);
                  }));
    }
    if (flags.contains("--noise-first")) {
      System.out.println(logLine());
    }
    ToolServer server = Scenarios.named(scenario);
    if (flags.contains("--noise-later")) {
      server.afterFirstList = () -> System.out.println(logLine());
    }
    if (flags.contains("--noise-on-call")) {
      server.calls.replaceAll(
          (tool, handler) ->
              arguments -> {
                System.out.println(logLine());
                return handler.apply(arguments);
              });
    }
    if (flags.contains("--exit-later")) {
      server.afterFirstList = () -> Runtime.getRuntime().halt(5);
    }
    InputStream in = System.in;
    if (flags.contains("--exit-on-eof")) {
      in =
          new FilterInputStream(System.in) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
              int n = super.read(b, off, len);
              if (n < 0) {
                note(marker, "eof");
                System.exit(0);
              }
              return n;
            }
          };
    }
    StdioServerTransportProvider provider =
        new StdioServerTransportProvider(ToolServer.JSON, in, System.out);
    provider.setSessionFactory(
        transport ->
            new McpServerSession(
                UUID.randomUUID().toString(),
                ToolServer.timeout(),
                transport,
                server::initializeMono,
                server.handlers(),
                Map.of()));
    if (scenario.equals("changing")) {
      // A deploy shortly after the first listing: list_tasks loses its hints, and clients hear so.
      server.afterFirstList =
          () ->
              new Thread(
                      () -> {
                        sleep(300);
                        server.tools.set(
                            0, Scenarios.tool("list_tasks", "Lists tasks.", null, null));
                        provider
                            .notifyClients(McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED, null)
                            .block();
                      })
                  .start();
    }
    new CountDownLatch(1).await();
  }

  private static Path marker(List<String> flags) {
    for (String f : flags) {
      if (f.startsWith("--marker=")) {
        return Path.of(f.substring("--marker=".length()));
      }
    }
    return null;
  }

  private static void note(Path marker, String line) {
    if (marker == null) {
      return;
    }
    try {
      Files.writeString(
          marker,
          line + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
