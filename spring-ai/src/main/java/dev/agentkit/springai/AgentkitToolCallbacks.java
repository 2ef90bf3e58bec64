package dev.agentkit.springai;

import dev.agentkit.ActionSet;
import dev.agentkit.BoundAgent;
import dev.agentkit.LiveAgent;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.tool.PerContract;
import dev.agentkit.tool.ToolCallFlow;
import dev.agentkit.tool.ToolCallGuard;
import dev.agentkit.tool.ToolDeclaration;
import dev.agentkit.tool.ToolSchemas;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import tools.jackson.databind.json.JsonMapper;

/**
 * The acts of a bound agent as Spring AI tool callbacks: their definitions, from the contract, and
 * the execution of the calls a model makes, guarded and gated.
 *
 * <pre>{@code
 * AgentkitToolCallbacks<Board> tools =
 *     AgentkitToolCallbacks.builder(acts, "triage")
 *         .ceiling(AutonomyRung.AUTO)
 *         .anchor(call -> ObjectRef.of("task", call.arg("task_id")))
 *         .labeler(board.labeler())
 *         .proposals(inbox::send)
 *         .state(StateResolver.of(board))
 *         .build();
 * ChatClient chat =
 *     ChatClient.builder(model)
 *         .defaultAdvisors(AgentkitToolCallingManager.advisor())
 *         .defaultToolCallbacks(tools.callbacks())
 *         .build();
 * }</pre>
 *
 * <p>Each tool call goes through three steps, those of {@link ToolCallFlow}. {@link ToolCallGuard}
 * checks the tool name and the arguments against the live contract; a call that fails is answered
 * with sentences the model can fix its call from. {@link ActionSet#gate} then decides, with the
 * agent's ceiling, whether the call may run now: if so it runs, and what its run handler returned
 * is sent back to the model (a string as it is, a record as JSON); otherwise it is withheld: a
 * {@link Proposal}, whose question is the act's ask wording and whose anchor is the object the call
 * acts on, goes to the proposal sink, and the model is told it was sent for approval. A call that
 * would change nothing ({@link ActionSet#willChange}) neither runs nor is proposed, and the model
 * is told so.
 *
 * <p>The tool definitions are the schemas {@link ToolSchemas} writes. Built from a {@link
 * LiveAgent}, every call is judged against the newest contract the agent holds, and the definitions
 * follow it; while the agent is paused (breaking drift, or a stale source) every valid call is
 * withheld and the model is told {@code [PausedForReview]} with the pause's sentence: nothing runs.
 *
 * <p>With {@link AgentkitToolCallingManager} (what {@link AgentkitToolCallingManager#advisor()}
 * installs), the calls of one model message are one program: when any of them is not valid, none
 * runs and none is proposed, and the model gets every correction at once, each valid call being
 * told {@code [OtherCallsInvalid]}. A callback called on its own, by Spring AI's default manager,
 * judges its call alone.
 *
 * <p>Thread-safe as far as the handlers, labeler, sink, state resolver and listener are; calls that
 * share a state object run one at a time. Nothing a model wrote makes a callback throw, nor does a
 * handler, sink or listener that throws; what becomes of each call reaches the {@link
 * ToolCallListener} and is logged through SLF4J (logger {@code
 * dev.agentkit.springai.AgentkitToolCallbacks}).
 *
 * @param <S> the agent's state type, passed to readers and run handlers
 */
public final class AgentkitToolCallbacks<S> {
  private static final Logger log = LoggerFactory.getLogger(AgentkitToolCallbacks.class);
  // Jackson 3, which Spring AI uses, writes dates in ISO-8601.
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final ToolCallFlow<S> flow;
  private final StateResolver<S> states;
  private final List<ToolCallback> callbacks;
  private final PerContract<Map<String, ToolDefinition>> definitions =
      new PerContract<>(AgentkitToolCallbacks::definitions);

  private AgentkitToolCallbacks(Builder<S> b, ToolCallFlow<S> flow) {
    this.flow = flow;
    this.states = b.states;
    List<ToolCallback> out = new ArrayList<>();
    for (String opcode : flow.acts().opcodes()) {
      out.add(new AgentkitToolCallback(this, opcode));
    }
    this.callbacks = List.copyOf(out);
  }

  /**
   * Starts the callbacks of a bound set.
   *
   * @param actions the bound acts
   * @param agent the agent's name; it namespaces the ask keys of its proposals, so it is a plain
   *     name without colons or spaces, such as {@code triage}
   */
  public static <S> Builder<S> builder(ActionSet<S> actions, String agent) {
    return new Builder<>(Objects.requireNonNull(actions, "actions"), null, agent);
  }

