package dev.agentkit.openapi;

import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.RunHandler;
import dev.agentkit.internal.source.ClientSettings;
import dev.agentkit.source.ContractSourceException;
import dev.agentkit.source.HttpArguments;
import dev.agentkit.source.Redactor;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeoutException;

/**
 * Runs a verified call as the HTTP request its OpenAPI operation describes: path, query and header
 * parameters written in their OpenAPI style (percent-encoded; by default a query array repeats the
 * parameter, a path or header array is comma-separated), and the body properties written as a JSON
 * object with the schema's JSON types (numbers as numbers, booleans as booleans, objects, arrays
 * and unions as the JSON they hold, at any depth). Blank arguments are left out.
 *
 * <p>Like {@code HttpContractSource}: one deadline covers the whole exchange, the response is read
 * up to a cap, redirects are not followed, and the caller's header values (credentials) are blanked
 * out of every message and of the response handed to the model. Every failure is a {@link
 * CallFailedException} the model may read. Thread-safe.
 */
public final class OpenApiActions {
  /** The default cap on a response: 1 MiB. */
  public static final int DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

  /** The header {@link #run(Call, String)} sends the idempotency key in. */
  public static final String IDEMPOTENCY_KEY = "Idempotency-Key";

  private static final int EXCERPT_CHARS = 300;

  private final String base;
  private final OpenApiContractSource source;
  private final Duration requestTimeout;
  private final Duration deadline;
  private final int maxResponseBytes;
  private final Map<String, String> headers;
  private final Redactor redactor;
  private final HttpClient client;

  private OpenApiActions(Builder b) {
    String s = b.baseUrl.toString();
    this.base = s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    this.source = b.source;
    this.requestTimeout = b.settings.requestTimeout();
    this.deadline = b.settings.connectTimeout().plus(requestTimeout);
    this.maxResponseBytes = b.maxResponseBytes;
    this.headers = b.settings.headers();
    this.redactor = b.settings.redactor();
    this.client = b.settings.client();
  }

  /**
   * A builder for actions sending requests to {@code baseUrl} (the server the document's paths are
   * relative to), with the routes of {@code source}'s document.
   */
  public static Builder builder(URI baseUrl, OpenApiContractSource source) {
    return new Builder(
        Objects.requireNonNull(baseUrl, "baseUrl"), Objects.requireNonNull(source, "source"));
  }

  /** A run handler running every call it is given through {@link #run}. */
  public <S> RunHandler<S> handler() {
    return (state, call) -> run(call);
  }

  /**
   * Sends the call's request.
   *
   * @param call a call a set bound and verified
   * @return the response body (secrets blanked), or null when it is empty
   * @throws CallFailedException when the request cannot be built from the arguments, the backend
   *     cannot be reached in time, answers with a status other than 2xx, or sends more than the cap
   * @throws IllegalStateException when the call is not bound (not verified)
   */
  public String run(Call call) throws CallFailedException {
    return run(call, null);
  }

  /**
   * Sends the call's request with an {@code Idempotency-Key} header, so that a backend that honours
   * the header applies a repeat of the request once: the proposal inbox passes its op's key ({@code
   * RunContext.idempotencyKey()}), the same for every run of the op, so that sending it again after
   * an unknown outcome is safe. The header replaces one of the same name set on the builder or by
   * an argument.
   *
   * @param call a call a set bound and verified
   * @param idempotencyKey the key to send, or null to send none
   * @return as {@link #run(Call)}
   * @throws CallFailedException as {@link #run(Call)}
   * @throws IllegalStateException when the call is not bound (not verified)
   * @throws IllegalArgumentException when the key is not a valid header value
   */
  public String run(Call call, String idempotencyKey) throws CallFailedException {
    String opcode = call.op().opcode();
    Route route;
    try {
      route = source.routes().get(opcode);
    } catch (ContractSourceException e) {
      throw new CallFailedException(
          OpenApiMessage.CALL_CANNOT_RUN.format(opcode, e.getMessage()), e);
    }
    if (route == null) {
      throw new CallFailedException(
          OpenApiMessage.CALL_NO_OPERATION.format(opcode, source.describe()));
    }
    HttpRequest request = RequestWriter.write(route, call, base, requestTimeout, headers);
    return send(opcode, route, keyed(request, idempotencyKey));
  }

