package dev.agentkit.mcp;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Operand;
import dev.agentkit.internal.source.ClientSettings;
import dev.agentkit.internal.text.LineText;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;
import dev.agentkit.source.HttpArguments;
import dev.agentkit.source.Redactor;
import dev.agentkit.source.SchemaOperands;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Reads a backend's contract from an MCP server's tools, over stdio (a command the source starts as
 * a child process) or Streamable HTTP. It initializes, pages through {@code tools/list} (following
 * {@code nextCursor}) and maps each tool to an op: the name is the opcode, the description (else
 * the title) the description, the input schema the operands (by {@link SchemaOperands}), and the
 * tier comes from the annotations, fail-safe: {@code readOnlyHint: true} is read_only; otherwise
 * {@code destructiveHint: false} is reversible when {@code openWorldHint} is false and
 * external_reversible when it is true or absent; anything else (destructive, or no hints, the MCP
 * default) is irreversible. {@code _meta} {@code "dev.agentkit/tier"} overrides the hints and
 * {@code "dev.agentkit/objectType"} gives the object type. See docs/mcp.md.
 *
 * <p>The contract is stamped with the server's name and version from {@code initialize}. The
 * session stays open, for {@link McpActions} and for the server's {@code
 * notifications/tools/list_changed}, which {@link #onToolsChanged} hears (hand it {@code
 * CachedContract::invalidate}); it is reopened after a transport failure, and {@link #close()} ends
 * it (and the child process). Header and environment values (credentials) appear in no message,
 * stamp or warning. Thread-safe.
 */
public final class McpContractSource implements ContractSource, AutoCloseable {
  /** The default of the most {@code tools/list} pages one listing reads. */
  public static final int DEFAULT_MAX_PAGES = 1000;

  /** The default of the most bytes of pages one listing reads: 64 MiB. */
  public static final long DEFAULT_MAX_LIST_BYTES = 64L * 1024 * 1024;

  /** The default of the longest line a stdio server may write on stdout as one message. */
  public static final int DEFAULT_MAX_LINE_CHARS = ChildTransport.MAX_LINE_CHARS;

  /** The default of the time one listing may take, all its pages together. */
  public static final Duration DEFAULT_LIST_TIMEOUT = Duration.ofSeconds(60);

  private final String contractName;
  private final Duration requestTimeout;
  private final int maxPages;
  private final long maxListBytes;
  private final Duration listTimeout;
  private final Connection connection;
  private volatile ToolMapping.Read last;

  private McpContractSource(Builder b, Connection connection) {
    this.contractName = b.settings.requiredContractName(McpContractSource.class);
    this.requestTimeout = b.settings.requestTimeout();
    this.maxPages = b.maxPages;
    this.maxListBytes = b.maxListBytes;
    this.listTimeout = b.listTimeout;
    this.connection = connection;
  }

  /**
   * A builder for a server started as a child process, spoken to over its stdin and stdout.
   *
   * @param command the program, such as {@code npx} or an absolute path to {@code java}
   */
  public static Builder stdio(String command) {
    return new Builder(Objects.requireNonNull(command, "command"), null);
  }

  /** A builder for a server at a Streamable HTTP endpoint, such as {@code http://host/mcp}. */
  public static Builder http(URI url) {
    return new Builder(null, Objects.requireNonNull(url, "url"));
  }

  /**
   * Lists the server's tools and maps them.
   *
   * @throws ContractSourceException when the server cannot be started, reached or initialized, does
   *     not answer in time, answers {@code tools/list} with an error, lists a tool without a name
   *     or one name twice, or marks a tool with a tier or object type that cannot be read
   */
  @Override
  public Contract fetch() throws ContractSourceException {
    try {
      List<McpSchema.Tool> tools = listTools();
      String stamp = stamp(connection.serverInfo());
      ToolMapping.Read read = ToolMapping.read(tools, connection.origin());
      Redactor r = connection.redactor();
      // Warnings and messages quote tool names and server text: one line each, whatever they hold.
      List<String> warnings = read.warnings().stream().map(w -> LineText.of(r.redact(w))).toList();
      last = new ToolMapping.Read(read.ops(), read.fields(), warnings);
      return Contract.of(contractName, stamp, read.ops()).redacted(r::redact);
    } catch (McpFailure e) {
      throw new ContractSourceException(LineText.of(e.getMessage()));
    } catch (ContractSourceException e) {
      throw new ContractSourceException(LineText.of(connection.redactor().redact(e.getMessage())));
    }
  }

  /**
   * One walk through {@code tools/list}, bounded by {@link #maxPages} requests, {@link
   * #maxListBytes} of pages and {@link #listTimeout} in all (each page within {@link
   * #requestTimeout} too).
   */
  private List<McpSchema.Tool> listTools() throws McpFailure, ContractSourceException {
    List<McpSchema.Tool> tools = new ArrayList<>();
    Set<String> cursors = new HashSet<>();
    long deadline = System.nanoTime() + listTimeout.toNanos();
    long bytes = 0;
    String cursor = null;
    for (int page = 1; ; page++) {
      McpSchema.ListToolsResult result = page(cursor, deadline, page);
      bytes += size(result);
      if (bytes > maxListBytes) {
        throw new ContractSourceException(
            McpMessage.LIST_TOO_LARGE.format(connection.origin(), maxListBytes, page));
      }
      if (result.tools() != null) {
        tools.addAll(result.tools());
      }
      cursor = result.nextCursor();
      if (cursor == null || cursor.isEmpty()) {
        return tools;
      }
      if (!cursors.add(cursor) || page >= maxPages) {
        throw new ContractSourceException(
            page >= maxPages
                ? McpMessage.PAGING_TOO_LONG.format(connection.origin(), maxPages)
                : McpMessage.PAGING_CURSOR_TWICE.format(connection.origin()));
      }
    }
  }

  /** One page, within the request timeout and what is left of the listing's. */
  private McpSchema.ListToolsResult page(String cursor, long deadline, int page)
      throws McpFailure, ContractSourceException {
    long left = deadline - System.nanoTime();
    boolean cut = left < requestTimeout.toNanos();
    try {
      if (left <= 0) {
        throw new McpFailure(McpFailure.Kind.TIMED_OUT, "the listing's time is up");
      }
      Duration timeout = cut ? Duration.ofNanos(left) : requestTimeout;
      return connection.request("tools/list", timeout, c -> c.listTools(cursor));
    } catch (McpFailure e) {
      if (!cut || e.kind() != McpFailure.Kind.TIMED_OUT) {
        throw e;
      }
      throw new ContractSourceException(
          McpMessage.LIST_TIMEOUT.format(connection.origin(), page - 1, listTimeout.toMillis()));
    }
  }

  /** A page's size as JSON, as the server sent it near enough. */
  private static long size(McpSchema.ListToolsResult result) {
    try {
      return McpJsonDefaults.getMapper().writeValueAsBytes(result).length;
    } catch (java.io.IOException e) {
      return 0; // a page the mapper cannot write was read from JSON all the same
    }
  }

  /** The server's name and version, as {@code initialize} gave them. */
  private String stamp(McpSchema.Implementation info) {
    if (info == null) {
      return "MCP server " + connection.origin();
    }
    String name = Objects.requireNonNullElse(info.name(), "").strip();
    String version = Objects.requireNonNullElse(info.version(), "").strip();
    return connection.redactor().redact((name + " " + version).strip());
  }

  /**
   * The warnings of the last fetch, each naming the tool and the property that could not be mapped
   * faithfully. Empty before one.
   */
  public List<String> warnings() {
    ToolMapping.Read read = last;
    return read == null ? List.of() : read.warnings();
  }

  /**
   * Calls {@code listener} whenever the server sends {@code notifications/tools/list_changed}, on
   * the client's thread, and whenever a session is opened again after a transport failure (a notice
   * sent while no session was open is lost, so the tools may have changed meanwhile); for {@code
   * source.onToolsChanged(cache::invalidate)}. A listener that throws does not stop the others.
   */
  public void onToolsChanged(Runnable listener) {
    connection.onToolsChanged(Objects.requireNonNull(listener, "listener"));
  }

  /**
   * Whether the server declared, when the session was opened, that it sends {@code
   * notifications/tools/list_changed} ({@code capabilities.tools.listChanged}); false before the
   * first fetch. With {@link #onToolsChanged} wired to a cache's {@code invalidate}, such a
   * server's changes are seen at once, and the cache's ttl only bounds what a lost notice can cost.
   * MCP has no conditional {@code tools/list}: every refresh lists every page again (docs/mcp.md).
   */
  public boolean announcesToolChanges() {
    return connection.announcesToolChanges();
  }

  /** The command (without its arguments) or the URL (without user-info or query string). */
  @Override
  public String describe() {
    return connection.origin();
  }

  /** Where the server is; never a header or environment value. */
  @Override
  public String toString() {
    return "McpContractSource[" + connection.origin() + "]";
  }

  /**
   * Ends the session; for a stdio server, returns once the child process is gone (its stdin closed,
   * then TERM, then KILL, each after a short wait; its own children too). A later fetch fails.
   */
  @Override
  public void close() {
    connection.close();
  }

  Connection connection() {
    return connection;
  }

  Duration requestTimeout() {
    return requestTimeout;
  }

  /** The mapped operands of the last fetch's tools, fetching first when there was none. */
  Map<String, List<Operand>> fields() throws ContractSourceException {
    ToolMapping.Read read = last;
    if (read == null) {
      fetch();
      read = last;
    }
    return read.fields();
  }

  /** Builds a {@link McpContractSource}. Not thread-safe. */
  public static final class Builder {
    private final String command;
    private final URI url;
    private final List<String> args = new ArrayList<>();
    private final Map<String, String> env = new LinkedHashMap<>();
    private final ClientSettings<Builder> settings =
        new ClientSettings<>(this, Duration.ofSeconds(20), Duration.ofSeconds(30));
    private int maxPages = DEFAULT_MAX_PAGES;
    private long maxListBytes = DEFAULT_MAX_LIST_BYTES;
    private Duration listTimeout = DEFAULT_LIST_TIMEOUT;
    private int maxLineChars = ChildTransport.MAX_LINE_CHARS;

    private Builder(String command, URI url) {
      this.command = command;
      this.url = url;
    }

    /** The contract's name (required), as {@code @Agent(contract = ...)} names it. */
    public Builder contractName(String contractName) {
      return settings.contractName(contractName);
    }

    /** Arguments of the stdio command; they appear in no message. */
    public Builder args(String... args) {
      requireStdio("args");
      for (String a : args) {
        this.args.add(Objects.requireNonNull(a, "arg"));
      }
      return this;
    }

    /** An environment variable of the child process; its value appears in no message. */
    public Builder env(String name, String value) {
      requireStdio("env");
      Arguments.checkName(name, "environment variable");
      env.put(name, Objects.requireNonNull(value, "value"));
      return this;
    }

    /** A header sent with every HTTP request, such as {@code Authorization}; never shown. */
    public Builder header(String name, String value) {
      if (url == null) {
        throw new IllegalStateException(
            "header(...) is for an MCP server over HTTP; a stdio server gets its credentials by"
                + " env(...)");
      }
      return settings.header(name, value);
    }

    /**
     * How long to wait for the server to start and answer {@code initialize}; default 20 seconds.
     */
    public Builder connectTimeout(Duration connectTimeout) {
      return settings.connectTimeout(connectTimeout);
    }

    /** How long to wait for each {@code tools/list} page; default 30 seconds. */
    public Builder requestTimeout(Duration requestTimeout) {
      return settings.requestTimeout(requestTimeout);
    }

    /**
     * The most {@code tools/list} pages read before the paging is taken as broken; default 1000.
     */
    public Builder maxPages(int maxPages) {
      if (maxPages <= 0) {
        throw new IllegalArgumentException("maxPages must be positive, but it is " + maxPages);
      }
      this.maxPages = maxPages;
      return this;
    }

    /**
     * The most bytes of {@code tools/list} pages one listing reads (measured as JSON) before it
     * stops; default 64 MiB.
     */
    public Builder maxListBytes(long maxListBytes) {
      if (maxListBytes <= 0) {
        throw new IllegalArgumentException(
            "maxListBytes must be positive, but it is " + maxListBytes);
      }
      this.maxListBytes = maxListBytes;
      return this;
    }

    /** How long one listing, all its pages together, may take; default 60 seconds. */
    public Builder listTimeout(Duration listTimeout) {
      this.listTimeout = HttpArguments.positive(listTimeout, "list timeout");
      return this;
    }

    /**
     * The longest line a stdio server may write on stdout as one message, in characters; a longer
     * one fails the request instead of being buffered. Default 16 Mi (16,777,216).
     */
    public Builder maxLineChars(int maxLineChars) {
      requireStdio("maxLineChars");
      if (maxLineChars <= 0) {
        throw new IllegalArgumentException(
            "maxLineChars must be positive, but it is " + maxLineChars);
      }
      this.maxLineChars = maxLineChars;
      return this;
    }

    private void requireStdio(String what) {
      if (command == null) {
        throw new IllegalStateException(
            what
                + "(...) is for an MCP server started as a command (stdio); an HTTP server gets"
                + " its credentials by header(...)");
      }
    }

    /**
     * The source; nothing is started or connected until the first fetch.
     *
     * @throws IllegalArgumentException when the contract name or the command is blank, or the URL
     *     is not an absolute http or https URL with a host and without user-info
     */
    public McpContractSource build() {
      settings.requiredContractName(
          McpContractSource.class); // a blank name is refused before anything else
      List<String> secrets = new ArrayList<>(env.values());
      secrets.addAll(settings.headers().values());
      Redactor redactor = Redactor.forHeaders(secrets);
      List<String> hidden = new ArrayList<>(secrets);
      hidden.addAll(args);
      Redactor errors = Redactor.forHeaders(hidden);
      Connection connection;
      if (command != null) {
        if (command.isBlank()) {
          throw new IllegalArgumentException("the MCP server command is blank; name the program");
        }
        StderrTail stderr = new StderrTail();
        connection =
            new Connection(
                stdioTransports(stderr),
                "stdio:" + command,
                redactor,
                errors,
                settings.connectTimeout(),
                stderr,
                () -> Commands.problem(command, env));
      } else {
        HttpArguments.checkUrl(url, "MCP server");
        connection =
            new Connection(
                httpTransports(),
                Redactor.url(url),
                redactor,
                errors,
                settings.connectTimeout(),
                null,
                () -> null);
      }
      return new McpContractSource(this, connection);
    }

    private Supplier<McpClientTransport> stdioTransports(StderrTail stderr) {
      List<String> line = new ArrayList<>();
      line.add(command);
      line.addAll(args);
      Map<String, String> environment = Map.copyOf(env);
      int limit = maxLineChars;
      return () ->
          new ChildTransport(line, environment, McpJsonDefaults.getMapper(), stderr::add, limit);
    }

    private Supplier<McpClientTransport> httpTransports() {
      String base = url.getScheme() + "://" + url.getRawAuthority();
      String endpoint =
          url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
      if (url.getRawQuery() != null) {
        endpoint += "?" + url.getRawQuery();
      }
      Map<String, String> sent = settings.headers();
      String path = endpoint;
      Duration connect = settings.connectTimeout();
      return () -> {
        HttpRequest.Builder request = HttpRequest.newBuilder();
        sent.forEach(request::header);
        return HttpClientStreamableHttpTransport.builder(base)
            .endpoint(path)
            .connectTimeout(connect)
            .requestBuilder(request)
            .build();
      };
    }
  }
}
