package dev.agentkit.maven;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code <mcp>} of a {@code <contract>}: an MCP server whose tools are the contract, exactly
 * one of a Streamable HTTP endpoint ({@code <url>}, sent the contract's {@code <headers>} and
 * credentials) or a program started as a child process and spoken to over stdio ({@code <command>},
 * with {@code <args>} and {@code <env>}).
 *
 * <p>Maven sets the fields by name from the POM.
 */
public class McpConfig {
  /** The server's Streamable HTTP endpoint, such as {@code https://tasks.example/mcp}. */
  String url;

  /** The program to start, such as {@code java} or {@code npx}; found on the PATH. */
  String command;

  /** The program's arguments, each an {@code <arg>}; they appear in no message or snapshot. */
  List<String> args = new ArrayList<>();

  /**
   * The child process's extra environment, each {@code <NAME>value</NAME>}; give credentials as
   * {@code ${env.NAME}} so the POM holds none. The values appear in no message or snapshot.
   */
  Map<String, String> env = new LinkedHashMap<>();

  /**
   * How long the server may take to answer {@code initialize}, in milliseconds: for a {@code
   * <command>} this includes starting it (a JVM or {@code npx} needs longer than a TCP connect),
   * for a {@code <url>} the connection and the client's own start. It replaces the contract's
   * {@code <connectTimeoutMillis>} for an MCP server.
   */
  int initializeTimeoutMillis = 20_000;

  @Override
  public String toString() {
    return "mcp server";
  }
}
