package dev.agentkit.examples;

import java.util.Locale;

/**
 * The runnable demo: {@code mvn -B -q -pl examples -am install -DskipTests -Dinvoker.skip && mvn -B
 * -q -pl examples exec:java}. Prints a transcript of {@link TriageAgent} working against the
 * embedded task-board backend; with {@code -Dagentkit.demo=mcp} (or the program argument {@code
 * mcp}), of {@link McpTriageAgent} working against the same backend served as an MCP server. See
 * {@code examples/README-examples.md}.
 */
public final class Main {
  /** The system property that selects the run mode. */
  static final String MODE_PROPERTY = "agentkit.demo";

  /** The demo's run modes. */
  enum Mode {
    /** {@link TriageDemo}: the backend's native contract over HTTP. */
    HTTP,
    /** {@link McpDemo}: the backend as an MCP server. */
    MCP
  }

  private Main() {}

  /** Runs the demo on stdout; exits with status 2 and one sentence on an unknown mode. */
  public static void main(String[] args) throws Exception {
    Mode mode;
    try {
      mode = mode(args, System.getProperty(MODE_PROPERTY));
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    QuietLogs.apply();
    if (mode == Mode.MCP) {
      new McpDemo(System.out).run();
    } else {
      new TriageDemo(System.out).run();
    }
    System.out.flush();
  }

  /**
   * The run mode: the first program argument, else the property, else {@link Mode#HTTP}.
   *
   * @throws IllegalArgumentException naming the modes, when the one given is none of them
   */
  static Mode mode(String[] args, String property) {
    String given = args.length > 0 ? args[0] : property;
    if (given == null || given.isBlank()) {
      return Mode.HTTP;
    }
    for (Mode m : Mode.values()) {
      if (m.name().toLowerCase(Locale.ROOT).equals(given.strip())) {
        return m;
      }
    }
    throw new IllegalArgumentException(
        "[DemoMode] \""
            + given
            + "\" is not a demo mode; run the demo with -Dagentkit.demo=mcp (or the program"
            + " argument mcp) for the MCP mode, or with neither for the HTTP one");
  }
}
