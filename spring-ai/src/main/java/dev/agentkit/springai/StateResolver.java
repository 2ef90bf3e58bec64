package dev.agentkit.springai;

import dev.agentkit.tool.StateLookup;
import java.util.Objects;
import org.springframework.ai.chat.model.ToolContext;

/**
 * Finds the agent's state for a tool call: the object the call reads and changes, from the call's
 * {@link ToolContext} (what {@code ChatClient.prompt().toolContext(...)} put there, such as a
 * conversation or user id); {@link #resolve} is given an empty context when the prompt set none.
 *
 * <p>Called once per tool call, possibly from several threads at once, so an implementation must be
 * thread-safe (a {@code ConcurrentHashMap}'s {@code computeIfAbsent} is).
 *
 * @param <S> the agent's state type
 */
@FunctionalInterface
public interface StateResolver<S> extends StateLookup<ToolContext, S> {
  /** The same state for every call: for a service with one user. */
  static <S> StateResolver<S> of(S state) {
    Objects.requireNonNull(state, "state");
    return context -> state;
  }
}
