package dev.agentkit.spring;

import java.net.URI;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The starter's configuration: one {@code agentkit.contracts.<name>} entry per contract an
 * {@code @Agent} bean is compiled against, keyed by the contract's name ({@code
 * agentkit.contracts.taskboard.url=...}). Credentials are never given here, only where to read them
 * from, so that no secret is kept in the starter's own properties.
 */
@ConfigurationProperties("agentkit")
public class AgentkitProperties {

  /** The contracts the application's agents are bound against, by contract name. */
  private Map<String, ContractProperties> contracts = new LinkedHashMap<>();

  /**
   * Whether the agents' state marks the application's readiness: with agents, an agent that is
   * paused on drift or whose source is stale marks the application refusing traffic until it acts
   * again. Liveness never depends on a backend.
   */
  private Readiness readiness = Readiness.NONE;

  /** What the application's readiness follows. */
  public enum Readiness {
    /** Readiness is refused while any bound agent is not bound. */
    AGENTS,
    /** The agents leave readiness alone. */
    NONE
  }

  /**
   * The proposal inbox: one per agent, when agentkit-proposals-jdbc and a DataSource are present.
   */
  private Inbox inbox = new Inbox();

  /** The proposal inbox's settings. */
  public Inbox getInbox() {
    return inbox;
  }

  /** Sets the proposal inbox's settings. */
  public void setInbox(Inbox inbox) {
    this.inbox = inbox;
  }

  /** What the application's readiness follows; none by default. */
  public Readiness getReadiness() {
    return readiness;
  }

  /** Sets what the application's readiness follows. */
  public void setReadiness(Readiness readiness) {
    this.readiness = readiness;
  }

  /** The contracts, by name. */
  public Map<String, ContractProperties> getContracts() {
    return contracts;
  }

  /** Sets the contracts, by name. */
  public void setContracts(Map<String, ContractProperties> contracts) {
    this.contracts = contracts;
  }

  /**
   * The proposal inbox the starter gives each agent when agentkit-proposals-jdbc and a DataSource
   * are present: its schema, the sweep that applies deadlines, and how long an op may run.
   */
  public static class Inbox {
    /**
     * Whether each agent bean gets a ProposalInbox bean, named after it (triageAgentInbox for the
     * bean triageAgent), when agentkit-proposals-jdbc and a DataSource are present.
     */
    private boolean enabled = true;

    /**
     * How often the inbox's sweep applies the deadlines and expiry policies of pending proposals,
     * on the application's TaskScheduler (or the starter's own thread); 0 turns the sweep off.
     */
    private Duration sweepInterval = Duration.ofMinutes(1);

    /**
     * How long an op handed to the runner may still be running: settle waits that long, and an
     * accept in flight longer counts as stranded in health and metrics.
     */
    private Duration runTimeout = Duration.ofMinutes(15);

    /**
     * How the inbox retries a transaction the database failed for a transient reason (a connection
     * refused or lost, the server shutting down): never blindly after a commit whose
     * acknowledgement was lost, which it reads back first.
     */
    private TransientRetry transientRetry = new TransientRetry();

    /** The transient retry. */
    public TransientRetry getTransientRetry() {
      return transientRetry;
    }

    /** Sets the transient retry. */
    public void setTransientRetry(TransientRetry transientRetry) {
      this.transientRetry = transientRetry;
    }

    /** Whether the inboxes are made. */
    public boolean isEnabled() {
      return enabled;
    }

    /** Sets whether the inboxes are made. */
    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    /** The sweep's interval. */
    public Duration getSweepInterval() {
      return sweepInterval;
    }

    /** Sets the sweep's interval. */
    public void setSweepInterval(Duration sweepInterval) {
      this.sweepInterval = sweepInterval;
    }

    /** The run timeout. */
    public Duration getRunTimeout() {
      return runTimeout;
    }

    /** Sets the run timeout. */
    public void setRunTimeout(Duration runTimeout) {
      this.runTimeout = runTimeout;
    }
  }

  /** The inbox's retry of transient database failures. */
  public static class TransientRetry {
    /** The most attempts of one transaction, the first included, from 1 (no retry) to 100. */
    private int attempts = 5;

    /** About how long the second attempt waits; each next waits twice as long. */
    private Duration firstBackoff = Duration.ofMillis(50);

