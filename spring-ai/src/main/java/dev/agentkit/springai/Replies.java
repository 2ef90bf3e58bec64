package dev.agentkit.springai;

import dev.agentkit.AgentPausedException;
import dev.agentkit.proposal.ObjectRef;
import java.util.List;

/**
 * Every sentence this adapter writes to the model, in one place, in the LangChain4j adapter's
 * words. Each says what happened in words the model can act on; none carries an exception, a class
 * name or the autonomy policy.
 */
final class Replies {
  private Replies() {}

  static String ran(String opcode, String result) {
    return "Done: " + opcode + " ran." + (result.isEmpty() ? "" : " Result: " + result);
  }

  static String proposed(String opcode) {
    return opcode + " was sent to the user for approval; it has not happened yet.";
  }

  /**
   * A valid call a paused live agent withheld: the pause's own sentence (what is paused and why,
   * with the drift sentence) follows, without the exception's tag and its "was not run" clause.
   */
  static String paused(String opcode, AgentPausedException pause) {
    String why = pause.getMessage();
    int colon = why.indexOf(": ");
    return "[PausedForReview] "
        + opcode
        + " is paused for review, so it was sent to the user for approval and has not happened"
        + " yet: "
        + (colon < 0 ? why : why.substring(colon + 2));
  }

  static String unchanged(String opcode, boolean wouldRun) {
    return "Nothing to do: "
        + opcode
        + " would change nothing as things stand, so it "
        + (wouldRun ? "did not run." : "was not sent to the user.");
  }

  static String otherCallsInvalid(String tool, List<String> invalid) {
    return "[OtherCallsInvalid] "
        + tool
        + " did not run: the tool calls of one message run all or none, and "
        + String.join(", ", invalid)
        + (invalid.size() == 1 ? " was" : " were")
        + " not valid; correct "
        + (invalid.size() == 1 ? "it" : "them")
        + " and send all the calls again";
  }

  static String runFailed(String opcode) {
    return opcode + " failed while running and may not have taken effect.";
  }

  static String runFailed(String opcode, String why) {
    return opcode + " failed: " + why;
  }

  static String notSent(String opcode) {
    return opcode + " could not be sent to the user for approval, so it has not happened.";
  }

  static String unknownObject(String opcode, ObjectRef anchor) {
    return "[UnknownObject] "
        + opcode
        + " acts on "
        + anchor.kind()
        + " \""
        + anchor.id()
        + "\", but there is no such "
        + anchor.kind()
        + "; check the id and call again";
  }
}
