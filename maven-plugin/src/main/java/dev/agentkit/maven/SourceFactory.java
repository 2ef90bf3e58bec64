package dev.agentkit.maven;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Tier;
import dev.agentkit.contract.TierOverride;
import dev.agentkit.mcp.McpContractSource;
import dev.agentkit.openapi.OpenApiContractSource;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.HttpContractSource;
import java.lang.reflect.Constructor;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Turns a {@link ContractConfig} into a {@link ContractSource}, checking the configuration first.
 * Credentials come from the environment or from {@code settings.xml}; they are sent as headers and
 * never logged or written anywhere.
 */
final class SourceFactory {
  /**
   * A settings.xml server's credentials, decrypted.
   *
   * @param problem why its password could not be decrypted, or null
   */
  record Server(String username, String password, String problem) {
    Server(String username, String password) {
      this(username, password, null);
    }

    static Server undecryptable(String problem) {
      return new Server(null, null, problem);
    }
  }

  /** The text with every occurrence of a secret removed (the secret may be null or empty). */
  static String redact(String text, String secret) {
    if (text == null) {
      return "";
    }
    return secret == null || secret.isEmpty() ? text : text.replace(secret, "***");
  }

  private final Function<String, String> env;
  private final Map<String, Server> servers;
  private final List<URL> projectClasspath;
  private final Path baseDirectory;

  /**
   * @param baseDirectory the module's directory, against which a relative {@code <openapi>} path is
   *     resolved
   */
  SourceFactory(
      Function<String, String> env,
      Map<String, Server> servers,
      List<URL> classpath,
      Path baseDirectory) {
    this.env = env;
    this.servers = servers;
    this.projectClasspath = classpath;
    this.baseDirectory = baseDirectory;
  }

  /**
   * A configured source, the warnings its last fetch left (mapping notes, already tagged), and the
   * contract's tier overrides with where they were configured.
   */
  record Configured(
      ContractSource source,
      Supplier<List<String>> warnings,
      List<TierOverride> tiers,
      String where) {
    Configured {
      tiers = tiers == null ? List.of() : List.copyOf(tiers);
      where = where == null ? "" : where;
    }

    Configured(ContractSource source, Supplier<List<String>> warnings) {
      this(source, warnings, List.of(), "");
    }

    static Configured plain(ContractSource source) {
      return new Configured(source, List::of);
    }

    Configured withTiers(List<TierOverride> overrides, String at) {
      return new Configured(source, warnings, overrides, at);
    }

    /**
     * The fetched contract with the overrides applied, once {@link TierOverride#check} finds
     * nothing wrong with them for it.
     */
    Contract apply(Contract live) throws ConfigException {
      if (tiers.isEmpty()) {
        return live;
      }
      List<String> problems = TierOverride.check(live, tiers);
      if (!problems.isEmpty()) {
        throw new ConfigException(
            GoalMessage.TIER_OVERRIDE.format(
                where,
                problems.size() == 1
                    ? problems.get(0)
                    : problems.size() + " problems:\n  - " + String.join("\n  - ", problems)));
      }
      return live.withTiers(tiers);
    }
  }

  /** Builds the source of one kind from a contract's configuration. */
  private interface Build {
    Configured build(ContractConfig c, String where) throws ConfigException;
  }

  /**
   * One kind of contract source: the POM element that names it, what to give there, and how to
   * build it. A {@code <contract>} gives exactly one kind; a new kind is one more row.
   */
  private record Kind(String element, String what, Predicate<ContractConfig> given, Build build) {}

  private final List<Kind> kinds =
      List.of(
          new Kind(
              "url",
              "the URL the backend serves its contract document at",
              c -> given(c.url),
              (c, where) -> Configured.plain(http(c, where))),
          new Kind(
              "openapi",
              "the URL or path of an OpenAPI 3.0 or 3.1 document",
              c -> given(c.openapi),
              this::openApi),
          new Kind(
              "mcp",
              "an MCP server: its <url> (Streamable HTTP) or the <command> that starts it (stdio)",
              c -> c.mcp != null,
              this::mcp),
          new Kind(
              "sourceClass",
              "a ContractSource class on the project's classpath",
              c -> given(c.sourceClass),
              (c, where) -> Configured.plain(loadClass(c, where))));

  private static boolean given(String value) {
    return value != null && !value.isBlank();
  }

  /** Checks a contract's configuration and builds its source. */
  ContractSource create(ContractConfig c, int index) throws ConfigException {
    return configure(c, index).source();
  }

