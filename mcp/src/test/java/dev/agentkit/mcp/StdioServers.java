package dev.agentkit.mcp;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Builders for sources whose server is {@link ToolServerMain}, started as a child process. */
final class StdioServers {
  private StdioServers() {}

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  static String classPath() {
    return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
  }

  /** A source over stdio whose child is the named scenario, with {@link ToolServerMain}'s flags. */
  static McpContractSource.Builder source(String scenario, String... flags) {
    List<String> args = new ArrayList<>();
    args.addAll(
        List.of(
            "-XX:TieredStopAtLevel=1",
            "-Xshare:auto",
            "-cp",
            classPath(),
            ToolServerMain.class.getName(),
            scenario));
    args.addAll(List.of(flags));
    return McpContractSource.stdio(java())
        .args(args.toArray(String[]::new))
        .contractName("taskboard");
  }
}
