package dev.agentkit;

import java.util.Objects;
import java.util.Optional;

/**
 * What running one call came to: done, with the value its run handler returned (a {@code String}, a
 * record, or nothing), or failed with a message the model may read (from a {@link
 * CallFailedException}). Immutable.
 */
public final class Outcome {
  private final Call call;
  private final Object value;
  private final String failure;
  private final CallFailedException exception;

  private Outcome(Call call, Object value, String failure, CallFailedException exception) {
    this.call = Objects.requireNonNull(call, "call");
    this.value = value;
    this.failure = failure;
    this.exception = exception;
  }

  /** A done outcome; {@code value} is null when the handler returned nothing. */
  public static Outcome done(Call call, Object value) {
    return new Outcome(call, value, null, null);
  }

  /** A failed outcome with a message the model may read. */
  public static Outcome failed(Call call, String modelMessage) {
    return new Outcome(call, null, Objects.requireNonNull(modelMessage, "modelMessage"), null);
  }

  /** A failed outcome from the exception a run handler threw; its message is the model's. */
  public static Outcome failed(Call call, CallFailedException exception) {
    return new Outcome(call, null, exception.getMessage(), exception);
  }

  /** The call that ran, bound to its op. */
  public Call call() {
    return call;
  }

  /** Whether the act was done. */
  public boolean done() {
    return failure == null;
  }

  /** What the run handler returned, if it was done and returned something. */
  public Optional<Object> value() {
    return Optional.ofNullable(value);
  }

  /** The value as {@code type}, if the act was done and returned one of that type. */
  public <T> Optional<T> value(Class<T> type) {
    return type.isInstance(value) ? Optional.of(type.cast(value)) : Optional.empty();
  }

  /** The model-safe failure message, or empty when the act was done. */
  public String failure() {
    return failure == null ? "" : failure;
  }

  /** The exception a failed run threw, with its cause, for the operator's logs. */
  public Optional<CallFailedException> exception() {
    return Optional.ofNullable(exception);
  }

  @Override
  public String toString() {
    return call.opcode()
        + (done() ? " done" + (value == null ? "" : ": " + value) : " failed: " + failure);
  }
}