    /** The longest wait between attempts. */
    private Duration maxBackoff = Duration.ofSeconds(2);

    /** The attempts. */
    public int getAttempts() {
      return attempts;
    }

    /** Sets the attempts. */
    public void setAttempts(int attempts) {
      this.attempts = attempts;
    }

    /** The first wait. */
    public Duration getFirstBackoff() {
      return firstBackoff;
    }

    /** Sets the first wait. */
    public void setFirstBackoff(Duration firstBackoff) {
      this.firstBackoff = firstBackoff;
    }

    /** The longest wait. */
    public Duration getMaxBackoff() {
      return maxBackoff;
    }

    /** Sets the longest wait. */
    public void setMaxBackoff(Duration maxBackoff) {
      this.maxBackoff = maxBackoff;
    }
  }

  /** Where one contract comes from, how long it is cached, and what its drift policy is. */
  public static class ContractProperties {
    /**
     * The URL the backend serves its native contract document at (an HTTP GET). Give this or
     * openapi, not both.
     */
    private URI url;

    /**
     * The URL of the backend's OpenAPI 3.0 or 3.1 document, read by agentkit-openapi (which must be
     * on the classpath). Give this or url, not both.
     */
    private URI openapi;

    /** How long a fetched contract is served before the backend is asked again. */
    private Duration ttl = Duration.ofMinutes(5);

    /**
     * How long after its last successful fetch a contract may still be served while the backend is
     * unreachable; past it the agents stop acting live (fail closed). At least the ttl.
     */
    private Duration maxStaleness = Duration.ofHours(1);

    /** How long to wait for the connection to the backend. */
    private Duration connectTimeout = Duration.ofSeconds(5);

    /** How long to wait for the backend's response once connected. */
    private Duration requestTimeout = Duration.ofSeconds(10);

    /**
     * The largest contract document read, in bytes: the native contract response (url) or the
     * OpenAPI document (openapi). GitHub's REST API description is about 13 MB.
     */
    private int maxDocumentBytes = 16 * 1024 * 1024;

    /**
     * The OpenAPI source's other limits, by name, each with its default: max-document-nodes
     * (2000000), max-document-depth (100), max-enum-values (10000), max-alias-expansion (100000),
     * max-yaml-aliases (1000), max-yaml-line-chars (262144). Read only for an openapi contract; a
     * document over one fails with a message naming its property.
     */
    private Map<String, Integer> openapiLimits = new LinkedHashMap<>();

    /** The credential sent with each contract request, read from the environment. */
    private Credentials credentials = new Credentials();

    /** What to do when the live contract drifted from the one the agents were compiled against. */
    private Drift drift = new Drift();

    /** The native contract URL. */
    public URI getUrl() {
      return url;
    }

    /** Sets the native contract URL. */
    public void setUrl(URI url) {
      this.url = url;
    }

    /** The OpenAPI document's URL. */
    public URI getOpenapi() {
      return openapi;
    }

    /** Sets the OpenAPI document's URL. */
    public void setOpenapi(URI openapi) {
      this.openapi = openapi;
    }

    /** The cache's time to live. */
    public Duration getTtl() {
      return ttl;
    }

    /** Sets the cache's time to live. */
    public void setTtl(Duration ttl) {
      this.ttl = ttl;
    }

    /** The cache's max staleness. */
    public Duration getMaxStaleness() {
      return maxStaleness;
    }

    /** Sets the cache's max staleness. */
    public void setMaxStaleness(Duration maxStaleness) {
      this.maxStaleness = maxStaleness;
    }

    /** The connect timeout. */
    public Duration getConnectTimeout() {
      return connectTimeout;
    }

    /** Sets the connect timeout. */
    public void setConnectTimeout(Duration connectTimeout) {
      this.connectTimeout = connectTimeout;
    }

    /** The request timeout. */
    public Duration getRequestTimeout() {
      return requestTimeout;
    }

    /** Sets the request timeout. */
    public void setRequestTimeout(Duration requestTimeout) {
      this.requestTimeout = requestTimeout;
    }

    /** Where the credential comes from. */
    public int getMaxDocumentBytes() {
      return maxDocumentBytes;
    }

    public void setMaxDocumentBytes(int maxDocumentBytes) {
      this.maxDocumentBytes = maxDocumentBytes;
    }