  /** The request with its {@code Idempotency-Key} header, or as it is when there is no key. */
  private static HttpRequest keyed(HttpRequest request, String idempotencyKey) {
    if (idempotencyKey == null) {
      return request;
    }
    return HttpRequest.newBuilder(request, (name, value) -> true)
        .setHeader(IDEMPOTENCY_KEY, idempotencyKey)
        .build();
  }

  private String send(String opcode, Route route, HttpRequest request) throws CallFailedException {
    String what = route.method() + " " + route.path();
    HttpExchange.Answer answer;
    try {
      answer = HttpExchange.send(client, request, maxResponseBytes, deadline);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw failed(opcode, what + " was interrupted");
    } catch (TimeoutException e) {
      throw failed(opcode, what + " did not answer within " + deadline.toMillis() + " ms");
    } catch (ConnectException e) {
      throw failed(opcode, what + " could not connect to the backend");
    } catch (IOException e) {
      throw failed(opcode, what + " failed: " + redactor.redact(String.valueOf(e.getMessage())));
    }
    String text = redactor.redact(new String(answer.body(), StandardCharsets.UTF_8));
    if (answer.status() / 100 != 2) {
      throw failed(opcode, what + " answered HTTP " + answer.status() + excerpt(text));
    }
    if (answer.truncated()) {
      throw failed(
          opcode,
          what + " answered with more than " + maxResponseBytes + " bytes, the response cap");
    }
    return text.isEmpty() ? null : text;
  }

  private static String excerpt(String text) {
    String t = text.strip();
    if (t.isEmpty()) {
      return "";
    }
    return ": " + (t.length() > EXCERPT_CHARS ? t.substring(0, EXCERPT_CHARS) + "…" : t);
  }

  private static CallFailedException failed(String opcode, String what) {
    return new CallFailedException(OpenApiMessage.CALL_FAILED.format(opcode, what));
  }

  /** The base URL and the names of the extra headers; never their values. */
  @Override
  public String toString() {
    return "OpenApiActions["
        + Redactor.url(URI.create(base))
        + ", headers "
        + headers.keySet()
        + "]";
  }

  /** Builds {@link OpenApiActions}. Not thread-safe. */
  public static final class Builder {
    private final URI baseUrl;
    private final OpenApiContractSource source;
    private final ClientSettings<Builder> settings =
        new ClientSettings<>(this, Duration.ofSeconds(5), Duration.ofSeconds(30));
    private int maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES;

    private Builder(URI baseUrl, OpenApiContractSource source) {
      this.baseUrl = baseUrl;
      this.source = source;
    }

    /** How long to wait for the connection; default 5 seconds. */
    public Builder connectTimeout(Duration connectTimeout) {
      return settings.connectTimeout(connectTimeout);
    }

    /** How long to wait for the response once connected; default 30 seconds. */
    public Builder requestTimeout(Duration requestTimeout) {
      return settings.requestTimeout(requestTimeout);
    }

    /** A header sent with every request, such as {@code Authorization}; never shown. */
    public Builder header(String name, String value) {
      return settings.header(name, value);
    }

    /** The largest response read; default 1 MiB. */
    public Builder maxResponseBytes(int maxResponseBytes) {
      this.maxResponseBytes = HttpArguments.byteCap(maxResponseBytes, "maxResponseBytes");
      return this;
    }

    /**
     * The actions.
     *
     * @throws IllegalArgumentException when the base URL is not an absolute http or https URL with
     *     a host and without user-info
     */
    public OpenApiActions build() {
      HttpArguments.checkUrl(baseUrl, "base");
      return new OpenApiActions(this);
    }
  }
}
