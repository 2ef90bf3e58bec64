package dev.agentkit.openapi;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.SourceDocument;
import dev.agentkit.internal.source.ClientSettings;
import dev.agentkit.internal.text.LineText;
import dev.agentkit.source.ContractFetch;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;
import dev.agentkit.source.EntityTag;
import dev.agentkit.source.HeldContract;
import dev.agentkit.source.HttpArguments;
import dev.agentkit.source.Redactor;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/**
 * Reads a backend's contract from its OpenAPI 3.0 or 3.1 document (JSON or YAML), from an http(s)
 * URL or a file. Each operation with an {@code operationId} is an op: the operationId is the
 * opcode; its path, query and header parameters, then its JSON request body's properties, are the
 * operands (mapped by {@link dev.agentkit.source.SchemaOperands}); its summary, else its
 * description, is the op's description. The tier is the operation's {@code x-agentkit-tier} when it
 * has one, else {@code GET}/{@code HEAD} read_only, {@code PUT}/{@code PATCH}/{@code POST}
 * reversible, and {@code DELETE} (or any other method) irreversible. {@code x-agentkit-object-type}
 * gives the object type. See docs/openapi.md.
 *
 * <p>What cannot be mapped faithfully (an operation without operationId, a {@code oneOf}) is a
 * warning in {@link #warnings()}; what makes the document unusable (unparseable, too large, two
 * operations with one operationId, an unknown {@code x-agentkit-tier}) fails the fetch. Refs are
 * resolved within the document only; it makes no request of its own. Header values (credentials)
 * appear in no message. Thread-safe.
 *
 * <p>Every contract it reads records the document it was read from ({@link Contract#document()}:
 * the SHA-256 of the bytes fetched, and this mapping's version), and {@link #fetchUnlessUnchanged}
 * answers a {@linkplain HeldContract held} contract read from the same bytes without mapping them
 * again: an unchanged document costs a download and a hash. See docs/openapi.md.
 */
public final class OpenApiContractSource implements ContractSource {
  /** The default cap on a document: 16 MiB. */
  public static final int DEFAULT_MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

  /** The default cap on a document's nodes, its YAML aliases expanded. */
  public static final int DEFAULT_MAX_DOCUMENT_NODES = 2_000_000;

  /** The default cap on the nodes a document's YAML aliases stand for. */
  public static final int DEFAULT_MAX_ALIAS_EXPANSION = 100_000;

  /** The default cap on the uses of YAML aliases of mappings and sequences. */
  public static final int DEFAULT_MAX_YAML_ALIASES = 1_000;

  /** The default cap on the nesting of mappings and sequences. */
  public static final int DEFAULT_MAX_DOCUMENT_DEPTH = 100;

  /** The default cap on the values of one enum. */
  public static final int DEFAULT_MAX_ENUM_VALUES = 10_000;

  /** The default cap on the characters of one line of a YAML document: 256 Ki. */
  public static final int DEFAULT_MAX_YAML_LINE_CHARS = 256 * 1024;

  /**
   * This mapping and its version, as a snapshot records it ({@link SourceDocument#mapping()}).
   * Raised whenever a release changes the ops some document maps to, so that a contract read by an
   * older mapping is never reused for the same bytes; {@code MappingVersionTest} pins what the test
   * documents map to under this version.
   */
  static final String MAPPING = "openapi/1";

  private final URI url;
  private final Path file;
  private final String contractName;
  private final String description;
  private final Duration connectTimeout;
  private final Duration requestTimeout;
  private final int maxDocumentBytes;
  private final DocumentLimits limits;
  private final Map<String, String> headers;
  private final Redactor redactor;
  // One per source, as HttpContractSource holds one: each client has threads and a connection pool.
  private final HttpClient client;
  private volatile OpenApiReader.Read last;

