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
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftException;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.internal.CompiledOps;
import dev.agentkit.internal.WireNames;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractSource;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import javax.annotation.processing.Generated;

/**
 * Wiring of {@link TerminalAgent} to contract {@code taskboard}, generated from its annotations and
 * the contract snapshot with digest {@code
 * sha256:eefc006a8b90de2b87f60ad4ec4fe73cf1fead6a2e8f9cf0883f1fc970bf76f8}. Uses no reflection.
 */
@Generated("dev.agentkit.processor.AgentKitProcessor")
public final class TerminalAgent_Wiring {
  /** The contract's name. */
  public static final String CONTRACT = "taskboard";

  /** The digest of the contract snapshot this wiring was compiled against. */
  public static final String CONTRACT_DIGEST = "sha256:eefc006a8b90de2b87f60ad4ec4fe73cf1fead6a2e8f9cf0883f1fc970bf76f8";

  public static final String OP_SET_STATUS = "set_status";

  private static final CompiledAgent COMPILED =
      new CompiledAgent("TerminalAgent", newCompiledContract(), CONTRACT_DIGEST);

  private TerminalAgent_Wiring() {}

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
                OP_SET_STATUS, "Move a task to another status.", "task", Tier.REVERSIBLE,
                Operand.requiredString("task_id", "The task."),
                Operand.enumOf("status", true, "todo", "doing", "done", "blocked"))));
  }

  /**
   * Fetches the live contract, re-verifies the agent against it and binds it, failing on breaking
   * drift ({@link DriftPolicy#failOnBreaking()}). See {@link #bind(TerminalAgent, ContractSource,
   * DriftPolicy)}.
   *
   * @throws BindException when the backend cannot be reached or the acts do not bind
   * @throws DriftException when the live contract drifted in a way that breaks the agent
   */
  public static BoundAgent<Board> bind(TerminalAgent agent, ContractSource source) {
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
      TerminalAgent agent, ContractSource source, DriftPolicy policy) {
    Objects.requireNonNull(agent, "agent");
    return BoundAgent.bind(COMPILED, source, uses(agent), policy, Clock.systemUTC());
  }

  /**
   * Binds the agent's acts to a contract already fetched, taken as the live one: as {@link
   * #bind(TerminalAgent, ContractSource)}, without fetching.
   *
   * @throws BindException listing every problem when the acts do not bind
   * @throws DriftException when the contract drifted in a way that breaks the agent
   */
  public static BoundAgent<Board> bind(TerminalAgent agent, Contract contract) {
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
  public static BoundAgent<Board> bindOffline(TerminalAgent agent) {
    Objects.requireNonNull(agent, "agent");
    return BoundAgent.offline(COMPILED, uses(agent));
  }

  /**
   * Binds as {@link #bind(TerminalAgent, ContractSource, DriftPolicy)} does, then follows {@code
   * source}: on each use the agent checks whether the cache holds a contract with another digest,
   * rebinds on compatible drift, and pauses (proposing every call, running none) on drift {@code
   * policy} rejects or when the cache goes stale, until a contract binds again. For services that
   * bind once and run for weeks.
   *
   * @throws BindException when the backend cannot be reached or the acts do not bind
   * @throws DriftException when {@code policy} rejects the drift at startup
   */
  public static LiveAgent<Board> live(
      TerminalAgent agent, CachedContract source, DriftPolicy policy) {
    Objects.requireNonNull(agent, "agent");
    return LiveAgent.bind(COMPILED, source, uses(agent), policy, Clock.systemUTC());
  }

  private static List<Use<Board>> uses(TerminalAgent agent) {
    return List.of(
        Use.<Board>of(OP_SET_STATUS, ChangeCategory.TERMINAL)
            .input("status")
            .terminalStates("done")
            .reader(new Handlers(agent, 0))
            .build());
  }

  /** Calls the agent's handler methods by number: no reflection, no lambda per handler. */
  private static final class Handlers
      implements StateReader<Board>, FieldReader<Board>, RunHandler<Board>, AskWording {
    private final TerminalAgent agent;
    private final int id;

    Handlers(TerminalAgent agent, int id) {
      this.agent = agent;
      this.id = id;
    }

    @Override
    public String read(Board state, Call call) throws Exception {
      switch (id) {
        case 0: // TerminalAgent.status
          return agent.status(state, new SetStatus(call));
      }
      throw new AssertionError(id);
    }

    @Override
    public String read(Board state, Call call, String field) throws Exception {
      throw new AssertionError(id);
    }

    @Override
    public Object run(Board state, Call call) throws Exception {
      throw new AssertionError(id);
    }

    @Override
    public String ask(Call call) {
      throw new AssertionError(id);
    }
  }

  /** The arguments of a {@code set_status} call, typed by the contract; reading never throws. */
  public record SetStatus(Call call) {
    /** The op's opcode. */
    public static final String OPCODE = OP_SET_STATUS;
    public static final String TASK_ID = "task_id";
    public static final String STATUS = "status";

    public SetStatus {
      Objects.requireNonNull(call, "call");
    }

    /** The task. The empty string when none is given. */
    public String taskId() {
      return call.arg(TASK_ID);
    }

    /** Operand status. {@code UNRECOGNISED} when blank or not in the vocabulary. */
    public Status status() {
      return Status.of(call.arg(STATUS));
    }

    /** The values of operand {@code status}, and {@code UNRECOGNISED} for any other. */
    public enum Status {
      TODO,
      DOING,
      DONE,
      BLOCKED,
      UNRECOGNISED;

      private static final WireNames<Status> wireNames =
          WireNames.of(values(), "todo", "doing", "done", "blocked");

      /** The value as the contract spells it; empty for {@code UNRECOGNISED}. */
      public String wireName() {
        return wireNames.wireName(this);
      }

      /** The constant for a value as the contract spells it, or {@code UNRECOGNISED}. */
      public static Status of(String value) {
        return wireNames.of(value);
      }
    }
  }
}
