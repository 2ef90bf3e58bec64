package dev.agentkit.maven;

import dev.agentkit.source.ContractSource;
import dev.agentkit.source.HttpContractSource;
import java.lang.reflect.Constructor;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

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

  SourceFactory(Function<String, String> env, Map<String, Server> servers, List<URL> classpath) {
    this.env = env;
    this.servers = servers;
    this.projectClasspath = classpath;
  }

  /** Checks a contract's configuration and builds its source. */
  ContractSource create(ContractConfig c, int index) throws ConfigException {
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
    boolean hasUrl = c.url != null && !c.url.isBlank();
    boolean hasClass = c.sourceClass != null && !c.sourceClass.isBlank();
    if (hasUrl == hasClass) {
      throw new ConfigException(
          where
              + (hasUrl
                  ? ": both <url> and <sourceClass> are set; give exactly one"
                  : ": neither <url> nor <sourceClass> is set; give the URL the backend serves"
                      + " its contract at, or a ContractSource class on the project's classpath"));
    }
    if (hasClass) {
      return loadClass(c, where);
    }
    return http(c, where);
  }

  private ContractSource http(ContractConfig c, String where) throws ConfigException {
    URI uri;
    try {
      uri = new URI(c.url.trim());
    } catch (URISyntaxException e) {
      throw new ConfigException(where + ": <url> \"" + c.url + "\" is not a URL: " + e.getReason());
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new ConfigException(
          where + ": <url> \"" + c.url + "\" must start with http:// or https://");
    }
    if (uri.getUserInfo() != null) {
      throw new ConfigException(
          where
              + ": <url> has credentials in it; the POM is no place for them — use"
              + " <authorizationEnv> or <serverId>");
    }
    if (c.connectTimeoutMillis <= 0 || c.requestTimeoutMillis <= 0) {
      throw new ConfigException(
          where + ": <connectTimeoutMillis> and <requestTimeoutMillis> must be positive");
    }
    HttpContractSource.Builder b =
        HttpContractSource.builder(uri)
            .contractName(c.name)
            .connectTimeout(Duration.ofMillis(c.connectTimeoutMillis))
            .requestTimeout(Duration.ofMillis(c.requestTimeoutMillis));
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
      b.header(name, h.substring(colon + 1).trim());
    }
    boolean hasEnv = c.authorizationEnv != null && !c.authorizationEnv.isBlank();
    boolean hasServer = c.serverId != null && !c.serverId.isBlank();
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
      b.header("Authorization", "Bearer " + token.trim());
    }
    if (hasServer) {
      Server s = servers.get(c.serverId.trim());
      if (s == null) {
        throw new ConfigException(
            where
                + ": <serverId> "
                + c.serverId.trim()
                + " is not a <server> in settings.xml"
                + (servers.isEmpty() ? " (it has none)" : "; it has: " + sorted(servers)));
      }
      b.header("Authorization", authorization(s, where, c.serverId.trim()));
    }
    return b.build();
  }

  private static String describeShape(String h) {
    return h.indexOf(':') < 0 ? "no colon" : "no header name before the colon";
  }

  private static String sorted(Map<String, Server> servers) {
    return String.join(", ", servers.keySet().stream().sorted().toList());
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
    URLClassLoader loader = new URLClassLoader(projectClasspath.toArray(new URL[0]), parent);
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