  private OpenApiContractSource(Builder b) {
    this.url = b.url;
    this.file = b.file;
    this.contractName = b.settings.requiredContractName(OpenApiContractSource.class);
    this.description = url != null ? Redactor.url(url) : file.toString();
    this.connectTimeout = b.settings.connectTimeout();
    this.requestTimeout = b.settings.requestTimeout();
    this.maxDocumentBytes = b.maxDocumentBytes;
    this.limits =
        new DocumentLimits(
            b.maxDocumentNodes,
            b.maxAliasExpansion,
            b.maxYamlAliases,
            b.maxDocumentDepth,
            b.maxEnumValues,
            b.maxYamlLineChars);
    this.headers = b.settings.headers();
    this.redactor = b.settings.redactor();
    this.client = url == null ? null : b.settings.client();
  }

  /** A builder for a source reading the document at an http or https URL. */
  public static Builder fromUrl(URI url) {
    return new Builder(Objects.requireNonNull(url, "url"), null);
  }

  /** A builder for a source reading the document in a file. */
  public static Builder fromFile(Path file) {
    return new Builder(null, Objects.requireNonNull(file, "file"));
  }

  /**
   * Reads the document and maps it, unless {@code held} makes that unnecessary:
   *
   * <ul>
   *   <li>at a URL, the held tag is sent as {@code If-None-Match}, and a {@code 304 Not Modified}
   *       answers {@linkplain ContractFetch#unchanged() unchanged}: the document is not sent;
   *   <li>when the bytes fetched are the ones the held contract was read from ({@link
   *       HeldContract#readFrom}, this mapping's version, the same contract name), the held
   *       contract is answered, {@linkplain ContractFetch#reused() reused}, stamped with this
   *       source: the document is not mapped.
   * </ul>
   *
   * The response's {@code ETag} and {@code Cache-Control} freshness come with the answer. After an
   * answer that mapped nothing, the routes {@link OpenApiActions} sends calls by are read from the
   * document when a call first needs them.
   *
   * @throws ContractSourceException as {@link #fetch()} does
   */
  @Override
  public ContractFetch fetchUnlessUnchanged(HeldContract held) throws ContractSourceException {
    if (url == null) {
      byte[] bytes = readFile();
      SourceDocument document = SourceDocument.of(bytes, MAPPING);
      Optional<Contract> reused = reusable(held, document);
      return reused.isPresent()
          ? ContractFetch.reused(reused.get(), Optional.empty(), Optional.empty())
          : ContractFetch.of(map(bytes, document));
    }
    HttpExchange.Answer answer = download(held.entityTag());
    if (answer.status() == 304 && held.entityTag().isPresent()) {
      return ContractFetch.unchangedHttp(answer.headers());
    }
    if (answer.status() / 100 != 2) {
      throw unavailable("answered HTTP " + answer.status());
    }
    if (answer.truncated()) {
      throw tooLarge();
    }
    SourceDocument document =
        new SourceDocument("sha256:" + HexFormat.of().formatHex(answer.sha256()), MAPPING);
    Optional<Contract> reused = reusable(held, document);
    return reused.isPresent()
        ? ContractFetch.reusedHttp(reused.get(), answer.headers())
        : ContractFetch.ofHttp(map(answer.body(), document), answer.headers());
  }

  /**
   * Reads the document and maps it.
   *
   * @throws ContractSourceException when the document cannot be had or read, is larger than the
   *     cap, or declares an operationId twice or an unknown {@code x-agentkit-tier}
   */
  @Override
  public Contract fetch() throws ContractSourceException {
    return fetchUnlessUnchanged(HeldContract.none()).contract().orElseThrow();
  }

  /**
   * The held contract, stamped with this source, when it was read from these very bytes by this
   * mapping under this source's contract name.
   */
  private Optional<Contract> reusable(HeldContract held, SourceDocument document) {
    return held.readFrom(document)
        .filter(c -> c.name().equals(contractName))
        .map(c -> c.withSource(description));
  }