  /** Checks a contract's configuration and builds its source, with the source's warnings. */
  Configured configure(ContractConfig c, int index) throws ConfigException {
    String where = "contracts[" + index + "]" + (c.name == null ? "" : " (" + c.name + ")");
    if (c.name == null || c.name.isBlank()) {
      throw new ConfigException(
          where
              + ": <name> is missing; every contract needs the name its snapshot is saved as"
              + " (contract-snapshots/<name>.json)");
    }
    try {
      dev.agentkit.internal.text.ContractName.check(c.name);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(where + ": <name> " + e.getMessage());
    }
    List<Kind> chosen = kinds.stream().filter(k -> k.given().test(c)).toList();
    if (chosen.isEmpty()) {
      throw new ConfigException(
          GoalMessage.CONTRACT_SOURCE_MISSING.format(
              where,
              String.join(
                  ", ",
                  kinds.stream().map(k -> "<" + k.element() + "> (" + k.what() + ")").toList())));
    }
    if (chosen.size() > 1) {
      List<String> elements = chosen.stream().map(k -> "<" + k.element() + ">").toList();
      throw new ConfigException(
          GoalMessage.CONTRACT_SOURCE_CONFLICT.format(
              where,
              String.join(", ", elements.subList(0, elements.size() - 1)),
              elements.get(elements.size() - 1),
              elements.size() == 2 ? "both" : "all"));
    }
    try {
      return chosen.get(0).build().build(c, where).withTiers(tiers(c, where), where);
    } catch (IllegalArgumentException e) {
      // A builder's own check (a header the HTTP client cannot send); its message shows no value.
      throw new ConfigException(where + ": " + e.getMessage());
    }
  }

  /** The {@code <tiers>} of a contract, each {@code <override>} checked on its own. */
  static List<TierOverride> tiers(ContractConfig c, String where) throws ConfigException {
    List<TierOverride> out = new ArrayList<>();
    List<TierConfig> entries = c.tiers == null ? List.of() : c.tiers;
    for (int i = 0; i < entries.size(); i++) {
      out.add(tier(entries.get(i), where + ": <tiers> <override> " + (i + 1)));
    }
    try {
      Contract.of(c.name, List.of()).withTiers(out);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(GoalMessage.TIER_OVERRIDE.format(where, e.getMessage()));
    }
    return out;
  }

  private static TierOverride tier(TierConfig t, String at) throws ConfigException {
    if (t == null) {
      throw new ConfigException(GoalMessage.TIER_OVERRIDE_EMPTY.format(at));
    }
    boolean opcode = given(t.opcode);
    boolean pattern = given(t.pattern);
    if (opcode == pattern) {
      throw new ConfigException(
          (opcode ? GoalMessage.TIER_OVERRIDE_BOTH : GoalMessage.TIER_OVERRIDE_NO_OP).format(at));
    }
    String named = " (" + (opcode ? t.opcode.trim() : t.pattern.trim()) + ")";
    if (!given(t.tier)) {
      throw new ConfigException(
          GoalMessage.TIER_OVERRIDE_NO_TIER.format(at, named, Tier.validNames()));
    }
    Tier tier;
    try {
      tier = Tier.parse(t.tier);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(GoalMessage.TIER_OVERRIDE_TIER.format(at, named, e.getMessage()));
    }
    TierOverride o =
        opcode ? TierOverride.forOpcode(t.opcode, tier) : TierOverride.forPattern(t.pattern, tier);
    return o.because(t.reason);
  }

  private ContractSource http(ContractConfig c, String where) throws ConfigException {
    URI uri = httpUri(c.url, null, "<url>", where);
    checkTimeouts(c, where);
    HttpContractSource.Builder b =
        HttpContractSource.builder(uri)
            .contractName(c.name)
            .connectTimeout(Duration.ofMillis(c.connectTimeoutMillis))
            .requestTimeout(Duration.ofMillis(c.requestTimeoutMillis));
    positive(where, "<maxResponseBytes>", c.maxResponseBytes);
    b.maxResponseBytes(c.maxResponseBytes);
    headers(c, where, b::header);
    return b.build();
  }

  /** An OpenAPI document's bounds (docs/openapi.md#bounds), one row per element. */
  private record Bound(
      String element,
      java.util.function.ToIntFunction<ContractConfig> value,
      BiConsumer<OpenApiContractSource.Builder, Integer> set) {}