    public Map<String, Integer> getOpenapiLimits() {
      return openapiLimits;
    }

    public void setOpenapiLimits(Map<String, Integer> openapiLimits) {
      this.openapiLimits = openapiLimits;
    }

    public Credentials getCredentials() {
      return credentials;
    }

    /** Sets where the credential comes from. */
    public void setCredentials(Credentials credentials) {
      this.credentials = credentials;
    }

    /** The drift policy. */
    public Drift getDrift() {
      return drift;
    }

    /** Sets the drift policy. */
    public void setDrift(Drift drift) {
      this.drift = drift;
    }
  }

  /**
   * A credential sent as a header with each contract request. The value is read from an environment
   * variable or from another property of the Spring Environment, never from these properties, and
   * appears in no message, log line or actuator output.
   */
  public static class Credentials {
    /** The header the credential is sent in. */
    private String header = "Authorization";

    /** Text put before the value in the header, such as "Bearer ". */
    private String prefix = "";

    /** The environment variable holding the credential. Give this or property, not both. */
    private String env;

    /**
     * The Spring Environment property holding the credential (from a vault, a config tree, an
     * encrypted source). Give this or env, not both.
     */
    private String property;

    /** The header's name. */
    public String getHeader() {
      return header;
    }

    /** Sets the header's name. */
    public void setHeader(String header) {
      this.header = header;
    }

    /** The prefix. */
    public String getPrefix() {
      return prefix;
    }

    /** Sets the prefix. */
    public void setPrefix(String prefix) {
      this.prefix = prefix;
    }

    /** The environment variable's name. */
    public String getEnv() {
      return env;
    }

    /** Sets the environment variable's name. */
    public void setEnv(String env) {
      this.env = env;
    }

    /** The property's name. */
    public String getProperty() {
      return property;
    }

    /** Sets the property's name. */
    public void setProperty(String property) {
      this.property = property;
    }
  }

  /** The drift policy: its mode and the reviewed breaking changes it lets pass for a while. */
  public static class Drift {
    /** Whether breaking drift fails startup (and pauses a running agent) or is only reported. */
    private DriftMode mode = DriftMode.FAIL_ON_BREAKING;

    /** Reviewed breaking changes that may pass until they expire. */
    private List<Acknowledgement> acknowledgements = new ArrayList<>();

    /** The mode. */
    public DriftMode getMode() {
      return mode;
    }

    /** Sets the mode. */
    public void setMode(DriftMode mode) {
      this.mode = mode;
    }

    /** The acknowledgements. */
    public List<Acknowledgement> getAcknowledgements() {
      return acknowledgements;
    }

    /** Sets the acknowledgements. */
    public void setAcknowledgements(List<Acknowledgement> acknowledgements) {
      this.acknowledgements = acknowledgements;
    }
  }

  /** What a drift policy does with breaking drift. */
  public enum DriftMode {
    /** Breaking drift fails startup, and pauses a running agent. */
    FAIL_ON_BREAKING,
    /** Breaking drift is reported as a warning; nothing fails. */
    WARN_ONLY
  }

  /** One reviewed breaking change, passed until its expiry date. */
  public static class Acknowledgement {
    /** The drift rule's id, such as enum-value-removed. */
    private String rule;

    /**
     * What the item is about: op, op.operand or op.operand=value, as the drift report prints it.
     */
    private String target;

    /** The last day the acknowledgement holds (ISO date); required. */
    private LocalDate expires;

    /** Why the change is safe for now; shown in the drift notes. */
    private String reason = "";

    /** The rule's id. */
    public String getRule() {
      return rule;
    }

    /** Sets the rule's id. */
    public void setRule(String rule) {
      this.rule = rule;
    }

    /** The target. */
    public String getTarget() {
      return target;
    }

    /** Sets the target. */
    public void setTarget(String target) {
      this.target = target;
    }

    /** The expiry date. */
    public LocalDate getExpires() {
      return expires;
    }

    /** Sets the expiry date. */
    public void setExpires(LocalDate expires) {
      this.expires = expires;
    }

    /** The reason. */
    public String getReason() {
      return reason;
    }

    /** Sets the reason. */
    public void setReason(String reason) {
      this.reason = reason;
    }
  }
}
