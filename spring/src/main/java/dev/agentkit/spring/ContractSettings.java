package dev.agentkit.spring;

import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.drift.DriftRule;
import dev.agentkit.internal.text.Names;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.HttpContractSource;
import dev.agentkit.spring.AgentkitProperties.Acknowledgement;
import dev.agentkit.spring.AgentkitProperties.ContractProperties;
import dev.agentkit.spring.AgentkitProperties.Credentials;
import dev.agentkit.spring.AgentkitProperties.DriftMode;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * Turns one {@code agentkit.contracts.<name>} entry into a source, a cache and a drift policy,
 * checking every property on the way: each mistake is an {@link AgentkitStartupException} naming
 * the property. A credential's value is read here and handed to the source; it appears in no
 * message.
 */
final class ContractSettings {
  static final String OPENAPI_SOURCE = "dev.agentkit.openapi.OpenApiContractSource";

  private final String name;
  private final ContractProperties props;
  private final ClassLoader loader;

  ContractSettings(String name, ContractProperties props) {
    this(name, props, ContractSettings.class.getClassLoader());
  }

  /** With the class loader that is asked whether agentkit-openapi is there. */
  ContractSettings(String name, ContractProperties props, ClassLoader loader) {
    this.name = name;
    this.props = props;
    this.loader = loader;
  }

  /** {@code agentkit.contracts.<name>}, or that followed by {@code .key}. */
  static String property(String contract, String key) {
    return "agentkit.contracts." + contract + (key.isEmpty() ? "" : "." + key);
  }

  private String property(String key) {
    return property(name, key);
  }

  /** The source the entry names, with its credential, not yet cached. */
  ContractSource source(Environment environment, UnaryOperator<String> getenv) {
    Optional<String> credential = credential(environment, getenv);
    String header = props.getCredentials().getHeader();
    if (props.getUrl() == null && props.getOpenapi() == null) {
      throw StarterMessage.CONTRACT_NO_SOURCE.failure(
          property(""), property("url"), property("openapi"));
    }
    if (props.getUrl() != null && props.getOpenapi() != null) {
      throw StarterMessage.CONTRACT_TWO_SOURCES.failure(property(""));
    }
    try {
      return props.getUrl() != null ? http(header, credential) : openApi(header, credential);
    } catch (IllegalArgumentException e) {
      throw StarterMessage.BAD_SOURCE_PROPERTY.failure(property(""), e.getMessage());
    }
  }

  private ContractSource http(String header, Optional<String> credential) {
    HttpContractSource.Builder b =
        HttpContractSource.builder(props.getUrl())
            .contractName(name)
            .connectTimeout(duration("connect-timeout", props.getConnectTimeout()))
            .requestTimeout(duration("request-timeout", props.getRequestTimeout()))
            .maxResponseBytes(maxDocumentBytes());
    credential.ifPresent(value -> b.header(header, value));
    return b.build();
  }

  private ContractSource openApi(String header, Optional<String> credential) {
    if (!ClassUtils.isPresent(OPENAPI_SOURCE, loader)) {
      throw StarterMessage.OPENAPI_MISSING.failure(property("openapi"), property("url"));
    }
    return OpenApiSources.source(
        name,
        props.getOpenapi(),
        duration("connect-timeout", props.getConnectTimeout()),
        duration("request-timeout", props.getRequestTimeout()),
        maxDocumentBytes(),
        openapiLimits(),
        header,
        credential);
  }

  /** The openapi-limits given, each a known limit with a positive value. */
  private Map<String, Integer> openapiLimits() {
    Map<String, Integer> limits = props.getOpenapiLimits();
    for (Map.Entry<String, Integer> e : limits.entrySet()) {
      String name = e.getKey();
      if (!OPENAPI_LIMITS.contains(name)) {
        String near = Names.nearest(name, OPENAPI_LIMITS);
        throw StarterMessage.UNKNOWN_OPENAPI_LIMIT.failure(
            property("openapi-limits." + name),
            near == null ? "" : "did you mean " + near + "? ",
            String.join(", ", OPENAPI_LIMITS));
      }
      if (e.getValue() == null || e.getValue() <= 0) {
        throw StarterMessage.OPENAPI_LIMIT_NOT_POSITIVE.failure(
            property("openapi-limits." + name), e.getValue());
      }
    }
    return limits;
  }

  private int maxDocumentBytes() {
    if (props.getMaxDocumentBytes() <= 0) {
      throw StarterMessage.MAX_DOCUMENT_BYTES_NOT_POSITIVE.failure(
          property("max-document-bytes"), props.getMaxDocumentBytes());
    }
    return props.getMaxDocumentBytes();
  }