  private static final List<Bound> OPENAPI_BOUNDS =
      List.of(
          new Bound("maxDocumentBytes", c -> c.maxDocumentBytes, (b, v) -> b.maxDocumentBytes(v)),
          new Bound("maxDocumentNodes", c -> c.maxDocumentNodes, (b, v) -> b.maxDocumentNodes(v)),
          new Bound(
              "maxAliasExpansion", c -> c.maxAliasExpansion, (b, v) -> b.maxAliasExpansion(v)),
          new Bound("maxYamlAliases", c -> c.maxYamlAliases, (b, v) -> b.maxYamlAliases(v)),
          new Bound("maxDocumentDepth", c -> c.maxDocumentDepth, (b, v) -> b.maxDocumentDepth(v)),
          new Bound("maxEnumValues", c -> c.maxEnumValues, (b, v) -> b.maxEnumValues(v)),
          new Bound("maxYamlLineChars", c -> c.maxYamlLineChars, (b, v) -> b.maxYamlLineChars(v)));

  private static OpenApiContractSource.Builder openApiBounds(
      OpenApiContractSource.Builder b, ContractConfig c, String where) throws ConfigException {
    for (Bound bound : OPENAPI_BOUNDS) {
      int value = bound.value().applyAsInt(c);
      positive(where, "<" + bound.element() + ">", value);
      bound.set().accept(b, value);
    }
    return b;
  }

  /**
   * An OpenAPI document: an http(s) URL, fetched with the contract's headers, credentials and
   * timeouts; or a file (a path relative to the module's directory, or a {@code file:} URI), which
   * the snapshot names as the POM does, so it is the same on every machine.
   */
  private Configured openApi(ContractConfig c, String where) throws ConfigException {
    String value = c.openapi.trim();
    if (SCHEME.matcher(value).lookingAt() && !value.regionMatches(true, 0, "file:", 0, 5)) {
      URI uri = httpUri(value, GoalMessage.OPENAPI_URL, "<openapi>", where);
      checkTimeouts(c, where);
      OpenApiContractSource.Builder b =
          OpenApiContractSource.fromUrl(uri)
              .contractName(c.name)
              .connectTimeout(Duration.ofMillis(c.connectTimeoutMillis))
              .requestTimeout(Duration.ofMillis(c.requestTimeoutMillis));
      openApiBounds(b, c, where);
      headers(c, where, b::header);
      OpenApiContractSource source = b.build();
      return new Configured(source, source::warnings);
    }
    if (!c.headers.isEmpty() || given(c.authorizationEnv) || given(c.serverId)) {
      throw new ConfigException(GoalMessage.OPENAPI_FILE_CREDENTIALS.format(where));
    }
    Path file = openApiFile(value, where);
    OpenApiContractSource source =
        openApiBounds(OpenApiContractSource.fromFile(file).contractName(c.name), c, where).build();
    return new Configured(new Stamped(source, value), source::warnings);
  }

  /**
   * An MCP server: a Streamable HTTP endpoint sent the contract's headers and credentials, or a
   * program started over stdio with its arguments and environment. Neither arguments nor
   * environment values appear in a message; the source stamps the contract with its origin only.
   */
  private Configured mcp(ContractConfig c, String where) throws ConfigException {
    McpConfig m = c.mcp;
    List<String> args = m.args == null ? List.of() : m.args;
    Map<String, String> env = m.env == null ? Map.of() : m.env;
    boolean process = given(m.command) || !args.isEmpty() || !env.isEmpty();
    if (given(m.url) && process) {
      throw new ConfigException(GoalMessage.MCP_SERVER_CONFLICT.format(where));
    }
    if (given(m.url)) {
      return mcpHttp(c, where);
    }
    if (!given(m.command)) {
      throw new ConfigException(
          (m.command == null && !process ? GoalMessage.MCP_NO_SERVER : GoalMessage.MCP_COMMAND)
              .format(where));
    }
    if (!c.headers.isEmpty() || given(c.authorizationEnv) || given(c.serverId)) {
      throw new ConfigException(GoalMessage.MCP_STDIO_CREDENTIALS.format(where));
    }
    return mcpStdio(c, m.command.trim(), args, env, where);
  }

  private Configured mcpHttp(ContractConfig c, String where) throws ConfigException {
    URI uri = httpUri(c.mcp.url, GoalMessage.MCP_URL, "<mcp><url>", where);
    checkMcpTimeouts(c, where);
    McpContractSource.Builder b =
        McpContractSource.http(uri)
            .contractName(c.name)
            .connectTimeout(Duration.ofMillis(c.mcp.initializeTimeoutMillis))
            .requestTimeout(Duration.ofMillis(c.requestTimeoutMillis));
    mcpBounds(b, c.mcp);
    headers(c, where, b::header);
    McpContractSource source = b.build();
    return new Configured(source, source::warnings);
  }