  /** Maps a document's bytes, keeping its routes and warnings as the last fetch's. */
  private Contract map(byte[] bytes, SourceDocument document) throws ContractSourceException {
    String text = new String(bytes, StandardCharsets.UTF_8);
    OpenApiReader.Read read;
    try {
      read =
          OpenApiReader.read(
              text, description, headers.isEmpty() ? null : redactor::redact, limits);
    } catch (ContractSourceException e) {
      // Messages quote the document's names and paths: one line each, whatever they hold.
      throw new ContractSourceException(LineText.of(e.getMessage()));
    } catch (RuntimeException | StackOverflowError e) {
      // The parser's own failure, not a message it returned: named by its class only.
      throw OpenApiReader.unreadable(description, List.of(e.getClass().getSimpleName()));
    }
    read =
        new OpenApiReader.Read(
            read.ops(), read.routes(), read.warnings().stream().map(LineText::of).toList());
    last = read;
    return Contract.of(contractName, description, read.ops()).withDocument(document);
  }

  /**
   * The warnings of the last fetch that mapped the document: what could not be mapped faithfully.
   * Empty before one; a fetch that reused a held contract leaves them as they were.
   */
  public List<String> warnings() {
    OpenApiReader.Read read = last;
    return read == null ? List.of() : read.warnings();
  }

  /** The URL (without user-info or query string) or the file path. */
  @Override
  public String describe() {
    return description;
  }

  /** The location and the names of the extra headers; never their values. */
  @Override
  public String toString() {
    return "OpenApiContractSource[" + description + ", headers " + headers.keySet() + "]";
  }

  /** The routes of the last fetch, fetching first when there was none. */
  Map<String, Route> routes() throws ContractSourceException {
    OpenApiReader.Read read = last;
    if (read == null) {
      fetch();
      read = last;
    }
    return read.routes();
  }

  private byte[] readFile() throws ContractSourceException {
    try {
      long size = Files.size(file);
      if (size > maxDocumentBytes) {
        throw tooLarge();
      }
      byte[] bytes = Files.readAllBytes(file);
      if (bytes.length > maxDocumentBytes) {
        throw tooLarge(); // it grew after it was measured
      }
      return bytes;
    } catch (IOException e) {
      throw new ContractSourceException(
          OpenApiMessage.FILE_UNREADABLE.format(description, e.getClass().getSimpleName()), e);
    }
  }