  /**
   * Starts the callbacks of an agent a generated {@code bind} returned: its bound acts, as {@link
   * #builder(ActionSet, String)} takes them.
   */
  public static <S> Builder<S> builder(BoundAgent<S> bound, String agent) {
    return builder(Objects.requireNonNull(bound, "bound").acts(), agent);
  }

  /**
   * Starts the callbacks of a live agent: each call is judged against the newest contract it holds,
   * and withheld while it is paused.
   *
   * @param live the live agent
   * @param agent the agent's name, as for {@link #builder(ActionSet, String)}
   */
  public static <S> Builder<S> builder(LiveAgent<S> live, String agent) {
    return new Builder<>(null, Objects.requireNonNull(live, "live"), agent);
  }

  /**
   * One callback per act, sorted by name. Each callback's definition is read from the newest
   * contract at each use: the name is the opcode, the description the act's description, and the
   * input schema the JSON Schema {@link ToolSchemas} writes, operands in the contract's order.
   */
  public List<ToolCallback> callbacks() {
    return callbacks;
  }

  /** The definition of one act's tool, from the newest contract. */
  ToolDefinition definition(String opcode) {
    ToolDefinition d = definitions.of(flow.acts()).get(opcode);
    if (d == null) {
      throw new IllegalStateException(
          "the contract "
              + flow.agent()
              + " is bound to has no act "
              + opcode
              + "; rebuild the callbacks");
    }
    return d;
  }

  private static Map<String, ToolDefinition> definitions(ActionSet<?> acts) {
    Map<String, ToolDefinition> out = new LinkedHashMap<>();
    for (ToolDeclaration d : ToolSchemas.declarations(acts)) {
      out.put(
          d.name(),
          ToolDefinition.builder()
              .name(d.name())
              .description(d.description())
              .inputSchema(d.parametersJson())
              .build());
    }
    return Map.copyOf(out);
  }

  /** Judges and carries out one call on its own, as Spring AI's default manager calls a tool. */
  String callAlone(String name, String arguments, ToolContext context) {
    return finish(judge(name, arguments), context);
  }

  /** Judges one call before anything runs ({@link ToolCallFlow#judge}). */
  ToolCallFlow.Step judge(String name, String arguments) {
    return flow.judge(name, arguments);
  }

  /** Carries out one judged call against the state its tool context names. */
  String finish(ToolCallFlow.Step step, ToolContext context) {
    ToolContext c = context == null ? new ToolContext(Map.of()) : context;
    return flow.finish(
            step,
            () -> Objects.requireNonNull(states.resolve(c), "the state resolver gave no state"))
        .text();
  }

  String agent() {
    return flow.agent();
  }

  @Override
  public String toString() {
    return "AgentkitToolCallbacks[" + flow + "]";
  }

  /** Configures {@link AgentkitToolCallbacks}; the settings every adapter shares are inherited. */
  public static final class Builder<S> extends ToolCallFlow.Builder<S, Builder<S>> {
    private StateResolver<S> states;

    private Builder(ActionSet<S> actions, LiveAgent<S> live, String agent) {
      super(actions, live, agent);
    }

    /** Finds the state each call acts on, from its tool context; use {@link StateResolver#of}. */
    public Builder<S> state(StateResolver<S> states) {
      this.states = Objects.requireNonNull(states, "states");
      return this;
    }

    /**
     * Hears every call's verification and end, with timings; the default hears nothing. A {@link
     * ToolCallListener} or any {@link dev.agentkit.tool.ToolCallListener}, the events every adapter
     * tells. Whatever the listener, each call is also logged through SLF4J (logger {@code
     * dev.agentkit.springai.AgentkitToolCallbacks}): failures at WARN, corrections and proposals at
     * INFO, the rest at DEBUG.
     */
    public Builder<S> listener(dev.agentkit.tool.ToolCallListener listener) {
      return flowListener(listener);
    }

    @Override
    protected List<String> missing() {
      return states == null
          ? List.of("state(...), which finds the state each call acts on")
          : List.of();
    }

    /**
     * Builds the callbacks.
     *
     * @throws IllegalStateException ({@code [ToolsIncomplete]}) when the agent has no name or no
     *     state, or when a call can be withheld and no anchor function or proposal sink is set
     */
    public AgentkitToolCallbacks<S> build() {
      return new AgentkitToolCallbacks<>(this, flow(JSON::writeValueAsString, log));
    }
  }
}
