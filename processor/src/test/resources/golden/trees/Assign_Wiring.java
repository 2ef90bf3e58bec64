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
import dev.agentkit.internal.TreeValues;
import dev.agentkit.internal.WireNames;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractSource;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import javax.annotation.processing.Generated;

/**
 * Wiring of {@link Assign} to contract {@code trees}, generated from its annotations and the
 * contract snapshot with digest {@code
 * sha256:e7b316dfd5de8c439f12221d2d2369789afd758cf2b3fce9b4974e34b3aa4b9a}. Uses no reflection.
 */
@Generated("dev.agentkit.processor.AgentKitProcessor")
final class Assign_Wiring {
  /** The contract's name. */
  public static final String CONTRACT = "trees";

  /** The digest of the contract snapshot this wiring was compiled against. */
  public static final String CONTRACT_DIGEST = "sha256:e7b316dfd5de8c439f12221d2d2369789afd758cf2b3fce9b4974e34b3aa4b9a";

  public static final String OP_ASSIGN_TASKS = "assign_tasks";

  private static final CompiledAgent COMPILED =
      new CompiledAgent("Assign", newCompiledContract(), CONTRACT_DIGEST);

  private Assign_Wiring() {}

  /**
   * The ops this agent uses, as the snapshot declared them when it was compiled; its source is
   * empty, since no backend served it. Built once.
   */
  public static Contract compiledContract() {
    return COMPILED.contract();
  }

  private static Contract newCompiledContract() {
    return Contract.of(CONTRACT, List.of(newAssignTasks()));
  }

  private static Op newAssignTasks() {
    return Op.builder(OP_ASSIGN_TASKS)
        .description("Assign tasks to people.")
        .tier(Tier.REVERSIBLE)
        .operand(
            new Operand(
                "assignments",
                "Who does what.",
                true,
                Schema.ArraySchema.of(
                    Schema.ObjectSchema.of(
                        List.of(
                            Operand.requiredString("task_id", "The task."),
                            Operand.enumOf("role", true, "owner", "reviewer", "watcher"),
                            new Operand(
                                "schedule",
                                "",
                                false,
                                Schema.ObjectSchema.of(
                                    List.of(
                                        Operand.enumOf("priority", false, "low", "high"),
                                        new Operand(
                                            "due",
                                            "When it is due.",
                                            false,
                                            new Schema.DateSchema(Schema.Facets.NONE, "date")),
                                        Operand.enumOf("reminders", false, "day_before", "hour").withList(true),
                                        Operand.of("estimate", OperandType.NUMBER),
                                        new Operand(
                                            "points",
                                            "",
                                            false,
                                            new Schema.NumberSchema(
                                                Schema.Facets.NONE,
                                                true,
                                                new Schema.Bound(new BigDecimal("0"), false),
                                                null,
                                                null)),
                                        Operand.of("notify", OperandType.BOOLEAN),
                                        new Operand(
                                            "grid",
                                            "",
                                            false,
                                            Schema.ArraySchema.of(
                                                Schema.ArraySchema.of(
                                                    new Schema.NumberSchema(
                                                        Schema.Facets.NONE,
                                                        true,
                                                        null,
                                                        null,
                                                        null)))),
                                        Operand.opaque("extra", "geo-point"),
                                        new Operand(
                                            "level",
                                            "",
                                            false,
                                            new Schema.EnumSchema(
                                                Schema.Facets.NONE,
                                                List.of("1", "2.5"),
                                                OperandType.NUMBER))))))))))
        .operand(Operand.enumOf("team", false, "red", "blue"))
        .build();
  }

