package dev.agentkit.source;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.internal.text.DurationText;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Fetches the contract with an HTTP GET from a URL the backend serves it at, as a snapshot document
 * or an object with an {@code ops} array (see {@link ContractSnapshot#parseWire}).
 *
 * <p>Every failure is a {@link ContractSourceException} naming the URL and what went wrong: a
 * status other than 2xx, a body past the size cap (reading stops at the cap), a body that is not a
 * contract, a timeout, a refused connection. The URL is always shown without user-info or query
 * string, and header values (credentials) appear in no message and no {@code toString}.
 *
 * <p>{@link #fetchUnlessUnchanged} returns the backend's {@code ETag} with the contract and sends a
 * tag it is given as {@code If-None-Match}; a {@code 304} answers "unchanged" without the body. A
 * {@link CachedContract} keeps the tag and sends it with each refresh.
 *
 * <p>Redirects are not followed, so credentials are never sent to a host the caller did not name.
 * Instances are immutable and thread-safe.
 */
public final class HttpContractSource implements ContractSource {
  /** The default cap on a response body: 16 MiB. */
  public static final int DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

  /** The default time allowed to connect. */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);

  /** The default time allowed for the response. */
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(10);

  /** How much of an error response is read, for the excerpt in the message. */
  private static final int ERROR_BODY_BYTES = 4 * 1024;

  private static final int EXCERPT_CHARS = 200;

  private final String description;
  private final String contractName;
  private final Duration connectTimeout;
  private final Duration requestTimeout;
  private final Duration overallTimeout;
  private final int maxResponseBytes;
  private final List<String> headerNames;
  private final Redactor redactor;
  private final HttpClient client;
  private final HttpRequest request;

  private HttpContractSource(Builder b, HttpRequest request) {
    this.description = redact(b.uri);
    this.contractName = b.contractName;
    this.connectTimeout = b.connectTimeout;
    this.requestTimeout = b.requestTimeout;
    this.overallTimeout = sum(b.connectTimeout, b.requestTimeout);
    this.maxResponseBytes = b.maxResponseBytes;
    this.headerNames = List.copyOf(b.headers.keySet());
    this.redactor = Redactor.forHeaders(b.headers.values());
    this.request = request;
    this.client =
        HttpClient.newBuilder()
            .connectTimeout(connectTimeout)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  /**
   * A builder for a source fetching from {@code uri}, an absolute http or https URL. A query string
   * is sent but never shown; credentials go in {@linkplain Builder#header headers}, not in the URL.
   */
  public static Builder builder(URI uri) {
    return new Builder(Objects.requireNonNull(uri, "uri"));
  }

  /**
   * GETs the contract and parses it.
   *
   * @throws ContractSourceException when the endpoint cannot be reached in time, answers with a
   *     status other than 2xx, sends more than the size cap, or sends something that is not a
   *     contract; or when the calling thread is interrupted (the interrupt flag is kept)
   */
  @Override
  public Contract fetch() throws ContractSourceException {
    return fetchUnlessUnchanged(HeldContract.none()).contract().orElseThrow();
  }

  /**
   * GETs the contract with {@code If-None-Match} when {@code held} has a tag; a {@code 304} answers
   * {@linkplain ContractFetch#unchanged() unchanged}. The response's {@code ETag} and {@code
   * Cache-Control} freshness come with the answer. A contract document is read as it comes: reading
   * it costs what reading a held snapshot would, so the source records no document to reuse.
   *
   * @throws ContractSourceException as {@link #fetch()} does; a {@code 304} to a request that sent
   *     no tag is a status other than 2xx
   */
  @Override
  public ContractFetch fetchUnlessUnchanged(HeldContract held) throws ContractSourceException {
    Optional<EntityTag> last = held.entityTag();
    CompletableFuture<HttpResponse<CappedBodySubscriber.Body>> pending =
        client.sendAsync(
            HttpCaching.conditional(request, last),
            CappedBodySubscriber.handler(maxResponseBytes, ERROR_BODY_BYTES));
    HttpResponse<CappedBodySubscriber.Body> response;
    try {
      // The request timeout covers the wait for the response head only; this bounds the body too.
      response = pending.get(overallTimeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      pending.cancel(true);
      Thread.currentThread().interrupt();
      throw new ContractSourceException(
          "interrupted while fetching the contract from " + description, e);
    } catch (TimeoutException e) {
      pending.cancel(true);
      throw new ContractSourceException(
          "GET "
              + description
              + " did not finish sending the contract within "
              + DurationText.of(overallTimeout)
              + " (its connect and request timeouts together); is the backend overloaded, or are"
              + " the timeouts too short?",
          e);
    } catch (ExecutionException e) {
      throw transportFailure(e.getCause());
    }
    if (response.statusCode() == 304 && last.isPresent()) {
      return HttpCaching.unchanged(response.headers());
    }
    return contractFrom(response);
  }

  /** The URL, without user-info, query string or fragment. */
  @Override
  public String describe() {
    return description;
  }

  /** The URL and the names of the extra headers; never their values. */
  @Override
  public String toString() {
    return "HttpContractSource[" + description + ", headers " + headerNames + "]";
  }

  private ContractFetch contractFrom(HttpResponse<CappedBodySubscriber.Body> response)
      throws ContractSourceException {
    CappedBodySubscriber.Body body = response.body();
    int status = response.statusCode();
    if (status / 100 != 2) {
      throw new ContractSourceException(redactor.redact(statusMessage(response)));
    }
    if (body.truncated()) {
      throw new ContractSourceException(
          "GET "
              + description
              + " sent more than "
              + maxResponseBytes
              + " bytes, the cap on a contract response, so reading stopped there; if the"
              + " contract really is that large, raise maxResponseBytes");
    }
    try {
      // Warnings quote names the backend served (an unknown tier or type), which a backend may
      // have echoed a credential into, like any other text of the body.
      Contract contract =
          ContractSnapshot.parseWire(body.bytes(), description, contractName)
              .redacted(redactor::redact);
      return HttpCaching.fetched(contract, response.headers());
    } catch (ContractFormatException e) {
      // The codec quotes the body (values, names, excerpts); a backend may have echoed a credential
      // into it. The original exception is not kept, not even as a cause.
      ContractFormatException redacted = redactor.scrub(e);
      throw new ContractSourceException(redactor.redact(redacted.getMessage()), redacted);
    }
  }

  private String statusMessage(HttpResponse<CappedBodySubscriber.Body> response) {
    int status = response.statusCode();
    StringBuilder message =
        new StringBuilder("GET ")
            .append(description)
            .append(" answered HTTP ")
            .append(status)
            .append(" instead of the contract");
    if (status / 100 == 3) {
      response
          .headers()
          .firstValue("Location")
          .flatMap(location -> resolve(response.uri(), location))
          .ifPresent(
              location ->
                  message
                      .append("; it redirects to ")
                      .append(location)
                      .append(", which is not followed: point the source at that URL"));
    }
    if ((status == 401 || status == 403) && !headerNames.isEmpty()) {
      message
          .append("; check the credentials sent in the ")
          .append(String.join(", ", headerNames))
          .append(headerNames.size() == 1 ? " header" : " headers");
    }
    String excerpt = excerpt(response);
    if (!excerpt.isEmpty()) {
      message.append("; the response began: \"").append(excerpt).append('"');
    }
    return message.toString();
  }

  /**
   * The start of an error body as one line of text, with any header value the request carried
   * blanked out (a backend may echo a credential back), or empty when the body is not text.
   */
  private String excerpt(HttpResponse<CappedBodySubscriber.Body> response) {
    String type =
        response.headers().firstValue("Content-Type").orElse("text/plain").toLowerCase(Locale.ROOT);
    if (!type.startsWith("text/") && !type.contains("json") && !type.contains("xml")) {
      return "";
    }
    // Redacted before the cut, so a credential straddling it leaves no piece behind.
    String text = redactor.redact(new String(response.body().bytes(), StandardCharsets.UTF_8));
    StringBuilder line = new StringBuilder();
    boolean space = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c) || Character.isISOControl(c)) {
        space = line.length() > 0;
        continue;
      }
      if (space) {
        line.append(' ');
        space = false;
      }
      line.append(c);
    }
    // Again once blanks are folded: "a  b" may have become a piece of a credential "a b".
    String folded = redactor.redact(line.toString());
    if (folded.length() > EXCERPT_CHARS) {
      return folded.substring(0, EXCERPT_CHARS) + "…";
    }
    return folded;
  }

  private ContractSourceException transportFailure(Throwable failure) {
    Throwable cause =
        failure instanceof CompletionException && failure.getCause() != null
            ? failure.getCause()
            : failure;
    if (cause instanceof HttpConnectTimeoutException) {
      return new ContractSourceException(
          "could not connect to "
              + description
              + " within the "
              + DurationText.of(connectTimeout)
              + " connect timeout; is the backend up and reachable from here?",
          cause);
    }
    if (cause instanceof HttpTimeoutException) {
      return new ContractSourceException(
          "GET "
              + description
              + " did not answer within the "
              + DurationText.of(requestTimeout)
              + " request timeout; is the backend overloaded, or is the timeout too short?",
          cause);
    }
    if (cause instanceof ConnectException) {
      return new ContractSourceException(
          "could not connect to "
              + description
              + ": the connection was refused or the host is unreachable; is the backend running,"
              + " and is the URL right?",
          cause);
    }
    // The HTTP client may quote what the server sent (a malformed status line or header).
    Throwable shown = redactor.scrub(cause);
    String reason = shown.getMessage() == null ? cause.getClass().getName() : shown.getMessage();
    return new ContractSourceException(
        redactor.redact("GET " + description + " failed: " + reason), shown);
  }

  /** {@code a + b}, at most the longest wait a timed wait accepts (about 292 years). */
  private static Duration sum(Duration a, Duration b) {
    Duration longest = Duration.ofNanos(Long.MAX_VALUE);
    if (a.compareTo(longest) >= 0 || b.compareTo(longest.minus(a)) >= 0) {
      return longest;
    }
    return a.plus(b);
  }

  /** The redirect target as shown in messages, or empty when the Location is not a URI. */
  private static Optional<String> resolve(URI base, String location) {
    try {
      return Optional.of(redact(base.resolve(location)));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** The URL as shown in messages: no user-info, query string or fragment. */
  static String redact(URI uri) {
    if (uri.isOpaque()) {
      return uri.getScheme() + ":…";
    }
    StringBuilder out = new StringBuilder();
    if (uri.getScheme() != null) {
      out.append(uri.getScheme()).append(':');
    }
    if (uri.getHost() == null && uri.getRawAuthority() == null) {
      // "http:///contract": an absolute URL with an empty authority.
      out.append(uri.isAbsolute() ? "//" : "");
    } else if (uri.getHost() != null) {
      out.append("//").append(uri.getHost());
      if (uri.getPort() != -1) {
        out.append(':').append(uri.getPort());
      }
    } else if (uri.getRawAuthority() != null) {
      // A registry-based authority the URI class could not split; keep only what follows any '@'.
      String authority = uri.getRawAuthority();
      out.append("//").append(authority.substring(authority.lastIndexOf('@') + 1));
    }
    if (uri.getRawPath() != null) {
      out.append(uri.getRawPath());
    }
    return out.toString();
  }

  /** Builds an {@link HttpContractSource}. Not thread-safe. */
  public static final class Builder {
    private final URI uri;
    private String contractName = "";
    private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
    private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
    private int maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES;
    private final Map<String, String> headers = new LinkedHashMap<>();

    private Builder(URI uri) {
      this.uri = uri;
    }

    /** The contract's name, used when the served document does not give one. */
    public Builder contractName(String contractName) {
      this.contractName = Objects.requireNonNull(contractName, "contractName");
      return this;
    }

    /** How long to wait for the connection; default 5 seconds. */
    public Builder connectTimeout(Duration connectTimeout) {
      this.connectTimeout = positive(connectTimeout, "connect timeout");
      return this;
    }

    /** How long to wait for the response once connected; default 10 seconds. */
    public Builder requestTimeout(Duration requestTimeout) {
      this.requestTimeout = positive(requestTimeout, "request timeout");
      return this;
    }

    /** The most bytes of body read before the fetch fails; default 16 MiB. */
    public Builder maxResponseBytes(int maxResponseBytes) {
      if (maxResponseBytes <= 0) {
        throw new IllegalArgumentException(
            "maxResponseBytes must be positive, but it is " + maxResponseBytes);
      }
      this.maxResponseBytes = maxResponseBytes;
      return this;
    }

    /**
     * A header sent with every request, such as {@code Authorization}. Its value appears in no
     * message, log or {@code toString}. Setting a name again (in any case) replaces the value; an
     * {@code Accept} header replaces the default {@code application/json}.
     *
     * @throws IllegalArgumentException when the HTTP client cannot send the header
     */
    public Builder header(String name, String value) {
      HttpArguments.putHeader(headers, name, value);
      return this;
    }

    /**
     * The source.
     *
     * @throws IllegalArgumentException when the URL is not an absolute http or https URL with a
     *     host, or carries credentials in its user-info
     */
    public HttpContractSource build() {
      String shown = redact(uri);
      if (!uri.isAbsolute()) {
        throw new IllegalArgumentException(
            "the contract URL \""
                + shown
                + "\" is relative; give an absolute http or https URL, such as"
                + " https://backend.example/contract");
      }
      String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
      if (!scheme.equals("http") && !scheme.equals("https")) {
        throw new IllegalArgumentException(
            "the contract URL "
                + shown
                + " uses the scheme \""
                + uri.getScheme()
                + "\"; HttpContractSource fetches over http or https only");
      }
      if (uri.getHost() == null) {
        throw new IllegalArgumentException("the contract URL " + shown + " names no host");
      }
      if (uri.getRawUserInfo() != null) {
        throw new IllegalArgumentException(
            "the contract URL "
                + shown
                + " carries credentials before its host (user:password@), which the HTTP client"
                + " does not send; pass them in a header instead, such as"
                + " header(\"Authorization\", ...)");
      }
      HttpRequest.Builder request =
          HttpRequest.newBuilder(uri)
              .GET()
              .timeout(requestTimeout)
              .header("Accept", "application/json");
      headers.forEach(request::setHeader);
      return new HttpContractSource(this, request.build());
    }

    private static Duration positive(Duration d, String what) {
      Objects.requireNonNull(d, what);
      if (d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException(
            "the " + what + " must be positive, but it is " + DurationText.of(d));
      }
      return d;
    }
  }
}