  private static void checkMcpTimeouts(ContractConfig c, String where) throws ConfigException {
    checkTimeouts(c, where);
    McpConfig m = c.mcp;
    positive(where, "<mcp><initializeTimeoutMillis>", m.initializeTimeoutMillis);
    positive(where, "<mcp><maxPages>", m.maxPages);
    positive(where, "<mcp><maxListBytes>", m.maxListBytes);
    positive(where, "<mcp><listTimeoutMillis>", m.listTimeoutMillis);
  }

  /** The bounds of one {@code tools/list} listing, as {@code <mcp>} gives them. */
  private static void mcpBounds(McpContractSource.Builder b, McpConfig m) {
    b.maxPages(m.maxPages)
        .maxListBytes(m.maxListBytes)
        .listTimeout(Duration.ofMillis(m.listTimeoutMillis));
  }

  private static void positive(String where, String element, long value) throws ConfigException {
    if (value <= 0) {
      throw new ConfigException(where + ": " + element + " must be positive");
    }
  }

  private static Configured mcpStdio(
      ContractConfig c, String command, List<String> args, Map<String, String> env, String where)
      throws ConfigException {
    checkMcpTimeouts(c, where);
    McpContractSource.Builder b =
        McpContractSource.stdio(command)
            .contractName(c.name)
            .connectTimeout(Duration.ofMillis(c.mcp.initializeTimeoutMillis))
            .requestTimeout(Duration.ofMillis(c.requestTimeoutMillis));
    mcpBounds(b, c.mcp);
    positive(where, "<mcp><maxLineChars>", c.mcp.maxLineChars);
    b.maxLineChars(c.mcp.maxLineChars);
    b.args(args.stream().map(a -> a == null ? "" : a).toArray(String[]::new));
    for (Map.Entry<String, String> e : env.entrySet()) {
      String value = e.getValue() == null ? "" : e.getValue();
      if (value.contains("${")) {
        throw new ConfigException(GoalMessage.MCP_ENV.format(where, e.getKey()));
      }
      b.env(e.getKey(), value);
    }
    McpContractSource source = b.build();
    return new Configured(source, source::warnings);
  }

  private Path openApiFile(String value, String where) throws ConfigException {
    Path file;
    try {
      file =
          value.regionMatches(true, 0, "file:", 0, 5)
              ? Path.of(new URI(value))
              : baseDirectory.resolve(value);
    } catch (URISyntaxException | IllegalArgumentException e) {
      throw new ConfigException(GoalMessage.OPENAPI_FILE_PATH.format(where, value));
    }
    file = file.toAbsolutePath().normalize();
    String problem =
        !Files.exists(file)
            ? "there is no file at " + file
            : !Files.isRegularFile(file)
                ? file + " is not a regular file"
                : !Files.isReadable(file) ? file + " cannot be read" : null;
    if (problem != null) {
      throw new ConfigException(GoalMessage.OPENAPI_FILE_UNREADABLE.format(where, value, problem));
    }
    return file;
  }

