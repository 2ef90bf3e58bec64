package dev.agentkit.springai;

import dev.agentkit.ActionSet;
import dev.agentkit.AgentPausedException;
import dev.agentkit.BoundAgent;
import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

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
 * <p>Each tool call goes through three steps. {@link ToolCallGuard} checks the tool name and the
 * arguments against the live contract; a call that fails is answered with sentences the model can
 * fix its call from. {@link ActionSet#gate} then decides, with the agent's ceiling, whether the
 * call may run now: if so it runs, and what its run handler returned is sent back to the model (a
 * string as it is, a record as JSON); otherwise it is withheld: a {@link Proposal}, whose question
 * is the act's ask wording and whose anchor is the object the call acts on, goes to the proposal
 * sink, and the model is told it was sent for approval. A call that would change nothing ({@link
 * ActionSet#willChange}) neither runs nor is proposed, and the model is told so.
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
  private static final int STRIPES = 64;

  private final Acts<S> acts;
  private final String agent;
  private final AutonomyRung ceiling;
  private final Function<? super Call, ObjectRef> anchor;
  private final Labeler labeler;
  private final Consumer<? super Proposal> sink;
  private final StateResolver<S> states;
  private final ToolCallListener listener;
  private final List<ToolCallback> callbacks;
  private final Object[] stripes = new Object[STRIPES];

  private AgentkitToolCallbacks(Builder<S> b) {
    this.acts = b.acts;
    this.agent = b.agent;
    this.ceiling = b.ceiling;
    this.anchor = b.anchor;
    this.labeler = b.labeler;
    this.sink = b.sink;
    this.states = b.states;
    this.listener = b.listener;
    List<ToolCallback> out = new ArrayList<>();
    for (String opcode : acts.opcodes()) {
      out.add(new AgentkitToolCallback(this, opcode));
    }
    this.callbacks = List.copyOf(out);
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new Object();
    }
  }

  /**
   * Starts the callbacks of a bound set.
   *
   * @param actions the bound acts
   * @param agent the agent's name; it namespaces the ask keys of its proposals, so it is a plain
   *     name without colons or spaces, such as {@code triage}
   */
  public static <S> Builder<S> builder(ActionSet<S> actions, String agent) {
    return new Builder<>(Acts.of(Objects.requireNonNull(actions, "actions")), agent);
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
    return new Builder<>(Acts.of(Objects.requireNonNull(live, "live")), agent);
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
    Map<String, ToolDefinition> now = acts.now().view().definitions();
    ToolDefinition d = now.get(opcode);
    if (d == null) {
      throw new IllegalStateException(
          "the contract "
              + agent
              + " is bound to has no act "
              + opcode
              + "; rebuild the callbacks");
    }
    return d;
  }

  /** Judges and carries out one call on its own, as Spring AI's default manager calls a tool. */
  String callAlone(String name, String arguments, ToolContext context) {
    return finish(judge(name, arguments), context);
  }

  /**
   * One call as judged before anything runs: settled (answered already: corrected, or failed for
   * the operator), or to be applied or proposed.
   */
  static final class Step {
    final AgentkitToolCallbacks<?> owner;
    final String name;
    final String settled;
    final GuardResult.Correction correction;
    final Exception failure;
    final Call call;
    final boolean apply;
    final ObjectRef anchor;
    final AgentPausedException paused;
    final ActionSet<?> judged;
    final Duration took;

    private Step(
        AgentkitToolCallbacks<?> owner,
        String name,
        String settled,
        GuardResult.Correction correction,
        Exception failure,
        Call call,
        boolean apply,
        ObjectRef anchor,
        AgentPausedException paused,
        ActionSet<?> judged,
        Duration took) {
      this.owner = owner;
      this.name = name;
      this.settled = settled;
      this.correction = correction;
      this.failure = failure;
      this.call = call;
      this.apply = apply;
      this.anchor = anchor;
      this.paused = paused;
      this.judged = judged;
      this.took = took;
    }

    /** Whether the call was not valid: the model gets a correction. */
    boolean invalid() {
      return correction != null;
    }

    /** The name to list among a message's invalid calls. */
    String shownName() {
      return name == null || name.isBlank() ? "(no name)" : name.strip();
    }

    /** This valid call, held back because others of its message were not valid. */
    Step heldBack(List<String> invalid) {
      String tool = call == null ? shownName() : call.opcode();
      GuardResult.Correction c =
          new GuardResult.Correction(
              tool,
              List.of(ToolReplies.otherCallsInvalid(tool, invalid)),
              "OtherCallsInvalid; " + String.join(", ", invalid));
      log.info("agent {}: corrected {}: {}", owner.agent, tool, c.detail());
      return new Step(owner, name, c.message(), c, null, call, false, null, null, null, took);
    }
  }

  /** A correction: settled and invalid. */
  private Step corrected(String name, Call call, GuardResult.Correction c, long t0) {
    log.info("agent {}: corrected {}: {}", agent, c.tool(), c.detail());
    return new Step(this, name, c.message(), c, null, call, false, null, null, null, since(t0));
  }

  /**
   * Judges one call before anything runs: guarded, and gated alone (the guard verified it, so the
   * gate cannot reject it). Reads no state. Tells the listener when the guard accepts the call.
   */
  Step judge(String name, String arguments) {
    long t0 = System.nanoTime();
    Acts.Now<S> now = acts.now();
    ActionSet<S> set = now.view().acts();
    GuardResult checked = now.view().guard().check(name, arguments);
    if (checked instanceof GuardResult.Correction c) {
      return corrected(name, null, c, t0);
    }
    Call accepted = ((GuardResult.Accepted) checked).call();
    notify(l -> l.verified(accepted, since(t0)));
    log.debug("agent {}: verified {}", agent, accepted.opcode());
    Call withheld = accepted;
    if (now.paused() == null) {
      Plan plan = set.gate(List.of(accepted), ceiling);
      if (!plan.apply().isEmpty()) {
        Call apply = plan.apply().get(0);
        return new Step(this, name, null, null, null, apply, true, null, null, set, since(t0));
      }
      withheld = plan.propose().get(0);
    }
    return withheld(name, withheld, now.paused(), set, t0);
  }

  /** A withheld call, anchored on the object it acts on, or settled when that cannot be named. */
  private Step withheld(
      String name, Call call, AgentPausedException paused, ActionSet<S> set, long t0) {
    String opcode = call.opcode();
    ObjectRef ref;
    try {
      ref = anchor == null ? null : anchor.apply(call);
      if (ref == null) {
        throw new IllegalStateException("the anchor function gave no object for " + opcode);
      }
    } catch (RuntimeException e) {
      // The anchor function failed: the operator's to fix, not the model's.
      log.warn("agent {}: cannot anchor {}", agent, opcode, e);
      String text = ToolReplies.notSent(opcode);
      return new Step(this, name, text, null, e, call, false, null, null, set, since(t0));
    }
    if (!known(ref)) {
      // Labels come from code, so an object the labeler cannot name is one the model made up.
      GuardResult.Correction c =
          new GuardResult.Correction(
              opcode,
              List.of(ToolReplies.unknownObject(opcode, ref.kind(), ref.id())),
              "UnknownObject; the labeler has no label for " + ref.key());
      return corrected(name, call, c, t0);
    }
    return new Step(this, name, null, null, null, call, false, ref, paused, set, since(t0));
  }

  /**
   * Carries out one judged call: runs it, proposes it, or answers that it would change nothing; a
   * settled call is only reported. Tells the listener exactly once what became of the call.
   */
  String finish(Step step, ToolContext context) {
    if (step.settled != null) {
      return reportSettled(step, step.took);
    }
    long t0 = System.nanoTime();
    S state;
    try {
      state = states.resolve(context == null ? new ToolContext(Map.of()) : context);
      Objects.requireNonNull(state, "the state resolver gave no state");
    } catch (RuntimeException e) {
      notify(l -> l.failed(step.call, step.apply, e, since(t0)));
      throw e;
    }
    synchronized (stripes[Math.floorMod(System.identityHashCode(state), STRIPES)]) {
      return carryOut(step, state, t0);
    }
  }

  /** The answer of a settled call, after telling the listener: corrected, or failed. */
  private String reportSettled(Step step, Duration took) {
    if (step.correction != null) {
      notify(l -> l.rejected(step.correction, took));
    } else {
      notify(l -> l.failed(step.call, step.apply, step.failure, took));
    }
    return step.settled;
  }

  @SuppressWarnings("unchecked")
  private String carryOut(Step step, S state, long t0) {
    Call call = step.call;
    ActionSet<S> set = (ActionSet<S>) step.judged;
    String opcode = call.opcode();
    boolean changes;
    try {
      changes = set.willChange(state, call);
    } catch (RuntimeException e) {
      // A reader the premise check called threw: the operator's to fix.
      return operatorFailed(step, e, t0);
    }
    if (!changes) {
      log.debug("agent {}: not {} {}: no change", agent, step.apply ? "run" : "proposed", opcode);
      notify(l -> l.unchanged(call, step.apply, since(t0)));
      return ToolReplies.unchanged(opcode, step.apply);
    }
    try {
      return step.apply ? run(step, set, call, state, t0) : propose(step, set, call, t0);
    } catch (RuntimeException e) {
      // The labeler, asked again when the agent paused before the run, threw.
      return operatorFailed(step, e, t0);
    }
  }

  /** A call that code of the operator's failed, outside the run handler: logged, heard, told. */
  private String operatorFailed(Step step, RuntimeException e, long t0) {
    String opcode = step.call.opcode();
    log.warn("agent {}: {} failed", agent, opcode, e);
    notify(l -> l.failed(step.call, step.apply, e, since(t0)));
    return step.apply ? ToolReplies.runFailed(opcode) : ToolReplies.notSent(opcode);
  }

  private String run(Step step, ActionSet<S> set, Call call, S state, long t0) {
    Outcome outcome;
    try {
      outcome = acts.run(set, state, call);
    } catch (AgentPausedException e) {
      // The live agent paused between judging and running: withheld, never run.
      Step again = withheld(step.name, call, e, set, t0);
      return again.settled != null
          ? reportSettled(again, since(t0))
          : propose(again, set, call, t0);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      log.warn("agent {}: {} failed", agent, call.opcode(), e);
      notify(l -> l.failed(call, true, e, since(t0)));
      return ToolReplies.runFailed(call.opcode());
    }
    if (!outcome.done()) {
      // The handler said what went wrong in words meant for the model.
      Exception e =
          outcome
              .exception()
              .map(Exception.class::cast)
              .orElseGet(() -> new CallFailedException(outcome.failure()));
      log.warn("agent {}: {} failed", agent, call.opcode(), e);
      notify(l -> l.failed(call, true, e, since(t0)));
      return ToolReplies.runFailed(call.opcode(), outcome.failure());
    }
    log.debug("agent {}: ran {}", agent, call.opcode());
    String result;
    try {
      result = Results.text(outcome);
    } catch (IllegalStateException e) {
      // The act ran; only its result cannot be shown. Say so, and keep the detail for the log.
      log.warn(
          "agent {}: the result of {} cannot be shown: {}", agent, call.opcode(), e.getMessage());
      result = "(the result could not be shown)";
    }
    String text = ToolReplies.ran(call.opcode(), result);
    notify(l -> l.ran(outcome, since(t0)));
    return text;
  }

  private String propose(Step step, ActionSet<S> set, Call call, long t0) {
    String opcode = call.opcode();
    Proposal proposal;
    try {
      proposal =
          Proposal.builder(agent)
              .labeler(labeler)
              .anchor(step.anchor)
              .question(set.ask(call))
              .op(set, call)
              .build();
      sink.accept(proposal);
    } catch (RuntimeException e) {
      // The ask wording, the proposal's own checks or the sink failed: the operator's to fix.
      log.warn("agent {}: {} could not be proposed", agent, opcode, e);
      notify(l -> l.failed(call, false, e, since(t0)));
      return ToolReplies.notSent(opcode);
    }
    log.info("agent {}: proposed {}", agent, proposal.askKey());
    boolean paused = step.paused != null;
    String text = paused ? ToolReplies.paused(opcode, step.paused) : ToolReplies.proposed(opcode);
    notify(l -> l.proposed(call, proposal, paused, since(t0)));
    return text;
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

  String agent() {
    return agent;
  }

  @Override
  public String toString() {
    return "AgentkitToolCallbacks[" + agent + ", " + ceiling + ", " + acts + "]";
  }

  /** Configures {@link AgentkitToolCallbacks}. Not thread-safe. */
  public static final class Builder<S> {
    private final Acts<S> acts;
    private final String agent;
    private AutonomyRung ceiling = AutonomyRung.ASK;
    private Function<? super Call, ObjectRef> anchor;
    private Labeler labeler = Labeler.none();
    private Consumer<? super Proposal> sink;
    private StateResolver<S> states;
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
     * Names the object a withheld call acts on, from the call bound to its op: {@code call ->
     * ObjectRef.of(call.op().objectType(), call.arg(call.op().objectType() + "_id"))} for a
     * contract whose ops name their object by a {@code <type>_id} operand. Needed when any call can
     * be withheld, so always for a live agent.
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
     * Receives each withheld call's proposal, to deliver to the user (an inbox's {@code send}).
     * Needed when any call can be withheld, so always for a live agent. What it throws is logged,
     * and the model is told the call could not be sent for approval.
     */
    public Builder<S> proposals(Consumer<? super Proposal> sink) {
      this.sink = Objects.requireNonNull(sink, "sink");
      return this;
    }

    /** Finds the state each call acts on, from its tool context; use {@link StateResolver#of}. */
    public Builder<S> state(StateResolver<S> states) {
      this.states = Objects.requireNonNull(states, "states");
      return this;
    }

    /**
     * Hears every call's verification and end, with timings; the default hears nothing. Whatever
     * the listener, each call is also logged through SLF4J (logger {@code
     * dev.agentkit.springai.AgentkitToolCallbacks}): failures at WARN, corrections and proposals at
     * INFO, the rest at DEBUG.
     */
    public Builder<S> listener(ToolCallListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /**
     * Builds the callbacks.
     *
     * @throws IllegalStateException when the agent has no name or no state, or when a call can be
     *     withheld and no anchor function or proposal sink is set
     */
    public AgentkitToolCallbacks<S> build() {
      List<String> missing = new ArrayList<>();
      if (agent.isEmpty()) {
        missing.add("the agent's name, which namespaces the ask keys of its proposals");
      }
      if (states == null) {
        missing.add("state(...), which finds the state each call acts on");
      }
      String withheld = withheld();
      if (anchor == null && !withheld.isEmpty()) {
        missing.add(
            "anchor(...), which names the object a withheld call acts on (for example call ->"
                + " ObjectRef.of(call.op().objectType(), call.arg(\"<its id operand>\")))");
      }
      if (sink == null && !withheld.isEmpty()) {
        missing.add("proposals(...), which delivers a withheld call's proposal to the user");
      }
      if (!missing.isEmpty()) {
        throw new IllegalStateException(
            "[ToolCallbacksIncomplete] the tool callbacks of agent \""
                + agent
                + "\" need "
                + String.join("; and ", missing)
                + (withheld.isEmpty() ? "" : " (" + withheld + ")"));
      }
      return new AgentkitToolCallbacks<>(this);
    }

    /** Why some calls can be withheld, or empty when every call runs. */
    private String withheld() {
      if (acts.isLive()) {
        return "a live agent withholds every call while it is paused";
      }
      List<String> out = new ArrayList<>();
      ActionSet<S> set = acts.now().view().acts();
      for (String opcode : set.opcodes()) {
        if (ceiling != AutonomyRung.AUTO
            || AutonomyRung.maxRungFor(set.op(opcode).orElseThrow().tier()) != AutonomyRung.AUTO
            || !set.canRun(opcode)) {
          out.add(opcode);
        }
      }
      if (out.isEmpty()) {
        return "";
      }
      return String.join(", ", out) + (out.size() == 1 ? " is" : " are") + " proposed to the user";
    }
  }
}
