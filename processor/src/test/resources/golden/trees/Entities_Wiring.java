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
 * Wiring of {@link Entities} to contract {@code trees}, generated from its annotations and the
 * contract snapshot with digest {@code
 * sha256:e7b316dfd5de8c439f12221d2d2369789afd758cf2b3fce9b4974e34b3aa4b9a}. Uses no reflection.
 */
@Generated("dev.agentkit.processor.AgentKitProcessor")
final class Entities_Wiring {
  /** The contract's name. */
  public static final String CONTRACT = "trees";

  /** The digest of the contract snapshot this wiring was compiled against. */
  public static final String CONTRACT_DIGEST = "sha256:e7b316dfd5de8c439f12221d2d2369789afd758cf2b3fce9b4974e34b3aa4b9a";

  public static final String OP_CREATE_ENTITIES = "create_entities";

  private static final CompiledAgent COMPILED =
      new CompiledAgent("Entities", newCompiledContract(), CONTRACT_DIGEST);

  private Entities_Wiring() {}

  /**
   * The ops this agent uses, as the snapshot declared them when it was compiled; its source is
   * empty, since no backend served it. Built once.
   */
  public static Contract compiledContract() {
    return COMPILED.contract();
  }

  private static Contract newCompiledContract() {
    return Contract.of(CONTRACT, List.of(newCreateEntities()));
  }

  private static Op newCreateEntities() {
    return Op.builder(OP_CREATE_ENTITIES)
        .description("Create multiple new entities in the knowledge graph")
        .tier(Tier.REVERSIBLE)
        .operand(
            new Operand(
                "entities",
                "",
                true,
                Schema.ArraySchema.of(
                    new Schema.ObjectSchema(
                        Schema.Facets.NONE,
                        List.of(
                            Operand.requiredString("name", "The name of the entity"),
                            Operand.requiredString("entityType", "The type of the entity"),
                            Operand.requiredString("observations", "An array of observation contents associated with the entity").withList(true)),
                        true,
                        null))))
        .build();
  }

  /**
   * Fetches the live contract, re-verifies the agent against it and binds it, failing on breaking
   * drift ({@link DriftPolicy#failOnBreaking()}). See {@link #bind(Entities, ContractSource,
   * DriftPolicy)}.
   *
   * @throws BindException when the backend cannot be reached or the acts do not bind
   * @throws DriftException when the live contract drifted in a way that breaks the agent
   */
  public static BoundAgent<Board> bind(Entities agent, ContractSource source) {
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
  public static BoundAgent<Board> bind(Entities agent, ContractSource source, DriftPolicy policy) {
    Objects.requireNonNull(agent, "agent");
    return BoundAgent.bind(COMPILED, source, uses(agent), policy, Clock.systemUTC());
  }

  /**
   * Binds the agent's acts to a contract already fetched, taken as the live one: as {@link
   * #bind(Entities, ContractSource)}, without fetching.
   *
   * @throws BindException listing every problem when the acts do not bind
   * @throws DriftException when the contract drifted in a way that breaks the agent
   */
  public static BoundAgent<Board> bind(Entities agent, Contract contract) {
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
  public static BoundAgent<Board> bindOffline(Entities agent) {
    Objects.requireNonNull(agent, "agent");
    return BoundAgent.offline(COMPILED, uses(agent));
  }

  /**
   * Binds as {@link #bind(Entities, ContractSource, DriftPolicy)} does, then follows {@code
   * source}: on each use the agent checks whether the cache holds a contract with another digest,
   * rebinds on compatible drift, and pauses (proposing every call, running none) on drift {@code
   * policy} rejects or when the cache goes stale, until a contract binds again. For services that
   * bind once and run for weeks.
   *
   * @throws BindException when the backend cannot be reached or the acts do not bind
   * @throws DriftException when {@code policy} rejects the drift at startup
   */
  public static LiveAgent<Board> live(Entities agent, CachedContract source, DriftPolicy policy) {
    Objects.requireNonNull(agent, "agent");
    return LiveAgent.bind(COMPILED, source, uses(agent), policy, Clock.systemUTC());
  }

  private static List<Use<Board>> uses(Entities agent) {
    return List.of(
        Use.<Board>of(OP_CREATE_ENTITIES, ChangeCategory.MERGE)
            .run(new Handlers(agent, 0))
            .build());
  }

  /** Calls the agent's handler methods by number: no reflection, no lambda per handler. */
  private static final class Handlers
      implements StateReader<Board>, FieldReader<Board>, RunHandler<Board>, AskWording {
    private final Entities agent;
    private final int id;

    Handlers(Entities agent, int id) {
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
        case 0: // Entities.run
          return agent.run(state, new CreateEntities(call));
      }
      throw new AssertionError(id);
    }

    @Override
    public String ask(Call call) {
      throw new AssertionError(id);
    }
  }

  /**
   * The arguments of a {@code create_entities} call, typed by the contract; reading never throws.
   */
  public record CreateEntities(Call call) {
    /** The op's opcode. */
    public static final String OPCODE = OP_CREATE_ENTITIES;
    public static final String ENTITIES = "entities";

    public CreateEntities {
      Objects.requireNonNull(call, "call");
    }

    /**
     * Operand entities. The elements given, in order, leaving out any it cannot read; empty when
     * none is given or it is not an array.
     */
    public List<Entity> entities() {
      return TreeValues.list(
          TreeValues.parse(call.arg(ENTITIES)), TreeValues.objectOf(Entity::new));
    }

    /**
     * The value the run handler returned, typed.
     *
     * @param outcome the outcome of running a {@code create_entities} call
     * @return the value; empty when the run failed, returned nothing or ran another op
     */
    public static Optional<String> result(Outcome outcome) {
      if (!outcome.call().opcode().equals(OPCODE)) {
        return Optional.empty();
      }
      return outcome.value(String.class);
    }

    /**
     * An object of <code>create_entities.entities[]</code>, as the call gave it: {@code json} holds
     * it unmodifiable, in the call's order, and each accessor reads one property; reading never
     * throws.
     */
    public record Entity(Map<String, Object> json) {
      public static final String NAME = "name";
      public static final String ENTITY_TYPE = "entityType";
      public static final String OBSERVATIONS = "observations";

      public Entity {
        Objects.requireNonNull(json, "json");
      }

      /**
       * The name of the entity. The empty string when none is given or it is not a string, number
       * or boolean.
       */
      public String name() {
        return TreeValues.string(json.get(NAME));
      }

      /**
       * The type of the entity. The empty string when none is given or it is not a string, number
       * or boolean.
       */
      public String entityType() {
        return TreeValues.string(json.get(ENTITY_TYPE));
      }

      /**
       * An array of observation contents associated with the entity. The elements given, in order,
       * leaving out any it cannot read; empty when none is given or it is not an array.
       */
      public List<String> observations() {
        return TreeValues.list(json.get(OBSERVATIONS), TreeValues::text);
      }
    }
  }
}
