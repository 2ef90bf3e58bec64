package dev.agentkit.maven;

import dev.agentkit.internal.text.MessageTemplate;
import dev.agentkit.internal.text.RuntimeMessage;

/**
 * Every tagged message of the goals and of the command line that runs them: its tag, how the goal
 * fails with it and its template, in one place. Public for the command line only; no API. Adding a
 * message edits this table and docs/errors.md; {@code GoalCatalogueTest} holds the two together and
 * finds any tagged literal left outside it.
 */
public enum GoalMessage implements MessageTemplate.Entry {
  // Choosing a contract's source (docs/errors.md, the Maven goals).
  CONTRACT_SOURCE_MISSING(
      "ContractSourceMissing",
      GoalException.Kind.CONFIGURATION,
      "%s: no contract source is set; give one of %s"),
  CONTRACT_SOURCE_CONFLICT(
      "ContractSourceConflict",
      GoalException.Kind.CONFIGURATION,
      "%s: %s and %s are %s set; give exactly one contract source"),
  OPENAPI_URL("OpenApiUrl", GoalException.Kind.CONFIGURATION, "%s: %s %s"),
  OPENAPI_FILE_CREDENTIALS(
      "OpenApiFile",
      GoalException.Kind.CONFIGURATION,
      "%s: <openapi> names a file, so <headers>, <authorizationEnv> and <serverId> have nothing to"
          + " be sent to; remove them, or give the document's http(s) URL"),
  OPENAPI_FILE_PATH(
      "OpenApiFile",
      GoalException.Kind.CONFIGURATION,
      "%s: <openapi> \"%s\" is not a usable path or file: URI; give a path relative to the"
          + " module's directory, or the document's http(s) URL"),
  OPENAPI_FILE_UNREADABLE(
      "OpenApiFile",
      GoalException.Kind.CONFIGURATION,
      "%s: <openapi> \"%s\" names no readable file (%s); give a path relative to the module's"
          + " directory, or the document's http(s) URL"),
  MCP_SERVER_CONFLICT(
      "McpServerConflict",
      GoalException.Kind.CONFIGURATION,
      "%s: <mcp> gives both a <url> and a <command> (or its <args>/<env>); give the <url> of a"
          + " server over Streamable HTTP, or the <command> that starts one over stdio"),
  MCP_NO_SERVER(
      "McpNoServer",
      GoalException.Kind.CONFIGURATION,
      "%s: <mcp> names no server; give its <url> (Streamable HTTP) or the <command> that starts it"
          + " (stdio)"),
  MCP_COMMAND(
      "McpCommand",
      GoalException.Kind.CONFIGURATION,
      "%s: <mcp><command> is empty; name the program that starts the server, such as java or npx"
          + " (found on the PATH), with its <args>"),
  MCP_STDIO_CREDENTIALS(
      "McpStdioCredentials",
      GoalException.Kind.CONFIGURATION,
      "%s: <mcp> starts a program over stdio, so <headers>, <authorizationEnv> and <serverId> have"
          + " nothing to be sent to; give the program its credentials in <mcp><env> (as"
          + " ${env.NAME}), or give the server's <url>"),
  MCP_URL("McpUrl", GoalException.Kind.CONFIGURATION, "%s: %s %s"),
  MCP_ENV(
      "McpEnv",
      GoalException.Kind.CONFIGURATION,
      "%s: <mcp><env> %s holds an expression Maven could not resolve (the value is not shown);"
          + " export the environment variable it names before running Maven"),

  // A contract's <tiers>.
  TIER_OVERRIDE("TierOverride", GoalException.Kind.CONFIGURATION, "%s: <tiers> %s"),
  TIER_OVERRIDE_EMPTY(
      "TierOverride",
      GoalException.Kind.CONFIGURATION,
      "%s is empty; give an <opcode> or a <pattern>, and its <tier>"),
  TIER_OVERRIDE_BOTH(
      "TierOverride",
      GoalException.Kind.CONFIGURATION,
      "%s gives both <opcode> and <pattern>; give one, and another <override> for the other"),
  TIER_OVERRIDE_NO_OP(
      "TierOverride",
      GoalException.Kind.CONFIGURATION,
      "%s names no op; give an <opcode> (pulls/merge) or a <pattern> (repos/*)"),
  TIER_OVERRIDE_NO_TIER(
      "TierOverride", GoalException.Kind.CONFIGURATION, "%s%s has no <tier>; give one of %s"),
  TIER_OVERRIDE_TIER("TierOverride", GoalException.Kind.CONFIGURATION, "%s%s: <tier> %s"),

