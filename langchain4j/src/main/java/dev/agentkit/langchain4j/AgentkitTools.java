package dev.agentkit.langchain4j;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.Outcome;
import dev.agentkit.Plan;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.proposal.Labeler;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.tool.GuardResult;
import dev.agentkit.tool.ToolCallGuard;
import dev.agentkit.tool.ToolSchemas;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The acts of a bound {@link ActionSet} as LangChain4j tools: their specifications, built from the
 * contract, and the execution of the calls a model makes, guarded and gated.
 *
 * <pre>{@code
 * AgentkitTools<Board> tools = AgentkitTools.builder(acts, "triage")
 *     .ceiling(AutonomyRung.AUTO)
 *     .anchor(call -> ObjectRef.of("task", call.arg("task_id")))
 *     .labeler(board)
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
 *   if (r instanceof ToolCallResult.Proposed p) inbox.send(p.proposal());
 * }
 * }</pre>
 *
 * <p>Each tool call goes through three steps. {@link ToolCallGuard} checks the tool name and the
 * arguments against the live contract; a call that fails comes back {@linkplain
 * ToolCallResult.Corrected corrected}, with sentences the model can fix its call from. {@link
 * ActionSet#gate} then decides, with the agent's ceiling, whether the call may run now: if so it
 * {@linkplain ToolCallResult.Ran runs} through {@link ActionSet#run}, and what its run handler
 * returned is sent back to the model (a string as it is, a record as JSON); otherwise it is
 * withheld and comes back {@linkplain ToolCallResult.Proposed proposed}, as a {@link Proposal}
 * whose question is the act's ask wording ({@link ActionSet#ask}), anchored on the object the call
 * acts on. A withheld call that would change nothing ({@link ActionSet#willChange}) is not
 * proposed. Each tool call is judged on its own: a bad call does not reject the other calls of the
 * same message, since the model gets a result for each.
 *
 * <p>Instances are immutable and thread-safe as far as their handlers and labeler are; handlers run
 * on the caller's thread, and the state is not locked. {@code execute} never throws for anything a
 * model wrote, nor for a handler that throws.
 *
 * @param <S> the agent's state type, passed to readers and run handlers
 */
public final class AgentkitTools<S> {
  private final ActionSet<S> actions;
  private final ToolCallGuard guard;
  private final String agent;
  private final AutonomyRung ceiling;
  private final Function<? super Call, ObjectRef> anchor;
  private final Labeler labeler;
  private final List<ToolSpecification> specifications;

  private AgentkitTools(Builder<S> b) {
    this.actions = b.actions;
    this.guard = ToolCallGuard.of(b.actions);
    this.agent = b.agent;
    this.ceiling = b.ceiling;
    this.anchor = b.anchor;
    this.labeler = b.labeler;
    this.specifications = Specifications.of(b.actions);
  }

  /**
   * Starts the tools of a bound set.
   *
   * @param actions the bound acts
   * @param agent the agent's name; it namespaces the ask keys of its proposals, so it is a plain
   *     name without colons or spaces, such as {@code triage}
   */
  public static <S> Builder<S> builder(ActionSet<S> actions, String agent) {
    return new Builder<>(actions, agent);
  }

  /**
   * One specification per act, sorted by name: the name is the opcode, the description is the act's
   * description from the live contract, and the parameters are the schema {@link ToolSchemas}
   * writes, operands in the contract's order, as LangChain4j schema elements. A date operand is a
   * {@code JsonStringSchema} whose description says how to write a date, since LangChain4j's string
   * schema has no {@code format}; a structured operand is a {@code JsonStringSchema} whose
   * description says it holds JSON. The same contract always gives equal specifications.
   */
  public List<ToolSpecification> specifications() {
    return specifications;
  }

  /**
   * Guards, gates and then runs or proposes one tool call.
   *
   * @param request the call as the model made it
   * @param state the agent's state, read by the act's premise and changed by its run handler
   */
  public ToolCallResult execute(ToolExecutionRequest request, S state) {
    Objects.requireNonNull(request, "request");
    GuardResult checked = guard.check(request.name(), request.arguments());
    if (checked instanceof GuardResult.Correction c) {
      return corrected(request, c);
    }
    Call call = ((GuardResult.Accepted) checked).call();
    // The guard ran the same verification, so the gate cannot reject this program of one call.
    Plan plan = actions.gate(List.of(call), ceiling);
    if (!plan.apply().isEmpty()) {
      return run(request, plan.apply().get(0), state);
    }
    return propose(request, plan.propose().get(0), state);
  }

  /**
   * Executes every tool call of a model's message, in the order the model made them.
   *
   * @param message the model's reply, with its {@code toolExecutionRequests()}
   * @param state the agent's state; each call sees the changes of the calls before it
   * @return one result per call, in order; empty when the message calls no tool
   */
  public List<ToolCallResult> executeAll(AiMessage message, S state) {
    Objects.requireNonNull(message, "message");
    List<ToolExecutionRequest> requests = message.toolExecutionRequests();
    if (requests == null) {
      return List.of();
    }
    List<ToolCallResult> out = new ArrayList<>(requests.size());
    for (ToolExecutionRequest r : requests) {
      out.add(execute(r, state));
    }
    return List.copyOf(out);
  }

  private ToolCallResult run(ToolExecutionRequest request, Call call, S state) {
    Outcome outcome;
    try {
      outcome = actions.run(state, call);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      return new ToolCallResult.Failed(
          request, error(request, Replies.runFailed(call.opcode())), call, e);
    }
    if (!outcome.done()) {
      // The handler said what went wrong in words meant for the model.
      return new ToolCallResult.Failed(
          request,
          error(request, Replies.runFailed(call.opcode(), outcome.failure())),
          call,
          outcome.exception().orElseThrow());
    }
    String result;
    try {
      result = Results.text(outcome);
    } catch (IllegalStateException e) {
      // The act ran; only its result cannot be shown. Say so, and keep the detail for the log.
      result = "(the result could not be shown)";
    }
    return new ToolCallResult.Ran(
        request, reply(request, Replies.ran(call.opcode(), result)), outcome);
  }

  private ToolCallResult propose(ToolExecutionRequest request, Call call, S state) {
    String opcode = call.opcode();
    Proposal proposal;
    try {
      ObjectRef ref = anchor == null ? null : anchor.apply(call);
      if (ref == null) {
        throw new IllegalStateException("the anchor function gave no object for " + opcode);
      }
      if (!known(ref)) {
        // Labels come from code, so an object the labeler cannot name is one the model made up.
        return corrected(
            request,
            new GuardResult.Correction(
                opcode,
                List.of(Replies.unknownObject(opcode, ref)),
                "UnknownObject; the labeler has no label for " + ref.key()));
      }
      if (!actions.willChange(state, call)) {
        return new ToolCallResult.Unchanged(
            request, reply(request, Replies.unchanged(opcode)), call);
      }
      proposal =
          Proposal.builder(agent)
              .labeler(labeler)
              .anchor(ref)
              .question(actions.ask(call))
              .op(actions, call)
              .build();
    } catch (RuntimeException e) {
      // The anchor function, the ask wording or the proposal's own checks failed
      // (InvalidProposalException): the operator's to fix, not the model's.
      return new ToolCallResult.Failed(request, error(request, Replies.notSent(opcode)), call, e);
    }
    return new ToolCallResult.Proposed(request, reply(request, Replies.proposed(opcode)), proposal);
  }

  private boolean known(ObjectRef ref) {
    return ref.hasLabel()
        || labeler.label(ref.kind(), ref.id()).filter(l -> !l.isBlank()).isPresent();
  }

  private static ToolCallResult corrected(
      ToolExecutionRequest request, GuardResult.Correction correction) {
    return new ToolCallResult.Corrected(request, error(request, correction.message()), correction);
  }

  private static ToolExecutionResultMessage reply(ToolExecutionRequest request, String text) {
    return ToolExecutionResultMessage.from(request, text);
  }

  /** A result the model's API can mark as an error, so the model reads it as one. */
  private static ToolExecutionResultMessage error(ToolExecutionRequest request, String text) {
    return reply(request, text).toBuilder().isError(true).build();
  }

  @Override
  public String toString() {
    return "AgentkitTools[" + agent + ", " + ceiling + ", " + actions.opcodes() + "]";
  }

  /** Configures {@link AgentkitTools}. Not thread-safe. */
  public static final class Builder<S> {
    private final ActionSet<S> actions;
    private final String agent;
    private AutonomyRung ceiling = AutonomyRung.ASK;
    private Function<? super Call, ObjectRef> anchor;
    private Labeler labeler = Labeler.none();

    private Builder(ActionSet<S> actions, String agent) {
      this.actions = Objects.requireNonNull(actions, "actions");
      this.agent = Objects.requireNonNullElse(agent, "").strip();
    }

    /**
     * The highest rung this agent may use. {@link AutonomyRung#ASK}, the default, proposes every
     * call; {@link AutonomyRung#AUTO} runs the calls whose tier allows running live and whose act
     * has a run handler.
     */
    public Builder<S> ceiling(AutonomyRung ceiling) {
      this.ceiling = Objects.requireNonNull(ceiling, "ceiling");
      return this;
    }

    /**
     * Names the object a withheld call acts on, from the call: for example {@code call ->
     * ObjectRef.of("task", call.arg("task_id"))}. It receives the call, bound to its op. Needed
     * when any call can be withheld.
     */
    public Builder<S> anchor(Function<? super Call, ObjectRef> anchor) {
      this.anchor = Objects.requireNonNull(anchor, "anchor");
      return this;
    }

    /**
     * Resolves the live labels of the objects proposals name; the default knows no object, so then
     * the anchor function must give labelled refs. An object that neither labels is taken to be one
     * the model made up, and the call is corrected.
     */
    public Builder<S> labeler(Labeler labeler) {
      this.labeler = Objects.requireNonNull(labeler, "labeler");
      return this;
    }

    /**
     * Builds the tools.
     *
     * @throws IllegalStateException when the agent has no name, or when a call can be withheld and
     *     no anchor function is set
     */
    public AgentkitTools<S> build() {
      if (agent.isEmpty()) {
        throw new IllegalStateException(
            "the tools need the agent's name: it namespaces the ask keys of the agent's"
                + " proposals; pass it to AgentkitTools.builder(actions, agent)");
      }
      List<String> withheld = withheld();
      if (anchor == null && !withheld.isEmpty()) {
        throw new IllegalStateException(
            "the tools of agent \""
                + agent
                + "\" need an anchor function: "
                + String.join(", ", withheld)
                + (withheld.size() == 1 ? " is" : " are")
                + " proposed to the user, and a proposal names the object it acts on; pass"
                + " anchor(call -> ObjectRef.of(\"task\", call.arg(\"task_id\")))");
      }
      return new AgentkitTools<>(this);
    }

    /** The opcodes, sorted, whose calls the gate would propose rather than run. */
    private List<String> withheld() {
      List<String> out = new ArrayList<>();
      for (String opcode : actions.opcodes()) {
        if (ceiling != AutonomyRung.AUTO
            || AutonomyRung.maxRungFor(actions.op(opcode).orElseThrow().tier()) != AutonomyRung.AUTO
            || !actions.canRun(opcode)) {
          out.add(opcode);
        }
      }
      return out;
    }
  }
}
