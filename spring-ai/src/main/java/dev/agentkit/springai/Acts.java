package dev.agentkit.springai;

import dev.agentkit.ActionSet;
import dev.agentkit.AgentPausedException;
import dev.agentkit.Call;
import dev.agentkit.LiveAgent;
import dev.agentkit.Outcome;
import dev.agentkit.tool.ToolCallGuard;
import dev.agentkit.tool.ToolDeclaration;
import dev.agentkit.tool.ToolSchemas;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * The acts a call is judged against: a bound set's, always the same, or a live agent's newest (the
 * last that bound while the agent is paused). The guard and the tool definitions are built once per
 * bound set, so an unchanged contract costs one reference comparison.
 */
final class Acts<S> {
  /** One bound set with its guard and its tool definitions by name. */
  record View<S>(ActionSet<S> acts, ToolCallGuard guard, Map<String, ToolDefinition> definitions) {
    static <S> View<S> of(ActionSet<S> acts) {
      Map<String, ToolDefinition> definitions = new LinkedHashMap<>();
      for (ToolDeclaration d : ToolSchemas.declarations(acts)) {
        definitions.put(
            d.name(),
            ToolDefinition.builder()
                .name(d.name())
                .description(d.description())
                .inputSchema(d.parametersJson())
                .build());
      }
      return new View<>(acts, ToolCallGuard.of(acts), Map.copyOf(definitions));
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

  /** The opcodes, sorted: a live agent's uses are fixed, so every contract it binds has them. */
  List<String> opcodes() {
    return last.acts().opcodes();
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
