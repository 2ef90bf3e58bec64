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
import java.math.BigDecimal;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.annotation.processing.Generated;

/**
 * Wiring of {@link Tasks} to contract {@code trees}, generated from its annotations and the
 * contract snapshot with digest {@code
 * sha256:e7b316dfd5de8c439f12221d2d2369789afd758cf2b3fce9b4974e34b3aa4b9a}. Uses no reflection.
 */
@Generated("dev.agentkit.processor.AgentKitProcessor")
final class Tasks_Wiring {
  /** The contract's name. */
  public static final String CONTRACT = "trees";

  /** The digest of the contract snapshot this wiring was compiled against. */
  public static final String CONTRACT_DIGEST = "sha256:e7b316dfd5de8c439f12221d2d2369789afd758cf2b3fce9b4974e34b3aa4b9a";

  public static final String OP_CREATE_TASK = "create_task";

  private static final CompiledAgent COMPILED =
      new CompiledAgent("Tasks", newCompiledContract(), CONTRACT_DIGEST);

  private Tasks_Wiring() {}

  /**
   * The ops this agent uses, as the snapshot declared them when it was compiled; its source is
   * empty, since no backend served it. Built once.
   */
  public static Contract compiledContract() {
    return COMPILED.contract();
  }

  private static Contract newCompiledContract() {
    return Contract.of(CONTRACT, List.of(newCreateTask()));
  }

  private static Op newCreateTask() {
    return Op.builder(OP_CREATE_TASK)
        .description("Create a task with a checklist.")
        .objectType("task")
        .tier(Tier.REVERSIBLE)
        .operand(
            new Operand(
                "title",
                "The title.",
                true,
                new Schema.StringSchema(Schema.Facets.NONE, "", 1, null, "")))
        .operand(
            new Operand(
                "priority",
                "",
                false,
                new Schema.EnumSchema(
                    new Schema.Facets("", "\"normal\"", false),
                    List.of("low", "normal", "high"),
                    OperandType.STRING)))
        .operand(
            new Operand(
                "estimate",
                "Hours of work.",
                false,
                new Schema.NumberSchema(
                    new Schema.Facets("", "", true),
                    false,
                    new Schema.Bound(new BigDecimal("0"), false),
                    null,
                    null)))
        .operand(
            new Operand(
                "checklist",
                "The steps.",
                false,
                new Schema.ArraySchema(
                    Schema.Facets.NONE,
                    new Schema.ObjectSchema(
                        Schema.Facets.NONE,
                        List.of(
                            new Operand(
                                "text",
                                "What to do.",
                                true,
                                new Schema.StringSchema(Schema.Facets.NONE, "", 1, 200, "")),
                            new Operand(
                                "done",
                                "Whether it is done.",
                                false,
                                new Schema.BooleanSchema(new Schema.Facets("", "false", false))),
                            new Operand(
                                "assignee",
                                "Who does it, if anyone.",
                                false,
                                new Schema.StringSchema(
                                    new Schema.Facets("", "", true),
                                    "",
                                    null,
                                    null,
                                    "")),
                            new Operand(
                                "subitems",
                                "",
                                false,
                                Schema.ArraySchema.of(
                                    Schema.ObjectSchema.of(
                                        List.of(
                                            Operand.requiredString("text", "What to do."),
                                            Operand.of("done", OperandType.BOOLEAN)))))),
                        true,
                        null),
                    null,
                    50,
                    false)))
        .operand(
            new Operand("kind", "", true, new Schema.ConstSchema(Schema.Facets.NONE, "\"task\"")))
        .build();
  }

