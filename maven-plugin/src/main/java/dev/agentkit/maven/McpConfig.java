package dev.agentkit.maven;

import dev.agentkit.mcp.McpContractSource;
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

  /** The most {@code tools/list} pages one listing reads; past it the fetch fails. */
  int maxPages = McpContractSource.DEFAULT_MAX_PAGES;

  /** The most bytes of {@code tools/list} pages (as JSON) one listing reads; default 64 MiB. */
  long maxListBytes = McpContractSource.DEFAULT_MAX_LIST_BYTES;

  /** For a {@code <command>}: the longest line the server may write on stdout as one message. */
  int maxLineChars = McpContractSource.DEFAULT_MAX_LINE_CHARS;

  /** How long one listing, all its pages together, may take, in milliseconds. */
  int listTimeoutMillis = (int) McpContractSource.DEFAULT_LIST_TIMEOUT.toMillis();

  @Override
  public String toString() {
    return "mcp server";
  }
}
