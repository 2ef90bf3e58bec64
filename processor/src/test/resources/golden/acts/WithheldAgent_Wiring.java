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
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractSource;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import javax.annotation.processing.Generated;

/**
 * Wiring of {@link WithheldAgent} to contract {@code taskboard}, generated from its annotations and
 * the contract snapshot with digest {@code
 * sha256:eefc006a8b90de2b87f60ad4ec4fe73cf1fead6a2e8f9cf0883f1fc970bf76f8}. Uses no reflection.
 */
@Generated("dev.agentkit.processor.AgentKitProcessor")
public final class WithheldAgent_Wiring {
  /** The contract's name. */
  public static final String CONTRACT = "taskboard";

  /** The digest of the contract snapshot this wiring was compiled against. */
  public static final String CONTRACT_DIGEST = "sha256:eefc006a8b90de2b87f60ad4ec4fe73cf1fead6a2e8f9cf0883f1fc970bf76f8";

  public static final String OP_ARCHIVE_PROJECT = "archive_project";

  private static final CompiledAgent COMPILED =
      new CompiledAgent("WithheldAgent", newCompiledContract(), CONTRACT_DIGEST);

  private WithheldAgent_Wiring() {}

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
                OP_ARCHIVE_PROJECT, "Archive a project.", "project", Tier.IRREVERSIBLE,
                Operand.requiredString("project_id", "The project."))));
  }

  /**
   * Fetches the live contract, re-verifies the agent against it and binds it, failing on breaking
   * drift ({@link DriftPolicy#failOnBreaking()}). See {@link #bind(WithheldAgent, ContractSource,
   * DriftPolicy)}.
   *
   * @throws BindException when the backend cannot be reached or the acts do not bind
   * @throws DriftException when the live contract drifted in a way that breaks the agent
   */
  public static BoundAgent<Board> bind(WithheldAgent agent, ContractSource source) {
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
      WithheldAgent agent, ContractSource source, DriftPolicy policy) {
    Objects.requireNonNull(agent, "agent");
    return BoundAgent.bind(COMPILED, source, uses(agent), policy, Clock.systemUTC());
  }

  /**
   * Binds the agent's acts to a contract already fetched, taken as the live one: as {@link
   * #bind(WithheldAgent, ContractSource)}, without fetching.
   *
   * @throws BindException listing every problem when the acts do not bind
   * @throws DriftException when the contract drifted in a way that breaks the agent
   */
  public static BoundAgent<Board> bind(WithheldAgent agent, Contract contract) {
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
  public static BoundAgent<Board> bindOffline(WithheldAgent agent) {
    Objects.requireNonNull(agent, "agent");
    return BoundAgent.offline(COMPILED, uses(agent));
  }

  /**
   * Binds as {@link #bind(WithheldAgent, ContractSource, DriftPolicy)} does, then follows {@code
   * source}: on each use the agent checks whether the cache holds a contract with another digest,
   * rebinds on compatible drift, and pauses (proposing every call, running none) on drift {@code
   * policy} rejects or when the cache goes stale, until a contract binds again. For services that
   * bind once and run for weeks.
   *
   * @throws BindException when the backend cannot be reached or the acts do not bind
   * @throws DriftException when {@code policy} rejects the drift at startup
   */
  public static LiveAgent<Board> live(
      WithheldAgent agent, CachedContract source, DriftPolicy policy) {
    Objects.requireNonNull(agent, "agent");
    return LiveAgent.bind(COMPILED, source, uses(agent), policy, Clock.systemUTC());
  }

  private static List<Use<Board>> uses(WithheldAgent agent) {
    return List.of(
        Use.<Board>of(OP_ARCHIVE_PROJECT, ChangeCategory.TERMINAL)
            .terminalStates("archived")
            .reader(new Handlers(agent, 0))
            .ask(new Handlers(agent, 1))
            .build());
  }

  /** Calls the agent's handler methods by number: no reflection, no lambda per handler. */
  private static final class Handlers
      implements StateReader<Board>, FieldReader<Board>, RunHandler<Board>, AskWording {
    private final WithheldAgent agent;
    private final int id;

    Handlers(WithheldAgent agent, int id) {
      this.agent = agent;
      this.id = id;
    }

    @Override
    public String read(Board state, Call call) throws Exception {
      switch (id) {
        case 0: // WithheldAgent.projectState
          return agent.projectState(state, call);
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
      switch (id) {
        case 1: // WithheldAgent.askArchive
          return agent.askArchive(new ArchiveProject(call));
      }
      throw new AssertionError(id);
    }
  }

  /**
   * The arguments of a {@code archive_project} call, typed by the contract; reading never throws.
   */
  public record ArchiveProject(Call call) {
    /** The op's opcode. */
    public static final String OPCODE = OP_ARCHIVE_PROJECT;
    public static final String PROJECT_ID = "project_id";

    public ArchiveProject {
      Objects.requireNonNull(call, "call");
    }

    /** The project. The empty string when none is given. */
    public String projectId() {
      return call.arg(PROJECT_ID);
    }
  }
}