  // The config file and flags (docs/errors.md, the command line).
  CONFIG_FILE("ConfigFile", GoalException.Kind.CONFIGURATION, "%s"),
  CONFIG_FILE_REPOSITORY_FLAG(
      "ConfigFile",
      GoalException.Kind.CONFIGURATION,
      "--repository \"%s\" is not id=url; give the repository's id and its URL, such as"
          + " company=https://nexus.example/repository/agents"),
  // The command line's own: the repositories consumers are resolved from, recheck's class output.
  CONFIG_FILE_NO_REPOSITORY(
      "ConfigFile",
      GoalException.Kind.CONFIGURATION,
      "consumers are given as coordinates, but no repository to resolve them from: add one to"
          + " repositories in the config file ({\"id\": ..., \"url\": ...}) or pass --repository"
          + " id=url"),
  CONFIG_FILE_REPOSITORY_INCOMPLETE(
      "ConfigFile",
      GoalException.Kind.CONFIGURATION,
      "%s has no %s; a repository is its id and its url, such as {\"id\": \"company\", \"url\":"
          + " \"https://nexus.example/repository/agents\"}"),
  CONFIG_FILE_REPOSITORY_NOT_URL(
      "ConfigFile", GoalException.Kind.CONFIGURATION, "%s: its url is not a URL: %s"),
  CONFIG_FILE_REPOSITORY_SCHEME(
      "ConfigFile",
      GoalException.Kind.CONFIGURATION,
      "%s: its url must start with https://, http:// or file:"),
  CONFIG_FILE_REPOSITORY_CREDENTIALS(
      "ConfigFile",
      GoalException.Kind.CONFIGURATION,
      "%s: its url has credentials in it; give them in environment variables named by"
          + " usernameEnv and passwordEnv"),
  CONFIG_FILE_REPOSITORY_VARIABLE_UNSET(
      "ConfigFile",
      GoalException.Kind.CONFIGURATION,
      "%s: %s names environment variable %s, which is not set; export it before running agentkit"),
  CONFIG_FILE_RECHECK_CLASSES(
      "ConfigFile",
      GoalException.Kind.CONFIGURATION,
      "recheck needs the one class output the processor wrote its stamps to: pass --classes <dir>"
          + " (such as build/classes/java/main)"),

