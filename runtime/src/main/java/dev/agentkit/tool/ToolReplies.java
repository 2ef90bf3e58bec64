package dev.agentkit.tool;

import dev.agentkit.AgentPausedException;
import dev.agentkit.internal.text.RuntimeMessage;
import java.util.List;

/**
 * What a tool adapter tells the model about a call the guard accepted, in one set of words for
 * every adapter (LangChain4j, Spring AI, an MCP server). Each sentence says what happened in words
 * the model can act on; none carries an exception, a class name or the autonomy policy. The guard's
 * own corrections come from {@link ToolCallGuard}.
 */
public final class ToolReplies {
  private ToolReplies() {}

  /** The call ran; {@code result} is the run handler's result as text, or empty. */
  public static String ran(String opcode, String result) {
    return "Done: " + opcode + " ran." + (result.isEmpty() ? "" : " Result: " + result);
  }

  /** The call was withheld and handed on as a proposal. */
  public static String proposed(String opcode) {
    return opcode + " was sent to the user for approval; it has not happened yet.";
  }

  /** A valid call a paused live agent withheld, with the pause's explanation. */
  public static String paused(String opcode, AgentPausedException pause) {
    return RuntimeMessage.PAUSED_FOR_REVIEW.format(opcode, pause.explanation());
  }

  /**
   * By its act's premise the call would change nothing, so it neither ran ({@code wouldRun}) nor
   * was proposed.
   */
  public static String unchanged(String opcode, boolean wouldRun) {
    return "Nothing to do: "
        + opcode
        + " would change nothing as things stand, so it "
        + (wouldRun ? "did not run." : "was not sent to the user.");
  }

  /** The model called a tool by a name that only matches {@code opcode} ignoring case or form. */
  public static String inexactName(String name, String opcode) {
    return RuntimeMessage.UNKNOWN_TOOL_INEXACT.format(name, opcode);
  }

  /**
   * A valid call of a message that also held the invalid calls {@code invalid}: the calls of one
   * message run all or none.
   */
  public static String otherCallsInvalid(String tool, List<String> invalid) {
    boolean one = invalid.size() == 1;
    return RuntimeMessage.OTHER_CALLS_INVALID.format(
        tool, String.join(", ", invalid), one ? "was" : "were", one ? "it" : "them");
  }

  /** The run handler threw an exception that is not for the model to read. */
  public static String runFailed(String opcode) {
    return opcode + " failed while running and may not have taken effect.";
  }

  /** The run handler failed with a message declared safe for the model. */
  public static String runFailed(String opcode, String why) {
    return opcode + " failed: " + why;
  }

  /** Building or handing on the proposal failed (the host's problem, not the model's). */
  public static String notSent(String opcode) {
    return opcode + " could not be sent to the user for approval, so it has not happened.";
  }

  /** The call names an object ({@code kind} {@code id}) that no labeler knows. */
  public static String unknownObject(String opcode, String kind, String id) {
    return RuntimeMessage.UNKNOWN_OBJECT.format(opcode, kind, id, kind);
  }
}
