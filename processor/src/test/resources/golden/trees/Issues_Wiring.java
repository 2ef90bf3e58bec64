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
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftException;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.internal.ArgValues;
import dev.agentkit.internal.TreeValues;
import dev.agentkit.internal.WireNames;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractSource;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import javax.annotation.processing.Generated;

/**
 * Wiring of {@link Issues} to contract {@code trees}, generated from its annotations and the
 * contract snapshot with digest {@code
 * sha256:e7b316dfd5de8c439f12221d2d2369789afd758cf2b3fce9b4974e34b3aa4b9a}. Uses no reflection.
 */
@Generated("dev.agentkit.processor.AgentKitProcessor")
final class Issues_Wiring {
  /** The contract's name. */
  public static final String CONTRACT = "trees";

  /** The digest of the contract snapshot this wiring was compiled against. */
  public static final String CONTRACT_DIGEST = "sha256:e7b316dfd5de8c439f12221d2d2369789afd758cf2b3fce9b4974e34b3aa4b9a";

  public static final String OP_ISSUES_UPDATE = "issues/update";

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
    return Contract.of(CONTRACT, List.of(newIssuesUpdate()));
  }

  private static Op newIssuesUpdate() {
    return Op.builder(OP_ISSUES_UPDATE)
        .description("Issue owners and users with push access can edit an issue.")
        .objectType("issue")
        .tier(Tier.REVERSIBLE)
        .operand(
            Operand.requiredString("owner", "The account owner of the repository. The name is not case sensitive."))
        .operand(
            Operand.requiredString("repo", "The name of the repository without the `.git` extension. The name is not case sensitive."))
        .operand(
            Operand.of("issue_number", OperandType.INTEGER).withDescription("The number that identifies the issue.").withRequired(true))
        .operand(
            new Operand(
                "title",
                "The title of the issue.",
                false,
                new Schema.UnionSchema(
                    new Schema.Facets("", "", true),
                    true,
                    List.of(
                        Schema.string(),
                        new Schema.NumberSchema(Schema.Facets.NONE, true, null, null, null)))))
        .operand(
            new Operand(
                "body",
                "The contents of the issue.",
                false,
                new Schema.StringSchema(new Schema.Facets("", "", true), "", null, null, "")))
        .operand(
            Operand.enumOf("state", false, "open", "closed").withDescription("The open or closed state of the issue."))
        .operand(
            new Operand(
                "state_reason",
                "The reason for the state change. Ignored unless `state` is changed.",
                false,
                new Schema.EnumSchema(
                    new Schema.Facets("", "", true),
                    List.of("completed", "not_planned", "reopened"),
                    OperandType.STRING)))
        .operand(
            new Operand(
                "milestone",
                "The `number` of the milestone to associate this issue with or use `null` to remove the current milestone.",
                false,
                new Schema.UnionSchema(
                    new Schema.Facets("", "", true),
                    true,
                    List.of(
                        Schema.string(),
                        new Schema.NumberSchema(Schema.Facets.NONE, true, null, null, null)))))
        .operand(
            new Operand(
                "labels",
                "Labels to associate with this issue. Pass one or more labels to _replace_ the set of labels on this issue.",
                false,
                Schema.ArraySchema.of(
                    new Schema.UnionSchema(
                        Schema.Facets.NONE,
                        true,
                        List.of(
                            Schema.string(),
                            Schema.ObjectSchema.of(
                                List.of(
                                    Operand.of("id", OperandType.INTEGER),
                                    Operand.of("name", OperandType.STRING),
                                    new Operand(
                                        "description",
                                        "",
                                        false,
                                        new Schema.StringSchema(
                                            new Schema.Facets("", "", true),
                                            "",
                                            null,
                                            null,
                                            "")),
                                    new Operand(
                                        "color",
                                        "",
                                        false,
                                        new Schema.StringSchema(
                                            new Schema.Facets("", "", true),
                                            "",
                                            null,
                                            null,
                                            "")))))))))
        .operand(
            new Operand(
                "assignees",
                "Usernames to assign to this issue.",
                false,
                Schema.ArraySchema.of(
                    new Schema.UnionSchema(
                        Schema.Facets.NONE,
                        true,
                        List.of(
                            Schema.string(),
                            Schema.ObjectSchema.of(
                                List.of(Operand.requiredString("login", ""))))))))
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
        Use.<Board>of(OP_ISSUES_UPDATE, ChangeCategory.MERGE).run(new Handlers(agent, 0)).build());
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
          return agent.run(state, new IssuesUpdate(call));
      }
      throw new AssertionError(id);
    }

    @Override
    public String ask(Call call) {
      throw new AssertionError(id);
    }
  }

  /**
   * The arguments of a <code>issues/update</code> call, typed by the contract; reading never
   * throws.
   */
  public record IssuesUpdate(Call call) {
    /** The op's opcode. */
    public static final String OPCODE = OP_ISSUES_UPDATE;
    public static final String OWNER = "owner";
    public static final String REPO = "repo";
    public static final String ISSUE_NUMBER = "issue_number";
    public static final String TITLE = "title";
    public static final String BODY = "body";
    public static final String STATE = "state";
    public static final String STATE_REASON = "state_reason";
    public static final String MILESTONE = "milestone";
    public static final String LABELS = "labels";
    public static final String ASSIGNEES = "assignees";

    public IssuesUpdate {
      Objects.requireNonNull(call, "call");
    }

    /**
     * The account owner of the repository. The name is not case sensitive. The empty string when
     * none is given.
     */
    public String owner() {
      return call.arg(OWNER);
    }

    /**
     * The name of the repository without the `.git` extension. The name is not case sensitive. The
     * empty string when none is given.
     */
    public String repo() {
      return call.arg(REPO);
    }

    /**
     * The number that identifies the issue. Empty when blank or not a whole number in the 64-bit
     * range.
     */
    public OptionalLong issueNumber() {
      return ArgValues.integer(call.arg(ISSUE_NUMBER));
    }

    /**
     * The title of the issue. The JSON value given, as plain Java: a {@code Map<String, Object>}
     * for an object, a {@code List<Object>} for an array, a {@code String}, a {@code BigDecimal} or
     * a {@code Boolean}, all unmodifiable; empty when none is given or it is null.
     */
    public Optional<Object> title() {
      return TreeValues.value(TreeValues.parse(call.arg(TITLE)));
    }

    /** The contents of the issue. The empty string when none is given. */
    public String body() {
      return call.arg(BODY);
    }

    /**
     * The open or closed state of the issue. {@code UNRECOGNISED} when blank or not in the
     * vocabulary.
     */
    public State state() {
      return State.of(call.arg(STATE));
    }

    /**
     * The reason for the state change. Ignored unless `state` is changed. {@code UNRECOGNISED} when
     * blank or not in the vocabulary.
     */
    public StateReason stateReason() {
      return StateReason.of(call.arg(STATE_REASON));
    }

    /**
     * The `number` of the milestone to associate this issue with or use `null` to remove the
     * current milestone. The JSON value given, as plain Java: a {@code Map<String, Object>} for an
     * object, a {@code List<Object>} for an array, a {@code String}, a {@code BigDecimal} or a
     * {@code Boolean}, all unmodifiable; empty when none is given or it is null.
     */
    public Optional<Object> milestone() {
      return TreeValues.value(TreeValues.parse(call.arg(MILESTONE)));
    }

    /**
     * Labels to associate with this issue. Pass one or more labels to _replace_ the set of labels
     * on this issue. The elements given, in order, leaving out any it cannot read; empty when none
     * is given or it is not an array.
     */
    public List<Object> labels() {
      return TreeValues.list(TreeValues.parse(call.arg(LABELS)), TreeValues::value);
    }

    /**
     * Usernames to assign to this issue. The elements given, in order, leaving out any it cannot
     * read; empty when none is given or it is not an array.
     */
    public List<Object> assignees() {
      return TreeValues.list(TreeValues.parse(call.arg(ASSIGNEES)), TreeValues::value);
    }

    /**
     * The value the run handler returned, typed.
     *
     * @param outcome the outcome of running a <code>issues/update</code> call
     * @return the value; empty when the run failed, returned nothing or ran another op
     */
    public static Optional<String> result(Outcome outcome) {
      if (!outcome.call().opcode().equals(OPCODE)) {
        return Optional.empty();
      }
      return outcome.value(String.class);
    }

    /** The values of operand {@code state}, and {@code UNRECOGNISED} for any other. */
    public enum State {
      OPEN,
      CLOSED,
      UNRECOGNISED;

      private static final WireNames<State> wireNames = WireNames.of(values(), "open", "closed");

      /** The value as the contract spells it; empty for {@code UNRECOGNISED}. */
      public String wireName() {
        return wireNames.wireName(this);
      }

      /** The constant for a value as the contract spells it, or {@code UNRECOGNISED}. */
      public static State of(String value) {
        return wireNames.of(value);
      }
    }

    /** The values of operand {@code state_reason}, and {@code UNRECOGNISED} for any other. */
    public enum StateReason {
      COMPLETED,
      NOT_PLANNED,
      REOPENED,
      UNRECOGNISED;

      private static final WireNames<StateReason> wireNames =
          WireNames.of(values(), "completed", "not_planned", "reopened");

      /** The value as the contract spells it; empty for {@code UNRECOGNISED}. */
      public String wireName() {
        return wireNames.wireName(this);
      }

      /** The constant for a value as the contract spells it, or {@code UNRECOGNISED}. */
      public static StateReason of(String value) {
        return wireNames.of(value);
      }
    }
  }
}