  // attach-uses and verify-consumers (docs/errors.md, consumers).
  CONSUMERS_MISSING(
      "ConsumersMissing",
      GoalException.Kind.CONFIGURATION,
      "verify-consumers has no consumer to verify: give each agent that uses the contract as"
          + " groupId:artifactId:version in consumers (<consumers> in the POM, --consumer on the"
          + " command line), or a manifest directory"),
  CONSUMER_COORDINATES_SHAPE(
      "ConsumerCoordinates",
      GoalException.Kind.CONFIGURATION,
      "%s %s is not groupId:artifactId:version; give the agent's coordinates, such as"
          + " com.acme:triage-agent:RELEASE (a version, a range such as [1.4,), LATEST or"
          + " RELEASE)"),
  CONSUMER_COORDINATES_ID_EMPTY(
      "ConsumerCoordinates", GoalException.Kind.CONFIGURATION, "%s %s: the %s %s is empty"),
  CONSUMER_COORDINATES_ID(
      "ConsumerCoordinates",
      GoalException.Kind.CONFIGURATION,
      "%s %s: the %s %s may hold only letters, digits, '.', '-' and '_'"),
  CONSUMER_COORDINATES_VERSION(
      "ConsumerCoordinates",
      GoalException.Kind.CONFIGURATION,
      "%s %s: the version %s; give a version, a range such as [1.4,), LATEST or RELEASE"),
  CONSUMER_COORDINATES_RANGE(
      "ConsumerCoordinates",
      GoalException.Kind.CONFIGURATION,
      "%s: the range %s is not one Maven reads (%s); write it as [1.4,) or [1.4,2.0)"),
  CONSUMER_NOT_FOUND(
      "ConsumerManifestMissing",
      GoalException.Kind.UNAVAILABLE,
      "consumer %s: %s %s in %s; check the coordinates, or publish the agent with"
          + " agentkit:attach-uses (docs/consumers.md)"),
  CONSUMER_NO_BUNDLE(
      "ConsumerManifestMissing",
      GoalException.Kind.UNAVAILABLE,
      "%s has no %s artifact in %s; the agent's build publishes its uses manifests with"
          + " agentkit:attach-uses (docs/consumers.md), or it is not an agent of this contract:"
          + " remove it from the consumers"),
  CONSUMER_NO_MANIFEST(
      "ConsumerManifestMissing",
      GoalException.Kind.UNAVAILABLE,
      "consumer %s has no uses manifest of contract %s (%s); it is no agent of this backend, or"
          + " its build did not compile its agents with the agentkit processor: remove it from the"
          + " consumers, or publish it again"),
  CONSUMER_DIRECTORY_MISSING(
      "ConsumerManifestMissing",
      GoalException.Kind.UNAVAILABLE,
      "manifest directory %s does not exist; give a directory holding uses manifests (.json) or"
          + " agentkit-uses bundles (.zip)"),
  CONSUMER_DIRECTORY_UNREADABLE(
      "ConsumerManifestMissing",
      GoalException.Kind.UNAVAILABLE,
      "could not read the manifest directory %s: %s"),
  CONSUMER_REPOSITORY(
      "ConsumerRepository",
      GoalException.Kind.UNAVAILABLE,
      "could not read %s for consumer %s: %s; check the repository's URL, that it is up, and its"
          + " credentials (a <server> of settings.xml with the repository's id)"),
  CONSUMER_BASELINE_MISSING(
      "ConsumerBaseline",
      GoalException.Kind.UNAVAILABLE,
      "no baseline of contract %s at %s: the change is graded from the contract the backend"
          + " serves now, what its consumers bind today; commit its snapshot (%s against the"
          + " deployed backend), or point <baselineDirectory> at the directory that holds it"),
  CONSUMER_BASELINE_UNREADABLE(
      "ConsumerBaseline",
      GoalException.Kind.UNAVAILABLE,
      "the baseline of contract %s at %s is unreadable: %s"),
  USES_BUNDLE(
      "UsesBundle",
      GoalException.Kind.UNAVAILABLE,
      "%s %s; a bundle is written by agentkit:attach-uses, never by hand: publish it again from"
          + " the agent's build"),
  USES_BUNDLE_UNREADABLE("UsesBundle", GoalException.Kind.UNAVAILABLE, "could not read %s: %s"),
  ACKNOWLEDGEMENT_INCOMPLETE(
      "Acknowledgement",
      GoalException.Kind.CONFIGURATION,
      "%s has no %s; an acknowledgement names a drift <rule> and a <target> as the report prints"
          + " them, and the last day it holds (<expires>, such as 2027-01-31)"),
  ACKNOWLEDGEMENT_RULE("Acknowledgement", GoalException.Kind.CONFIGURATION, "%s: <rule>: %s"),
  ACKNOWLEDGEMENT_EXPIRES(
      "Acknowledgement",
      GoalException.Kind.CONFIGURATION,
      "%s: <expires> \"%s\" is not a date; write it as yyyy-mm-dd, such as 2027-01-31");

  private final MessageTemplate text;
  private final GoalException.Kind kind;

  GoalMessage(String tag, GoalException.Kind kind, String template) {
    // Every goal message is for the developer or the operator who runs the goal.
    this.text = new MessageTemplate(tag, RuntimeMessage.Kind.ERROR, template);
    this.kind = kind;
  }

  @Override
  public MessageTemplate text() {
    return text;
  }

  /** How a goal that stops with the message fails: its exit code on the command line. */
  GoalException.Kind kind() {
    return kind;
  }

  /** The goal's failure with this message, of the message's kind. */
  public GoalException failure(Object... args) {
    return kind == GoalException.Kind.CONFIGURATION
        ? GoalException.config(new ConfigException(format(args)))
        : GoalException.unavailable(format(args));
  }
}
