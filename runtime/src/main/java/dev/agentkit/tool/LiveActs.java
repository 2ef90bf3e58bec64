package dev.agentkit.tool;

import dev.agentkit.ActionSet;
import dev.agentkit.AgentPausedException;
import dev.agentkit.Call;
import dev.agentkit.LiveAgent;
import dev.agentkit.Outcome;

/**
 * The acts a call is judged against: a bound set's, always the same, or a live agent's newest (the
 * last that bound while the agent is paused). The guard is built once per bound set, so an
 * unchanged contract costs one reference comparison.
 */
final class LiveActs<S> {
  /** The set to judge a call against now, its guard, and why the agent is paused (or null). */
  record Now<S>(ActionSet<S> acts, ToolCallGuard guard, AgentPausedException paused) {}

  private final ActionSet<S> fixed;
  private final LiveAgent<S> live;
  private final PerContract<ToolCallGuard> guards = new PerContract<>(ToolCallGuard::of);

  LiveActs(ActionSet<S> fixed, LiveAgent<S> live) {
    this.fixed = fixed;
    this.live = live;
  }

  boolean isLive() {
    return live != null;
  }

  LiveAgent<S> live() {
    return live;
  }

  /** The acts now: for a live agent, a read of its cache's current entry, no network. */
  Now<S> now() {
    if (fixed != null) {
      return new Now<>(fixed, guards.of(fixed), null);
    }
    try {
      ActionSet<S> acts = live.acts();
      return new Now<>(acts, guards.of(acts), null);
    } catch (AgentPausedException e) {
      ActionSet<S> acts = live.lastBound().acts();
      return new Now<>(acts, guards.of(acts), e);
    }
  }

  /** The set first served: the bound set, or the live agent's last bound. */
  ActionSet<S> first() {
    return fixed != null ? fixed : live.lastBound().acts();
  }

  /**
   * Runs a call: a live agent's run waits for a rebinding and refuses while paused.
   *
   * @throws AgentPausedException when the live agent paused after the call was judged
   */
  Outcome run(ActionSet<S> judged, S state, Call call) throws Exception {
    return live == null ? judged.run(state, call) : live.run(state, call);
  }

  @Override
  public String toString() {
    return live == null ? fixed.opcodes().toString() : live.toString();
  }
}
