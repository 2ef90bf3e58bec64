package dev.agentkit.langchain4j;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.agentkit.ActionSet;
import dev.agentkit.LiveAgent;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.tool.PerContract;
import dev.agentkit.tool.ToolCallFlow;
import dev.agentkit.tool.ToolCallGuard;
import dev.agentkit.tool.ToolSchemas;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The acts of a bound {@link ActionSet} as LangChain4j tools: their specifications, built from the
 * contract, and the execution of the calls a model makes, guarded and gated.
 *
 * <pre>{@code
 * AgentkitTools<Board> tools = AgentkitTools.builder(acts, "triage")
 *     .ceiling(AutonomyRung.AUTO)
 *     .anchor(call -> {
 *       String kind = call.op().objectType(); // task, project or goal
 *       return ObjectRef.of(kind, call.arg(kind + "_id"));
 *     })
 *     .labeler(board.labeler())
 *     .proposals(inbox::send)
 *     .build();
 *
 * ChatRequest request = ChatRequest.builder()
 *     .messages(memory.messages())
 *     .toolSpecifications(tools.specifications())
 *     .build();
 * AiMessage reply = model.chat(request).aiMessage();
 * memory.add(reply);
 * for (ToolCallResult r : tools.executeAll(reply, board)) {
 *   memory.add(r.message());
 * }
 * }</pre>
 *
 * <p>Each tool call goes through three steps, those of {@link ToolCallFlow}. {@link ToolCallGuard}
 * checks the tool name and the arguments against the live contract; a call that fails comes back
 * {@linkplain ToolCallResult.Corrected corrected}, with sentences the model can fix its call from.
 * {@link ActionSet#gate} then decides, with the agent's ceiling, whether the call may run now: if
 * so it {@linkplain ToolCallResult.Ran runs} through {@link ActionSet#run}, and what its run
 * handler returned is sent back to the model (a string as it is, a record as JSON); otherwise it is
 * withheld and comes back {@linkplain ToolCallResult.Proposed proposed}, as a {@link Proposal}
 * whose question is the act's ask wording ({@link ActionSet#ask}), anchored on the object the call
 * acts on, and handed to the proposal sink ({@link Builder#proposals}). A call that would change
 * nothing ({@link ActionSet#willChange}) neither runs nor is proposed: it comes back {@linkplain
 * ToolCallResult.Unchanged unchanged}.
 *
 * <p>Built from a {@link LiveAgent} ({@link #builder(LiveAgent, String)}), every call is judged
 * against the newest contract the agent holds, and {@link #specifications()} follow it. While the
 * agent is paused (breaking drift the policy rejects, or a stale source), every valid call is
 * withheld: it comes back {@linkplain ToolCallResult.Proposed proposed}, and the model is told
 * {@code [PausedForReview]} with the pause's sentence. Nothing runs until the agent resumes.
 *
 * <p>The calls of one model message are one program, as {@link ActionSet#gate} judges a program:
 * when any of them is not valid, none runs and none is proposed, and the model gets every
 * correction at once, each valid call being told {@code [OtherCallsInvalid]}. For {@code
 * AiServices}, see {@link AgentkitToolProvider}.
 *
 * <p>Instances are immutable and thread-safe as far as their handlers, labeler and listener are;
 * handlers run on the caller's thread, and calls that share a state object run one at a time.
 * {@code execute} never throws for anything a model wrote, nor for a handler or listener that
 * throws. What becomes of each call reaches the {@link ToolCallListener} and the SLF4J log.
 *
 * @param <S> the agent's state type, passed to readers and run handlers
 */
public final class AgentkitTools<S> {
  private static final Logger log = LoggerFactory.getLogger(AgentkitTools.class);
  private static final ObjectMapper JSON =
      new ObjectMapper()
          .registerModule(new JavaTimeModule())
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

  private final ToolCallFlow<S> flow;
  private final ToolCallListener listener;
  private final PerContract<List<ToolSpecification>> specifications =
      new PerContract<>(Specifications::of);

  private AgentkitTools(Builder<S> b, ToolCallFlow<S> flow) {
    this.flow = flow;
    this.listener = b.listener;
  }

  /**
   * Starts the tools of a bound set.
   *
   * @param actions the bound acts
   * @param agent the agent's name; it namespaces the ask keys of its proposals, so it is a plain
   *     name without colons or spaces, such as {@code triage}
   */
  public static <S> Builder<S> builder(ActionSet<S> actions, String agent) {
    return new Builder<>(Objects.requireNonNull(actions, "actions"), null, agent);
  }

  /**
   * Starts the tools of a live agent: each call is judged against the newest contract it holds, and
   * withheld while it is paused.
   *
   * @param live the live agent
   * @param agent the agent's name, as for {@link #builder(ActionSet, String)}
   */
  public static <S> Builder<S> builder(LiveAgent<S> live, String agent) {
    return new Builder<>(null, Objects.requireNonNull(live, "live"), agent);
  }

  /**
   * One specification per act, sorted by name: the name is the opcode, the description is the act's
   * description from the live contract, and the parameters are the schema {@link ToolSchemas}
   * writes, operands in the contract's order, as LangChain4j schema elements. A date operand is a
   * {@code JsonStringSchema} whose description says how to write a date, since LangChain4j's string
   * schema has no {@code format}; a structured operand is a {@code JsonStringSchema} whose
   * description says it holds JSON. The same contract always gives equal specifications; for a live
   * agent, they are the newest contract's (the last that bound, while the agent is paused).
   */
  public List<ToolSpecification> specifications() {
    return specifications.of(flow.acts());
  }

  /**
   * Guards, gates and then runs or proposes one tool call: a message of one call.
   *
   * @param request the call as the model made it
   * @param state the agent's state, read by the act's premise and changed by its run handler
   */
  public ToolCallResult execute(ToolExecutionRequest request, S state) {
    Objects.requireNonNull(request, "request");
    return finish(request, judge(List.of(request)).get(0), () -> state);
  }

  /**
   * Executes every tool call of a model's message as one program: when any call is not valid, none
   * runs and none is proposed, and the model gets every correction at once (each valid call is told
   * it did not run because of the others). Otherwise the calls run or are proposed in the order the
   * model made them.
   *
   * @param message the model's reply, with its {@code toolExecutionRequests()}
   * @param state the agent's state; each call sees the changes of the calls before it
   * @return one result per call, in order; empty when the message calls no tool
   */
  public List<ToolCallResult> executeAll(AiMessage message, S state) {
    Objects.requireNonNull(message, "message");
    List<ToolExecutionRequest> requests =
        Objects.requireNonNullElse(message.toolExecutionRequests(), List.of());
    List<ToolCallFlow.Step> steps = judge(requests);
    List<ToolCallResult> out = new ArrayList<>(requests.size());
    for (int i = 0; i < requests.size(); i++) {
      out.add(finish(requests.get(i), steps.get(i), () -> state));
    }
    return List.copyOf(out);
  }

  /**
   * The answer to a tool the model called by a name no act has: the guard's correction, as {@code
   * AiServices.hallucinatedToolNameStrategy} wants it.
   */
  public ToolExecutionResultMessage unknownTool(ToolExecutionRequest request) {
    Objects.requireNonNull(request, "request");
    ToolCallFlow.Step step = flow.unknownTool(request.name(), request.arguments());
    tellVerified(request, step);
    return finish(request, step, () -> null).message();
  }

  /**
   * Judges the calls of one message as one program, before any runs ({@link ToolCallFlow#program}),
   * and tells the listener of each call the guard accepted. Reads no state.
   */
  List<ToolCallFlow.Step> judge(List<ToolExecutionRequest> requests) {
    List<ToolCallFlow.Step> steps = new ArrayList<>(requests.size());
    for (ToolExecutionRequest r : requests) {
      Objects.requireNonNull(r, "request");
      ToolCallFlow.Step step = flow.judge(r.name(), r.arguments());
      tellVerified(r, step);
      steps.add(step);
    }
    return ToolCallFlow.program(steps);
  }

  /** Carries out one judged call, and tells the listener what became of it. */
  ToolCallResult finish(
      ToolExecutionRequest request, ToolCallFlow.Step step, Supplier<? extends S> state) {
    long t0 = System.nanoTime();
    ToolCallResult result = ToolCallResult.of(request, flow.finish(step, state));
    Duration took = Duration.ofNanos(System.nanoTime() - t0);
    tell(l -> result.tell(l, result instanceof ToolCallResult.Corrected ? step.took() : took));
    return result;
  }

  private void tellVerified(ToolExecutionRequest request, ToolCallFlow.Step step) {
    step.verified().ifPresent(call -> tell(l -> l.verified(request, call, step.took())));
  }

  private void tell(Consumer<ToolCallListener> event) {
    try {
      event.accept(listener);
    } catch (RuntimeException e) {
      log.warn("agent {}: the tool call listener threw; ignored", flow.agent(), e);
    }
  }

  @Override
  public String toString() {
    return "AgentkitTools[" + flow + "]";
  }

  /** Configures {@link AgentkitTools}; the settings every adapter shares are inherited. */
  public static final class Builder<S> extends ToolCallFlow.Builder<S, Builder<S>> {
    private ToolCallListener listener = new ToolCallListener() {};

    private Builder(ActionSet<S> actions, LiveAgent<S> live, String agent) {
      super(actions, live, agent);
    }

    /**
     * Hears every call's verification and end, with timings; the default hears nothing. Whatever
     * the listener, each call is also logged through SLF4J (logger {@code
     * dev.agentkit.langchain4j.AgentkitTools}): failures at WARN, corrections and proposals at
     * INFO, the rest at DEBUG.
     */
    public Builder<S> listener(ToolCallListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /**
     * Builds the tools.
     *
     * @throws IllegalStateException ({@code [ToolsIncomplete]}) when the agent has no name, or when
     *     a call can be withheld and no anchor function or proposal sink is set
     */
    public AgentkitTools<S> build() {
      return new AgentkitTools<>(this, flow(JSON::writeValueAsString, log));
    }
  }
}
