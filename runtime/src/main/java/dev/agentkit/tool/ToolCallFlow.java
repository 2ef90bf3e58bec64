package dev.agentkit.tool;

import dev.agentkit.ActionSet;
import dev.agentkit.AgentPausedException;
import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.LiveAgent;
import dev.agentkit.Outcome;
import dev.agentkit.Plan;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.internal.text.RuntimeMessage;
import dev.agentkit.proposal.Labeler;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.proposal.Proposal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;

/**
 * One tool call's way through agentkit, the same for every adapter (LangChain4j, Spring AI, an MCP
 * server): a tool name and JSON arguments in; the reply for the model, the {@link ToolCallOutcome}
 * and the {@link ToolCallListener}'s events out. An adapter maps its framework's types onto it.
 *
 * <p>{@link #judge} guards a call ({@link ToolCallGuard}) and gates it with the ceiling ({@link
 * ActionSet#gate}), reading no state; {@link #program} makes the judged calls of one model message
 * one program (when any is not valid, none runs, each valid one being told {@code
 * [OtherCallsInvalid]}); {@link #finish} carries a judged call out against the state, under a lock
 * striped by the state object, so calls that share a state run one at a time: it runs, or,
 * withheld, becomes a {@link Proposal} handed to the proposal sink, or changes nothing. A paused
 * live agent withholds every valid call and tells the model {@code [PausedForReview]}.
 *
 * <p>Nothing a model wrote makes it throw, nor does a handler, sink or listener that throws; each
 * call is logged through SLF4J on the adapter's logger: failures (with their cause) at WARN,
 * corrections and proposals at INFO, the rest at DEBUG. A listener that is also a {@link
 * ToolCallTracer} gets a span for each call, around its judging and its run handler. Thread-safe as
 * far as the handlers, labeler, sink and listener are.
 *
 * @param <S> the agent's state type
 */
public final class ToolCallFlow<S> {
  private static final int STRIPES = 64;

  private final LiveActs<S> acts;
  private final String agent;
  private final AutonomyRung ceiling;
  private final Function<? super Call, ObjectRef> anchor;
  private final Labeler labeler;
  private final Consumer<? super Proposal> proposals;
  private final ToolCallListener listener;
  private final ToolCallTracer tracer;
  private final ResultWriter results;
  private final Logger log;
  private final Object[] stripes = new Object[STRIPES];

