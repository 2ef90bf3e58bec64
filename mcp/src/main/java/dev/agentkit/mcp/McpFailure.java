package dev.agentkit.mcp;

/** A failed exchange with an MCP server, as one tagged sentence that names no credential. */
final class McpFailure extends Exception {
  private static final long serialVersionUID = 1L;

  /** What went wrong. */
  enum Kind {
    /** The server could not be reached, started, or did not answer in time. */
    UNAVAILABLE,
    /** The server answered with a JSON-RPC error; the session is still good. */
    SERVER_ERROR,
    /** The server did not answer one request in time; the session is kept for the next. */
    TIMED_OUT
  }

  private final Kind kind;

  McpFailure(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  Kind kind() {
    return kind;
  }

  /** Whether the server answered (with an error), so the session is still good. */
  boolean answered() {
    return kind == Kind.SERVER_ERROR;
  }

  /**
   * Whether the session is still worth keeping: the server answered, or was only slow with one
   * request (a slow tool must not cost a stdio server its process).
   */
  boolean keepsSession() {
    return kind != Kind.UNAVAILABLE;
  }
}
