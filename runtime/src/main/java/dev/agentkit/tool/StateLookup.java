package dev.agentkit.tool;

/**
 * Finds the agent's state for one tool call: the object the call reads and changes, by what the
 * framework says about the call (LangChain4j's chat memory id, Spring AI's tool context). Each
 * adapter names its own key in a sub-interface, {@code StateResolver}.
 *
 * <p>Called once per tool call, possibly from several threads at once, so an implementation must be
 * thread-safe (a {@code ConcurrentHashMap}'s {@code computeIfAbsent} is).
 *
 * @param <K> what the framework identifies the call's conversation by
 * @param <S> the agent's state type
 */
@FunctionalInterface
public interface StateLookup<K, S> {
  /**
   * The state this call acts on.
   *
   * @param key what the framework identifies the call's conversation by
   * @return the state; never null
   */
  S resolve(K key);
}