  private HttpExchange.Answer download(Optional<EntityTag> lastTag) throws ContractSourceException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(url)
            .GET()
            .timeout(requestTimeout)
            .header("Accept", "application/json, application/yaml, text/yaml, */*");
    headers.forEach(request::setHeader);
    lastTag.ifPresent(tag -> request.setHeader("If-None-Match", tag.header()));
    try {
      return HttpExchange.send(
          client, request.build(), maxDocumentBytes, connectTimeout.plus(requestTimeout));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw unavailable("was interrupted");
    } catch (TimeoutException e) {
      throw unavailable(
          "did not finish within "
              + connectTimeout.plus(requestTimeout).toMillis()
              + " ms (its connect and request timeouts together)");
    } catch (ConnectException e) {
      throw unavailable("could not connect; is the backend running?");
    } catch (IOException e) {
      throw unavailable("failed (" + redactor.redact(String.valueOf(e.getMessage())) + ")");
    }
  }

  private ContractSourceException unavailable(String what) {
    return new ContractSourceException(OpenApiMessage.UNAVAILABLE.format(description, what));
  }

  private ContractSourceException tooLarge() {
    return new ContractSourceException(
        OpenApiMessage.TOO_LARGE.format(description, maxDocumentBytes));
  }

  /** Builds an {@link OpenApiContractSource}. Not thread-safe. */
  public static final class Builder {
    private final URI url;
    private final Path file;
    private final ClientSettings<Builder> settings =
        new ClientSettings<>(this, Duration.ofSeconds(5), Duration.ofSeconds(10));
    private int maxDocumentBytes = DEFAULT_MAX_DOCUMENT_BYTES;
    private int maxDocumentNodes = DEFAULT_MAX_DOCUMENT_NODES;
    private int maxAliasExpansion = DEFAULT_MAX_ALIAS_EXPANSION;
    private int maxYamlAliases = DEFAULT_MAX_YAML_ALIASES;
    private int maxDocumentDepth = DEFAULT_MAX_DOCUMENT_DEPTH;
    private int maxEnumValues = DEFAULT_MAX_ENUM_VALUES;
    private int maxYamlLineChars = DEFAULT_MAX_YAML_LINE_CHARS;

    private Builder(URI url, Path file) {
      this.url = url;
      this.file = file;
    }

    /** The contract's name (required), as {@code @Agent(contract = ...)} names it. */
    public Builder contractName(String contractName) {
      return settings.contractName(contractName);
    }

    /** How long to wait for the connection; default 5 seconds. */
    public Builder connectTimeout(Duration connectTimeout) {
      return settings.connectTimeout(connectTimeout);
    }

    /** How long to wait for the document once connected; default 10 seconds. */
    public Builder requestTimeout(Duration requestTimeout) {
      return settings.requestTimeout(requestTimeout);
    }

    /** The largest document read; default 16 MiB. */
    public Builder maxDocumentBytes(int maxDocumentBytes) {
      this.maxDocumentBytes = HttpArguments.byteCap(maxDocumentBytes, "maxDocumentBytes");
      return this;
    }

    /**
     * The most nodes (mappings, sequences and scalars) a document may have, its YAML aliases
     * expanded; default 2,000,000.
     */
    public Builder maxDocumentNodes(int maxDocumentNodes) {
      this.maxDocumentNodes = bound(maxDocumentNodes, "maxDocumentNodes");
      return this;
    }

    /**
     * The most nodes the YAML aliases of a document may stand for, each use counting the nodes it
     * repeats; default 100,000. A few hundred bytes of aliases can stand for billions of nodes.
     */
    public Builder maxAliasExpansion(int maxAliasExpansion) {
      this.maxAliasExpansion = bound(maxAliasExpansion, "maxAliasExpansion");
      return this;
    }

    /** The most uses of YAML aliases of mappings and sequences; default 1,000. */
    public Builder maxYamlAliases(int maxYamlAliases) {
      this.maxYamlAliases = bound(maxYamlAliases, "maxYamlAliases");
      return this;
    }

    /** The deepest nesting of mappings and sequences; default 100. */
    public Builder maxDocumentDepth(int maxDocumentDepth) {
      this.maxDocumentDepth = bound(maxDocumentDepth, "maxDocumentDepth");
      return this;
    }

    /** The most values of one {@code enum} anywhere in the document; default 10,000. */
    public Builder maxEnumValues(int maxEnumValues) {
      this.maxEnumValues = bound(maxEnumValues, "maxEnumValues");
      return this;
    }

    /**
     * The longest line of a YAML document, in characters; default 262,144 (256 Ki). The YAML
     * scanner's time grows with the square of a line's length.
     */
    public Builder maxYamlLineChars(int maxYamlLineChars) {
      this.maxYamlLineChars = bound(maxYamlLineChars, "maxYamlLineChars");
      return this;
    }

    private static int bound(int value, String what) {
      if (value <= 0) {
        throw new IllegalArgumentException(what + " must be positive, but it is " + value);
      }
      return value;
    }

    /** A header sent when downloading the document; its value appears in no message. */
    public Builder header(String name, String value) {
      return settings.header(name, value);
    }

    /**
     * The source.
     *
     * @throws IllegalArgumentException when the contract name is blank, or the URL is not an
     *     absolute http or https URL with a host and without user-info
     */
    public OpenApiContractSource build() {
      settings.requiredContractName(
          OpenApiContractSource.class); // a blank name is refused before anything else
      if (url != null) {
        HttpArguments.checkUrl(url, "OpenAPI document");
      }
      return new OpenApiContractSource(this);
    }
  }
}
