package dev.agentkit;

/** Renders the question shown to a human for a withheld act. */
@FunctionalInterface
public interface AskWording {
  /** The question for this call, e.g. "Archive this project?". */
  String ask(Call call);
}
