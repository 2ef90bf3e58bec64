package dev.agentkit.maven;

import java.util.ArrayList;
import java.util.List;

/**
 * One {@code <contract>} of the plugin's configuration: a name and where to fetch the contract,
 * exactly one of an HTTP URL serving the contract document, an OpenAPI document, an MCP server, or
 * a {@code ContractSource} class on the project's classpath.
 *
 * <p>Maven sets the fields by name from the POM.
 */
public class ContractConfig {
  /** The contract's name; the snapshot is {@code <snapshotDirectory>/<name>.json}. */
  String name;

  /** The URL the backend serves its contract at. */
  String url;

  /**
   * An OpenAPI 3.0 or 3.1 document (JSON or YAML): an http(s) URL, or a path relative to the
   * module's directory.
   */
  String openapi;

  /** An MCP server whose tools are the contract: over Streamable HTTP or started over stdio. */
  McpConfig mcp;

  /**
   * Extra request headers, each {@code Name: value}. Credentials do not belong here: use {@link
   * #authorizationEnv} or {@link #serverId}.
   */
  List<String> headers = new ArrayList<>();

  /** An environment variable whose value is sent as {@code Authorization: Bearer <value>}. */
  String authorizationEnv;

  /**
   * A {@code settings.xml} server id: its password is sent as a bearer token, or its username and
   * password as basic authentication.
   */
  String serverId;

  /**
   * The fully qualified name of a {@code dev.agentkit.source.ContractSource} with a public no-arg
   * constructor.
   */
  String sourceClass;

  /** Connect timeout in milliseconds. */
  int connectTimeoutMillis = 5_000;

  /** Request timeout in milliseconds. */
  int requestTimeoutMillis = 30_000;

  public String getName() {
    return name;
  }

  @Override
  public String toString() {
    return "contract " + name;
  }
}
