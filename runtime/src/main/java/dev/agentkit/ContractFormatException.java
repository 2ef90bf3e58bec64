package dev.agentkit;

/**
 * A snapshot or a served contract is not a valid contract document. The message names the file (or
 * URL), the JSON path and the line and column, and says what was expected.
 */
public class ContractFormatException extends Exception {
  private static final long serialVersionUID = 1L;

  private final String origin;
  private final String path;
  private final int line;
  private final int column;

  /** An exception at a location in a document. */
  public ContractFormatException(String origin, String path, int line, int column, String problem) {
    super(origin + ":" + line + ":" + column + ": at " + path + ": " + problem);
    this.origin = origin;
    this.path = path;
    this.line = line;
    this.column = column;
  }

  /** The file or URL the document came from. */
  public String origin() {
    return origin;
  }

  /** The JSON path of the offending value, e.g. {@code $.ops[3].operands[0].type}. */
  public String path() {
    return path;
  }

  /** The 1-based line of the offending value, or 0 when unknown. */
  public int line() {
    return line;
  }

  /** The 1-based column of the offending value, or 0 when unknown. */
  public int column() {
    return column;
  }
}