  /**
   * Fetches the live contract, re-verifies the agent against it and binds it, failing on breaking
   * drift ({@link DriftPolicy#failOnBreaking()}). See {@link #bind(Assign, ContractSource,
   * DriftPolicy)}.
   *
   * @throws BindException when the backend cannot be reached or the acts do not bind
   * @throws DriftException when the live contract drifted in a way that breaks the agent
   */
  public static BoundAgent<Board> bind(Assign agent, ContractSource source) {
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
  public static BoundAgent<Board> bind(Assign agent, ContractSource source, DriftPolicy policy) {
    Objects.requireNonNull(agent, "agent");
    return BoundAgent.bind(COMPILED, source, uses(agent), policy, Clock.systemUTC());
  }

  /**
   * Binds the agent's acts to a contract already fetched, taken as the live one: as {@link
   * #bind(Assign, ContractSource)}, without fetching.
   *
   * @throws BindException listing every problem when the acts do not bind
   * @throws DriftException when the contract drifted in a way that breaks the agent
   */
  public static BoundAgent<Board> bind(Assign agent, Contract contract) {
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
  public static BoundAgent<Board> bindOffline(Assign agent) {
    Objects.requireNonNull(agent, "agent");
    return BoundAgent.offline(COMPILED, uses(agent));
  }

  /**
   * Binds as {@link #bind(Assign, ContractSource, DriftPolicy)} does, then follows {@code source}:
   * on each use the agent checks whether the cache holds a contract with another digest, rebinds on
   * compatible drift, and pauses (proposing every call, running none) on drift {@code policy}
   * rejects or when the cache goes stale, until a contract binds again. For services that bind once
   * and run for weeks.
   *
   * @throws BindException when the backend cannot be reached or the acts do not bind
   * @throws DriftException when {@code policy} rejects the drift at startup
   */
  public static LiveAgent<Board> live(Assign agent, CachedContract source, DriftPolicy policy) {
    Objects.requireNonNull(agent, "agent");
    return LiveAgent.bind(COMPILED, source, uses(agent), policy, Clock.systemUTC());
  }

  private static List<Use<Board>> uses(Assign agent) {
    return List.of(
        Use.<Board>of(OP_ASSIGN_TASKS, ChangeCategory.MERGE).run(new Handlers(agent, 0)).build());
  }

  /** Calls the agent's handler methods by number: no reflection, no lambda per handler. */
  private static final class Handlers
      implements StateReader<Board>, FieldReader<Board>, RunHandler<Board>, AskWording {
    private final Assign agent;
    private final int id;

    Handlers(Assign agent, int id) {
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
        case 0: // Assign.run
          return agent.run(state, new AssignTasks(call));
      }
      throw new AssertionError(id);
    }

    @Override
    public String ask(Call call) {
      throw new AssertionError(id);
    }
  }

  /** The arguments of a {@code assign_tasks} call, typed by the contract; reading never throws. */
  public record AssignTasks(Call call) {
    /** The op's opcode. */
    public static final String OPCODE = OP_ASSIGN_TASKS;
    public static final String ASSIGNMENTS = "assignments";
    public static final String TEAM = "team";

    public AssignTasks {
      Objects.requireNonNull(call, "call");
    }

    /**
     * Who does what. The elements given, in order, leaving out any it cannot read; empty when none
     * is given or it is not an array.
     */
    public List<Assignment> assignments() {
      return TreeValues.list(
          TreeValues.parse(call.arg(ASSIGNMENTS)), TreeValues.objectOf(Assignment::new));
    }

    /** Operand team. {@code UNRECOGNISED} when blank or not in the vocabulary. */
    public Team team() {
      return Team.of(call.arg(TEAM));
    }

    /**
     * The value the run handler returned, typed.
     *
     * @param outcome the outcome of running a {@code assign_tasks} call
     * @return the value; empty when the run failed, returned nothing or ran another op
     */
    public static Optional<String> result(Outcome outcome) {
      if (!outcome.call().opcode().equals(OPCODE)) {
        return Optional.empty();
      }
      return outcome.value(String.class);
    }

    /** The values of operand {@code team}, and {@code UNRECOGNISED} for any other. */
    public enum Team {
      RED,
      BLUE,
      UNRECOGNISED;

      private static final WireNames<Team> wireNames = WireNames.of(values(), "red", "blue");

      /** The value as the contract spells it; empty for {@code UNRECOGNISED}. */
      public String wireName() {
        return wireNames.wireName(this);
      }

      /** The constant for a value as the contract spells it, or {@code UNRECOGNISED}. */
      public static Team of(String value) {
        return wireNames.of(value);
      }
    }

    /**
     * An object of <code>assign_tasks.assignments[]</code>, as the call gave it: {@code json} holds
     * it unmodifiable, in the call's order, and each accessor reads one property; reading never
     * throws.
     */
    public record Assignment(Map<String, Object> json) {
      public static final String TASK_ID = "task_id";
      public static final String ROLE = "role";
      public static final String SCHEDULE = "schedule";

      public Assignment {
        Objects.requireNonNull(json, "json");
      }

      /** The task. The empty string when none is given or it is not a string, number or boolean. */
      public String taskId() {
        return TreeValues.string(json.get(TASK_ID));
      }

      /** Property role. {@code UNRECOGNISED} when none is given or it is not in the vocabulary. */
      public Role role() {
        return Role.of(TreeValues.string(json.get(ROLE)));
      }

      /** Property schedule. Empty when none is given or it is not an object. */
      public Optional<Schedule> schedule() {
        return TreeValues.object(json.get(SCHEDULE), Schedule::new);
      }
    }

    /**
     * The values of <code>assign_tasks.assignments[].role</code>, and {@code UNRECOGNISED} for any
     * other.
     */
    public enum Role {
      OWNER,
      REVIEWER,
      WATCHER,
      UNRECOGNISED;

      private static final WireNames<Role> wireNames =
          WireNames.of(values(), "owner", "reviewer", "watcher");

      /** The value as the contract spells it; empty for {@code UNRECOGNISED}. */
      public String wireName() {
        return wireNames.wireName(this);
      }

      /** The constant for a value as the contract spells it, or {@code UNRECOGNISED}. */
      public static Role of(String value) {
        return wireNames.of(value);
      }
    }

    /**
     * An object of <code>assign_tasks.assignments[].schedule</code>, as the call gave it: {@code
     * json} holds it unmodifiable, in the call's order, and each accessor reads one property;
     * reading never throws.
     */
    public record Schedule(Map<String, Object> json) {
      public static final String PRIORITY = "priority";
      public static final String DUE = "due";
      public static final String REMINDERS = "reminders";
      public static final String ESTIMATE = "estimate";
      public static final String POINTS = "points";
      public static final String NOTIFY = "notify";
      public static final String GRID = "grid";
      public static final String EXTRA = "extra";
      public static final String LEVEL = "level";

      public Schedule {
        Objects.requireNonNull(json, "json");
      }

      /**
       * Property priority. {@code UNRECOGNISED} when none is given or it is not in the vocabulary.
       */
      public Priority priority() {
        return Priority.of(TreeValues.string(json.get(PRIORITY)));
      }

      /** When it is due. Empty when none is given or it is not a date. */
      public Optional<OffsetDateTime> due() {
        return TreeValues.date(json.get(DUE));
      }

      /**
       * Property reminders. The elements given, in order, leaving out any it cannot read; empty
       * when none is given or it is not an array.
       */
      public List<Reminder> reminders() {
        return TreeValues.list(json.get(REMINDERS), TreeValues.enumOf(Reminder::of));
      }

      /** Property estimate. Empty when none is given or it is not a number. */
      public Optional<BigDecimal> estimate() {
        return TreeValues.number(json.get(ESTIMATE));
      }

      /**
       * Property points. Empty when none is given or it is not a whole number in the 64-bit range.
       */
      public OptionalLong points() {
        return TreeValues.integer(json.get(POINTS));
      }

      /** Property notify. Empty when none is given or it is not a boolean. */
      public Optional<Boolean> notifyArg() {
        return TreeValues.bool(json.get(NOTIFY));
      }

      /**
       * Property grid. The elements given, in order, leaving out any it cannot read; empty when
       * none is given or it is not an array.
       */
      public List<List<Long>> grid() {
        return TreeValues.list(json.get(GRID), TreeValues.arrayOf(TreeValues::longValue));
      }

      /**
       * Property extra. The JSON value given, as plain Java: a {@code Map<String, Object>} for an
       * object, a {@code List<Object>} for an array, a {@code String}, a {@code BigDecimal} or a
       * {@code Boolean}, all unmodifiable; empty when none is given or it is null.
       */
      public Optional<Object> extra() {
        return TreeValues.value(json.get(EXTRA));
      }

      /** Property level. {@code UNRECOGNISED} when none is given or it is not in the vocabulary. */
      public Level level() {
        return Level.of(TreeValues.string(json.get(LEVEL)));
      }
    }

    /**
     * The values of <code>assign_tasks.assignments[].schedule.priority</code>, and {@code
     * UNRECOGNISED} for any other.
     */
    public enum Priority {
      LOW,
      HIGH,
      UNRECOGNISED;

      private static final WireNames<Priority> wireNames = WireNames.of(values(), "low", "high");

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
     * The values of <code>assign_tasks.assignments[].schedule.reminders[]</code>, and {@code
     * UNRECOGNISED} for any other.
     */
    public enum Reminder {
      DAY_BEFORE,
      HOUR,
      UNRECOGNISED;

      private static final WireNames<Reminder> wireNames =
          WireNames.of(values(), "day_before", "hour");

      /** The value as the contract spells it; empty for {@code UNRECOGNISED}. */
      public String wireName() {
        return wireNames.wireName(this);
      }

      /** The constant for a value as the contract spells it, or {@code UNRECOGNISED}. */
      public static Reminder of(String value) {
        return wireNames.of(value);
      }
    }

    /**
     * The values of <code>assign_tasks.assignments[].schedule.level</code>, and {@code
     * UNRECOGNISED} for any other.
     */
    public enum Level {
      _1,
      _2_5,
      UNRECOGNISED;

      private static final WireNames<Level> wireNames = WireNames.numbers(values(), "1", "2.5");

      /** The value as the contract spells it; empty for {@code UNRECOGNISED}. */
      public String wireName() {
        return wireNames.wireName(this);
      }

      /**
       * The constant for a value of the same decimal value, however it is spelled, or {@code
       * UNRECOGNISED}.
       */
      public static Level of(String value) {
        return wireNames.of(value);
      }
    }
  }
}
