package dev.agentkit.internal;

import dev.agentkit.internal.text.Names;
import java.util.Collection;

/**
 * The valid choices a message lists, for the modules beside the runtime (the Spring starter, the
 * proposal inbox), which cannot reach {@code internal.text}: the one listing every agentkit message
 * uses ({@link Names#listing(String, Collection)}). Not API: see the package documentation.
 */
public final class Choices {
  private Choices() {}

  /**
   * Every choice, sorted, when there are at most 10; else their count and the 10 nearest to {@code
   * name}: {@code 1,223 in all (the 10 nearest: a, b, …)}; {@code (none)} when there is none.
   */
  public static String listing(String name, Collection<String> choices) {
    return Names.listing(name, choices);
  }
}
