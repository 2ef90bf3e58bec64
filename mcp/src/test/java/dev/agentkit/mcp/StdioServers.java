package dev.agentkit.mcp;

import java.nio.file.Path;

/** Builders for sources whose server is {@link ToolServerMain}, started as a child process. */
final class StdioServers {
  private StdioServers() {}

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  static String classPath() {
    return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
  }

  /** A source over stdio whose child is the named scenario. */
  static McpContractSource.Builder source(String scenario) {
    return McpContractSource.stdio(java())
        .args(
            "-XX:TieredStopAtLevel=1",
            "-Xshare:auto",
            "-cp",
            classPath(),
            ToolServerMain.class.getName(),
            scenario)
        .contractName("taskboard");
  }
}
