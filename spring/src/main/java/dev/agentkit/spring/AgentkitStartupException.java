package dev.agentkit.spring;

import java.util.Objects;

/**
 * The starter refused to start the application: an {@code @Agent} bean could not be bound against
 * its live contract (breaking drift, an unreachable backend, acts that no longer bind), or its
 * {@code agentkit.contracts.*} properties are wrong. The message starts with a stable tag and says
 * what is wrong; {@link #action()} says how to fix it. Spring Boot prints both as the failure
 * analysis instead of a stack trace.
 */
public class AgentkitStartupException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String action;

  AgentkitStartupException(String description, String action, Throwable cause) {
    super(description, cause);
    this.action = Objects.requireNonNull(action, "action");
  }

  AgentkitStartupException(String description, String action) {
    this(description, action, null);
  }

  /** What to do about it, one or two sentences. */
  public String action() {
    return action;
  }
}
