package dev.agentkit;

import java.util.Objects;

/**
 * Thrown by a run handler when an act failed in a way the model can act on: the message is declared
 * safe to show a model ("task t9 is closed; reopen it first"). {@link ActionSet#run} turns it into
 * a failed {@link Outcome} carrying the message. Every other exception a handler throws is for the
 * operator only and is never shown to a model.
 */
public class CallFailedException extends Exception {
  private static final long serialVersionUID = 1L;

  /**
   * @param modelMessage a sentence the model may read and act on; it must hold no secret and no
   *     internal detail
   */
  public CallFailedException(String modelMessage) {
    super(Objects.requireNonNull(modelMessage, "modelMessage"));
  }

  /**
   * @param modelMessage a sentence the model may read and act on
   * @param cause the underlying failure, for the operator's logs only
   */
  public CallFailedException(String modelMessage, Throwable cause) {
    super(Objects.requireNonNull(modelMessage, "modelMessage"), cause);
  }
}
