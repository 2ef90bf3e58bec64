package dev.agentkit.maven;

import dev.agentkit.openapi.OpenApiContractSource;
import dev.agentkit.source.HttpContractSource;
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

  /** For {@code <url>}: the largest contract response read, in bytes; default 16 MiB. */
  int maxResponseBytes = HttpContractSource.DEFAULT_MAX_RESPONSE_BYTES;

  /** For {@code <openapi>}: the largest document read, in bytes; default 16 MiB. */
  int maxDocumentBytes = OpenApiContractSource.DEFAULT_MAX_DOCUMENT_BYTES;

  /** For {@code <openapi>}: the most nodes of the document, its YAML aliases expanded. */
  int maxDocumentNodes = OpenApiContractSource.DEFAULT_MAX_DOCUMENT_NODES;

  /** For {@code <openapi>}: the most nodes the document's YAML aliases may stand for. */
  int maxAliasExpansion = OpenApiContractSource.DEFAULT_MAX_ALIAS_EXPANSION;

  /** For {@code <openapi>}: the most uses of YAML aliases of mappings and sequences. */
  int maxYamlAliases = OpenApiContractSource.DEFAULT_MAX_YAML_ALIASES;

  /** For {@code <openapi>}: the deepest nesting of mappings and sequences. */
  int maxDocumentDepth = OpenApiContractSource.DEFAULT_MAX_DOCUMENT_DEPTH;

  /** For {@code <openapi>}: the most values of one enum. */
  int maxEnumValues = OpenApiContractSource.DEFAULT_MAX_ENUM_VALUES;

  /** For {@code <openapi>}: the longest line of a YAML document, in characters. */
  int maxYamlLineChars = OpenApiContractSource.DEFAULT_MAX_YAML_LINE_CHARS;

  /**
   * The user's word on tiers, each an {@code <override>}: an {@code <opcode>} or a {@code
   * <pattern>}, its {@code <tier>}, and a {@code <reason>} to lower one
   * (docs/maven-goals.md#tiers).
   */
  List<TierConfig> tiers = new ArrayList<>();

  public String getName() {
    return name;
  }

  @Override
  public String toString() {
    return "contract " + name;
  }
}
