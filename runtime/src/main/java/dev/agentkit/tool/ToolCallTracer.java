package dev.agentkit.tool;

import dev.agentkit.Call;
import dev.agentkit.Outcome;
import java.util.concurrent.Callable;

/**
 * Wraps each tool call a {@link ToolCallFlow} carries, for tracing: a span from the start of the
 * call's judging to its end, and the run handler called inside it, so a tracer can time each step
 * and make the run the parent of what the handler does (its own calls to the backend). A {@link
 * ToolCallListener} hears what became of a call; a tracer hears when, around it.
 *
 * <p>The flow traces with its listener when the listener also implements this interface, so an
 * adapter needs no setting of its own: pass the tracer as the listener. Every method of a span is
 * called on the thread doing that step, at most once, in order ({@link Span#judged} only for a call
 * the guard accepted, {@link Span#running} only for one the gate applied), and {@link Span#ended}
 * exactly once for every call the flow finishes. A tracer must not throw; what it throws from
 * {@link #start} or a span's callbacks is logged and otherwise ignored.
 */
public interface ToolCallTracer {
  /** A tracer that traces nothing. */
  ToolCallTracer NONE = (agent, tool) -> Span.NONE;

  /**
   * One call starts: called on the thread that judges it, before the guard reads its arguments.
   *
   * @param agent the agent's name
   * @param tool the tool name as the model sent it, possibly null
   */
  Span start(String agent, String tool);

  /** One call, from the start of its judging to its end. */
  interface Span {
    /** A span that records nothing. */
    Span NONE = new Span() {};

    /**
     * The guard accepted the call and the gate judged it: to run ({@code apply}), or withheld.
     *
     * @param call the call, bound to its op
     */
    default void judged(Call call, boolean apply) {}

    /**
     * Runs the call's run handler: the tracer may open a child span around {@code run}, on the
     * thread that runs it. It must call {@code run} exactly once and return what it returns, or let
     * what it throws through.
     *
     * @throws Exception as the run handler throws
     */
    default Outcome running(Call call, Callable<Outcome> run) throws Exception {
      return run.call();
    }

    /** The call ended with this outcome, as the model is told and the listener hears. */
    default void ended(ToolCallOutcome outcome) {}
  }
}
