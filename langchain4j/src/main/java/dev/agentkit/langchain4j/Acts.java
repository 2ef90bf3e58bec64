package dev.agentkit.langchain4j;

import dev.agentkit.ActionSet;
import dev.agentkit.AgentPausedException;
import dev.agentkit.Call;
import dev.agentkit.LiveAgent;
import dev.agentkit.Outcome;
import dev.agentkit.tool.ToolCallGuard;
import dev.langchain4j.agent.tool.ToolSpecification;
import java.util.List;

/**
 * The acts a call is judged against: a bound set's, always the same, or a live agent's newest (the
 * last that bound while the agent is paused). The guard and the specifications are built once per
 * bound set, so an unchanged contract costs one reference comparison.
 */
final class Acts<S> {
  /** One bound set with its guard and its tool specifications. */
  record View<S>(ActionSet<S> acts, ToolCallGuard guard, List<ToolSpecification> specifications) {
    static <S> View<S> of(ActionSet<S> acts) {
      return new View<>(acts, ToolCallGuard.of(acts), Specifications.of(acts));
    }
  }

  /**
   * The view to judge a call against now, and why the agent is paused (null while it acts live).
   */
  record Now<S>(View<S> view, AgentPausedException paused) {}

  private final ActionSet<S> fixed;
  private final LiveAgent<S> live;
  private volatile View<S> last;

  private Acts(ActionSet<S> fixed, LiveAgent<S> live) {
    this.fixed = fixed;
    this.live = live;
    this.last = View.of(fixed != null ? fixed : live.lastBound().acts());
  }

  static <S> Acts<S> of(ActionSet<S> actions) {
    return new Acts<>(actions, null);
  }

  static <S> Acts<S> of(LiveAgent<S> live) {
    return new Acts<>(null, live);
  }

  boolean isLive() {
    return live != null;
  }

  /** The acts now: for a live agent, a read of its cache's current entry, no network. */
  Now<S> now() {
    if (fixed != null) {
      return new Now<>(last, null);
    }
    try {
      return new Now<>(view(live.acts()), null);
    } catch (AgentPausedException e) {
      return new Now<>(view(live.lastBound().acts()), e);
    }
  }

  /**
   * Runs a call: a live agent's run waits for a rebinding and refuses while paused.
   *
   * @throws AgentPausedException when the live agent paused after the call was judged
   */
  Outcome run(ActionSet<S> judged, S state, Call call) throws Exception {
    return live == null ? judged.run(state, call) : live.run(state, call);
  }

  private View<S> view(ActionSet<S> acts) {
    View<S> v = last;
    if (v.acts() != acts) {
      v = View.of(acts);
      last = v;
    }
    return v;
  }

  @Override
  public String toString() {
    return live == null ? fixed.opcodes().toString() : live.toString();
  }
}
