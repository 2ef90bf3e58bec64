package test;

import dev.agentkit.AskWording;
import dev.agentkit.BindException;
import dev.agentkit.BoundAgent;
import dev.agentkit.Call;
import dev.agentkit.CompiledAgent;
import dev.agentkit.FieldReader;
import dev.agentkit.LiveAgent;
import dev.agentkit.Outcome;
import dev.agentkit.RunHandler;
import dev.agentkit.StateReader;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftException;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.internal.TreeValues;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractSource;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.annotation.processing.Generated;

/**
 * Wiring of {@link Issues} to contract {@code memory}, generated from its annotations and the
 * contract snapshot with digest {@code
 * sha256:60f64cff7d90d65b19b825cae26de71f6cd7c10eae9bbaaf0577275c7a811a2a}. Uses no reflection.
 */
@Generated("dev.agentkit.processor.AgentKitProcessor")
final class Issues_Wiring {
  /** The contract's name. */
  public static final String CONTRACT = "memory";

  /** The digest of the contract snapshot this wiring was compiled against. */
  public static final String CONTRACT_DIGEST = "sha256:60f64cff7d90d65b19b825cae26de71f6cd7c10eae9bbaaf0577275c7a811a2a";

  public static final String OP_UPDATE_ISSUE = "update_issue";

  private static final CompiledAgent COMPILED =
      new CompiledAgent("Issues", newCompiledContract(), CONTRACT_DIGEST);

  private Issues_Wiring() {}

  /**
   * The ops this agent uses, as the snapshot declared them when it was compiled; its source is
   * empty, since no backend served it. Built once.
   */
  public static Contract compiledContract() {
    return COMPILED.contract();
  }

  private static Contract newCompiledContract() {
    return Contract.of(
        CONTRACT,
        List.of(
            newUpdateIssue()));
  }

  private static Op newUpdateIssue() {
    return Op.builder(OP_UPDATE_ISSUE)
        .description("Update an issue.")
        .tier(Tier.REVERSIBLE)
        .operand(Operand.requiredString("issue", "The issue."))
        .operand(
            new Operand(
                "assignees",
                "Logins, or objects with one.",
                false,
                Schema.ArraySchema.of(
                    new Schema.UnionSchema(
                        Schema.Facets.NONE,
                        true,
                        List.of(
                            Schema.string(),
                            Schema.ObjectSchema.of(
                                List.of(Operand.requiredString("login", ""))))))))
        .operand(
            new Operand(
                "labels",
                "",
                false,
                new Schema.UnionSchema(
                    Schema.Facets.NONE,
                    false,
                    List.of(Schema.string(), Schema.ArraySchema.of(Schema.string())))))
        .operand(
            new Operand("kind", "", false, new Schema.ConstSchema(Schema.Facets.NONE, "\"issue\"")))
        .operand(
            new Operand(
                "meta",
                "",
                false,
                Schema.ObjectSchema.of(List.of(Operand.opaque("extra", "geo-point")))))
        .build();
  }

  /**
   * Fetches the live contract, re-verifies the agent against it and binds it, failing on breaking
   * drift ({@link DriftPolicy#failOnBreaking()}). See {@link #bind(Issues, ContractSource,
   * DriftPolicy)}.
   *
   * @throws BindException when the backend cannot be reached or the acts do not bind
   * @throws DriftException when the live contract drifted in a way that breaks the agent
   */
  public static BoundAgent<Board> bind(Issues agent, ContractSource source) {
    return bind(agent, source, DriftPolicy.failOnBreaking());
  }

  /**
   * Fetches the live contract once, compares it with the snapshot this wiring was compiled against
   * (nothing to compare when the digests are equal), applies {@code policy} to the drift, and binds
   * the acts to the live contract, which is authoritative. Fails closed when the contract cannot be
   * had.
   *
   * @throws BindException when the backend cannot be reached or the acts do not bind
   * @throws DriftException when {@code policy} rejects the drift
   */
  public static BoundAgent<Board> bind(Issues agent, ContractSource source, DriftPolicy policy) {
    Objects.requireNonNull(agent, "agent");
    return BoundAgent.bind(COMPILED, source, uses(agent), policy, Clock.systemUTC());
  }

  /**
   * Binds the agent's acts to a contract already fetched, taken as the live one: as {@link
   * #bind(Issues, ContractSource)}, without fetching.
   *
   * @throws BindException listing every problem when the acts do not bind
   * @throws DriftException when the contract drifted in a way that breaks the agent
   */
  public static BoundAgent<Board> bind(Issues agent, Contract contract) {
    Objects.requireNonNull(agent, "agent");
    return BoundAgent.bind(
        COMPILED, contract, uses(agent), DriftPolicy.failOnBreaking(), Clock.systemUTC());
  }

  /**
   * Binds the agent's acts to the contract compiled in ({@link #compiledContract()}), with no
   * backend and nothing to compare: for tests and offline tools.
   *
   * @throws BindException listing every problem when the acts do not bind
   */
  public static BoundAgent<Board> bindOffline(Issues agent) {
    Objects.requireNonNull(agent, "agent");
    return BoundAgent.offline(COMPILED, uses(agent));
  }

