package dev.agentkit.internal.source;

import dev.agentkit.source.HttpArguments;
import dev.agentkit.source.Redactor;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What the builders of agentkit's other contract sources and their actions take alike (the MCP and
 * OpenAPI modules'): the contract's name, the connect and request timeouts, and the extra headers,
 * whose values are credentials. A builder holds one, checks each argument here as it is given, and
 * what it builds reads the settings back. Each setter answers the builder, so that a builder's own
 * setter is one line. Not thread-safe, as a builder is not.
 *
 * @param <B> the builder holding the settings
 */
public final class ClientSettings<B> {
  private final B builder;
  private String contractName = "";
  private Duration connectTimeout;
  private Duration requestTimeout;
  private final Map<String, String> headers = new LinkedHashMap<>();

  /**
   * The settings of {@code builder}, with these default timeouts, no contract name and no header.
   */
  public ClientSettings(B builder, Duration connectTimeout, Duration requestTimeout) {
    this.builder = builder;
    this.connectTimeout = connectTimeout;
    this.requestTimeout = requestTimeout;
  }

  /** Sets the contract's name, as {@code @Agent(contract = ...)} names it. */
  public B contractName(String contractName) {
    this.contractName = Objects.requireNonNull(contractName, "contractName");
    return builder;
  }

  /**
   * The contract's name.
   *
   * @param builds the class being built, whose builder lacks the name when it is blank
   * @throws IllegalArgumentException when no name, or a blank one, was given
   */
  public String requiredContractName(Class<?> builds) {
    if (contractName.isBlank()) {
      throw new IllegalArgumentException(
          "an "
              + builds.getSimpleName()
              + " needs contractName(...): the name @Agent(contract = ...) uses");
    }
    return contractName;
  }

  /** Sets how long to wait for the connection. */
  public B connectTimeout(Duration connectTimeout) {
    this.connectTimeout = HttpArguments.positive(connectTimeout, "connect timeout");
    return builder;
  }

  /** Sets how long to wait for the answer once connected. */
  public B requestTimeout(Duration requestTimeout) {
    this.requestTimeout = HttpArguments.positive(requestTimeout, "request timeout");
    return builder;
  }

  /** Sets a header sent with every request, replacing one of the same name. */
  public B header(String name, String value) {
    HttpArguments.putHeader(headers, name, value);
    return builder;
  }

  /** How long to wait for the connection. */
  public Duration connectTimeout() {
    return connectTimeout;
  }

  /** How long to wait for the answer once connected. */
  public Duration requestTimeout() {
    return requestTimeout;
  }

  /** The headers as given, in order; an unmodifiable copy. */
  public Map<String, String> headers() {
    return Collections.unmodifiableMap(new LinkedHashMap<>(headers));
  }

  /** A redactor blanking the headers' values out of any text. */
  public Redactor redactor() {
    return Redactor.forHeaders(headers.values());
  }

  /**
   * An HTTP client with the connect timeout that follows no redirect (a redirect could carry the
   * headers elsewhere). One per source or actions: each client has threads and a connection pool.
   */
  public HttpClient client() {
    return HttpClient.newBuilder()
        .connectTimeout(connectTimeout)
        .followRedirects(HttpClient.Redirect.NEVER)
        .build();
  }
}