  /**
   * Fetches the live contract, re-verifies the agent against it and binds it, failing on breaking
   * drift ({@link DriftPolicy#failOnBreaking()}). See {@link #bind(Tasks, ContractSource,
   * DriftPolicy)}.
   *
   * @throws BindException when the backend cannot be reached or the acts do not bind
   * @throws DriftException when the live contract drifted in a way that breaks the agent
   */
  public static BoundAgent<Board> bind(Tasks agent, ContractSource source) {
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
  public static BoundAgent<Board> bind(Tasks agent, ContractSource source, DriftPolicy policy) {
    Objects.requireNonNull(agent, "agent");
    return BoundAgent.bind(COMPILED, source, uses(agent), policy, Clock.systemUTC());
  }

  /**
   * Binds the agent's acts to a contract already fetched, taken as the live one: as {@link
   * #bind(Tasks, ContractSource)}, without fetching.
   *
   * @throws BindException listing every problem when the acts do not bind
   * @throws DriftException when the contract drifted in a way that breaks the agent
   */
  public static BoundAgent<Board> bind(Tasks agent, Contract contract) {
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
  public static BoundAgent<Board> bindOffline(Tasks agent) {
    Objects.requireNonNull(agent, "agent");
    return BoundAgent.offline(COMPILED, uses(agent));
  }

  /**
   * Binds as {@link #bind(Tasks, ContractSource, DriftPolicy)} does, then follows {@code source}:
   * on each use the agent checks whether the cache holds a contract with another digest, rebinds on
   * compatible drift, and pauses (proposing every call, running none) on drift {@code policy}
   * rejects or when the cache goes stale, until a contract binds again. For services that bind once
   * and run for weeks.
   *
   * @throws BindException when the backend cannot be reached or the acts do not bind
   * @throws DriftException when {@code policy} rejects the drift at startup
   */
  public static LiveAgent<Board> live(Tasks agent, CachedContract source, DriftPolicy policy) {
    Objects.requireNonNull(agent, "agent");
    return LiveAgent.bind(COMPILED, source, uses(agent), policy, Clock.systemUTC());
  }

  private static List<Use<Board>> uses(Tasks agent) {
    return List.of(
        Use.<Board>of(OP_CREATE_TASK, ChangeCategory.MERGE).run(new Handlers(agent, 0)).build());
  }

  /** Calls the agent's handler methods by number: no reflection, no lambda per handler. */
  private static final class Handlers
      implements StateReader<Board>, FieldReader<Board>, RunHandler<Board>, AskWording {
    private final Tasks agent;
    private final int id;

    Handlers(Tasks agent, int id) {
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
        case 0: // Tasks.run
          return agent.run(state, new CreateTask(call));
      }
      throw new AssertionError(id);
    }

    @Override
    public String ask(Call call) {
      throw new AssertionError(id);
    }
  }

  /** The arguments of a {@code create_task} call, typed by the contract; reading never throws. */
  public record CreateTask(Call call) {
    /** The op's opcode. */
    public static final String OPCODE = OP_CREATE_TASK;
    public static final String TITLE = "title";
    public static final String PRIORITY = "priority";
    public static final String ESTIMATE = "estimate";
    public static final String CHECKLIST = "checklist";
    public static final String KIND = "kind";

    public CreateTask {
      Objects.requireNonNull(call, "call");
    }

    /** The title. The empty string when none is given. */
    public String title() {
      return call.arg(TITLE);
    }

    /**
     * Operand priority. When none is given, the backend takes <code>"normal"</code>. {@code
     * UNRECOGNISED} when blank or not in the vocabulary.
     */
    public Priority priority() {
      return Priority.of(call.arg(PRIORITY));
    }

    /** Hours of work. Empty when blank or unparseable. */
    public Optional<BigDecimal> estimate() {
      return ArgValues.number(call.arg(ESTIMATE));
    }

    /**
     * The steps. The elements given, in order, leaving out any it cannot read; empty when none is
     * given or it is not an array.
     */
    public List<ChecklistItem> checklist() {
      return TreeValues.list(
          TreeValues.parse(call.arg(CHECKLIST)), TreeValues.objectOf(ChecklistItem::new));
    }

    /**
     * Operand kind. The contract fixes it to <code>"task"</code>. The empty string when none is
     * given or it is not a string, number or boolean.
     */
    public String kind() {
      return TreeValues.string(TreeValues.parse(call.arg(KIND)));
    }

    /**
     * The value the run handler returned, typed.
     *
     * @param outcome the outcome of running a {@code create_task} call
     * @return the value; empty when the run failed, returned nothing or ran another op
     */
    public static Optional<String> result(Outcome outcome) {
      if (!outcome.call().opcode().equals(OPCODE)) {
        return Optional.empty();
      }
      return outcome.value(String.class);
    }

    /** The values of operand {@code priority}, and {@code UNRECOGNISED} for any other. */
    public enum Priority {
      LOW,
      NORMAL,
      HIGH,
      UNRECOGNISED;

      private static final WireNames<Priority> wireNames =
          WireNames.of(values(), "low", "normal", "high");

      /** The value as the contract spells it; empty for {@code UNRECOGNISED}. */
      public String wireName() {
        return wireNames.wireName(this);
      }

      /** The constant for a value as the contract spells it, or {@code UNRECOGNISED}. */
      public static Priority of(String value) {
        return wireNames.of(value);
      }
    }

    /**
     * An object of <code>create_task.checklist[]</code>, as the call gave it: {@code json} holds it
     * unmodifiable, in the call's order, and each accessor reads one property; reading never
     * throws.
     */
    public record ChecklistItem(Map<String, Object> json) {
      public static final String TEXT = "text";
      public static final String DONE = "done";
      public static final String ASSIGNEE = "assignee";
      public static final String SUBITEMS = "subitems";

      public ChecklistItem {
        Objects.requireNonNull(json, "json");
      }

      /**
       * What to do. The empty string when none is given or it is not a string, number or boolean.
       */
      public String text() {
        return TreeValues.string(json.get(TEXT));
      }

      /**
       * Whether it is done. When none is given, the backend takes {@code false}. Empty when none is
       * given or it is not a boolean.
       */
      public Optional<Boolean> done() {
        return TreeValues.bool(json.get(DONE));
      }

      /**
       * Who does it, if anyone. The empty string when none is given or it is not a string, number
       * or boolean.
       */
      public String assignee() {
        return TreeValues.string(json.get(ASSIGNEE));
      }

      /**
       * Property subitems. The elements given, in order, leaving out any it cannot read; empty when
       * none is given or it is not an array.
       */
      public List<Subitem> subitems() {
        return TreeValues.list(json.get(SUBITEMS), TreeValues.objectOf(Subitem::new));
      }
    }

    /**
     * An object of <code>create_task.checklist[].subitems[]</code>, as the call gave it: {@code
     * json} holds it unmodifiable, in the call's order, and each accessor reads one property;
     * reading never throws.
     */
    public record Subitem(Map<String, Object> json) {
      public static final String TEXT = "text";
      public static final String DONE = "done";

      public Subitem {
        Objects.requireNonNull(json, "json");
      }

      /**
       * What to do. The empty string when none is given or it is not a string, number or boolean.
       */
      public String text() {
        return TreeValues.string(json.get(TEXT));
      }

      /** Property done. Empty when none is given or it is not a boolean. */
      public Optional<Boolean> done() {
        return TreeValues.bool(json.get(DONE));
      }
    }
  }
}
