package dev.agentkit.tool;

import dev.agentkit.Call;
import dev.agentkit.proposal.Proposal;
import java.util.TreeMap;

/**
 * The operator's one-line account of how a tool call ended, worded once so that every adapter's log
 * reads the same ({@link ToolCallOutcome#detail()} and the adapters' results use it). Never send it
 * to the model: it carries the arguments and the exception.
 */
public final class ToolCallDetail {
  private ToolCallDetail() {}

  /** {@code ran <op> {<args in name order>}}. */
  public static String ran(Call call) {
    return "ran " + described(call);
  }

  /** {@code proposed <ask key>}. */
  public static String proposed(Proposal proposal) {
    return "proposed " + proposal.askKey();
  }

  /** {@code not proposed <op> {<args>}: no change}. */
  public static String unchanged(Call call) {
    return "not proposed " + described(call) + ": no change";
  }

  /** {@code corrected <tool>: <the correction's detail>}. */
  public static String corrected(GuardResult.Correction correction) {
    return "corrected " + correction.tool() + ": " + correction.detail();
  }

  /** {@code failed <op> {<args>}: <the exception>}. */
  public static String failed(Call call, Exception failure) {
    return "failed " + described(call) + ": " + failure;
  }

  private static String described(Call call) {
    return call.opcode() + " " + new TreeMap<>(call.args());
  }
}
