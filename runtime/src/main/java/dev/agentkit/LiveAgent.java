package dev.agentkit;

import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Problem;
import dev.agentkit.drift.DriftException;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.drift.DriftReport;
import dev.agentkit.internal.text.DurationText;
import dev.agentkit.source.CachedContract;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * An agent bound to the newest contract its cache holds, for services that bind once and run for
 * weeks. {@link BoundAgent#bind} verifies the live contract once; a live agent checks on every use
 * ({@link #acts()}, {@link #gate}, {@link #run}, {@link #ask}, {@link #verify}) whether the cache
 * holds a contract with another digest than the one it judged last, and if so judges it again — the
 * drift comparison with the compiled-in contract, the policy and the binding rules, as {@link
 * BoundAgent#bind} does — once, for every caller at that moment.
 *
 * <ul>
 *   <li>Compatible drift: the agent rebinds to the new contract and carries on ({@link
 *       Kind#REBOUND}); new descriptions and added enum values are usable at once.
 *   <li>Breaking drift the policy rejects, or a contract that does not bind: the agent is {@link
 *       State#PAUSED_ON_DRIFT}. {@link #gate} proposes every call and applies none, {@link #run}
 *       and {@link #acts()} throw an {@link AgentPausedException} carrying the drift sentence,
 *       until a contract arrives that binds again or {@link #usePolicy} acknowledges the items.
 *   <li>The cache holding no contract younger than its {@code maxStaleness}: {@link
 *       State#SOURCE_STALE}, with the same effect (fail closed); it recovers the same way.
 * </ul>
 *
 * <p>The check reads the cache's {@link CachedContract#current() current} entry: no network, no
 * clock and no lock while the contract is unchanged; refreshes run on the cache's own thread. A
 * call runs under a read lock that a rebinding waits for, so no run handler starts after the agent
 * has judged a contract that forbids it, and a handler that is running when the contract changes
 * finishes first. Listeners hear of each transition once, in order, on the thread that made it,
 * after the agent's own locks are released. Thread-safe.
 *
 * <p>An acknowledgement that expires while the contract is unchanged takes effect at the next
 * contract change, the next {@link #usePolicy}, or the next start.
 *
 * @param <S> the agent's state type
 */
public final class LiveAgent<S> {

  /** Where the agent stands. */
  public enum State {
    /** Acting on the newest contract, which binds. */
    BOUND,
    /** The newest contract drifted in a way the policy rejects, or does not bind: nothing runs. */
    PAUSED_ON_DRIFT,
    /** The cache holds no contract young enough to act on: nothing runs. */
    SOURCE_STALE
  }

  /** What changed. */
  public enum Kind {
    /** A new contract with compatible drift was bound; the agent carries on. */
    REBOUND,
    /** The agent stopped acting live on breaking drift; the event has the report. */
    PAUSED,
    /** A contract binds again, or the policy now accepts it: the agent acts again. */
    RESUMED,
    /** The cache holds no contract younger than its max staleness: the agent stopped. */
    SOURCE_STALE
  }

  /**
   * One transition.
   *
   * @param kind what changed
   * @param state the state after it
   * @param digest the digest of the contract judged; empty when the source went stale
   * @param report the drift report against the compiled-in contract, when a contract was compared
   * @param sentence one sentence for a log line or an alert: what happened and what to do
   */
  public record Event(
      Kind kind, State state, String digest, Optional<DriftReport> report, String sentence) {
    /** Checks the components. */
    public Event {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(state, "state");
      Objects.requireNonNull(digest, "digest");
      Objects.requireNonNull(report, "report");
      Objects.requireNonNull(sentence, "sentence");
    }
  }

  /** Hears of each transition of a live agent, once. */
  @FunctionalInterface
  public interface Listener {
    /**
     * Called after the transition, outside the agent's locks. What it throws is dropped: a listener
     * cannot stop the agent.
     */
    void onTransition(Event event);
  }

  /**
   * What the agent acts on: the state, the contract object last judged (compared by reference on
   * the hot path; null when stale), the last agent that bound (for verifying and wording while
   * paused), and why it is paused.
   */
  private record Binding<S>(
      State state, Contract held, BoundAgent<S> bound, String reason, DriftReport report) {}

  private final CompiledAgent compiled;
  private final CachedContract source;
  private final List<Use<S>> uses;
  private final Clock clock;
  private volatile DriftPolicy policy;
  private volatile Binding<S> binding;
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final List<Listener> listeners = new CopyOnWriteArrayList<>();
  private final Queue<Event> pending = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean delivering = new AtomicBoolean();

  private LiveAgent(
      CompiledAgent compiled,
      CachedContract source,
      List<Use<S>> uses,
      DriftPolicy policy,
      Clock clock,
      BoundAgent<S> first,
      Contract held) {
    this.compiled = compiled;
    this.source = source;
    this.uses = List.copyOf(uses);
    this.policy = policy;
    this.clock = clock;
    this.binding = new Binding<>(State.BOUND, held, first, "", first.report());
  }

  /**
   * Binds as {@link BoundAgent#bind(CompiledAgent, dev.agentkit.source.ContractSource, List,
   * DriftPolicy, Clock)} does, then keeps following the cache. Startup fails as {@code bind} does:
   * a live agent starts bound or not at all.
   *
   * @param source the cache to follow; a plain source would cost a fetch per use, so wrap it in a
   *     {@link CachedContract}
   * @throws BindException when the source fails or the acts do not bind to the live contract
   * @throws DriftException when the policy rejects the drift
   */
  public static <S> LiveAgent<S> bind(
      CompiledAgent compiled,
      CachedContract source,
      List<Use<S>> uses,
      DriftPolicy policy,
      Clock clock) {
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(clock, "clock");
    Contract live = ActionSet.fetch(source, CompiledSnapshot.held(compiled, source));
    BoundAgent<S> first = BoundAgent.bind(compiled, live, uses, policy, clock);
    return new LiveAgent<>(compiled, source, uses, policy, clock, first, live);
  }

  /** Adds a listener for every later transition; returns this agent. */
  public LiveAgent<S> listen(Listener listener) {
    listeners.add(Objects.requireNonNull(listener, "listener"));
    return this;
  }

  /** Where the agent stands now, after checking the cache. */
  public State state() {
    return current().state();
  }

  /**
   * The agent bound to the newest contract that bound; while paused, the last one (its acts are not
   * to be run: use this agent's methods, which withhold).
   */
  public BoundAgent<S> lastBound() {
    return current().bound();
  }

  /**
   * The acts bound to the newest contract.
   *
   * @throws AgentPausedException while paused, with the drift or staleness sentence
   */
  public ActionSet<S> acts() {
    Binding<S> b = current();
    if (b.state() != State.BOUND) {
      throw paused(b, "no acts are bound");
    }
    return b.bound().acts();
  }

  /**
   * Verifies a program and splits it, as {@link ActionSet#gate} does against the newest contract.
   * While paused, it verifies against the last contract that bound and proposes every call: nothing
   * is applied live.
   *
   * @throws ProgramRejectedException when any call is invalid
   */
  public Plan gate(List<Call> program, AutonomyRung ceiling) {
    Binding<S> b = current();
    if (b.state() == State.BOUND) {
      return b.bound().acts().gate(program, ceiling);
    }
    Objects.requireNonNull(ceiling, "ceiling");
    return b.bound().acts().gate(program, AutonomyRung.ASK);
  }

  /**
   * Runs a call as {@link ActionSet#run} does against the newest contract. A rebinding waits for
   * running calls, and no call starts while paused.
   *
   * @throws AgentPausedException while paused: nothing runs
   * @throws Exception as {@link ActionSet#run} throws
   */
  public Outcome run(S state, Call call) throws Exception {
    current();
    ReentrantReadWriteLock.ReadLock read = lock.readLock();
    read.lock();
    try {
      // Read again under the lock: a rebinding finished between the check and the lock counts.
      Binding<S> b = binding;
      if (b.state() != State.BOUND) {
        throw paused(b, call.opcode() + " was not run");
      }
      return b.bound().acts().run(state, call);
    } finally {
      read.unlock();
    }
  }

  /**
   * The question for a withheld call, as {@link ActionSet#ask} words it; asking is never paused.
   */
  public String ask(Call call) {
    return current().bound().acts().ask(call);
  }

  /**
   * Every problem with a call, as {@link ActionSet#verify} finds them against the newest contract
   * (while paused, the last one that bound).
   */
  public List<Problem> verify(Call call) {
    return current().bound().acts().verify(call);
  }

  /**
   * Judges the contract held again under another policy, for instance one that acknowledges the
   * items the agent paused on; the agent resumes when it passes.
   */
  public void usePolicy(DriftPolicy policy) {
    this.policy = Objects.requireNonNull(policy, "policy");
    reconcile(true);
  }

  /**
   * The binding for this use: the one held while the cache holds the same contract object, else the
   * one judged for the newest contract.
   */
  private Binding<S> current() {
    Binding<S> b = binding;
    Contract now = source.current().orElse(null);
    if (now == b.held()) {
      return b;
    }
    return reconcile(false);
  }

  /**
   * Judges the newest contract once for every caller: the first takes the write lock, the rest find
   * it done. A caller inside a run handler (holding the read lock) keeps the current binding; its
   * run's end lets the next use judge.
   */
  private Binding<S> reconcile(boolean force) {
    if (lock.getReadHoldCount() > 0) {
      return binding;
    }
    Binding<S> next;
    lock.writeLock().lock();
    try {
      Binding<S> was = binding;
      Contract now = source.current().orElse(null);
      if (now == was.held() && !force) {
        return was;
      }
      next = judge(was, now, force);
      binding = next;
      Event event = Transitions.event(was, next, force);
      if (event != null) {
        pending.add(event);
      }
    } finally {
      lock.writeLock().unlock();
    }
    deliver();
    return next;
  }

  private Binding<S> judge(Binding<S> was, Contract now, boolean force) {
    if (now == null) {
      return new Binding<>(State.SOURCE_STALE, null, was.bound(), staleSentence(), null);
    }
    if (!force && was.held() != null && now.digest().equals(was.held().digest())) {
      return new Binding<>(was.state(), now, was.bound(), was.reason(), was.report());
    }
    try {
      BoundAgent<S> bound = BoundAgent.bind(compiled, now, uses, policy, clock);
      return new Binding<>(State.BOUND, now, bound, "", bound.report());
    } catch (DriftException e) {
      return new Binding<>(State.PAUSED_ON_DRIFT, now, was.bound(), e.getMessage(), e.report());
    } catch (RuntimeException e) {
      // A contract that does not bind (BindException) or cannot be judged: paused, never crashed.
      return new Binding<>(State.PAUSED_ON_DRIFT, now, was.bound(), e.getMessage(), null);
    }
  }

  private String staleSentence() {
    String age =
        source
            .freshness()
            .map(f -> "; the last good contract was fetched " + DurationText.of(f.age()) + " ago")
            .orElse("");
    return source.describe()
        + " holds no contract younger than its max staleness"
        + age
        + ", so the agent's acts may no longer match the backend; it acts again once a refresh"
        + " succeeds";
  }

  /** Delivers queued events one thread at a time, in the order the transitions happened. */
  private void deliver() {
    while (!pending.isEmpty() && delivering.compareAndSet(false, true)) {
      try {
        Event e;
        while ((e = pending.poll()) != null) {
          for (Listener l : listeners) {
            try {
              l.onTransition(e);
            } catch (RuntimeException ignored) {
              // A listener cannot stop the agent.
            }
          }
        }
      } finally {
        delivering.set(false);
      }
    }
  }

  private AgentPausedException paused(Binding<S> b, String what) {
    return new AgentPausedException(
        compiled.agent(), what, b.state(), b.reason(), Optional.ofNullable(b.report()));
  }

  @Override
  public String toString() {
    Binding<S> b = binding;
    return "live "
        + (compiled.agent().isEmpty() ? "agent" : compiled.agent())
        + ": "
        + b.state()
        + " on "
        + source.describe();
  }

  /** Which event, if any, a change of binding is: one row per kind. */
  private static final class Transitions {
    private Transitions() {}

    static <S> Event event(Binding<S> was, Binding<S> next, boolean force) {
      String digest = next.held() == null ? "" : next.held().digest();
      Optional<DriftReport> report = Optional.ofNullable(next.report());
      switch (next.state()) {
        case SOURCE_STALE:
          return was.state() == State.SOURCE_STALE
              ? null
              : new Event(Kind.SOURCE_STALE, next.state(), "", Optional.empty(), next.reason());
        case PAUSED_ON_DRIFT:
          return was.state() == State.PAUSED_ON_DRIFT && next.reason().equals(was.reason())
              ? null
              : new Event(Kind.PAUSED, next.state(), digest, report, next.reason());
        default:
          if (was.state() != State.BOUND) {
            return new Event(
                Kind.RESUMED, next.state(), digest, report, "acting live again on " + digest);
          }
          boolean rebound = next.bound() != was.bound() && !force;
          return rebound
              ? new Event(Kind.REBOUND, next.state(), digest, report, next.bound().toString())
              : null;
      }
    }
  }
}
