package test;

import dev.agentkit.AskWording;
import dev.agentkit.BindException;
import dev.agentkit.BoundAgent;
import dev.agentkit.Call;
import dev.agentkit.CompiledAgent;
import dev.agentkit.FieldReader;
import dev.agentkit.LiveAgent;
import dev.agentkit.RunHandler;
import dev.agentkit.StateReader;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftException;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.internal.ArgValues;
import dev.agentkit.internal.CompiledOps;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractSource;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.annotation.processing.Generated;

/**
 * Wiring of {@link ScalarSetAgent} to contract {@code taskboard}, generated from its annotations
 * and the contract snapshot with digest {@code
 * sha256:eefc006a8b90de2b87f60ad4ec4fe73cf1fead6a2e8f9cf0883f1fc970bf76f8}. Uses no reflection.
 */
@Generated("dev.agentkit.processor.AgentKitProcessor")
public final class ScalarSetAgent_Wiring {
  /** The contract's name. */
  public static final String CONTRACT = "taskboard";

  /** The digest of the contract snapshot this wiring was compiled against. */
  public static final String CONTRACT_DIGEST = "sha256:eefc006a8b90de2b87f60ad4ec4fe73cf1fead6a2e8f9cf0883f1fc970bf76f8";

  public static final String OP_SET_TASK_DUE_DATE = "set_task_due_date";

  private static final CompiledAgent COMPILED =
      new CompiledAgent("ScalarSetAgent", newCompiledContract(), CONTRACT_DIGEST);

  private ScalarSetAgent_Wiring() {}

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
            CompiledOps.op(
                OP_SET_TASK_DUE_DATE, "Set a task's due date.", "task", Tier.REVERSIBLE,
                Operand.requiredString("task_id", "The task."),
                Operand.of("due_date", OperandType.DATE).withDescription("The new date."))));
  }

  /**
   * Fetches the live contract, re-verifies the agent against it and binds it, failing on breaking
   * drift ({@link DriftPolicy#failOnBreaking()}). See {@link #bind(ScalarSetAgent, ContractSource,
   * DriftPolicy)}.
   *
   * @throws BindException when the backend cannot be reached or the acts do not bind
   * @throws DriftException when the live contract drifted in a way that breaks the agent
   */
  public static BoundAgent<Board> bind(ScalarSetAgent agent, ContractSource source) {
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
  public static BoundAgent<Board> bind(
      ScalarSetAgent agent, ContractSource source, DriftPolicy policy) {
    Objects.requireNonNull(agent, "agent");
    return BoundAgent.bind(COMPILED, source, uses(agent), policy, Clock.systemUTC());
  }

  /**
   * Binds the agent's acts to a contract already fetched, taken as the live one: as {@link
   * #bind(ScalarSetAgent, ContractSource)}, without fetching.
   *
   * @throws BindException listing every problem when the acts do not bind
   * @throws DriftException when the contract drifted in a way that breaks the agent
   */
  public static BoundAgent<Board> bind(ScalarSetAgent agent, Contract contract) {
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
  public static BoundAgent<Board> bindOffline(ScalarSetAgent agent) {
    Objects.requireNonNull(agent, "agent");
    return BoundAgent.offline(COMPILED, uses(agent));
  }

  /**
   * Binds as {@link #bind(ScalarSetAgent, ContractSource, DriftPolicy)} does, then follows {@code
   * source}: on each use the agent checks whether the cache holds a contract with another digest,
   * rebinds on compatible drift, and pauses (proposing every call, running none) on drift {@code
   * policy} rejects or when the cache goes stale, until a contract binds again. For services that
   * bind once and run for weeks.
   *
   * @throws BindException when the backend cannot be reached or the acts do not bind
   * @throws DriftException when {@code policy} rejects the drift at startup
   */
  public static LiveAgent<Board> live(
      ScalarSetAgent agent, CachedContract source, DriftPolicy policy) {
    Objects.requireNonNull(agent, "agent");
    return LiveAgent.bind(COMPILED, source, uses(agent), policy, Clock.systemUTC());
  }

  private static List<Use<Board>> uses(ScalarSetAgent agent) {
    return List.of(
        Use.<Board>of(OP_SET_TASK_DUE_DATE, ChangeCategory.SCALAR_SET)
            .input("due_date")
            .assertTier(Tier.REVERSIBLE)
            .reader(new Handlers(agent, 0))
            .run(new Handlers(agent, 1))
            .build());
  }

  /** Calls the agent's handler methods by number: no reflection, no lambda per handler. */
  private static final class Handlers
      implements StateReader<Board>, FieldReader<Board>, RunHandler<Board>, AskWording {
    private final ScalarSetAgent agent;
    private final int id;

    Handlers(ScalarSetAgent agent, int id) {
      this.agent = agent;
      this.id = id;
    }

    @Override
    public String read(Board state, Call call) throws Exception {
      switch (id) {
        case 0: // ScalarSetAgent.dueDate
          return agent.dueDate(state, call);
      }
      throw new AssertionError(id);
    }

    @Override
    public String read(Board state, Call call, String field) throws Exception {
      throw new AssertionError(id);
    }

    @Override
    public Object run(Board state, Call call) throws Exception {
      switch (id) {
        case 1: // ScalarSetAgent.setDueDate
          agent.setDueDate(state, new SetTaskDueDate(call));
          return null;
      }
      throw new AssertionError(id);
    }

    @Override
    public String ask(Call call) {
      throw new AssertionError(id);
    }
  }

  /**
   * The arguments of a {@code set_task_due_date} call, typed by the contract; reading never throws.
   */
  public record SetTaskDueDate(Call call) {
    /** The op's opcode. */
    public static final String OPCODE = OP_SET_TASK_DUE_DATE;
    public static final String TASK_ID = "task_id";
    public static final String DUE_DATE = "due_date";

    public SetTaskDueDate {
      Objects.requireNonNull(call, "call");
    }

    /** The task. The empty string when none is given. */
    public String taskId() {
      return call.arg(TASK_ID);
    }

    /** The new date. Empty when blank or unparseable. */
    public Optional<OffsetDateTime> dueDate() {
      return ArgValues.date(call.arg(DUE_DATE));
    }
  }
}
