package dev.agentkit;

import dev.agentkit.drift.DriftReport;
import dev.agentkit.internal.text.RuntimeMessage;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link LiveAgent} refused to run a call or hand out its acts because it is paused: the live
 * contract drifted in a way the drift policy rejects, or the contract source is stale. The message
 * starts with {@code [AgentPaused]}, says what was refused and why, and ends with the drift
 * sentence (or the staleness sentence). Nothing ran.
 */
public class AgentPausedException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  private final LiveAgent.State state;
  private final String explanation;
  private final transient DriftReport report;

  AgentPausedException(
      String agent,
      String refused,
      LiveAgent.State state,
      String reason,
      Optional<DriftReport> report) {
    this(refused, explain(agent, state, reason), state, report);
  }

  private AgentPausedException(
      String refused, String explanation, LiveAgent.State state, Optional<DriftReport> report) {
    super(RuntimeMessage.AGENT_PAUSED.format(refused, explanation));
    this.explanation = explanation;
    this.state = Objects.requireNonNull(state, "state");
    this.report = report.orElse(null);
  }

  /** Why the agent is paused. */
  public LiveAgent.State state() {
    return state;
  }

  /**
   * What is paused and why, ending with the drift (or staleness) sentence: the message without its
   * tag and the clause that names what was refused. Tool adapters tell the model this.
   */
  public String explanation() {
    return explanation;
  }

  /** The drift report the agent paused on, when it paused on drift. */
  public Optional<DriftReport> report() {
    return Optional.ofNullable(report);
  }

  private static String explain(String agent, LiveAgent.State state, String reason) {
    String who = agent.isEmpty() ? "the agent" : agent;
    String why =
        state == LiveAgent.State.SOURCE_STALE
            ? " is paused because its contract source is stale; it proposes every call until a"
                + " refresh succeeds: "
            : " is paused on a live contract it cannot act on; it proposes every call until a"
                + " contract binds again or the drift policy acknowledges the change:\n";
    return who + why + reason;
  }
}