  private ToolCallFlow(Builder<S, ?> b) {
    this.acts = b.acts;
    this.agent = b.agent;
    this.ceiling = b.ceiling;
    this.anchor = b.anchor;
    this.labeler = b.labeler;
    this.proposals = b.proposals;
    this.listener = b.listener;
    this.tracer = b.listener instanceof ToolCallTracer t ? t : ToolCallTracer.NONE;
    this.results = b.results;
    this.log = b.log;
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new Object();
    }
  }

  /** Writes what a run handler returned, when it is not text, as JSON for the model. */
  @FunctionalInterface
  public interface ResultWriter {
    /** The value as JSON; what it throws is logged, and the model told the result is not shown. */
    String write(Object value) throws Exception;
  }

  /**
   * The acts calls are judged against now: a bound set's, or a live agent's newest (the last that
   * bound while it is paused).
   */
  public ActionSet<S> acts() {
    return acts.now().acts();
  }

  /** Calls {@code rebound} with the new set each time a live agent rebinds; nothing for a set. */
  public void onRebind(Consumer<ActionSet<S>> rebound) {
    Objects.requireNonNull(rebound, "rebound");
    LiveAgent<S> live = acts.live();
    if (live != null) {
      live.listen(event -> rebound.accept(live.lastBound().acts()));
    }
  }

  /** The agent's name, which namespaces the ask keys of its proposals. */
  public String agent() {
    return agent;
  }

  /**
   * Judges one call before anything runs: guarded, and gated alone (the guard verified it, so the
   * gate cannot reject it). Reads no state. Tells the listener when the guard accepts the call.
   *
   * @param name the tool name as the model sent it, possibly null
   * @param arguments the arguments as the model sent them, JSON, possibly null
   */
  public Step judge(String name, String arguments) {
    long t0 = System.nanoTime();
    ToolCallTracer.Span span = start(name);
    LiveActs.Now<S> now = acts.now();
    GuardResult checked = now.guard().check(name, arguments);
    if (checked instanceof GuardResult.Correction c) {
      return Step.corrected(name, null, c, since(t0), span);
    }
    Call accepted = ((GuardResult.Accepted) checked).call();
    notify(l -> l.verified(accepted, since(t0)));
    log.debug("agent {}: verified {}", agent, accepted.opcode());
    if (now.paused() != null) {
      // A paused live agent withholds every valid call: proposed, never run.
      trace(() -> span.judged(accepted, false));
      return withheld(name, accepted, now.acts(), now.paused(), t0, span);
    }
    Plan plan = now.acts().gate(List.of(accepted), ceiling);
    if (!plan.apply().isEmpty()) {
      Call apply = plan.apply().get(0);
      trace(() -> span.judged(apply, true));
      return new Step(name, null, apply, true, null, null, now.acts(), since(t0), span);
    }
    Call propose = plan.propose().get(0);
    trace(() -> span.judged(propose, false));
    return withheld(name, propose, now.acts(), null, t0, span);
  }

  /**
   * Judges a call to a tool the framework does not know by that name: a name that differs from an
   * act's only by surrounding spaces gets {@code [UnknownTool]} naming the act (the guard forgives
   * the spaces, the framework's lookup by exact name does not); any other name gets the guard's
   * {@code [UnknownTool]} with its "did you mean".
   */
  public Step unknownTool(String name, String arguments) {
    String given = Objects.requireNonNullElse(name, "");
    String opcode = given.strip();
    if (given.equals(opcode) || !acts.now().acts().opcodes().contains(opcode)) {
      return judge(name, arguments);
    }
    GuardResult.Correction c =
        new GuardResult.Correction(
            opcode,
            List.of(ToolReplies.inexactName(given, opcode)),
            "UnknownTool; the name differs from " + opcode + " by surrounding spaces");
    return Step.corrected(name, null, c, Duration.ZERO, start(name));
  }

  /**
   * The judged calls of one model message as one program: when any is not valid, every valid one is
   * held back with {@code [OtherCallsInvalid]}, so nothing of the message runs.
   */
  public static List<Step> program(List<Step> steps) {
    List<String> invalid = invalidNames(steps);
    if (invalid.isEmpty()) {
      return List.copyOf(steps);
    }
    List<Step> out = new ArrayList<>(steps.size());
    for (Step s : steps) {
      out.add(s.invalid() ? s : s.heldBack(invalid));
    }
    return List.copyOf(out);
  }

  /** The names of the steps that are not valid, as {@code [OtherCallsInvalid]} lists them. */
  public static List<String> invalidNames(List<Step> steps) {
    List<String> invalid = new ArrayList<>();
    for (Step s : steps) {
      if (s != null && s.invalid()) {
        invalid.add(s.shownName());
      }
    }
    return invalid;
  }

  /** A withheld call, anchored on the object it acts on, or settled when that cannot be named. */
  private Step withheld(
      String name,
      Call call,
      ActionSet<S> set,
      AgentPausedException paused,
      long t0,
      ToolCallTracer.Span span) {
    String opcode = call.opcode();
    ObjectRef ref;
    try {
      ref = anchor == null ? null : anchor.apply(call);
      if (ref == null) {
        throw new IllegalStateException("the anchor function gave no object for " + opcode);
      }
    } catch (RuntimeException e) {
      // The anchor function failed: the operator's to fix, not the model's.
      ToolCallOutcome failed =
          new ToolCallOutcome.Failed(ToolReplies.notSent(opcode), call, false, e);
      return new Step(name, failed, call, false, null, null, set, since(t0), span);
    }
    if (!known(ref)) {
      // Labels come from code, so an object the labeler cannot name is one the model made up.
      GuardResult.Correction c =
          new GuardResult.Correction(
              opcode,
              List.of(ToolReplies.unknownObject(opcode, ref.kind(), ref.id())),
              "UnknownObject; the labeler has no label for " + ref.key());
      return Step.corrected(name, call, c, since(t0), span);
    }
    return new Step(name, null, call, false, ref, paused, set, since(t0), span);
  }

  /** Carries out one judged call against {@code state}; see {@link #finish(Step, Supplier)}. */
  public ToolCallOutcome finish(Step step, S state) {
    return finish(step, () -> state);
  }

  /**
   * Carries out one judged call: runs it, proposes it, or answers that it would change nothing; a
   * settled call (corrected, or failed already) is only reported. Tells the listener exactly once
   * how the call ended, and the log.
   *
   * @param state finds the state, asked only for a call to carry out; what it throws is reported as
   *     the call's failure and then thrown on
   */
  public ToolCallOutcome finish(Step step, Supplier<? extends S> state) {
    Objects.requireNonNull(step, "step");
    if (step.settled != null) {
      report(step.settled, step.took, step.span);
      return step.settled;
    }
    long t0 = System.nanoTime();
    S s;
    try {
      s = state.get();
    } catch (RuntimeException e) {
      notify(l -> l.failed(step.call, step.apply, e, since(t0)));
      ToolCallOutcome failed = operatorsFailure(step, e);
      trace(() -> step.span.ended(failed));
      throw e;
    }
    ToolCallOutcome out;
    synchronized (stripes[Math.floorMod(System.identityHashCode(s), STRIPES)]) {
      out = carryOut(step, s);
    }
    report(out, since(t0), step.span);
    return out;
  }

  @SuppressWarnings("unchecked")
  private ToolCallOutcome carryOut(Step step, S state) {
    ActionSet<S> set = (ActionSet<S>) step.set;
    String opcode = step.call.opcode();
    try {
      if (!set.willChange(state, step.call)) {
        return new ToolCallOutcome.Unchanged(
            ToolReplies.unchanged(opcode, step.apply), step.call, step.apply);
      }
      return step.apply ? run(step, set, state) : propose(step, set);
    } catch (RuntimeException e) {
      // A reader the premise check called, or the labeler asked again, threw: the operator's.
      return operatorsFailure(step, e);
    }
  }

  /**
   * A judged call that failed for the operator before its handler said anything: the model is told
   * the run failed (an act that was to run) or that nothing was sent (one to propose).
   */
  private static ToolCallOutcome operatorsFailure(Step step, RuntimeException e) {
    String opcode = step.call.opcode();
    String text = step.apply ? ToolReplies.runFailed(opcode) : ToolReplies.notSent(opcode);
    return new ToolCallOutcome.Failed(text, step.call, step.apply, e);
  }

  private ToolCallOutcome run(Step step, ActionSet<S> set, S state) {
    Call call = step.call;
    Outcome outcome;
    try {
      outcome = step.span.running(call, () -> acts.run(set, state, call));
    } catch (AgentPausedException e) {
      // The live agent paused between judging and running: withheld, never run.
      Step again = withheld(step.name, call, set, e, System.nanoTime(), step.span);
      return again.settled != null ? again.settled : propose(again, set);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      return new ToolCallOutcome.Failed(ToolReplies.runFailed(call.opcode()), call, true, e);
    }
    if (!outcome.done()) {
      // The handler said what went wrong in words meant for the model.
      Exception e =
          outcome
              .exception()
              .map(Exception.class::cast)
              .orElseGet(() -> new CallFailedException(outcome.failure()));
      String text = ToolReplies.runFailed(call.opcode(), outcome.failure());
      return new ToolCallOutcome.Failed(text, call, true, e);
    }
    return new ToolCallOutcome.Ran(ToolReplies.ran(call.opcode(), resultText(outcome)), outcome);
  }

  /** What the handler returned as text: a string as it is, anything else as JSON, or empty. */
  private String resultText(Outcome outcome) {
    Object value = outcome.value().orElse(null);
    if (value == null) {
      return "";
    }
    if (value instanceof CharSequence cs) {
      return cs.toString();
    }
    try {
      return results.write(value);
    } catch (Exception e) {
      // The act ran; only its result cannot be shown. Say so, and keep the detail for the log.
      log.warn(
          "agent {}: the result of {} cannot be shown: {} returned a {} that cannot be written as"
              + " JSON",
          agent,
          outcome.call().opcode(),
          outcome.call().opcode(),
          value.getClass().getName(),
          e);
      return "(the result could not be shown)";
    }
  }

  private ToolCallOutcome propose(Step step, ActionSet<S> set) {
    Call call = step.call;
    Proposal proposal;
    try {
      proposal =
          Proposal.builder(agent)
              .labeler(labeler)
              .anchor(step.anchor)
              .question(set.ask(call))
              .op(set, call)
              .build();
      proposals.accept(proposal);
    } catch (RuntimeException e) {
      // The ask wording, the proposal's own checks or the sink failed: the operator's to fix.
      return new ToolCallOutcome.Failed(ToolReplies.notSent(call.opcode()), call, false, e);
    }
    boolean paused = step.paused != null;
    String text =
        paused
            ? ToolReplies.paused(call.opcode(), step.paused)
            : ToolReplies.proposed(call.opcode());
    return new ToolCallOutcome.Proposed(text, call, proposal, paused);
  }

  /** Tells the log, the listener and the call's span how a call ended. */
  private void report(ToolCallOutcome out, Duration took, ToolCallTracer.Span span) {
    if (out instanceof ToolCallOutcome.Failed f) {
      log.warn("agent {}: {}", agent, f.detail(), f.failure());
    } else if (out instanceof ToolCallOutcome.Ran || out instanceof ToolCallOutcome.Unchanged) {
      log.debug("agent {}: {} in {} ms", agent, out.detail(), took.toMillis());
    } else {
      log.info("agent {}: {}", agent, out.detail());
    }
    notify(l -> out.tell(l, took));
    trace(() -> span.ended(out));
  }

  /** The span of a call whose judging starts now; none when the tracer throws. */
  private ToolCallTracer.Span start(String name) {
    ToolCallTracer.Span span = traced(() -> tracer.start(agent, name), null);
    return span == null ? ToolCallTracer.Span.NONE : span;
  }

  private void trace(Runnable event) {
    traced(
        () -> {
          event.run();
          return null;
        },
        null);
  }

  /** Asks the tracer; what it throws is logged and ignored, and {@code otherwise} answered. */
  private <T> T traced(Supplier<T> event, T otherwise) {
    try {
      return event.get();
    } catch (RuntimeException e) {
      log.warn("agent {}: the tool call tracer threw; ignored", agent, e);
      return otherwise;
    }
  }

  private void notify(Consumer<ToolCallListener> event) {
    try {
      event.accept(listener);
    } catch (RuntimeException e) {
      log.warn("agent {}: the tool call listener threw; ignored", agent, e);
    }
  }

  private boolean known(ObjectRef ref) {
    return ref.hasLabel()
        || labeler.label(ref.kind(), ref.id()).filter(l -> !l.isBlank()).isPresent();
  }

  private static Duration since(long t0) {
    return Duration.ofNanos(System.nanoTime() - t0);
  }

  @Override
  public String toString() {
    return agent + ", " + ceiling + ", " + acts;
  }

  /**
   * One call as judged before anything runs: settled (corrected, or failed for the operator), or to
   * be run or proposed by {@link ToolCallFlow#finish}. Immutable.
   */
  public static final class Step {
    private final String name;
    private final ToolCallOutcome settled;
    private final Call call;
    private final boolean apply;
    private final ObjectRef anchor;
    private final AgentPausedException paused;
    private final ActionSet<?> set;
    private final Duration took;
    private final ToolCallTracer.Span span;

    private Step(
        String name,
        ToolCallOutcome settled,
        Call call,
        boolean apply,
        ObjectRef anchor,
        AgentPausedException paused,
        ActionSet<?> set,
        Duration took,
        ToolCallTracer.Span span) {
      this.name = name;
      this.settled = settled;
      this.call = call;
      this.apply = apply;
      this.anchor = anchor;
      this.paused = paused;
      this.set = set;
      this.took = took;
      this.span = span;
    }

    private static Step corrected(
        String name, Call call, GuardResult.Correction c, Duration took, ToolCallTracer.Span span) {
      ToolCallOutcome out = new ToolCallOutcome.Corrected(c.message(), c);
      return new Step(name, out, call, false, null, null, null, took, span);
    }

    /** Whether the call was not valid: the model gets a correction. */
    public boolean invalid() {
      return settled instanceof ToolCallOutcome.Corrected;
    }

    /** The call the guard accepted, bound to its op; empty when it did not accept it. */
    public Optional<Call> verified() {
      return Optional.ofNullable(call);
    }

    /** How long judging the call took. */
    public Duration took() {
      return took;
    }

    /** The name to list among a message's invalid calls. */
    public String shownName() {
      return name == null || name.isBlank() ? "(no name)" : name.strip();
    }

    /** This valid call, held back because the calls {@code invalid} of its message were not. */
    public Step heldBack(List<String> invalid) {
      String tool = call == null ? shownName() : call.opcode();
      GuardResult.Correction c =
          new GuardResult.Correction(
              tool,
              List.of(ToolReplies.otherCallsInvalid(tool, invalid)),
              "OtherCallsInvalid; " + String.join(", ", invalid));
      return corrected(name, call, c, took, span);
    }
  }

  /**
   * The settings every adapter's builder shares: extend it, and build the flow with {@link
   * #flow(ResultWriter, Logger)}. Not thread-safe.
   *
   * @param <S> the agent's state type
   * @param <B> the adapter's builder
   */
  public abstract static class Builder<S, B extends Builder<S, B>> {
    private final LiveActs<S> acts;
    private final String agent;
    private AutonomyRung ceiling = AutonomyRung.ASK;
    private Function<? super Call, ObjectRef> anchor;
    private Labeler labeler = Labeler.none();
    private Consumer<? super Proposal> proposals;
    private ToolCallListener listener = new ToolCallListener() {};
    private ResultWriter results;
    private Logger log;

    /**
     * Starts the settings of a bound set or of a live agent, whichever is given: with a live agent,
     * each call is judged against the newest contract it holds, and withheld while it is paused.
     *
     * @param actions the bound acts, or null for a live agent
     * @param live the live agent, or null for a bound set
     * @param agent the agent's name; it namespaces the ask keys of its proposals, so it is a plain
     *     name without colons or spaces, such as {@code triage}
     */
    protected Builder(ActionSet<S> actions, LiveAgent<S> live, String agent) {
      this.acts =
          actions != null
              ? new LiveActs<>(actions, null)
              : new LiveActs<>(null, Objects.requireNonNull(live, "live"));
      this.agent = Objects.requireNonNullElse(agent, "").strip();
    }

    @SuppressWarnings("unchecked")
    private B self() {
      return (B) this;
    }

    /**
     * The highest rung this agent may use. {@link AutonomyRung#ASK}, the default, proposes every
     * call; {@link AutonomyRung#AUTO} runs the calls whose tier allows running live and whose act
     * has a run handler.
     */
    public B ceiling(AutonomyRung ceiling) {
      this.ceiling = Objects.requireNonNull(ceiling, "ceiling");
      return self();
    }

    /**
     * Names the object a withheld call acts on, from the call bound to its op: {@code call ->
     * ObjectRef.of(call.op().objectType(), call.arg(call.op().objectType() + "_id"))} for a
     * contract whose ops name their object by a {@code <type>_id} operand. Needed when any call can
     * be withheld, so always for a live agent, which withholds every call while it is paused.
     */
    public B anchor(Function<? super Call, ObjectRef> anchor) {
      this.anchor = Objects.requireNonNull(anchor, "anchor");
      return self();
    }

    /**
     * Resolves the live labels of the objects proposals name; the default knows no object, so then
     * the anchor function must give labelled refs. An object that neither labels is taken to be one
     * the model made up, and the call is corrected ({@code [UnknownObject]}).
     */
    public B labeler(Labeler labeler) {
      this.labeler = Objects.requireNonNull(labeler, "labeler");
      return self();
    }

    /**
     * Receives each withheld call's proposal, to deliver to the user (an inbox's {@code send}).
     * Needed when any call can be withheld, so always for a live agent. What it throws is logged
     * with its cause, and the model is told the call could not be sent for approval.
     */
    public B proposals(Consumer<? super Proposal> sink) {
      this.proposals = Objects.requireNonNull(sink, "sink");
      return self();
    }

    /** Hears every call's verification and end; the default hears nothing. */
    protected B flowListener(ToolCallListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return self();
    }

    /**
     * The adapter's own requirements, each a part it lacks with what it is for (for example {@code
     * "state(...), which finds the state each call acts on"}); none by default.
     */
    protected List<String> missing() {
      return List.of();
    }

    /**
     * The flow, with the adapter's JSON writer for results and its logger.
     *
     * @throws IllegalStateException ({@code [ToolsIncomplete]}) when the agent has no name, the
     *     adapter lacks a part ({@link #missing()}), or a call can be withheld and no anchor
     *     function or proposal sink is set; every missing part is named
     */
    protected ToolCallFlow<S> flow(ResultWriter results, Logger log) {
      this.results = Objects.requireNonNull(results, "results");
      this.log = Objects.requireNonNull(log, "log");
      List<String> missing = new ArrayList<>();
      if (agent.isEmpty()) {
        missing.add("the agent's name, which namespaces the ask keys of its proposals");
      }
      missing.addAll(missing());
      String withheld = withheld();
      if (anchor == null && !withheld.isEmpty()) {
        missing.add(
            "anchor(...), which names the object a withheld call acts on (for example call ->"
                + " ObjectRef.of(call.op().objectType(), call.arg(\"<its id operand>\")))");
      }
      if (proposals == null && !withheld.isEmpty()) {
        missing.add("proposals(...), which delivers a withheld call's proposal to the user");
      }
      if (!missing.isEmpty()) {
        throw new IllegalStateException(
            RuntimeMessage.TOOLS_INCOMPLETE.format(
                agent,
                String.join("; and ", missing),
                withheld.isEmpty() ? "" : " (" + withheld + ")"));
      }
      return new ToolCallFlow<>(this);
    }

    /** Why some calls can be withheld, or empty when every call runs. */
    private String withheld() {
      if (acts.isLive()) {
        return "a live agent withholds every call while it is paused";
      }
      List<String> out = new ArrayList<>();
      ActionSet<S> set = acts.first();
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
