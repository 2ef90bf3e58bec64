package dev.agentkit.source;

/**
 * The contract could not be fetched: the backend is down, answered with an error, or served
 * something that is not a contract. The message names the source and what went wrong, and never
 * contains credentials.
 */
public class ContractSourceException extends Exception {
  private static final long serialVersionUID = 1L;

  /** An exception with the given message. */
  public ContractSourceException(String message) {
    super(message);
  }

  /** An exception with the given message and cause. */
  public ContractSourceException(String message, Throwable cause) {
    super(message, cause);
  }
}
