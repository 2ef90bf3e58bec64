package dev.agentkit.langchain4j;

import dev.agentkit.tool.StateLookup;
import java.util.Objects;

/**
 * Finds the agent's state for a conversation: the object a tool call reads and changes, by the chat
 * memory id of the {@code AiServices} invocation that made the call ({@code "default"} when the
 * service has one memory, or none). {@link #resolve} takes the memory id as the service's
 * {@code @MemoryId} parameter gave it.
 *
 * <p>Called once per tool call, possibly from several threads at once when the service executes
 * tools concurrently, so an implementation must be thread-safe (a {@code ConcurrentHashMap}'s
 * {@code computeIfAbsent} is).
 *
 * @param <S> the agent's state type
 */
@FunctionalInterface
public interface StateResolver<S> extends StateLookup<Object, S> {
  /** The same state for every conversation: for a service with one user. */
  static <S> StateResolver<S> of(S state) {
    Objects.requireNonNull(state, "state");
    return memoryId -> state;
  }
}