  /**
   * Binds as {@link #bind(Issues, ContractSource, DriftPolicy)} does, then follows {@code source}:
   * on each use the agent checks whether the cache holds a contract with another digest, rebinds on
   * compatible drift, and pauses (proposing every call, running none) on drift {@code policy}
   * rejects or when the cache goes stale, until a contract binds again. For services that bind once
   * and run for weeks.
   *
   * @throws BindException when the backend cannot be reached or the acts do not bind
   * @throws DriftException when {@code policy} rejects the drift at startup
   */
  public static LiveAgent<Board> live(Issues agent, CachedContract source, DriftPolicy policy) {
    Objects.requireNonNull(agent, "agent");
    return LiveAgent.bind(COMPILED, source, uses(agent), policy, Clock.systemUTC());
  }

  private static List<Use<Board>> uses(Issues agent) {
    return List.of(
        Use.<Board>of(OP_UPDATE_ISSUE, ChangeCategory.MERGE).run(new Handlers(agent, 0)).build());
  }

  /** Calls the agent's handler methods by number: no reflection, no lambda per handler. */
  private static final class Handlers
      implements StateReader<Board>, FieldReader<Board>, RunHandler<Board>, AskWording {
    private final Issues agent;
    private final int id;

    Handlers(Issues agent, int id) {
      this.agent = agent;
      this.id = id;
    }

    @Override
    public String read(Board state, Call call) throws Exception {
      throw new AssertionError(id);
    }

    @Override
    public String read(Board state, Call call, String field) throws Exception {
      throw new AssertionError(id);
    }

    @Override
    public Object run(Board state, Call call) throws Exception {
      switch (id) {
        case 0: // Issues.run
          return agent.run(state, new UpdateIssue(call));
      }
      throw new AssertionError(id);
    }

    @Override
    public String ask(Call call) {
      throw new AssertionError(id);
    }
  }

  /** The arguments of a {@code update_issue} call, typed by the contract; reading never throws. */
  public record UpdateIssue(Call call) {
    /** The op's opcode. */
    public static final String OPCODE = OP_UPDATE_ISSUE;
    public static final String ISSUE = "issue";
    public static final String ASSIGNEES = "assignees";
    public static final String LABELS = "labels";
    public static final String KIND = "kind";
    public static final String META = "meta";

    public UpdateIssue {
      Objects.requireNonNull(call, "call");
    }

    /** The issue. The empty string when none is given. */
    public String issue() {
      return call.arg(ISSUE);
    }

    /**
     * Logins, or objects with one. The elements given, in order, leaving out any it cannot read;
     * empty when none is given or it is not an array.
     */
    public List<Object> assignees() {
      return TreeValues.list(TreeValues.parse(call.arg(ASSIGNEES)), TreeValues::value);
    }

    /**
     * Operand labels. The JSON value given, as plain Java: a {@code Map<String, Object>} for an
     * object, a {@code List<Object>} for an array, a {@code String}, a {@code BigDecimal} or a
     * {@code Boolean}, all unmodifiable; empty when none is given or it is null.
     */
    public Optional<Object> labels() {
      return TreeValues.value(TreeValues.parse(call.arg(LABELS)));
    }

    /**
     * Operand kind. The JSON value given, as plain Java: a {@code Map<String, Object>} for an
     * object, a {@code List<Object>} for an array, a {@code String}, a {@code BigDecimal} or a
     * {@code Boolean}, all unmodifiable; empty when none is given or it is null.
     */
    public Optional<Object> kind() {
      return TreeValues.value(TreeValues.parse(call.arg(KIND)));
    }

    /** Operand meta. Empty when none is given or it is not an object. */
    public Optional<Meta> meta() {
      return TreeValues.object(TreeValues.parse(call.arg(META))).map(Meta::new);
    }

    /**
     * The value the run handler returned, typed.
     *
     * @param outcome the outcome of running a {@code update_issue} call
     * @return the value; empty when the run failed, returned nothing or ran another op
     */
    public static Optional<String> result(Outcome outcome) {
      if (!outcome.call().opcode().equals(OPCODE)) {
        return Optional.empty();
      }
      return outcome.value(String.class);
    }

    /**
     * An object of {@code update_issue.meta}, as the call gave it: {@code json} holds it
     * unmodifiable, in the call's order, and each accessor reads one property; reading never
     * throws.
     */
    public record Meta(Map<String, Object> json) {
      public static final String EXTRA = "extra";

      public Meta {
        Objects.requireNonNull(json, "json");
      }

      /**
       * Property extra. The JSON value given, as plain Java: a {@code Map<String, Object>} for an
       * object, a {@code List<Object>} for an array, a {@code String}, a {@code BigDecimal} or a
       * {@code Boolean}, all unmodifiable; empty when none is given or it is null.
       */
      public Optional<Object> extra() {
        return TreeValues.value(json.get(EXTRA));
      }
    }
  }
}