  /**
   * A source's message with the setting it says to raise named as this contract's property: the
   * sources name their builder methods ({@code raise maxDocumentBytes}, {@code raise
   * maxDocumentDepth}), which a Spring user sets as {@code
   * agentkit.contracts.<name>.max-document-bytes} and {@code
   * agentkit.contracts.<name>.openapi-limits.max-document-depth}.
   */
  static String hints(String contract, String message) {
    if (message == null) {
      return null;
    }
    Matcher m = RAISE.matcher(message);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String kebab = m.group(1).replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
      String setting =
          OPENAPI_LIMITS.contains(kebab)
              ? property(contract, "openapi-limits." + kebab)
              : property(contract, "max-document-bytes");
      m.appendReplacement(out, Matcher.quoteReplacement("raise " + setting));
    }
    m.appendTail(out);
    return out.toString();
  }

  /**
   * The names under {@code openapi-limits}, sorted; {@link OpenApiSources#LIMITS} applies them. A
   * list here, so that reading a message never loads agentkit-openapi, which may be absent.
   */
  static final List<String> OPENAPI_LIMITS =
      List.of(
          "max-alias-expansion",
          "max-document-depth",
          "max-document-nodes",
          "max-enum-values",
          "max-yaml-aliases",
          "max-yaml-line-chars");

  /** The builder methods a source's message may say to raise. */
  private static final Pattern RAISE =
      Pattern.compile(
          "\\braise (maxDocumentBytes|maxResponseBytes|maxDocumentNodes|maxDocumentDepth"
              + "|maxEnumValues|maxAliasExpansion|maxYamlAliases|maxYamlLineChars)\\b");

  /** The cache over {@code source}, with the entry's ttl and max staleness. */
  CachedContract cache(ContractSource source) {
    try {
      return CachedContract.builder(source)
          .ttl(duration("ttl", props.getTtl()))
          .maxStaleness(duration("max-staleness", props.getMaxStaleness()))
          .build();
    } catch (IllegalStateException e) {
      throw StarterMessage.BAD_CACHE_PROPERTY.failure(
          property(""), e.getMessage(), property("ttl"), property("max-staleness"));
    }
  }

  /** The drift policy: the mode and every acknowledgement, each checked. */
  DriftPolicy policy() {
    AgentkitProperties.Drift drift = props.getDrift();
    DriftPolicy policy =
        drift.getMode() == DriftMode.WARN_ONLY
            ? DriftPolicy.warnOnly()
            : DriftPolicy.failOnBreaking();
    List<Acknowledgement> acks = drift.getAcknowledgements();
    for (int i = 0; i < acks.size(); i++) {
      policy = acknowledge(policy, "drift.acknowledgements[" + i + "]", acks.get(i));
    }
    return policy;
  }

  private DriftPolicy acknowledge(DriftPolicy policy, String key, Acknowledgement ack) {
    Map<String, Boolean> missing = new LinkedHashMap<>();
    missing.put("rule", blank(ack.getRule()));
    missing.put("target", blank(ack.getTarget()));
    missing.put("expires", ack.getExpires() == null);
    for (Map.Entry<String, Boolean> field : missing.entrySet()) {
      if (field.getValue()) {
        throw StarterMessage.ACKNOWLEDGEMENT_INCOMPLETE.failure(
            property(key), field.getKey(), property(key + "." + field.getKey()));
      }
    }
    DriftRule rule;
    try {
      rule = DriftRule.ofId(ack.getRule().trim());
    } catch (IllegalArgumentException e) {
      throw StarterMessage.BAD_DRIFT_RULE.failure(property(key + ".rule"), e.getMessage());
    }
    return policy.acknowledge(
        rule,
        ack.getTarget().trim(),
        ack.getExpires(),
        ack.getReason() == null ? "" : ack.getReason());
  }

  private Optional<String> credential(Environment environment, UnaryOperator<String> getenv) {
    Credentials c = props.getCredentials();
    boolean fromEnv = !blank(c.getEnv());
    boolean fromProperty = !blank(c.getProperty());
    if (fromEnv && fromProperty) {
      throw StarterMessage.CREDENTIAL_CONFLICT.failure(property("credentials"));
    }
    if (!fromEnv && !fromProperty) {
      return Optional.empty();
    }
    if (blank(c.getHeader())) {
      throw StarterMessage.CREDENTIAL_HEADER_BLANK.failure(property("credentials.header"));
    }
    String where = fromEnv ? "environment variable " + c.getEnv() : "property " + c.getProperty();
    String value =
        fromEnv ? getenv.apply(c.getEnv().trim()) : environment.getProperty(c.getProperty().trim());
    if (blank(value)) {
      throw StarterMessage.CREDENTIAL_MISSING.failure(
          property(fromEnv ? "credentials.env" : "credentials.property"),
          where,
          where,
          property("credentials"));
    }
    return Optional.of((c.getPrefix() == null ? "" : c.getPrefix()) + value);
  }

  private Duration duration(String key, Duration d) {
    if (d == null) {
      throw StarterMessage.DURATION_EMPTY.failure(property(key));
    }
    return d;
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