  /** A scheme of two or more letters, so that a Windows drive ({@code C:}) reads as a path. */
  private static final Pattern SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]+:");

  /** An absolute http(s) URL without credentials, or the sentence saying why not. */
  /**
   * An http(s) URL with a host and no credentials in it; what is wrong is said under {@code
   * message}'s tag, or untagged for {@code <url>} (null).
   */
  private static URI httpUri(String value, GoalMessage message, String element, String where)
      throws ConfigException {
    URI uri;
    try {
      uri = new URI(value.trim());
    } catch (URISyntaxException e) {
      throw notHttp(message, where, element, "\"" + value + "\" is not a URL: " + e.getReason());
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw notHttp(
          message,
          where,
          element,
          "\""
              + value
              + "\" must start with http:// or https://"
              + (message == null ? "" : " (or be a path to a file)"));
    }
    if (uri.getHost() == null) {
      throw notHttp(message, where, element, "\"" + value + "\" has no host name");
    }
    if (uri.getUserInfo() != null) {
      throw notHttp(
          message,
          where,
          element,
          "has credentials in it; the POM is no place for them — use <authorizationEnv> or"
              + " <serverId>");
    }
    return uri;
  }

  private static ConfigException notHttp(
      GoalMessage message, String where, String element, String problem) {
    return new ConfigException(
        message == null
            ? where + ": " + element + " " + problem
            : message.format(where, element, problem));
  }

  private static void checkTimeouts(ContractConfig c, String where) throws ConfigException {
    if (c.connectTimeoutMillis <= 0 || c.requestTimeoutMillis <= 0) {
      throw new ConfigException(
          where + ": <connectTimeoutMillis> and <requestTimeoutMillis> must be positive");
    }
  }

  /**
   * Checks the extra headers and the credentials of an HTTP source, and hands each header to {@code
   * header}.
   */
  private void headers(ContractConfig c, String where, BiConsumer<String, String> header)
      throws ConfigException {
    for (int i = 0; i < c.headers.size(); i++) {
      String h = c.headers.get(i);
      int colon = h == null ? -1 : h.indexOf(':');
      if (colon <= 0 || h.substring(0, colon).isBlank() || h.substring(0, colon).contains(" ")) {
        throw new ConfigException(
            where
                + ": <headers> entry "
                + (i + 1)
                + " is not of the form \"Name: value\""
                + (h == null ? "" : " (it has " + describeShape(h) + ")"));
      }
      String name = h.substring(0, colon).trim();
      if (name.equalsIgnoreCase("authorization")
          || name.equalsIgnoreCase("proxy-authorization")
          || name.equalsIgnoreCase("cookie")) {
        throw new ConfigException(
            where
                + ": <headers> entry "
                + (i + 1)
                + " sets "
                + name
                + " in the POM in clear; credentials come from <authorizationEnv> (an"
                + " environment variable) or <serverId> (settings.xml)");
      }
      header.accept(name, h.substring(colon + 1).trim());
    }
    boolean hasEnv = given(c.authorizationEnv);
    boolean hasServer = given(c.serverId);
    if (hasEnv && hasServer) {
      throw new ConfigException(
          where + ": both <authorizationEnv> and <serverId> are set; give at most one");
    }
    if (hasEnv) {
      String token = env.apply(c.authorizationEnv.trim());
      if (token == null || token.isBlank()) {
        throw new ConfigException(
            where
                + ": <authorizationEnv> names environment variable "
                + c.authorizationEnv.trim()
                + ", which is not set; export it before running Maven");
      }
      header.accept("Authorization", "Bearer " + token.trim());
    }
    if (hasServer) {
      Server s = servers.get(c.serverId.trim());
      if (s == null) {
        throw new ConfigException(
            where
                + ": <serverId> "
                + c.serverId.trim()
                + " is not a <server> in settings.xml"
                + (servers.isEmpty()
                    ? " (it has none)"
                    : "; it has: "
                        + dev.agentkit.internal.text.Names.listing(
                            c.serverId.trim(), servers.keySet())));
      }
      header.accept("Authorization", authorization(s, where, c.serverId.trim()));
    }
  }

  private static String describeShape(String h) {
    return h.indexOf(':') < 0 ? "no colon" : "no header name before the colon";
  }

  private static String authorization(Server s, String where, String id) throws ConfigException {
    if (s.problem() != null) {
      throw new ConfigException(
          where
              + ": the password of settings.xml server "
              + id
              + " cannot be decrypted ("
              + s.problem()
              + "); check the master password in settings-security.xml (or the file named by"
              + " -Dsettings.security), or encrypt the password again with mvn --encrypt-password");
    }
    boolean user = s.username() != null && !s.username().isBlank();
    boolean pass = s.password() != null && !s.password().isBlank();
    if (!pass) {
      throw new ConfigException(
          where + ": settings.xml server " + id + " has no <password> to authenticate with");
    }
    if (user) {
      String basic = s.username() + ":" + s.password();
      return "Basic " + Base64.getEncoder().encodeToString(basic.getBytes(StandardCharsets.UTF_8));
    }
    return "Bearer " + s.password();
  }

  private ContractSource loadClass(ContractConfig c, String where) throws ConfigException {
    String name = c.sourceClass.trim();
    ClassLoader parent = ContractSource.class.getClassLoader();
    // Not closed: the source may load classes lazily while fetching; the loader lives as long as
    // the goal's execution.
    @SuppressWarnings("resource")
    URLClassLoader loader = new SourceClassLoader(projectClasspath.toArray(new URL[0]), parent);
    Class<?> type;
    try {
      type = Class.forName(name, true, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new ConfigException(
          where
              + ": <sourceClass> "
              + name
              + " is not on the project's classpath; compile it in this module (src/main/java)"
              + " or add the dependency that has it");
    }
    if (!ContractSource.class.isAssignableFrom(type)) {
      throw new ConfigException(
          where
              + ": <sourceClass> "
              + name
              + " does not implement dev.agentkit.source.ContractSource");
    }
    try {
      Constructor<?> ctor = type.getConstructor();
      return (ContractSource) ctor.newInstance();
    } catch (NoSuchMethodException e) {
      throw new ConfigException(
          where + ": <sourceClass> " + name + " needs a public constructor without parameters");
    } catch (ReflectiveOperationException | RuntimeException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new ConfigException(
          where + ": <sourceClass> " + name + " could not be created: " + cause);
    }
  }
}
