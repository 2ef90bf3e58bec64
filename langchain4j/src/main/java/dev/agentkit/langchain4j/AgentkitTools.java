package dev.agentkit.langchain4j;

import dev.agentkit.ActionSet;
import dev.agentkit.AgentPausedException;
import dev.agentkit.Call;
import dev.agentkit.LiveAgent;
import dev.agentkit.Outcome;
import dev.agentkit.Plan;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.proposal.Labeler;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.tool.GuardResult;
import dev.agentkit.tool.ToolCallGuard;
import dev.agentkit.tool.ToolReplies;
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
import java.util.function.Function;
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
 * acts on. A call that would change nothing ({@link ActionSet#willChange}) neither runs nor is
 * proposed: it comes back {@linkplain ToolCallResult.Unchanged unchanged}.
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
 * handlers run on the caller's thread, and the state is not locked. {@code execute} never throws
 * for anything a model wrote, nor for a handler or listener that throws. What becomes of each call
 * reaches the {@link ToolCallListener} and the SLF4J log.
 *
 * @param <S> the agent's state type, passed to readers and run handlers
 */
public final class AgentkitTools<S> {
  private static final Logger log = LoggerFactory.getLogger(AgentkitTools.class);
  private final Acts<S> acts;
  private final String agent;
  private final AutonomyRung ceiling;
  private final Function<? super Call, ObjectRef> anchor;
  private final Labeler labeler;
  private final ToolCallListener listener;

  private AgentkitTools(Builder<S> b) {
    this.acts = b.acts;
    this.agent = b.agent;
    this.ceiling = b.ceiling;
    this.anchor = b.anchor;
    this.labeler = b.labeler;
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
    return new Builder<>(Acts.of(Objects.requireNonNull(actions, "actions")), agent);
  }

  /**
   * Starts the tools of a live agent: each call is judged against the newest contract it holds, and
   * withheld while it is paused.
   *
   * @param live the live agent
   * @param agent the agent's name, as for {@link #builder(ActionSet, String)}
   */
  public static <S> Builder<S> builder(LiveAgent<S> live, String agent) {
    return new Builder<>(Acts.of(Objects.requireNonNull(live, "live")), agent);
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
    return acts.now().view().specifications();
  }

  /**
   * Guards, gates and then runs or proposes one tool call: a message of one call.
   *
   * @param request the call as the model made it
   * @param state the agent's state, read by the act's premise and changed by its run handler
   */
  public ToolCallResult execute(ToolExecutionRequest request, S state) {
    Objects.requireNonNull(request, "request");
    return finish(judge(List.of(request)).get(0), state);
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
    List<ToolExecutionRequest> requests = message.toolExecutionRequests();
    if (requests == null || requests.isEmpty()) {
      return List.of();
    }
    List<ToolCallResult> out = new ArrayList<>(requests.size());
    for (Step step : judge(requests)) {
      out.add(finish(step, state));
    }
    return List.copyOf(out);
  }

  /**
   * The answer to a tool the model called by a name no act has: the guard's correction, as {@code
   * AiServices.hallucinatedToolNameStrategy} wants it.
   */
  public ToolExecutionResultMessage unknownTool(ToolExecutionRequest request) {
    Objects.requireNonNull(request, "request");
    String name = Objects.requireNonNullElse(request.name(), "");
    Step step;
    if (!name.equals(name.strip()) && acts.now().view().acts().opcodes().contains(name.strip())) {
      // The guard forgives spaces around a name; the service's lookup by exact name does not.
      String opcode = name.strip();
      GuardResult.Correction c =
          new GuardResult.Correction(
              opcode,
              List.of(ToolReplies.inexactName(name, opcode)),
              "UnknownTool; the name differs from " + opcode + " by surrounding spaces");
      step = new Step(request, corrected(request, c), null, false, null, Duration.ZERO, null, null);
    } else {
      step = judge(List.of(request)).get(0);
    }
    return finish(step, null).message();
  }

  /**
   * One call of a message as judged before anything runs: either settled (corrected, or failed for
   * the operator) or to be applied or proposed.
   */
  static final class Step {
    final ToolExecutionRequest request;
    final ToolCallResult settled;
    final Call call;
    final boolean apply;
    final ObjectRef anchor;
    final Duration judged;
    final AgentPausedException paused;
    final ActionSet<?> set;

    private Step(
        ToolExecutionRequest request,
        ToolCallResult settled,
        Call call,
        boolean apply,
        ObjectRef anchor,
        Duration judged,
        AgentPausedException paused,
        ActionSet<?> set) {
      this.request = request;
      this.settled = settled;
      this.call = call;
      this.apply = apply;
      this.anchor = anchor;
      this.judged = judged;
      this.paused = paused;
      this.set = set;
    }

    ToolExecutionRequest request() {
      return request;
    }
  }

  /**
   * Judges the calls of one message as one program, before any runs: each is guarded, and gated
   * alone (the guard verified it, so the gate cannot reject it); then, when any was corrected,
   * every other call is corrected too, so nothing of the message runs. Reads no state, so it is
   * safe to call before the state is known.
   */
  List<Step> judge(List<ToolExecutionRequest> requests) {
    List<Step> steps = new ArrayList<>(requests.size());
    List<String> invalid = new ArrayList<>();
    for (ToolExecutionRequest r : requests) {
      Step step = judgeOne(Objects.requireNonNull(r, "request"));
      if (step.settled instanceof ToolCallResult.Corrected) {
        invalid.add(r.name() == null || r.name().isBlank() ? "(no name)" : r.name().strip());
      }
      steps.add(step);
    }
    if (invalid.isEmpty()) {
      return steps;
    }
    List<Step> out = new ArrayList<>(steps.size());
    for (Step s : steps) {
      if (s.settled instanceof ToolCallResult.Corrected) {
        out.add(s);
        continue;
      }
      String opcode = s.call.opcode();
      GuardResult.Correction c =
          new GuardResult.Correction(
              opcode,
              List.of(ToolReplies.otherCallsInvalid(opcode, invalid)),
              "OtherCallsInvalid; " + String.join(", ", invalid));
      out.add(
          new Step(s.request, corrected(s.request, c), s.call, false, null, s.judged, null, null));
    }
    return out;
  }

  private Step judgeOne(ToolExecutionRequest request) {
    long t0 = System.nanoTime();
    Acts.Now<S> now = acts.now();
    ActionSet<S> set = now.view().acts();
    GuardResult checked = now.view().guard().check(request.name(), request.arguments());
    if (checked instanceof GuardResult.Correction c) {
      return new Step(request, corrected(request, c), null, false, null, since(t0), null, null);
    }
    Call accepted = ((GuardResult.Accepted) checked).call();
    notify(l -> l.verified(request, accepted, since(t0)));
    log.debug("agent {}: verified {}", agent, accepted.opcode());
    if (now.paused() != null) {
      // A paused live agent withholds every valid call: proposed, never run.
      return withheld(request, accepted, set, now.paused(), t0);
    }
    Plan plan = set.gate(List.of(accepted), ceiling);
    if (!plan.apply().isEmpty()) {
      return new Step(request, null, plan.apply().get(0), true, null, since(t0), null, set);
    }
    return withheld(request, plan.propose().get(0), set, null, t0);
  }

  /** A withheld call, anchored on the object it acts on, or settled when that cannot be named. */
  private Step withheld(
      ToolExecutionRequest request,
      Call call,
      ActionSet<S> set,
      AgentPausedException paused,
      long t0) {
    String opcode = call.opcode();
    ObjectRef ref;
    try {
      ref = anchor == null ? null : anchor.apply(call);
      if (ref == null) {
        throw new IllegalStateException("the anchor function gave no object for " + opcode);
      }
    } catch (RuntimeException e) {
      // The anchor function failed: the operator's to fix, not the model's.
      ToolCallResult failed =
          new ToolCallResult.Failed(request, error(request, ToolReplies.notSent(opcode)), call, e);
      return new Step(request, failed, call, false, null, since(t0), null, set);
    }
    if (!known(ref)) {
      // Labels come from code, so an object the labeler cannot name is one the model made up.
      GuardResult.Correction c =
          new GuardResult.Correction(
              opcode,
              List.of(ToolReplies.unknownObject(opcode, ref.kind(), ref.id())),
              "UnknownObject; the labeler has no label for " + ref.key());
      return new Step(request, corrected(request, c), call, false, null, since(t0), null, null);
    }
    return new Step(request, null, call, false, ref, since(t0), paused, set);
  }

  /**
   * Carries out one judged call against the state: runs it, proposes it, or answers that it would
   * change nothing; a settled call is only reported. Tells the listener and the log.
   */
  @SuppressWarnings("unchecked")
  ToolCallResult finish(Step step, S state) {
    if (step.settled != null) {
      report(step.settled, step.judged);
      return step.settled;
    }
    long t0 = System.nanoTime();
    ActionSet<S> set = (ActionSet<S>) step.set;
    ToolCallResult result;
    try {
      if (!set.willChange(state, step.call)) {
        result =
            new ToolCallResult.Unchanged(
                step.request,
                reply(step.request, ToolReplies.unchanged(step.call.opcode(), step.apply)),
                step.call);
      } else {
        result = step.apply ? run(step, set, state) : propose(step, set);
      }
    } catch (RuntimeException e) {
      // A reader the premise check called threw: the operator's to fix.
      String opcode = step.call.opcode();
      result =
          new ToolCallResult.Failed(
              step.request,
              error(
                  step.request,
                  step.apply ? ToolReplies.runFailed(opcode) : ToolReplies.notSent(opcode)),
              step.call,
              e);
    }
    report(result, since(t0));
    return result;
  }

  private ToolCallResult run(Step step, ActionSet<S> set, S state) {
    ToolExecutionRequest request = step.request;
    Call call = step.call;
    Outcome outcome;
    try {
      outcome = acts.run(set, state, call);
    } catch (AgentPausedException e) {
      // The live agent paused between judging and running: withheld, never run.
      Step again = withheld(request, call, set, e, System.nanoTime());
      return again.settled != null ? again.settled : propose(again, set);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      return new ToolCallResult.Failed(
          request, error(request, ToolReplies.runFailed(call.opcode())), call, e);
    }
    if (!outcome.done()) {
      // The handler said what went wrong in words meant for the model.
      return new ToolCallResult.Failed(
          request,
          error(request, ToolReplies.runFailed(call.opcode(), outcome.failure())),
          call,
          outcome.exception().orElseThrow());
    }
    String result;
    try {
      result = Results.text(outcome);
    } catch (IllegalStateException e) {
      // The act ran; only its result cannot be shown. Say so, and keep the detail for the log.
      log.warn(
          "agent {}: the result of {} cannot be shown: {}", agent, call.opcode(), e.getMessage());
      result = "(the result could not be shown)";
    }
    return new ToolCallResult.Ran(
        request, reply(request, ToolReplies.ran(call.opcode(), result)), outcome);
  }

  private ToolCallResult propose(Step step, ActionSet<S> set) {
    String opcode = step.call.opcode();
    Proposal proposal;
    try {
      proposal =
          Proposal.builder(agent)
              .labeler(labeler)
              .anchor(step.anchor)
              .question(set.ask(step.call))
              .op(set, step.call)
              .build();
    } catch (RuntimeException e) {
      // The ask wording or the proposal's own checks failed (InvalidProposalException): the
      // operator's to fix, not the model's.
      return new ToolCallResult.Failed(
          step.request, error(step.request, ToolReplies.notSent(opcode)), step.call, e);
    }
    String text =
        step.paused == null
            ? ToolReplies.proposed(opcode)
            : ToolReplies.paused(opcode, step.paused);
    return new ToolCallResult.Proposed(step.request, reply(step.request, text), proposal);
  }

  /** Tells the listener and the log what became of a call. */
  private void report(ToolCallResult result, Duration took) {
    if (result instanceof ToolCallResult.Ran r) {
      log.debug("agent {}: {} in {} ms", agent, r.detail(), took.toMillis());
      notify(l -> l.ran(r, took));
    } else if (result instanceof ToolCallResult.Proposed p) {
      log.info("agent {}: {}", agent, p.detail());
      notify(l -> l.proposed(p, took));
    } else if (result instanceof ToolCallResult.Unchanged u) {
      log.debug("agent {}: {}", agent, u.detail());
      notify(l -> l.unchanged(u, took));
    } else if (result instanceof ToolCallResult.Corrected c) {
      log.info("agent {}: {}", agent, c.detail());
      notify(l -> l.rejected(c, took));
    } else if (result instanceof ToolCallResult.Failed f) {
      log.warn("agent {}: {}", agent, f.detail(), f.failure());
      notify(l -> l.failed(f, took));
    }
  }

  private void notify(Consumer<ToolCallListener> event) {
    try {
      event.accept(listener);
    } catch (RuntimeException e) {
      log.warn("agent {}: the tool call listener threw; ignored", agent, e);
    }
  }

  private static Duration since(long t0) {
    return Duration.ofNanos(System.nanoTime() - t0);
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
    return "AgentkitTools[" + agent + ", " + ceiling + ", " + acts + "]";
  }

  /** Configures {@link AgentkitTools}. Not thread-safe. */
  public static final class Builder<S> {
    private final Acts<S> acts;
    private final String agent;
    private AutonomyRung ceiling = AutonomyRung.ASK;
    private Function<? super Call, ObjectRef> anchor;
    private Labeler labeler = Labeler.none();
    private ToolCallListener listener = new ToolCallListener() {};

    private Builder(Acts<S> acts, String agent) {
      this.acts = acts;
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
     * Names the object a withheld call acts on, from the call. It receives the call bound to its
     * op, so it can name the op's object type: for a contract whose ops name their object by a
     * {@code <type>_id} operand, {@code call -> ObjectRef.of(call.op().objectType(),
     * call.arg(call.op().objectType() + "_id"))}. Needed when any call can be withheld, so always
     * for a live agent, which withholds every call while it is paused.
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
                + (acts.isLive()
                    ? " proposed to the user while the live agent is paused"
                    : " proposed to the user")
                + ", and a proposal names the object it acts on; pass"
                + " anchor(call -> ObjectRef.of(call.op().objectType(), call.arg(\"<its id"
                + " operand>\")))");
      }
      return new AgentkitTools<>(this);
    }

    /**
     * The opcodes, sorted, whose calls the gate would propose rather than run: for a live agent,
     * every one, since a paused agent proposes every call.
     */
    private List<String> withheld() {
      List<String> out = new ArrayList<>();
      ActionSet<S> actions = acts.now().view().acts();
      for (String opcode : actions.opcodes()) {
        if (acts.isLive()
            || ceiling != AutonomyRung.AUTO
            || AutonomyRung.maxRungFor(actions.op(opcode).orElseThrow().tier()) != AutonomyRung.AUTO
            || !actions.canRun(opcode)) {
          out.add(opcode);
        }
      }
      return out;
    }
  }
}
