package dev.agentkit.processor;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * The processor's own time in one compilation, by step, for the {@code agentkit.timing} option: so
 * a build can see what the processor costs it apart from javac. Off, it measures nothing.
 */
final class Timing {
  /** The steps timed, in the order they run for each agent. */
  enum Step {
    PARSE("parse"),
    SNAPSHOT("snapshot"),
    CHECK("check"),
    WRITE("write"),
    FILES("files");

    final String label;

    Step(String label) {
      this.label = label;
    }
  }

  private final boolean on;
  private final Map<Step, Long> nanos = new EnumMap<>(Step.class);
  private long started;
  private long total;
  private int agents;

  Timing(boolean on) {
    this.on = on;
  }

  /** Marks the start of a step (or of a round, for {@link #endRound}); 0 when off. */
  long start() {
    return on ? System.nanoTime() : 0;
  }

  /** Adds the time since {@code since} to the step; returns now, to start the next one. */
  long add(Step step, long since) {
    if (!on) {
      return 0;
    }
    long now = System.nanoTime();
    nanos.merge(step, now - since, Long::sum);
    return now;
  }

  void agentDone() {
    agents++;
  }

  /** Adds one call of {@code process} that began at {@code since} to the total. */
  void endRound(long since) {
    if (on) {
      total += System.nanoTime() - since;
    }
  }

  boolean isOn() {
    return on;
  }

  /** One line: each step's milliseconds, then the whole processor's, rounds included. */
  String summary() {
    StringBuilder sb =
        new StringBuilder("[agentkit] ")
            .append(agents)
            .append(agents == 1 ? " agent: " : " agents: ");
    for (Step s : Step.values()) {
      sb.append(s.label).append(' ').append(millis(nanos.getOrDefault(s, 0L))).append(" ms, ");
    }
    return sb.append("processor in all ").append(millis(total)).append(" ms").toString();
  }

  private static String millis(long nanos) {
    return String.format(Locale.ROOT, "%.1f", nanos / 1e6);
  }
}
