package dev.agentkit.langchain4j;

import java.util.Objects;

/**
 * Finds the agent's state for a conversation: the object a tool call reads and changes, by the chat
 * memory id of the {@code AiServices} invocation that made the call ({@code "default"} when the
 * service has one memory, or none).
 *
 * <p>Called once per tool call, possibly from several threads at once when the service executes
 * tools concurrently, so an implementation must be thread-safe (a {@code ConcurrentHashMap}'s
 * {@code computeIfAbsent} is).
 *
 * @param <S> the agent's state type
 */
@FunctionalInterface
public interface StateResolver<S> {
  /**
   * The state of the conversation with this memory id.
   *
   * @param memoryId the chat memory id, as the service's {@code @MemoryId} parameter gave it
   * @return the state; never null
   */
  S resolve(Object memoryId);

  /** The same state for every conversation: for a service with one user. */
  static <S> StateResolver<S> of(S state) {
    Objects.requireNonNull(state, "state");
    return memoryId -> state;
  }
}
